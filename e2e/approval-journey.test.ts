import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, baseURL, expectAccessible, keepScreenshot, launch, newPage, queryD1, signUp, uniqueEmail } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const CLIENT = 'carla@client.example';

/** One run of the every-minute job at `time` (wrangler dev's trigger handler), as the cron would. */
const runJob = (time: number) => fetch(`${baseURL}/cdn-cgi/handler/scheduled?cron=*+*+*+*+*&time=${time}`);

/** The day a time falls on, and the `datetime-local` value of it, on the browser's clock (the workspace's time zone). */
const local = (page: Page, time: number) =>
  page.evaluate((t) => {
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const input = new Date(t).toLocaleString('sv-SE', { timeZone, hour12: false }).replace(' ', 'T').slice(0, 16);
    return { day: input.slice(0, 10), input };
  }, time);

/** The document's width against the viewport's: nothing may scroll sideways. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The card of the ad named `name` on the review board. */
const boardCard = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, level: 2 }) });

/**
 * Issue 32's journey, in one browser session: a two-level chain (the team, then the client by
 * address), the client's two comments pinned on the board on a phone, the author fixing one and
 * resolving it, both levels approving, the post scheduled and dragged to another day on the
 * calendar, two overlapping scheduler runs publishing it to the sandbox once, and its insights
 * on the ad, the project's table (with its CSV) and the dashboard.
 */
describe('an ad from review to insights', () => {
  it('is pinned and fixed, approved at both levels, dragged on the calendar, published once and measured', async () => {
    const { context, page, errors } = await signUp(browser, uniqueEmail('journey'), undefined, 'Olivia Owner');
    await page.setViewportSize({ width: 1280, height: 800 });
    context.setDefaultTimeout(15_000);
    const me = (await api<{ id: string }>(page, 'GET', '/api/me')).body;
    const project = (await api<{ id: string }>(page, 'POST', '/api/projects', { name: 'Harbour Bakery' })).body;
    expect((await api(page, 'POST', `/api/projects/${project.id}/instagram/sandbox`)).status).toBe(200);
    const chain = await api(page, 'PUT', `/api/projects/${project.id}/approval-chain`, {
      mode: 'levels',
      levels: [
        { name: 'Internal', userIds: [me.id], emails: [] },
        { name: 'Client', userIds: [], emails: [CLIENT] },
      ],
    });
    expect(chain.status).toBe(200);
    const creative = (
      await api<{ id: string }>(page, 'POST', `/api/projects/${project.id}/creatives`, { template: 'bold-headline', format: 'square', name: 'Sourdough' })
    ).body;
    const created = await api<{ id: string }>(page, 'POST', `/api/projects/${project.id}/ads`, {
      creativeId: creative.id,
      name: 'Sourdough weekend',
      primaryText: 'Our sourdough rests for 36 hours before it meets the oven. #sourdough',
    });
    expect(created.status).toBe(201);
    const adId = created.body.id;
    const status = async () => (await api<{ status: string }>(page, 'GET', `/api/ads/${adId}`)).body.status;

    // Submitted and approved by the team: it now waits for the client, so the board lists it.
    expect((await api(page, 'POST', `/api/ads/${adId}/submit`)).status).toBe(200);
    expect((await api(page, 'POST', `/api/ads/${adId}/reviews`, { decision: 'approve' })).status).toBe(201);
    await page.goto(`/projects/${project.id}/marketing`);
    await page.getByRole('button', { name: 'Create link' }).click();
    const linkDialog = page.getByRole('dialog', { name: 'Copy the review board link' });
    const boardPath = new URL(await linkDialog.getByLabel('Review board link').inputValue()).pathname;
    await linkDialog.getByRole('button', { name: 'Done' }).click();

    // The client on a phone pins two comments on the picture.
    const client = await newPage(browser, { viewport: { width: 390, height: 844 } });
    client.context.setDefaultTimeout(15_000);
    const board = client.page;
    await board.goto(boardPath);
    for (const [n, [x, y], words] of [
      [1, [0.3, 0.25], 'Please add the price to the caption.'],
      [2, [0.7, 0.6], 'Can the loaf be a little bigger?'],
    ] as const) {
      const picture = boardCard(board, 'Sourdough weekend').locator('[data-pin-item="0"] img');
      await picture.scrollIntoViewIfNeeded();
      const box = (await picture.boundingBox())!;
      await picture.click({ position: { x: box.width * x, y: box.height * y } });
      const form = boardCard(board, 'Sourdough weekend').locator('[data-pin-form]');
      await form.getByText('On picture 1, where the new dot is.').waitFor();
      if (n === 1) await form.getByLabel('Your name').fill('Carla Client');
      await form.getByLabel('Comment').fill(words);
      await form.getByRole('button', { name: 'Pin comment' }).click();
      await board.waitForURL(new RegExp(`#pin-${adId}-${n}$`));
    }
    expect(await overflow(board)).toBeLessThanOrEqual(0);
    await boardCard(board, 'Sourdough weekend').getByRole('link', { name: 'Comment 2' }).scrollIntoViewIfNeeded();
    await keepScreenshot(board, 'journey-board-pins-390.png');

    // The author fixes the first in the workspace: the caption gets the price (the ad goes back to
    // the first level), the pin a reply, and it is resolved; the second stays open.
    await page.goto(`/projects/${project.id}/marketing?ad=${adId}`);
    const dialog = page.getByRole('dialog', { name: 'Sourdough weekend' });
    const caption = dialog.getByLabel('Primary text');
    await caption.fill('Our sourdough rests for 36 hours before it meets the oven. €6.50 a loaf. #sourdough');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await page
      .getByText(/^Ad saved\.|^Saved\. The ad went back to review\./)
      .first()
      .waitFor();
    expect((await api<{ approval: { waitingAt: { name: string } } }>(page, 'GET', `/api/ads/${adId}`)).body.approval.waitingAt.name).toBe('Internal');
    const pins = dialog.getByRole('list', { name: 'Pinned comments' });
    const fixed = pins.getByRole('listitem').filter({ hasText: 'Please add the price to the caption.' });
    await fixed.getByRole('button', { name: 'Reply' }).click();
    await fixed.getByLabel('Comment').fill('Added: €6.50 a loaf.');
    await fixed.getByRole('button', { name: 'Send reply' }).click();
    await fixed.getByText('Added: €6.50 a loaf.').waitFor();
    await fixed.getByRole('button', { name: 'Resolve' }).click();
    await fixed.getByText('Resolved by Olivia Owner').waitFor();
    expect(
      await pins
        .getByRole('listitem')
        .filter({ hasText: 'Can the loaf be a little bigger?' })
        .getByText(/Resolved by/)
        .count(),
    ).toBe(0);
    await keepScreenshot(page, 'journey-pins-workspace-1280.png');

    // The team approves the new copy in the ad's review form: it waits for the client again.
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect
      .poll(async () => (await api<{ approval: { waitingAt: { name: string } | null } }>(page, 'GET', `/api/ads/${adId}`)).body.approval.waitingAt?.name)
      .toBe('Client');

    // The client reloads the board: the new caption, the resolved pin, the open one; approves with
    // the address the client level names.
    await board.goto(boardPath);
    const card = boardCard(board, 'Sourdough weekend');
    await card.getByText('€6.50 a loaf.', { exact: false }).first().waitFor();
    await board.locator(`#pin-${adId}-1`).getByText('Resolved by Olivia Owner').waitFor();
    expect(
      await board
        .locator(`#pin-${adId}-2`)
        .getByText(/Resolved by/)
        .count(),
    ).toBe(0);
    const reviewer = board.locator('#board-review');
    await reviewer.getByLabel('Your name').fill('Carla Client');
    await reviewer.getByLabel(/^Email/).fill(CLIENT);
    await card.getByRole('button', { name: 'Approve', exact: true }).click();
    await board.getByText('1 ad approved.').waitFor();
    await keepScreenshot(board, 'journey-board-approved-390.png');
    expect(client.errors).toEqual([]);
    await client.context.close();
    expect(await status()).toBe('approved');
    const history = (await api<{ items: { reviewerName: string; decision: string; level: string | null }[] }>(page, 'GET', `/api/ads/${adId}/reviews`)).body
      .items;
    expect(history.filter((r) => r.decision === 'approve').map((r) => [r.reviewerName, r.level])).toEqual([
      ['Olivia Owner', 'Internal'],
      ['Olivia Owner', 'Internal'],
      ['Carla Client', 'Client'],
    ]);

    // Scheduled on the ad for a day it can be dragged back from: tomorrow, to today (when the
    // month's grid ends today, next month's grid: the day after tomorrow, to tomorrow).
    await page.goto('/calendar');
    await page.getByText(/^Times in /).waitFor();
    const soon = Math.ceil((Date.now() + 5 * MIN) / MIN) * MIN;
    await page.locator(`li[data-day="${(await local(page, soon)).day}"]`).waitFor();
    const tomorrowShown = (await page.locator(`li[data-day="${(await local(page, soon + DAY)).day}"]`).count()) > 0;
    const target = tomorrowShown ? soon : soon + DAY;
    const from = await local(page, target + DAY);
    const to = await local(page, target);

    await page.goto(`/projects/${project.id}/marketing?ad=${adId}`);
    await dialog.getByLabel('Or schedule for').fill(from.input);
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.getByText(/^Scheduled for .*\.$/).waitFor();
    const post = queryD1<{ id: string; scheduled_at: number }>(`SELECT id, scheduled_at FROM scheduled_posts WHERE ad_id = '${adId}' AND status = 'scheduled'`);
    expect(post).toEqual([{ id: expect.any(String), scheduled_at: target + DAY }]);

    await page.goto('/calendar');
    if (!tomorrowShown) await page.getByRole('button', { name: 'Next', exact: true }).click();
    const fromCell = page.locator(`li[data-day="${from.day}"]`);
    const toCell = page.locator(`li[data-day="${to.day}"]`);
    const entry = fromCell.locator('[draggable="true"]').filter({ hasText: 'Sourdough weekend' });
    await entry.waitFor();
    await keepScreenshot(page, 'journey-calendar-1280.png', { fullPage: true });
    await expectAccessible(page);
    await entry.dragTo(toCell);
    await page.getByText(/“Sourdough weekend” moved to/).waitFor();
    await toCell.getByText('Sourdough weekend').waitFor();
    expect(queryD1(`SELECT scheduled_at, status FROM scheduled_posts WHERE id = '${post[0]!.id}'`)).toEqual([{ scheduled_at: target, status: 'scheduled' }]);

    // Two runs of the job at once, after the new time: one claims the post, the other finds nothing;
    // a later run publishes nothing more.
    const [first, second] = await Promise.all([runJob(target + MIN), runJob(target + MIN)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    await expect
      .poll(() => queryD1<{ status: string }>(`SELECT status FROM scheduled_posts WHERE id = '${post[0]!.id}'`)[0]?.status, { timeout: 20_000 })
      .toBe('published');
    const account = queryD1<{ ig_user_id: string }>(`SELECT ig_user_id FROM instagram_accounts WHERE project_id = '${project.id}'`)[0]!;
    const published = () =>
      queryD1(`SELECT count(*) AS n FROM instagram_sandbox_media WHERE ig_user_id = '${account.ig_user_id}' AND published_at IS NOT NULL`);
    expect(published()).toEqual([{ n: 1 }]);
    await runJob(target + 2 * MIN);
    expect(published()).toEqual([{ n: 1 }]);
    expect(await status()).toBe('published');

    // Published: on the calendar as such, no longer movable; the feed address; the phone's agenda.
    await page.reload();
    await toCell.getByRole('link', { name: /Sourdough weekend, Harbour Bakery, Published/ }).waitFor();
    expect(await toCell.getByRole('button', { name: 'Move…' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Create a feed address' }).click();
    await page.getByLabel('Feed address').waitFor();
    await keepScreenshot(page, 'journey-calendar-published-1280.png', { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator(`li[data-agenda-day="${to.day}"]`).getByText('Sourdough weekend').waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await keepScreenshot(page, 'journey-calendar-agenda-390.png', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // The insights job meets the new post and reads it (runs at the post's own clock).
    let run = target + 2 * MIN;
    await expect
      .poll(
        async () => {
          run += MIN;
          expect((await runJob(run)).status).toBe(200);
          return (await api<{ insight: { state: string } | null }>(page, 'GET', `/api/ads/${adId}/insights`)).body.insight?.state;
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe('ok');

    // On the ad: the figures and when they were read.
    await page.goto(`/projects/${project.id}/marketing?ad=${adId}`);
    const figures = dialog.getByRole('region', { name: 'Post insights' });
    await figures.getByText('Reach').waitFor();
    await figures.getByText(/Updated/).waitFor();
    expect(Number((await figures.locator('dd').first().textContent())?.replace(/[^0-9]/g, ''))).toBeGreaterThan(0);
    await keepScreenshot(page, 'journey-insights-ad-1280.png');
    await page.setViewportSize({ width: 390, height: 844 });
    await figures.scrollIntoViewIfNeeded();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await keepScreenshot(page, 'journey-insights-ad-390.png');

    // The project's table below the ads, with its CSV.
    await dialog.getByRole('button', { name: 'Close' }).click();
    const table = page.getByRole('region', { name: 'Post insights' });
    await table.getByRole('row').nth(1).waitFor();
    expect(await table.getByRole('row').nth(1).textContent()).toContain('€6.50 a loaf.');
    const csvText = await page.evaluate(
      async (href) => (await fetch(href)).text(),
      (await table.getByRole('link', { name: 'Download CSV' }).getAttribute('href'))!,
    );
    expect(csvText.split('\r\n')[0]).toContain('published_at,kind,caption');
    expect(csvText).toContain('€6.50 a loaf.');
    await table.scrollIntoViewIfNeeded();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await keepScreenshot(page, 'journey-insights-table-390.png');

    // The dashboard's best posts.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/dashboard');
    const best = page.locator('section', { has: page.getByRole('heading', { name: 'Best posts of the last 30 days' }) });
    await best.getByRole('link', { name: /Our sourdough rests/ }).waitFor();
    expect(await best.textContent()).toMatch(/Harbour Bakery · [\d,]+ reached · [\d,]+ engagements/);
    await best.scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'journey-dashboard-1280.png');
    await page.setViewportSize({ width: 390, height: 844 });
    await best.scrollIntoViewIfNeeded();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await keepScreenshot(page, 'journey-dashboard-390.png');
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
