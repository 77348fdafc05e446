import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, keepScreenshot, launch, postJson, signUp, uniqueEmail } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Runs the cron's jobs now (wrangler dev's --test-scheduled), as the minute's trigger would. */
async function runJobs(page: Page): Promise<void> {
  const status = await page.evaluate(async () => (await fetch('/__scheduled?cron=*+*+*+*+*')).status);
  expect(status).toBe(200);
}

/** The document's width against the viewport's: nothing may scroll sideways. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('post insights in the browser', () => {
  it('publishes to the sandbox, runs the job, and shows the figures on the ad, the project’s table and the dashboard', async () => {
    const { context, page, errors } = await signUp(browser, uniqueEmail('insights'), undefined, 'Iris Insight');
    context.setDefaultTimeout(15_000);
    const project = await postJson<{ id: string }>(page, '/api/projects', { name: 'Harbour Bakery' });
    const creative = await postJson<{ id: string }>(page, `/api/projects/${project.id}/creatives`, {
      template: 'bold-headline',
      format: 'square',
      name: 'Sourdough',
    });
    await postJson(page, `/api/projects/${project.id}/instagram/sandbox`, {});
    const ad = await postJson<{ id: string }>(page, `/api/projects/${project.id}/ads`, {
      creativeId: creative.id,
      name: 'Sourdough weekend',
      primaryText: 'Our sourdough rests for 36 hours. #bakery',
    });
    await postJson(page, `/api/ads/${ad.id}/submit`, {});
    await postJson(page, `/api/ads/${ad.id}/reviews`, { decision: 'approve' });
    await postJson(page, `/api/ads/${ad.id}/publish`, {});
    // Published (the publish request's own run), then the insights job meets and reads it.
    await expect
      .poll(
        async () => {
          await runJobs(page);
          return page.evaluate(
            async (id) => ((await (await fetch(`/api/ads/${id}/insights`)).json()) as { insight: { state: string } | null }).insight?.state,
            ad.id,
          );
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe('ok');

    // On the ad: the figures, and when they were read.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/projects/${project.id}/marketing?ad=${ad.id}`);
    const dialog = page.getByRole('dialog', { name: 'Sourdough weekend' });
    const figures = dialog.getByRole('region', { name: 'Post insights' });
    await figures.getByText('Reach').waitFor();
    await figures.getByText(/Updated/).waitFor();
    const reach = await figures.locator('dd').first().textContent();
    expect(Number(reach?.replace(/[^0-9]/g, ''))).toBeGreaterThan(0);
    await keepScreenshot(page, 'insights-ad-1280.png');
    await page.setViewportSize({ width: 390, height: 844 });
    await figures.scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'insights-ad-390.png');

    // The project's table below the ads, with its CSV.
    await page.getByRole('button', { name: 'Close' }).click();
    const table = page.getByRole('region', { name: 'Post insights' });
    await table.getByRole('row').nth(1).waitFor();
    expect(await table.getByRole('row').nth(1).textContent()).toContain('Our sourdough rests for 36 hours');
    const csv = await page.evaluate(
      async (href) => (await fetch(href)).text(),
      (await table.getByRole('link', { name: 'Download CSV' }).getAttribute('href'))!,
    );
    expect(csv.split('\r\n')[0]).toContain('published_at,kind,caption');
    await table.scrollIntoViewIfNeeded();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await keepScreenshot(page, 'insights-table-390.png');
    await page.setViewportSize({ width: 1280, height: 800 });
    await table.scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'insights-table-1280.png');

    // The dashboard's best posts.
    await page.goto('/dashboard');
    const best = page.locator('section', { has: page.getByRole('heading', { name: 'Best posts of the last 30 days' }) });
    await best.getByRole('link', { name: /Our sourdough rests/ }).waitFor();
    expect(await best.textContent()).toMatch(/Harbour Bakery · [\d,]+ reached · [\d,]+ engagements/);
    await best.scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'insights-dashboard-1280.png');
    await page.setViewportSize({ width: 390, height: 844 });
    await best.scrollIntoViewIfNeeded();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await keepScreenshot(page, 'insights-dashboard-390.png');
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
