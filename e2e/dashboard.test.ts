import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../scripts/seed.mjs';
import { expectAccessible, launch, newPage, keepScreenshot } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function signIn(page: Page, role: 'user' | 'admin') {
  const demo = DEMO_USERS.find((u) => u.role === role)!;
  await page.goto('/');
  const status = await page.evaluate(
    async ({ email, password }) =>
      (await fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })).status,
    { email: demo.email, password: demo.password },
  );
  expect(status).toBe(200);
}

const shoot = (page: Page, name: string) => keepScreenshot(page, `${name}.png`, { fullPage: true });

/** Wider than the viewport means sideways scrolling on a phone. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('the dashboard (seeded demo user)', () => {
  it("shows the day's figures with links to their screens, in light and dark, at 1280 × 800 and 390 × 844", async () => {
    const { context, page, errors } = await newPage(browser, { viewport: DESKTOP });
    await signIn(page, 'user');
    await page.goto('/dashboard');
    const waiting = page.getByRole('link', { name: /Ads waiting for approval/ });
    await waiting.waitFor();
    // The seed's spring ad waits for Northwind's approval: the figure and its link come from that project's ads.
    const board = (await page.evaluate(async () => (await fetch('/api/dashboard')).json())) as {
      ads: { totals: { inReview: number }; projects: { projectId: string }[] };
      credits: { total: number };
    };
    expect(board.ads.totals.inReview).toBeGreaterThan(0);
    expect(await waiting.getAttribute('href')).toBe(`/projects/${board.ads.projects[0]!.projectId}/marketing`);
    expect(await page.getByRole('link', { name: /^Credits/ }).textContent()).toContain(String(board.credits.total));
    await page.getByRole('heading', { name: 'Funnels this week' }).waitFor();
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      await expectAccessible(page);
      await shoot(page, `dashboard-${size}`);
    }
    // The workspace follows the system's dark mode: loaded dark (no colour transition under way), still readable.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await page.getByRole('heading', { name: 'Funnels this week' }).waitFor();
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await expectAccessible(page);
      await shoot(page, `dashboard-${size}-dark`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('/test, the system check', () => {
  it('is green locally for an admin but for the operator’s example details, at 1280 × 800 and 390 × 844', async () => {
    const { context, page, errors } = await newPage(browser, { viewport: DESKTOP });
    await signIn(page, 'admin');
    await page.goto('/test');
    // Locally the operator's details are the examples of wrangler.toml: the one warning, nothing failed (issue 28).
    await page.getByText('No check failed, 1 warning to act on').waitFor();
    const rows = page.locator('li[data-check]');
    expect(await rows.count()).toBe(9);
    expect(await page.locator('li[data-check="operator"]').textContent()).toMatch(/Needs attention · \d+ ms/);
    for (const row of await page.locator('li[data-check]:not([data-check="operator"])').all())
      expect(await row.textContent()).toMatch(/(OK|Not configured) · \d+ ms/);
    for (const id of ['d1', 'migrations', 'r2']) expect(await page.locator(`li[data-check="${id}"]`).textContent()).toContain('OK ·');
    // Version, build time and compatibility date come with the build (scripts/build-defines.mjs).
    const compatibilityDate = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(readFileSync(join(import.meta.dirname, '..', 'wrangler.toml'), 'utf8'))![1]!;
    await page.getByText(compatibilityDate, { exact: true }).waitFor();
    expect(await page.getByText('Not recorded by this build').count()).toBe(0);
    await page.getByRole('button', { name: 'Run again' }).click();
    await page.getByRole('button', { name: 'Run again' }).and(page.locator(':not([disabled])')).waitFor();
    await page.getByText('No check failed, 1 warning to act on').waitFor();
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      await expectAccessible(page);
      await shoot(page, `system-check-${size}`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is a 404 page for a user who is not an admin', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'user');
    const response = await page.goto('/test');
    expect(response?.status()).toBe(404);
    await context.close();
  });
});
