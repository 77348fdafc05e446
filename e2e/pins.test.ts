import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, keepScreenshot, newPage, launch, postJson, signUp, uniqueEmail } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const CAPTION = 'Our sourdough rests for 36 hours before it meets the oven. #sourdough';

/**
 * Comments pinned on the picture (issue 32 point 1, decision 0052): a client on the preview link
 * at 390 px places two pins (a spot of the picture, a phrase of the caption), the ad's author in
 * the workspace replies to one and resolves it, and the client sees that on the page.
 */
describe('pinned comments in the browser', () => {
  it('a client pins two comments on the phone; the author replies and resolves one in the workspace', async () => {
    const { context, page, errors } = await signUp(browser, uniqueEmail('pins'), undefined, 'Olivia Owner');
    context.setDefaultTimeout(15_000);
    const project = await postJson<{ id: string }>(page, '/api/projects', { name: 'Harbour Bakery' });
    const creative = await postJson<{ id: string }>(page, `/api/projects/${project.id}/creatives`, {
      template: 'bold-headline',
      format: 'square',
      name: 'Sourdough',
    });
    const ad = await postJson<{ id: string }>(page, `/api/projects/${project.id}/ads`, {
      creativeId: creative.id,
      name: 'Sourdough weekend',
      primaryText: CAPTION,
    });
    const { previewUrl } = await postJson<{ previewUrl: string }>(page, `/api/ads/${ad.id}/preview-link`, {});

    // The client, signed out, on a phone: one small script, nothing wider than the screen.
    const client = await newPage(browser, { viewport: { width: 390, height: 844 } });
    client.context.setDefaultTimeout(15_000);
    const preview = client.page;
    await preview.goto(previewUrl);
    expect(await preview.locator('script').count()).toBe(1);
    const picture = preview.locator('[data-pin-item="0"] img');
    await picture.scrollIntoViewIfNeeded();
    const box = (await picture.boundingBox())!;
    await picture.click({ position: { x: box.width * 0.3, y: box.height * 0.2 } });
    const form = preview.locator('[data-pin-form]');
    await form.getByText('On picture 1, where the new dot is.').waitFor();
    expect(Number(await form.locator('input[name="x"]').inputValue())).toBeCloseTo(0.3, 1);
    await form.getByLabel('Your name').fill('Carla Client');
    await form.getByLabel('Comment').fill('Can the loaf be a little bigger?');
    await form.getByRole('button', { name: 'Pin comment' }).click();
    await preview.waitForURL(/#pin-1$/);
    await preview.getByRole('link', { name: 'Comment 1' }).waitFor();

    // A phrase of the caption: selected as a person's drag would.
    await preview.evaluate(() => {
      const caption = document.querySelector('[data-pin-caption]')!;
      const text = caption.firstChild!;
      const at = (text.textContent ?? '').indexOf('36 hours');
      const range = document.createRange();
      range.setStart(text, at);
      range.setEnd(text, at + '36 hours'.length);
      window.getSelection()!.removeAllRanges();
      window.getSelection()!.addRange(range);
    });
    await form.getByText('On the words “36 hours”.').waitFor();
    // The name is asked once: the page remembers it on this device.
    expect(await form.getByLabel('Your name').inputValue()).toBe('Carla Client');
    await form.getByLabel('Comment').fill('Is it 36 or 48?');
    await form.getByRole('button', { name: 'Pin comment' }).click();
    await preview.waitForURL(/#pin-2$/);
    expect(await preview.locator('mark[data-n="2"]').textContent()).toBe('36 hours');
    expect(await preview.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await preview.locator('#pins').scrollIntoViewIfNeeded();
    await keepScreenshot(preview, 'pins-preview-390.png');
    await keepScreenshot(preview, 'pins-preview-390-full.png', { fullPage: true });
    await expectAccessible(preview);

    // The author in the workspace: both pins, a reply and a resolve.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/projects/${project.id}/marketing?ad=${ad.id}`);
    const editor = page.getByRole('dialog', { name: 'Sourdough weekend' });
    const pins = editor.getByRole('list', { name: 'Pinned comments' });
    await pins.getByText('Can the loaf be a little bigger?').waitFor();
    await pins.getByText('Is it 36 or 48?').waitFor();
    const first = pins.getByRole('listitem').filter({ hasText: 'Can the loaf be a little bigger?' });
    await first.getByRole('button', { name: 'Reply' }).click();
    await first.getByLabel('Comment').fill('Yes: the 1 kg loaf.');
    await first.getByRole('button', { name: 'Send reply' }).click();
    await first.getByText('Yes: the 1 kg loaf.').waitFor();
    await first.getByRole('button', { name: 'Resolve' }).click();
    await first.getByText('Resolved by Olivia Owner').waitFor();
    await pins.scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'pins-workspace-1280.png');
    await expectAccessible(page);

    // Back on the link: the thread and its resolution.
    // A new load (a goto that changes only the fragment would not reload the page).
    await preview.goto(`${previewUrl}#pins`);
    await preview.reload();
    const thread = preview.locator('#pin-1');
    await thread.getByText('Yes: the 1 kg loaf.').waitFor();
    await thread.getByText('Resolved by Olivia Owner').waitFor();
    await thread.getByRole('button', { name: 'Reopen' }).waitFor();
    expect(client.errors).toEqual([]);
    expect(errors).toEqual([]);
    await client.context.close();
    await context.close();
  });
});
