import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, hydrated, launch, newPage, queryD1, signUp, signUpInBrowser, uniqueEmail } from './browser.ts';
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
