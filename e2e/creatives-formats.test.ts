import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launch, signUp, uniqueEmail, keepScreenshot, postJson } from './browser.ts';
import { pngSize } from './images.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('every format at once in the browser', () => {
  it('resizes a creative to every format, switches between them, renders all for 4 credits and downloads them as a ZIP of PNGs, at 1280 × 800 and 390 × 844', async () => {
    const { context, page, errors } = await signUp(browser, uniqueEmail('formats'));
    await page.setViewportSize({ width: 1280, height: 800 });
    const creditsLeft = () => page.evaluate(async () => ((await (await fetch('/api/credits')).json()) as { total: number }).total);
    const project = await postJson<{ id: string }>(page, '/api/projects', { name: 'Harbour Bakery' });
    const creative = await page.evaluate(async (projectId) => {
      const response = await fetch(`/api/projects/${projectId}/creatives`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ template: 'gradient-promo', format: 'square', name: 'Sourdough week' }),
      });
      return (await response.json()) as { id: string };
    }, project.id);

    await page.goto(`/creatives/${creative.id}`);
    const formats = page.getByRole('navigation', { name: 'Linked formats' });
    await formats.getByText('Square').waitFor();

    // Resize, from the keyboard: every other format is picked already.
    const resize = page.getByRole('button', { name: /Resize/ });
    await resize.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Resize to other formats' });
    for (const label of ['Portrait', 'Story', 'Landscape']) expect(await dialog.getByRole('checkbox', { name: new RegExp(label) }).isChecked()).toBe(true);
    await expectAccessible(page);
    await keepScreenshot(page, 'formats-resize-1280.png');
    await dialog.getByRole('button', { name: 'Make 3 copies' }).click();
    await page.getByText('3 linked copies made: portrait, story, landscape.').waitFor();
    for (const label of ['Portrait', 'Story', 'Landscape']) await formats.getByRole('link', { name: label }).waitFor();
    expect(await creditsLeft()).toBe(25);

    // Switch to the story copy: its own editor, laid out for 1080 × 1920, in the same group.
    await formats.getByRole('link', { name: 'Story' }).click();
    await page.waitForURL((url) => url.pathname !== `/creatives/${creative.id}`);
    await page.getByRole('img', { name: /^Preview, story 1080 × 1920/ }).waitFor();
    expect(await page.getByLabel('Creative name').inputValue()).toBe('Sourdough week — story');
    await formats.getByRole('link', { name: 'Square' }).waitFor();
    expect(await formats.locator('[aria-current="page"]').textContent()).toContain('Story');

    // Render all formats: the cost first, then the PNGs.
    await page.getByRole('button', { name: 'Render all formats' }).click();
    const render = page.getByRole('dialog', { name: 'Render all formats' });
    await render.getByText('Costs 4 credits · you have 25.').waitFor();
    await keepScreenshot(page, 'formats-render-all-1280.png');
    await render.getByRole('button', { name: 'Render 4 formats · 4 credits' }).click();
    const done = page.getByRole('dialog', { name: 'Formats rendered' });
    await done.getByText('4 credits used.').waitFor({ timeout: 60_000 });
    for (const label of ['Square', 'Portrait', 'Story', 'Landscape']) await done.getByRole('img', { name: `${label} PNG` }).waitFor();
    await expect.poll(creditsLeft).toBe(21);
    await keepScreenshot(page, 'formats-rendered-1280.png');

    // The ZIP: four entries, each a whole PNG of its format's size.
    const downloadPromise = page.waitForEvent('download');
    await done.getByRole('link', { name: /Download all as ZIP/ }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe('Sourdough week - all formats.zip');
    const entries = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    const sizes = Object.entries(entries).map(([name, bytes]) => ({ name, ...pngSize(bytes) }));
    expect(sizes.map((s) => `${s.width}x${s.height}`)).toEqual(['1080x1080', '1080x1350', '1080x1920', '1200x628']);
    expect(sizes.map((s) => s.name)).toEqual([
      'Sourdough week - square 1080x1080.png',
      'Sourdough week - portrait 1080x1350.png',
      'Sourdough week - story 1080x1920.png',
      'Sourdough week - landscape 1200x628.png',
    ]);
    // One format on its own, too.
    const onePromise = page.waitForEvent('download');
    await done.getByRole('link', { name: 'Download the Landscape PNG' }).click();
    const one = await onePromise;
    expect(pngSize(new Uint8Array(readFileSync((await one.path())!)))).toEqual({ width: 1200, height: 628 });
    await page.keyboard.press('Escape');
    await done.waitFor({ state: 'hidden' });

    // Rendering again is free: every version has its PNG.
    await page.getByRole('button', { name: 'Render all formats' }).click();
    await render.getByText('Costs nothing · you have 21.').waitFor();
    await render.getByRole('button', { name: 'Cancel' }).click();

    // The creations gallery shows the four PNGs as one card.
    await page.goto('/creations');
    const card = page.getByRole('listitem', { name: 'Sourdough week: 4 formats' });
    await card.waitFor();
    expect(await card.getByRole('img').count()).toBe(4);
    expect(await card.getByRole('link', { name: /ZIP of all formats/ }).getAttribute('href')).toMatch(/^\/api\/creatives\/[\w-]+\/formats\/zip$/);
    await expectAccessible(page);
    await keepScreenshot(page, 'formats-creations-1280.png', { fullPage: true });

    // On a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await keepScreenshot(page, 'formats-creations-390.png', { fullPage: true });
    await page.goto(`/creatives/${creative.id}`);
    await formats.getByRole('link', { name: 'Landscape' }).waitFor();
    await keepScreenshot(page, 'formats-editor-390.png');
    await page.getByRole('button', { name: 'Render all formats' }).click();
    await render.getByText('Costs nothing · you have 21.').waitFor();
    await keepScreenshot(page, 'formats-render-all-390.png');

    // Resize on a phone, for a creative without copies.
    const alone = await page.evaluate(async (projectId) => {
      const response = await fetch(`/api/projects/${projectId}/creatives`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ template: 'bold-headline', format: 'landscape', name: 'Rye Saturday' }),
      });
      return (await response.json()) as { id: string };
    }, project.id);
    await page.goto(`/creatives/${alone.id}`);
    await page.getByRole('button', { name: /Resize/ }).click();
    const phoneDialog = page.getByRole('dialog', { name: 'Resize to other formats' });
    await phoneDialog.getByRole('button', { name: 'Make 3 copies' }).waitFor();
    await keepScreenshot(page, 'formats-resize-390.png');
    await phoneDialog.getByRole('button', { name: 'Cancel' }).click();

    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
