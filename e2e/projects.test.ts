import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launch, signUpInBrowser, uniqueEmail } from './browser.ts';
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
    const dialog = page.getByRole('dialog', { name: 'New project' });
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

  it('answers a project id that does not exist, or is not yours, with the 404 page', async () => {
    const { context, page } = await signUpInBrowser(browser, uniqueEmail('stranger'));
    const response = await page.goto('/projects/seed_project_northwind_01/');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await context.close();
  });
});
