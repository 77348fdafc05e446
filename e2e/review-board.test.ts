import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, expectAccessible, keepScreenshot, launch, newPage, signUp, uniqueEmail } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The card of the ad named `name` on the board. */
const adCard = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, level: 2 }) });

describe('the review board in the browser', () => {
  it('the owner makes a board link; a client on a phone pins two comments, approves one ad and requests changes on another', async () => {
    const { context, page } = await signUp(browser, uniqueEmail('board'), undefined, 'Olivia Owner');
    await page.setViewportSize({ width: 1280, height: 800 });
    context.setDefaultTimeout(15_000);
    const project = (await api<{ id: string }>(page, 'POST', '/api/projects', { name: 'Harbour Bakery' })).body;
    const creative = (
      await api<{ id: string }>(page, 'POST', `/api/projects/${project.id}/creatives`, { template: 'bold-headline', format: 'square', name: 'Sourdough' })
    ).body;
    const ids: Record<string, string> = {};
    for (const name of ['Sourdough weekend', 'Croissant Sunday']) {
      const created = await api<{ id: string }>(page, 'POST', `/api/projects/${project.id}/ads`, {
        creativeId: creative.id,
        name,
        headline: `${name} at the harbour`,
      });
      expect(created.status).toBe(201);
      ids[name] = created.body.id;
      expect((await api(page, 'POST', `/api/ads/${created.body.id}/submit`)).status).toBe(200);
    }

    // The card on the marketing screen: make the link, shown once, copied from its field.
    await page.goto(`/projects/${project.id}/marketing`);
    await page.getByRole('button', { name: 'Create link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy the review board link' });
    const link = await dialog.getByLabel('Review board link').inputValue();
    expect(link).toMatch(/\/board\/[A-Za-z0-9_-]{43}$/);
    await keepScreenshot(page, 'review-board-link-1280.png');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByText(/Link made .* · not used yet/).waitFor();
    await keepScreenshot(page, 'review-board-card-1280.png');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { name: 'Review board' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await keepScreenshot(page, 'review-board-card-390.png');

    // The board at 1280 (a GET: it changes nothing, whoever opens it).
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(new URL(link).pathname);
    await page.getByRole('heading', { name: 'Ads waiting for your review' }).waitFor();
    await keepScreenshot(page, 'review-board-1280.png');

    // The client, signed out, on a phone: both ads, newest first; approves one.
    const client = await newPage(browser, { viewport: { width: 390, height: 844 } });
    client.context.setDefaultTimeout(15_000);
    const board = client.page;
    await board.goto(new URL(link).pathname);
    await board.getByRole('heading', { name: 'Ads waiting for your review' }).waitFor();
    const names = await board.getByRole('heading', { level: 2 }).allTextContents();
    expect(names).toEqual(['Croissant Sunday', 'Sourdough weekend']);
    expect(await board.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await keepScreenshot(board, 'review-board-390.png');
    await keepScreenshot(board, 'review-board-full-390.png', { fullPage: true });
    await expectAccessible(board);

    // Two comments pinned on the first card's picture: the board's one script comes after every card's pins, so the first card's work too.
    expect(await board.locator('script').count()).toBe(1);
    const first = adCard(board, 'Croissant Sunday');
    for (const [n, [x, y], words] of [
      [1, [0.3, 0.2], 'Warmer croissants?'],
      [2, [0.7, 0.6], 'Smaller logo here.'],
    ] as const) {
      const picture = first.locator('[data-pin-item="0"] img');
      await picture.scrollIntoViewIfNeeded();
      const box = (await picture.boundingBox())!;
      await picture.click({ position: { x: box.width * x, y: box.height * y } });
      const form = first.locator('[data-pin-form]');
      await form.getByText('On picture 1, where the new dot is.').waitFor();
      // The name is asked once: after the first pin the board remembers it.
      if (n === 1) await form.getByLabel('Your name').fill('Carla Client');
      else expect(await form.getByLabel('Your name').inputValue()).toBe('Carla Client');
      await form.getByLabel('Comment').fill(words);
      await form.getByRole('button', { name: 'Pin comment' }).click();
      await board.waitForURL(new RegExp(`#pin-${ids['Croissant Sunday']}-${n}$`));
      await adCard(board, 'Croissant Sunday')
        .getByRole('link', { name: `Comment ${n}` })
        .waitFor();
    }
    expect(await board.locator(`#pin-${ids['Croissant Sunday']}-1`).textContent()).toContain('Warmer croissants?');
    expect(await board.locator(`#pin-${ids['Croissant Sunday']}-2`).textContent()).toContain('Smaller logo here.');
    expect(await board.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await adCard(board, 'Croissant Sunday').getByRole('link', { name: 'Comment 2' }).scrollIntoViewIfNeeded();
    await keepScreenshot(board, 'review-board-pins-390.png');
    await keepScreenshot(board, 'review-board-pins-full-390.png', { fullPage: true });
    await expectAccessible(board);

    const reviewer = board.locator('#board-review');
    expect(await reviewer.getByLabel('Your name').inputValue()).toBe('Carla Client');
    await adCard(board, 'Sourdough weekend').getByRole('button', { name: 'Approve', exact: true }).click();
    await board.getByText('1 ad approved.').waitFor();
    await keepScreenshot(board, 'review-board-approved-390.png');

    // The name is remembered; the other ad is sent back with a message.
    expect(await board.locator('#board-review').getByLabel('Your name').inputValue()).toBe('Carla Client');
    const other = adCard(board, 'Croissant Sunday');
    await other.getByLabel(/Message to the team/).fill('Warmer light on the croissants, please.');
    await other.getByRole('button', { name: 'Request changes' }).click();
    await board.getByText('Changes requested on 1 ad.').waitFor();
    await board.getByText('Nothing waits for your review right now', { exact: false }).waitFor();
    await keepScreenshot(board, 'review-board-done-390.png');
    await client.context.close();

    // In the workspace: one approved, one sent back to its author with the message; the card says the link was used.
    expect((await api<{ status: string }>(page, 'GET', `/api/ads/${ids['Sourdough weekend']}`)).body.status).toBe('approved');
    expect((await api<{ status: string }>(page, 'GET', `/api/ads/${ids['Croissant Sunday']}`)).body.status).toBe('changes_requested');
    const thread = (await api<{ items: { reviewerName: string; comment: string }[] }>(page, 'GET', `/api/ads/${ids['Croissant Sunday']}/reviews`)).body.items;
    expect(thread).toMatchObject([{ reviewerName: 'Carla Client', comment: 'Warmer light on the croissants, please.' }]);
    await page.goto(`/projects/${project.id}/marketing`);
    await page.getByText(/Link made .* · last used/).waitFor();
    await keepScreenshot(page, 'review-board-card-used-1280.png');
    await context.close();
  });
});
