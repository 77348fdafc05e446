import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, hydrated, keepScreenshot, launch, newPage, queryD1, signUp, signUpInBrowser, uniqueEmail } from './browser.ts';
import { noisePng } from './images.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('projects and the media library in the browser', () => {
  it('creates a project, uploads two images with progress, edits one in the modal, closes it with Escape and reloads the modal URL', async () => {
    const { context, page, errors } = await signUpInBrowser(browser, uniqueEmail('library'));
    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Projects' }).click();
    await page.getByRole('heading', { name: 'No projects yet' }).waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'New project' }).click();
    // No project yet: the dialog is the guided start's.
    const dialog = page.getByRole('dialog', { name: 'Add your first customer' });
    await dialog.getByLabel('Name').fill('Harbour Bakery');
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await page.waitForURL(/\/projects\/[A-Za-z0-9_-]+\/$/);
    await page.getByRole('heading', { level: 1, name: 'Harbour Bakery' }).waitFor();
    const projectUrl = page.url();

    // Slow the upload down so that its progress is visible, as on a real connection.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 400 * 1024 });
    await page.locator('input[type=file]').setInputFiles([
      { name: 'croissants.png', mimeType: 'image/png', buffer: noisePng(320, 240) },
      { name: 'storefront.png', mimeType: 'image/png', buffer: noisePng(300, 200) },
    ]);
    const progress = page.getByRole('progressbar', { name: 'Uploading croissants.png' });
    await progress.waitFor();
    await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.getByRole('link', { name: /croissants\.png/ }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: /storefront\.png/ }).waitFor({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    await page.getByRole('link', { name: /croissants\.png/ }).click();
    const modal = page.getByRole('dialog', { name: 'croissants.png' });
    await modal.waitFor();
    expect(page.url()).toMatch(/\/media\/[A-Za-z0-9_-]+$/);
    const modalUrl = page.url();
    await expectAccessible(page);
    await modal.getByLabel('Alt text').fill('Fresh croissants on a wooden board');
    await modal.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Changes saved.').waitFor();

    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(projectUrl);
    // The grid is still there underneath.
    await page.getByRole('link', { name: /storefront\.png/ }).waitFor();

    await page.goto(modalUrl);
    const reopened = page.getByRole('dialog', { name: 'croissants.png' });
    await reopened.waitFor();
    expect(await reopened.getByLabel('Alt text').inputValue()).toBe('Fresh croissants on a wooden board');
    // Loaded directly, the project page is rendered under the modal.
    await page.getByRole('heading', { level: 1, name: 'Harbour Bakery' }).waitFor({ state: 'attached' });
    await page.keyboard.press('Escape');
    await reopened.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(projectUrl);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('takes a newcomer from the invitation link to the project: who invited them to what, sign-up with the address filled in, accept', async () => {
    const owner = await signUp(browser, uniqueEmail('inviter'), undefined, 'Olivia Owner');
    const project = await owner.page.evaluate(async () => {
      const response = await fetch('/api/projects', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Harbour Bakery' }),
      });
      return (await response.json()) as { id: string };
    });
    const invitee = uniqueEmail('newcomer');
    await owner.page.goto(`/projects/${project.id}/`);
    await owner.page.getByLabel('Invite by email').fill(invitee);
    await owner.page.getByRole('button', { name: 'Invite' }).click();
    await owner.page.getByText(`Invitation sent to ${invitee}.`).waitFor();
    await apiKeysAndWebhooks(owner.page, owner.context);
    await owner.context.close();
    let link: string | undefined;
    await expect
      .poll(
        () => {
          const rows = queryD1<{ text_body: string }>(`SELECT text_body FROM email_outbox WHERE to_address = '${invitee}' ORDER BY created_at DESC LIMIT 1`);
          link = rows[0]?.text_body.match(/http:\/\/\S+\/projects\?invite=[A-Za-z0-9_-]+/)?.[0];
          return link;
        },
        { timeout: 10_000 },
      )
      .toBeTruthy();

    const { context, page, errors } = await newPage(browser);
    await page.goto(link!);
    expect(new URL(page.url()).pathname).toBe('/login');
    await hydrated(page);
    await page.getByRole('heading', { name: 'Olivia Owner invited you to “Harbour Bakery”' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Create account' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.getByLabel('Work email').inputValue()).toBe(invitee);
    await expectAccessible(page);
    await page.getByLabel('Your name').fill('Nina Newcomer');
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Create free account' }).click();
    await page.getByRole('heading', { name: 'Olivia Owner invited you to “Harbour Bakery”' }).waitFor();
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await page.waitForURL(`**/projects/${project.id}/`);
    await page.getByRole('heading', { level: 1, name: 'Harbour Bakery' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers a project id that does not exist, or is not yours, with the 404 page', async () => {
    const { context, page } = await signUp(browser, uniqueEmail('stranger'));
    const response = await page.goto('/projects/seed_project_northwind_01/');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await context.close();
  });
});

const PHONE = { width: 390, height: 844 };

/** The page at both sizes, for a person to look at; nothing on it wider than the phone. */
async function bothSizes(page: Page, name: string): Promise<void> {
  await keepScreenshot(page, `${name}-1280.png`);
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at 390 px`).toBeLessThanOrEqual(PHONE.width);
  await keepScreenshot(page, `${name}-390.png`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * The owner's API keys and webhooks cards (issue 31), on the project page: a key (the Free plan's
 * read-only one) shown once and copied, then revoked after asking; an endpoint and its `whsec_`
 * secret; a test event whose delivery fails (no outbound network here) and the log's reason.
 */
async function apiKeysAndWebhooks(page: Page, context: BrowserContext): Promise<void> {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Create key' }).click();
  const create = page.getByRole('dialog', { name: 'Create an API key' });
  await create.getByLabel('Name').fill('Shop sync');
  expect(await create.getByRole('checkbox', { name: /Read/ }).isChecked()).toBe(true);
  await expectAccessible(page);
  await bothSizes(page, 'api-key-create');
  await create.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('dialog', { name: 'Copy your new API key' });
  const secret = await shown.getByLabel('API key').inputValue();
  expect(secret).toMatch(/^adl_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'Copy' }).click();
  await page.getByText('API key copied').waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expectAccessible(page);
  await bothSizes(page, 'api-key-secret');
  await shown.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Revoke Shop sync' }).click();
  await page.getByRole('dialog', { name: 'Revoke “Shop sync”?' }).getByRole('button', { name: 'Revoke key' }).click();
  await page.getByText('API key “Shop sync” revoked').waitFor();
  await page.getByText('No API keys yet.').waitFor();

  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const add = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
  await add.getByLabel('Address').fill('https://hooks.example.com/adloom');
  await expectAccessible(page);
  await bothSizes(page, 'webhook-add');
  await add.getByRole('button', { name: 'Add endpoint' }).click();
  const signing = page.getByRole('dialog', { name: 'Copy the signing secret' });
  expect(await signing.getByLabel('Signing secret').inputValue()).toMatch(/^whsec_/);
  await bothSizes(page, 'webhook-secret');
  await signing.getByRole('button', { name: 'Done' }).click();

  const toggle = page.getByRole('button', { name: 'Deliveries to https://hooks.example.com/adloom' });
  await toggle.click();
  const log = page.getByRole('region', { name: 'Deliveries to https://hooks.example.com/adloom' });
  await log.getByRole('button', { name: 'Send a test event' }).click();
  await page.getByText('Test event queued').waitFor();
  // The queue delivers within a second or two; the log shows why there was no answer once it has tried.
  await expect
    .poll(
      async () => {
        await toggle.click();
        await toggle.click();
        await log
          .getByText(/^Test event · /)
          .first()
          .waitFor();
        return log.locator('pre').count();
      },
      { timeout: 20_000, interval: 1000 },
    )
    .toBeGreaterThan(0);
  expect(await log.locator('pre').first().textContent()).not.toBe('');
  await log.scrollIntoViewIfNeeded();
  await expectAccessible(page);
  await bothSizes(page, 'webhook-log');
}
