import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launch, signUp, uniqueEmail, postJson } from './browser.ts';
import { noisePng, pngSize } from './images.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('creatives in the browser', () => {
  it('creates a creative from a template, changes the headline, renders it, finds it in /creations and downloads it', async () => {
    const { context, page, errors } = await signUp(browser, uniqueEmail('creative'));
    await page.setViewportSize({ width: 1440, height: 900 });
    const creditsLeft = () => page.evaluate(async () => ((await (await fetch('/api/credits')).json()) as { total: number }).total);
    expect(await creditsLeft()).toBe(25);
    const project = await postJson<{ id: string }>(page, '/api/projects', { name: 'Harbour Bakery' });

    await page.goto(`/projects/${project.id}/creatives`);
    await page.getByRole('button', { name: 'New creative' }).first().click();
    const picker = page.getByRole('dialog', { name: 'New creative' });
    await picker.getByText('Portrait', { exact: true }).click();
    await picker.getByText('Gradient promo', { exact: true }).click();
    expect(await picker.getByRole('radio', { name: /Portrait/ }).isChecked()).toBe(true);
    expect(await picker.getByRole('radio', { name: 'Gradient promo' }).isChecked()).toBe(true);
    await expectAccessible(page);
    await picker.getByRole('button', { name: 'Create creative' }).click();
    await page.waitForURL(/\/creatives\/[A-Za-z0-9_-]+$/);
    await page.getByRole('img', { name: /^Preview, portrait 1080 × 1350/ }).waitFor();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Saved' }).count()).toBeGreaterThan(0);

    // Select the headline on the canvas, change it, and watch the autosave.
    await page.locator('[data-layer="headline"]').click();
    const text = page.getByLabel('Text', { exact: true });
    await text.fill('Sourdough, baked at dawn');
    await expect.poll(() => page.locator('[data-layer="headline"]').getAttribute('aria-label')).toContain('Sourdough, baked at dawn');
    await page.getByText('Saved', { exact: true }).waitFor({ timeout: 15_000 });
    const name = page.getByLabel('Creative name');
    await name.fill('Sourdough launch');
    await name.press('Enter');
    await page.getByText('Saved', { exact: true }).waitFor();
    await expect
      .poll(() =>
        page.evaluate(async () => ((await (await fetch(location.pathname.replace('/creatives/', '/api/creatives/'))).json()) as { name: string }).name),
      )
      .toBe('Sourdough launch');
    // The keyboard moves the selected layer; undo puts it back.
    const before = await page.locator('[data-layer="headline"]').getAttribute('style');
    await page.locator('[data-layer="headline"]').focus();
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('[data-layer="headline"]').getAttribute('style')).not.toBe(before);
    await page.keyboard.press('Control+z');
    expect(await page.locator('[data-layer="headline"]').getAttribute('style')).toBe(before);
    // The mouse: a drag moves the layer (one undo step for the whole drag); a small drag snaps back to the centre line.
    const headline = page.locator('[data-layer="headline"]');
    const box = (await headline.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 20, box.y + box.height / 2 + 30, { steps: 5 });
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 60, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => (await headline.boundingBox())!.x - box.x).toBeGreaterThan(30);
    await expect.poll(async () => (await headline.boundingBox())!.y - box.y).toBeGreaterThan(45);
    await page.keyboard.press('Control+z');
    expect(await headline.getAttribute('style')).toBe(before);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 3, box.y + box.height / 2, { steps: 3 });
    await page.mouse.up();
    await expect.poll(async () => Math.round((await headline.boundingBox())!.x - box.x)).toBe(0);
    const afterSmallDrag = await headline.getAttribute('style');
    // A handle resizes.
    const handle = page.locator('[data-handle="e"]');
    await handle.scrollIntoViewIfNeeded();
    const start = (await handle.boundingBox())!;
    const widthBefore = (await headline.boundingBox())!.width;
    await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
    await page.mouse.down();
    await page.mouse.move(start.x + start.width / 2 - 150, start.y + start.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => (await headline.boundingBox())!.width).toBeLessThan(widthBefore - 100);
    await page.keyboard.press('Control+z');
    expect(await headline.getAttribute('style')).toBe(afterSmallDrag);
    await expectAccessible(page);

    // Render: a progress bar, then the PNG, and one credit less.
    await page.getByRole('button', { name: 'Render PNG' }).click();
    await page.getByRole('progressbar', { name: 'Rendering' }).waitFor();
    const result = page.getByRole('dialog', { name: 'Rendered' });
    await result.waitFor({ timeout: 30_000 });
    await result.getByRole('img', { name: /Rendered PNG/ }).waitFor();
    expect(await creditsLeft()).toBe(24);
    await result.getByRole('link', { name: 'Open creations' }).click();

    await page.waitForURL(/\/creations/);
    const card = page.getByRole('link', { name: 'Open creative for Sourdough launch' });
    await card.waitFor();
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download Sourdough launch' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe('Sourdough launch.png');
    const bytes = readFileSync(await download.path());
    expect(pngSize(bytes)).toEqual({ width: 1080, height: 1350 });
    await expectAccessible(page);

    // Rendering the unchanged creative again is free and gives the same creation.
    await card.click();
    await page.waitForURL(/\/creatives\/[A-Za-z0-9_-]+$/);
    await page.getByRole('button', { name: 'Render PNG' }).click();
    await page.getByRole('dialog', { name: 'Already rendered' }).waitFor({ timeout: 30_000 });
    expect(await creditsLeft()).toBe(24);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets a visitor try the playground without an account and download a watermarked PNG', async () => {
    const context = await browser.newContext({
      baseURL: (await import('./browser.ts')).baseURL,
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await page.goto('/playground');
    await page.getByRole('radio', { name: 'Sale badge' }).click();
    await page.locator('[data-layer="headline"]').click();
    await page.getByLabel('Text', { exact: true }).fill('Half-price croissants');
    await page.getByText(/3 of 3 downloads left today/).waitFor();
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PNG' }).click();
    const download = await downloadPromise;
    expect(pngSize(readFileSync(await download.path()))).toEqual({ width: 1080, height: 1080 });
    await page.getByText(/2 of 3 downloads left today/).waitFor();
    // The work stays in the browser: a reload keeps it.
    await page.reload();
    await expect.poll(() => page.locator('[data-layer="headline"]').getAttribute('aria-label')).toContain('Half-price croissants');
    await expectAccessible(page);
    await context.close();
  });

  it('saves the playground into a project (the picture goes to its library) and picks a library picture in the editor', async () => {
    const { context, page, errors } = await signUp(browser, uniqueEmail('playground'));
    await page.setViewportSize({ width: 1440, height: 900 });
    const project = await page.evaluate(async () => {
      const response = await fetch('/api/projects', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Corner Café' }),
      });
      return (await response.json()) as { id: string };
    });
    await page.goto('/playground');
    await page.getByRole('radio', { name: 'Split with image' }).click();
    await page.locator('input[type=file]').setInputFiles({ name: 'latte.png', mimeType: 'image/png', buffer: noisePng(64, 48) });
    await page
      .getByRole('img', { name: /^Preview,/ })
      .locator('img')
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Save to a project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save to a project' });
    await dialog.getByLabel('Project').selectOption(project.id);
    await dialog.getByRole('button', { name: 'Save creative' }).click();
    await page.waitForURL(/\/creatives\/[A-Za-z0-9_-]+$/);
    // The picture is now a media object of the project, drawn from the library.
    const preview = page.getByRole('img', { name: /^Preview,/ });
    await expect.poll(() => preview.locator('img').first().getAttribute('src')).toMatch(/^\/api\/media\/[A-Za-z0-9_-]+\/file$/);
    const library = await page.evaluate(
      async (id) => ((await (await fetch(`/api/projects/${id}/media`)).json()) as { items: { name: string }[] }).items.map((m) => m.name),
      project.id,
    );
    expect(library).toEqual([expect.stringMatching(/^playground-picture/)]);

    // Add an image layer and pick that picture from the library.
    await page.getByRole('group', { name: 'Add a layer' }).getByRole('button', { name: 'Image' }).click();
    await page.getByRole('complementary', { name: 'Properties' }).getByRole('button', { name: 'Choose picture' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose a picture' });
    await picker.getByRole('button', { name: /playground-picture/ }).click();
    await expect.poll(() => preview.locator('img').count()).toBe(2);
    await page.getByText('Saved', { exact: true }).waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
