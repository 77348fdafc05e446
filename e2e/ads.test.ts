import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launch, newPage, signUp, uniqueEmail, keepScreenshot } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Screenshots of the preview page, looked at by a person (kept under .wrangler, ignored by git). */

describe('ads in the browser', () => {
  it('takes a creative to an ad, gets it reviewed on the phone without an account, approves it and publishes it to the sandbox', async () => {
    const { context, page, errors } = await signUp(browser, uniqueEmail('ads'), undefined, 'Olivia Owner');
    await page.setViewportSize({ width: 1280, height: 800 });
    // A step that cannot happen fails by name long before the test's own time limit.
    context.setDefaultTimeout(15_000);
    const { project, creative } = await page.evaluate(async () => {
      const post = async (url: string, body: unknown) =>
        (await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as { id: string };
      const project = await post('/api/projects', { name: 'Harbour Bakery' });
      const creative = await post(`/api/projects/${project.id}/creatives`, { template: 'bold-headline', format: 'square', name: 'Sourdough launch' });
      return { project, creative };
    });

    // From the creative: "Use in an ad" opens the new-ad dialog; the creative is rendered for 1 credit.
    await page.goto(`/creatives/${creative.id}`);
    await page.getByRole('link', { name: 'Use in an ad' }).click();
    await page.waitForURL(`**/projects/${project.id}/marketing?creative=${creative.id}`);
    const dialog = page.getByRole('dialog', { name: 'New ad' });
    await dialog.getByLabel('Name').fill('Sourdough weekend');
    await dialog.getByRole('button', { name: /^Create ad/ }).click();
    const editor = page.getByRole('dialog', { name: 'Sourdough weekend' });
    await editor.waitFor({ timeout: 30_000 });
    const adId = new URL(page.url()).searchParams.get('ad');
    expect(adId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await page.evaluate(async () => ((await (await fetch('/api/credits')).json()) as { total: number }).total)).toBe(24);

    // Copy, with the placement guidance while typing.
    await editor
      .getByLabel('Primary text')
      .fill(`Our sourdough rests for 36 hours before it meets the oven. ${'Crackling crust, open crumb. '.repeat(4)}#sourdough #bakery`);
    await editor
      .getByText(/Instagram feed shows about 125 characters/)
      .first()
      .waitFor();
    await editor.getByLabel('Headline').fill('Sourdough, baked at dawn');
    await editor.getByLabel('Destination URL').fill('https://harbour-bakery.example/sourdough');
    await editor.getByRole('checkbox', { name: 'Instagram story' }).check();
    await editor.getByRole('checkbox', { name: 'Facebook feed' }).check();
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await editor.getByText('Version 2').waitFor();
    await editor.getByRole('button', { name: 'Submit for review' }).click();
    await editor.getByText('In review', { exact: true }).first().waitFor();
    await editor.getByRole('button', { name: 'Share preview link' }).click();
    const previewUrl = await editor.getByRole('textbox', { name: 'Link to share' }).inputValue();
    expect(previewUrl).toMatch(/\/preview\/[A-Za-z0-9_-]{22,}$/);
    await expectAccessible(page);

    // The customer, signed out, on a phone.
    const customer = await newPage(browser, { viewport: { width: 390, height: 844 } });
    customer.context.setDefaultTimeout(15_000);
    const preview = customer.page;
    const response = await preview.goto(previewUrl);
    expect(response?.status()).toBe(200);
    // One small script (placing pinned comments, decision 0052); the review works without it.
    expect(await preview.locator('script').count()).toBe(1);
    expect(await preview.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await preview.getByRole('article', { name: 'Instagram feed post' }).waitFor();
    await keepScreenshot(preview, 'preview-phone-390.png', { fullPage: true });
    // The review form's fields (the pinned comments' forms above have their own).
    await preview.locator('#review').getByLabel('Your name').fill('Carla Customer');
    await preview
      .locator('#review')
      .getByLabel(/^Comment/)
      .fill('Please mention that we open at 7.');
    await preview.getByRole('button', { name: 'Request changes' }).click();
    await preview.getByText('your change request was sent').waitFor();
    await preview.getByText('Please mention that we open at 7.').waitFor();
    await expectAccessible(preview);
    await customer.context.close();

    const desktop = await newPage(browser, { viewport: { width: 1280, height: 800 } });
    desktop.context.setDefaultTimeout(15_000);
    await desktop.page.goto(previewUrl);
    await desktop.page.getByRole('article', { name: 'Facebook feed post' }).waitFor();
    await keepScreenshot(desktop.page, 'preview-desktop-1280.png', { fullPage: true });
    await expectAccessible(desktop.page);
    await desktop.context.close();

    // The owner sees the thread, fixes the copy, and approves.
    await page.reload();
    const again = page.getByRole('dialog', { name: 'Sourdough weekend' });
    await again.getByText('Please mention that we open at 7.').waitFor();
    await again.getByText('Changes requested', { exact: true }).first().waitFor();
    await again.getByLabel('Headline').fill('Sourdough, baked at dawn · open at 7');
    await again.getByRole('button', { name: 'Save changes' }).click();
    await again.getByText('Version 3').waitFor();
    await again.getByRole('button', { name: 'Submit for review' }).click();
    await again.getByText('In review', { exact: true }).first().waitFor();
    await again.getByRole('radio', { name: 'Approve' }).check();
    await again.getByRole('button', { name: 'Approve', exact: true }).click();
    await again.getByText('Approved', { exact: true }).first().waitFor();

    // Publish to a sandbox account: the same job and states, and a permalink on the sandbox feed.
    await again.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Connect a sandbox account' }).click();
    await page.getByRole('button', { name: 'Disconnect' }).waitFor();
    await page.goto(`/projects/${project.id}/marketing?ad=${adId}`);
    const publish = page.getByRole('dialog', { name: 'Sourdough weekend' });
    await publish.getByRole('button', { name: 'Publish now' }).click();
    const permalink = publish.getByRole('link', { name: /View the post/ });
    await expect
      .poll(
        async () => {
          if (await permalink.count()) return true;
          await page.reload();
          await page.getByRole('dialog', { name: 'Sourdough weekend' }).waitFor();
          return permalink.count().then((n) => n > 0);
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(true);
    const href = await permalink.getAttribute('href');
    expect(href).toMatch(/\/instagram\/sandbox\/[A-Za-z0-9_-]+#/);
    await page.goto(href!);
    await page.getByText('Our sourdough rests for 36 hours').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
