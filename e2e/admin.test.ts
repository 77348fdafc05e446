import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../scripts/seed.mjs';
import { expectAccessible, hydrated, launch, newPage, PASSWORD, queryD1, signUp, uniqueEmail, keepScreenshot } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The seeded demo admin (scripts/seed.mjs), signed in through the login form. Not a new user made
 * admin in the database: under load, workerd once went on without seeing a write made to
 * wrangler dev's D1 file from this process.
 */
const ADMIN = DEMO_USERS.find((user) => user.role === 'admin')!;
async function adminInBrowser(viewport = { width: 1280, height: 800 }) {
  const { context, page, errors } = await newPage(browser, { viewport });
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
  return { context, page, errors };
}

describe('the admin area in the browser', () => {
  it('is the 404 page for a user who is not an admin', async () => {
    const { context, page, errors } = await signUp(browser, uniqueEmail('not-admin'));
    const response = await page.goto('/admin');
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/not found|no such page|404/i);
    expect((await page.request.get('/api/admin/users')).status()).toBe(404);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets an admin find a user and adjust their credits with a reason (audited), on a desktop and a phone', { timeout: 120_000 }, async () => {
    const customerEmail = uniqueEmail('customer');
    const customer = await signUp(browser, customerEmail, PASSWORD, 'Carla Customer');
    const project = await customer.page.evaluate(async () => {
      const response = await fetch('/api/projects', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Carla’s Café' }),
      });
      return (await response.json()) as { id: string };
    });
    await customer.context.close();

    const { context, page, errors } = await adminInBrowser();
    context.setDefaultTimeout(15_000);
    await page.getByRole('link', { name: 'Admin' }).first().click();
    await page.waitForURL('**/admin');
    await page.getByRole('searchbox', { name: 'Search users by email or name' }).fill(customerEmail);
    await page.keyboard.press('Enter');
    const row = page.getByRole('row').filter({ hasText: customerEmail });
    await expect.poll(() => row.count()).toBe(1);
    await keepScreenshot(page, 'admin-users-1280.png', { fullPage: true });
    await expectAccessible(page);

    await row.getByRole('button', { name: 'Manage Carla Customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Carla Customer' });
    await dialog.getByLabel('Credits').fill('15');
    await dialog.getByLabel('Reason').fill('Goodwill after the outage');
    await dialog.getByRole('button', { name: 'Adjust credits' }).click();
    const confirm = page.getByRole('dialog', { name: 'Add 15 credits?' });
    await expect.poll(() => confirm.textContent()).toContain('Balance 25 → 40');
    await confirm.getByRole('button', { name: 'Adjust credits' }).click();
    await expect.poll(() => page.getByText('Added 15 credits. Balance: 40.').count()).toBe(1);
    await keepScreenshot(page, 'admin-user-dialog-1280.png');
    await dialog.getByRole('button', { name: 'Close' }).click();
    // Exactly the credits cell: the row's email (base 36 of the time) may hold "40" too.
    await expect.poll(() => row.getByRole('cell', { name: '40', exact: true }).count()).toBe(1);

    // The audit log shows it: who, what, before → after, the address.
    await page.getByRole('tab', { name: 'Audit log' }).click();
    await page.getByLabel('Action').fill('user.credits');
    await page.getByRole('button', { name: 'Filter' }).click();
    const entry = page.getByRole('row').filter({ hasText: 'Credits adjusted' }).first();
    await expect.poll(() => entry.textContent()).toContain('Goodwill after the outage');
    expect(await entry.textContent()).toContain(ADMIN.name);
    const ledger = queryD1<{ kind: string; purchased_delta: number }>(
      `SELECT kind, purchased_delta FROM credit_ledger WHERE user_id = (SELECT id FROM users WHERE email = '${customerEmail}') AND kind = 'admin_adjust'`,
    );
    expect(ledger).toEqual([{ kind: 'admin_adjust', purchased_delta: 15 }]);
    await keepScreenshot(page, 'admin-audit-1280.png', { fullPage: true });
    await page.getByRole('tab', { name: 'Figures' }).click();
    await expect.poll(() => page.getByRole('img', { name: /^Users, last 7 days/ }).count()).toBe(1);
    await keepScreenshot(page, 'admin-figures-1280.png', { fullPage: true });
    await expectAccessible(page);

    // The customer's project, read-only, from the support view (the visit is audited).
    await page.goto(`/admin/${project.id}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Carla’s Café' }).count()).toBe(1);
    await expect.poll(() => page.getByText('Project viewed by support').count()).toBe(1);
    await keepScreenshot(page, 'admin-project-1280.png', { fullPage: true });
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();

    // The same screen on a phone: no sideways scrolling, still accessible.
    const phone = await adminInBrowser({ width: 390, height: 844 });
    await phone.page.goto('/admin');
    await phone.page.getByRole('searchbox', { name: 'Search users by email or name' }).fill(customerEmail);
    await phone.page.keyboard.press('Enter');
    await expect.poll(() => phone.page.getByRole('row').filter({ hasText: customerEmail }).count()).toBe(1);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Manage is on screen, not behind a sideways scroll of the table.
    const manage = await phone.page.getByRole('button', { name: 'Manage Carla Customer' }).boundingBox();
    expect(manage!.x + manage!.width).toBeLessThanOrEqual(390);
    await keepScreenshot(phone.page, 'admin-users-390.png', { fullPage: true });
    await expectAccessible(phone.page);
    await phone.page.goto(`/admin/${project.id}`);
    await expect.poll(() => phone.page.getByRole('heading', { name: 'Carla’s Café' }).count()).toBe(1);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await keepScreenshot(phone.page, 'admin-project-390.png', { fullPage: true });
    await phone.page.goto('/admin?tab=audit');
    await expect.poll(() => phone.page.getByText('Credits adjusted').count()).toBeGreaterThan(0);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await keepScreenshot(phone.page, 'admin-audit-390.png', { fullPage: true });
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
