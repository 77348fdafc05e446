import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectAccessible, keepScreenshot, launch, newPage, queryD1, signUp, uniqueEmail } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const CLIENT = 'carla@client.example';

/** The approval card, scrolled into view (screenshots of the project page show it). */
async function chainCard(page: Page) {
  const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Approval', exact: true, level: 2 }) });
  // Below the sticky top bar: the card's title shows.
  await card.evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 72));
  return card;
}

describe('approval chains in the browser', () => {
  it('the owner sets two levels on the card, approves at the first; the client approves at the second through the link emailed to them; the ad is publishable', async () => {
    const { context, page, errors } = await signUp(browser, uniqueEmail('chain'), undefined, 'Olivia Owner');
    await page.setViewportSize({ width: 1280, height: 800 });
    context.setDefaultTimeout(15_000);
    const project = (await api<{ id: string }>(page, 'POST', '/api/projects', { name: 'Harbour Bakery' })).body;
    const creative = (
      await api<{ id: string }>(page, 'POST', `/api/projects/${project.id}/creatives`, { template: 'bold-headline', format: 'square', name: 'Sourdough' })
    ).body;
    const created = await api<{ id: string }>(page, 'POST', `/api/projects/${project.id}/ads`, { creativeId: creative.id, name: 'Sourdough weekend' });
    expect(created.status).toBe(201);
    const adId = created.body.id;

    // The card: two levels, the owner first, the client by address.
    await page.goto(`/projects/${project.id}`);
    await page.getByRole('radio', { name: /Levels/ }).check();
    await page.getByRole('button', { name: 'Add level' }).click();
    await page.getByLabel('Level 1 name').fill('Internal');
    await page
      .getByRole('listitem')
      .filter({ has: page.getByLabel('Level 1 name') })
      .getByRole('checkbox', { name: 'Olivia Owner' })
      .check();
    await page.getByRole('button', { name: 'Add level' }).click();
    await page.getByLabel('Level 2 name').fill('Client');
    await page
      .getByRole('listitem')
      .filter({ has: page.getByLabel('Level 2 name') })
      .getByLabel('Approvers by email')
      .fill(CLIENT);
    await page.getByRole('button', { name: 'Save approval' }).click();
    await page.getByText('Approval settings saved').waitFor();
    await chainCard(page);
    await keepScreenshot(page, 'approval-chain-card-1280.png');
    await keepScreenshot(page, 'approval-chain-project-1280.png', { fullPage: true });
    await expectAccessible(page);
    expect((await api(page, 'GET', `/api/projects/${project.id}/approval-chain`)).body).toMatchObject({
      mode: 'levels',
      levels: [
        { name: 'Internal', emails: [] },
        { name: 'Client', userIds: [], emails: [CLIENT] },
      ],
    });

    // On a phone the card fits.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByLabel('Level 2 name').waitFor();
    await chainCard(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await keepScreenshot(page, 'approval-chain-card-390.png');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Submitted, it waits for the owner; approved there, for the client, who is emailed the preview link made for them.
    expect((await api(page, 'POST', `/api/ads/${adId}/submit`)).status).toBe(200);
    expect((await api(page, 'POST', `/api/ads/${adId}/reviews`, { decision: 'approve' })).status).toBe(201);
    const waiting = (await api<{ status: string; previewUrl: string | null; approval: unknown }>(page, 'GET', `/api/ads/${adId}`)).body;
    expect(waiting).toMatchObject({ status: 'in_review', approval: { waitingAt: { index: 1, name: 'Client', approvers: [CLIENT] } } });
    expect(waiting.previewUrl).toMatch(/\/preview\/[A-Za-z0-9_-]{32}$/);
    const mails = queryD1<{ text_body: string }>(`SELECT text_body FROM email_outbox WHERE to_address = '${CLIENT}' AND kind = 'ad_approval'`);
    expect(mails.some((mail) => mail.text_body.includes(new URL(waiting.previewUrl!).pathname))).toBe(true);

    // The client, signed out, on a phone, approves with the address the level names.
    const client = await newPage(browser, { viewport: { width: 390, height: 844 } });
    client.context.setDefaultTimeout(15_000);
    await client.page.goto(new URL(waiting.previewUrl!).pathname);
    // The review form's fields (the pinned-comment form beside it asks for a name too).
    const review = client.page.locator('#review');
    await review.getByLabel('Your name').fill('Carla Client');
    await review.getByLabel(/^Email/).fill(CLIENT);
    await client.page.getByRole('button', { name: 'Approve', exact: true }).click();
    await client.page.getByText('Carla Client').first().waitFor();
    await keepScreenshot(client.page, 'approval-chain-preview-approved-390.png', { fullPage: true });
    await client.context.close();

    // Approved at every level: the history names them, and publishing waits only for an Instagram account.
    expect((await api<{ status: string }>(page, 'GET', `/api/ads/${adId}`)).body.status).toBe('approved');
    const history = (await api<{ items: { reviewerName: string; decision: string; level: string | null }[] }>(page, 'GET', `/api/ads/${adId}/reviews`)).body
      .items;
    expect(history.map((review) => [review.reviewerName, review.decision, review.level])).toEqual([
      ['Olivia Owner', 'approve', 'Internal'],
      ['Carla Client', 'approve', 'Client'],
    ]);
    // Asked outside the page (its console would log the expected 409).
    const publish = await context.request.post(new URL(`/api/ads/${adId}/publish`, page.url()).href, {
      data: {},
      headers: { origin: new URL(page.url()).origin },
    });
    expect(((await publish.json()) as { error: { message: string } }).error.message).toBe('Connect an Instagram account to this project first.');

    await page.goto(`/projects/${project.id}/marketing?ad=${adId}`);
    const dialog = page.getByRole('dialog', { name: 'Sourdough weekend' });
    await dialog.getByText('Approved', { exact: true }).first().waitFor();
    await dialog.getByText('at “Client”').waitFor();
    await keepScreenshot(page, 'approval-chain-ad-approved-1280.png');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
