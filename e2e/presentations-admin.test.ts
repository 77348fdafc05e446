import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../scripts/seed.mjs';
import { expectAccessible, launch, newPage, PASSWORD, signUp, uniqueEmail, keepScreenshot, postJson } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Screenshots of the workspace screens, looked at by a person (kept under .wrangler, ignored by git). */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** Headless Chromium says so in its user agent, and presentations do not count bots: the visitor presents itself as a phone. */
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

async function signInAsAdmin(page: Page) {
  const admin = DEMO_USERS.find((u) => u.role === 'admin')!;
  await page.goto('/');
  const status = await page.evaluate(
    async ({ email, password }) =>
      (await fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })).status,
    { email: admin.email, password: admin.password },
  );
  expect(status).toBe(200);
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('presentations in the workspace', () => {
  it('an admin creates a presentation, edits it with the live preview, publishes it, and it opens signed out on a phone', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await newPage(browser, { viewport: DESKTOP });
    context.setDefaultTimeout(15_000);
    await signInAsAdmin(page);
    const slug = `e2e-bakery-${Date.now().toString(36)}`;

    await page.goto('/admin/landing-pages');
    await page.getByRole('heading', { name: 'Presentation pages' }).waitFor();
    // The seed's presentations are listed for the admin, with their authors.
    await page.getByRole('table').waitFor();
    await expectAccessible(page);
    await keepScreenshot(page, 'presentations-admin-list-1280.png', { fullPage: true });

    // A seeded presentation with the work of its project: its statistics, then its editor with a section open.
    await page.getByRole('button', { name: 'Statistics of Northwind Coffee' }).click();
    const stats = page.getByRole('dialog', { name: 'Statistics: Northwind Coffee' });
    await stats.getByRole('list', { name: 'Views that reached each section' }).or(stats.getByText('No sections, or no visitors yet.')).waitFor();
    await keepScreenshot(page, 'presentations-stats-1280.png');
    await stats.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('link', { name: 'Edit Northwind Coffee' }).click();
    const sections = page.getByRole('list', { name: 'Sections of the presentation' });
    await sections.getByRole('button', { name: /^Creatives/ }).click();
    await page.getByRole('heading', { name: 'Creatives', exact: true }).waitFor();
    await page.frameLocator('iframe[title="Preview of the presentation on a desktop"]').locator('img').first().waitFor();
    await expectAccessible(page);
    await keepScreenshot(page, 'presentations-editor-section-1280.png', { fullPage: true });
    // The workspace follows the system's dark mode (a screenshot to look at).
    await page.emulateMedia({ colorScheme: 'dark' });
    await keepScreenshot(page, 'presentations-editor-section-dark-1280.png');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('button', { name: 'Presentation pages' }).click();
    await page.getByRole('button', { name: 'New presentation' }).waitFor();

    await page.getByRole('button', { name: 'New presentation' }).click();
    const dialog = page.getByRole('dialog', { name: 'New presentation' });
    await dialog.getByLabel('Customer').fill('E2E Bakery');
    await dialog.getByLabel('Address').fill(slug);
    await dialog.getByRole('button', { name: 'Create presentation' }).click();
    await page.waitForURL(/\?edit=/);

    // The editor: change the headline, the preview follows, autosave says so.
    const preview = page.frameLocator('iframe[title="Preview of the presentation on a desktop"]');
    const headline = page.getByRole('textbox', { name: 'Headline' });
    const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/presentations/'));
    await headline.fill('Fresh bread, full tables');
    await preview.getByText('Fresh bread, full tables').first().waitFor();
    expect((await saved).status()).toBe(200);
    await page.getByText('Saved', { exact: true }).waitFor();
    await keepScreenshot(page, 'presentations-editor-1280.png', { fullPage: true });

    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText(`Published at /presents/${slug}.`).waitFor();
    await expectAccessible(page);

    // The phone layout of the list and the editor.
    await page.setViewportSize(PHONE);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await keepScreenshot(page, 'presentations-editor-390.png', { fullPage: true });
    await page.goto('/admin/landing-pages');
    await page.getByRole('link', { name: 'E2E Bakery' }).first().waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await keepScreenshot(page, 'presentations-admin-list-390.png', { fullPage: true });
    expect(errors).toEqual([]);
    await context.close();

    // Signed out, on a phone: the published presentation.
    const visitor = await newPage(browser, { viewport: PHONE, userAgent: PHONE_UA });
    const response = await visitor.page.goto(`/presents/${slug}`);
    expect(response?.status()).toBe(200);
    await visitor.page.getByRole('heading', { name: 'Fresh bread, full tables' }).waitFor();
    expect(await pageWidth(visitor.page)).toBeLessThanOrEqual(PHONE.width);
    await keepScreenshot(visitor.page, 'presentation-public-390.png', { fullPage: true });
    await visitor.context.close();
  });

  it('a user without the Agency plan gets the upsell at /presentations, and /admin/landing-pages is a 404', { timeout: 60_000 }, async () => {
    const demo = DEMO_USERS.find((u) => u.role === 'user')!;
    const { context, page } = await newPage(browser, { viewport: PHONE });
    await page.goto('/');
    await page.evaluate(
      async ({ email, password }) =>
        fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) }),
      { email: demo.email, password: demo.password },
    );
    await page.goto('/presentations');
    await page.getByRole('heading', { name: 'Presentations come with the Agency plan' }).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page);
    await keepScreenshot(page, 'presentations-upsell-390.png', { fullPage: true });
    const admin = await page.goto('/admin/landing-pages');
    expect(admin?.status()).toBe(404);
    await context.close();
  });

  it('an Agency user makes a presentation from a project in one click, at /presentations', { timeout: 90_000 }, async () => {
    const email = uniqueEmail('agency');
    const { context, page, errors } = await signUp(browser, email, PASSWORD, 'Agnes Agency');
    context.setDefaultTimeout(15_000);
    // The Agency plan, bought through the sandbox checkout. Not written into wrangler dev's D1 file
    // from this process: under load, workerd once went on without seeing such a write.
    const checkout = await postJson<{ url: string }>(page, '/api/billing/checkout', { kind: 'plan', id: 'agency' });
    await page.goto(checkout.url);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL('**/account/billing*');
    const project = await postJson<{ id: string }>(page, '/api/projects', { name: 'Harbour Bakery' });

    await page.goto(`/projects/${project.id}/marketing`);
    // The sidebar offers Presentations to an Agency user.
    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Presentations' }).waitFor();
    await page.getByRole('button', { name: 'Create a presentation' }).click();
    await page.waitForURL(/\/presentations\?edit=/);
    await page.getByRole('list', { name: 'Sections of the presentation' }).waitFor();
    // Prefilled from the project: its name as the customer, its brand as the theme.
    expect(await page.getByRole('textbox', { name: 'Customer' }).inputValue()).toBe('Harbour Bakery');
    expect(await page.getByLabel('Draws from').inputValue()).toBe(project.id);
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText(/^Published at \/presents\/harbour-bakery/).waitFor();
    const url = (await page.getByRole('link', { name: 'Open the page' }).first().getAttribute('href'))!;

    await page.getByRole('button', { name: 'Presentations', exact: true }).click();
    await page.getByRole('link', { name: 'Harbour Bakery' }).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();

    const visitor = await newPage(browser, { viewport: PHONE, userAgent: PHONE_UA });
    expect((await visitor.page.goto(url))?.status()).toBe(200);
    await visitor.page.getByText('Prepared for Harbour Bakery').first().waitFor();
    await visitor.context.close();
  });
});
