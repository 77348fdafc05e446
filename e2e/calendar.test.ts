import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, keepScreenshot, launch, queryD1, signUp, uniqueEmail } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

/** A JSON request of the signed-in page (same origin: the session's cookie and the CSRF rule as the app's own). */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
    },
    { method, path, body },
  );
}

/** One run of the every-minute job at `time` (wrangler dev's trigger handler), as the cron would. */
const runJob = (time: number) => fetch(`${baseURL}/cdn-cgi/handler/scheduled?cron=*+*+*+*+*&time=${time}`);

/** The day a time falls on, on the browser's clock (the calendar's days). */
const dayIn = (page: Page, time: number) =>
  page.evaluate((t) => new Date(t).toLocaleDateString('en-CA', { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }), time);

describe('the content calendar in the browser', () => {
  it('a scheduled post is dragged to another day; two overlapping job runs publish it to the sandbox once, at its new time', async () => {
    const { context, page, errors } = await signUp(browser, uniqueEmail('calendar'), undefined, 'Cleo Calendar');
    await page.setViewportSize({ width: 1280, height: 800 });
    context.setDefaultTimeout(15_000);
    const project = (await api<{ id: string }>(page, 'POST', '/api/projects', { name: 'Harbour Bakery' })).body;
    expect((await api(page, 'POST', `/api/projects/${project.id}/instagram/sandbox`)).status).toBe(200);
    expect((await api(page, 'PUT', `/api/projects/${project.id}/approval-chain`, { mode: 'none', levels: [] })).status).toBe(200);
    const creative = (
      await api<{ id: string }>(page, 'POST', `/api/projects/${project.id}/creatives`, { template: 'bold-headline', format: 'square', name: 'Sourdough' })
    ).body;
    const ad = await api<{ id: string }>(page, 'POST', `/api/projects/${project.id}/ads`, { creativeId: creative.id, name: 'Sourdough weekend' });
    expect(ad.status).toBe(201);
    // Tomorrow, a few minutes from now: dragged back to today it is due in minutes.
    const soon = Math.ceil((Date.now() + 5 * MIN) / MIN) * MIN;
    const scheduled = await api<{ id: string; scheduledAt: string }>(page, 'POST', `/api/ads/${ad.body.id}/publish`, {
      at: new Date(soon + DAY).toISOString(),
    });
    expect(scheduled.status).toBe(201);

    await page.goto('/calendar');
    const tomorrow = page.locator(`li[data-day="${await dayIn(page, soon + DAY)}"]`);
    const today = page.locator(`li[data-day="${await dayIn(page, soon)}"]`);
    const card = tomorrow.locator('[draggable="true"]').filter({ hasText: 'Sourdough weekend' });
    await card.waitFor();
    await page.getByText(/^Times in /).waitFor();
    await keepScreenshot(page, 'calendar-month-1280.png', { fullPage: true });
    await expectAccessible(page);

    await card.dragTo(today);
    await page.getByText(/“Sourdough weekend” moved to/).waitFor();
    await today.getByText('Sourdough weekend').waitFor();
    expect(queryD1<{ scheduled_at: number; status: string }>(`SELECT scheduled_at, status FROM scheduled_posts WHERE id = '${scheduled.body.id}'`)).toEqual([
      { scheduled_at: soon, status: 'scheduled' },
    ]);
    await keepScreenshot(page, 'calendar-moved-1280.png', { fullPage: true });

    // Two runs of the job at once, after the new time: one claims the post, the other finds nothing.
    const [first, second] = await Promise.all([runJob(soon + MIN), runJob(soon + MIN)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    await expect
      .poll(() => queryD1<{ status: string }>(`SELECT status FROM scheduled_posts WHERE id = '${scheduled.body.id}'`)[0]?.status, { timeout: 20_000 })
      .toBe('published');
    const account = queryD1<{ ig_user_id: string }>(`SELECT ig_user_id FROM instagram_accounts WHERE project_id = '${project.id}'`)[0]!;
    expect(queryD1(`SELECT count(*) AS n FROM instagram_sandbox_media WHERE ig_user_id = '${account.ig_user_id}' AND published_at IS NOT NULL`)).toEqual([
      { n: 1 },
    ]);
    // A later run publishes nothing more.
    await runJob(soon + 2 * MIN);
    expect(queryD1(`SELECT count(*) AS n FROM instagram_sandbox_media WHERE ig_user_id = '${account.ig_user_id}' AND published_at IS NOT NULL`)).toEqual([
      { n: 1 },
    ]);

    // Published: on the calendar as such, and it no longer moves.
    await page.reload();
    await today.getByRole('link', { name: /Sourdough weekend, Harbour Bakery, Published/ }).waitFor();
    expect(await today.getByRole('button', { name: 'Move…' }).count()).toBe(0);

    // The feed card, and the phone's agenda.
    await page.getByRole('button', { name: 'Create a feed address' }).click();
    await page.getByLabel('Feed address').waitFor();
    await keepScreenshot(page, 'calendar-feed-1280.png', { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page
      .locator(`li[data-agenda-day="${await dayIn(page, soon)}"]`)
      .getByText('Sourdough weekend')
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await keepScreenshot(page, 'calendar-agenda-390.png', { fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
