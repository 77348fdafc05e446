import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launch, signUp, uniqueEmail } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Where the screenshots go (looked at by hand; not compared). */
const SHOTS = join(import.meta.dirname, 'screenshots');

async function newSquareCreative(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const json = { 'content-type': 'application/json' };
    const project = (await (await fetch('/api/projects', { method: 'POST', headers: json, body: JSON.stringify({ name: 'Harbour Bakery' }) })).json()) as {
      id: string;
    };
    const response = await fetch(`/api/projects/${project.id}/creatives`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ template: 'bold-headline', format: 'square' }),
    });
    return ((await response.json()) as { id: string }).id;
  });
}

const previewWidth = async (page: Page) => (await page.getByRole('img', { name: /^Preview,/ }).boundingBox())!.width;

describe('the creative editor layout: the canvas gets the room', () => {
  it('fits a square ≥ 560 px at 1280 × 800 with both panels open (≥ 600 px hidden), one header row, help behind "?"; nothing wider than a 390 px phone', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const { context, page, errors } = await signUp(browser, uniqueEmail('editor-layout'));
    await page.setViewportSize({ width: 1280, height: 800 });
    const id = await newSquareCreative(page);
    await page.goto(`/creatives/${id}`);
    await page.getByRole('img', { name: /^Preview,/ }).waitFor();
    await page.getByText('Saved', { exact: true }).waitFor({ timeout: 15_000 });

    // The app's sidebar is collapsed on the editor until the user chooses otherwise; both panels are open.
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
    await page.getByRole('button', { name: 'Hide the layers panel' }).waitFor();
    await page.getByRole('button', { name: 'Hide the properties panel' }).waitFor();
    // The linked formats sit in the canvas toolbar's row; every header action is on one row.
    await page.getByRole('toolbar', { name: 'Canvas' }).getByRole('navigation', { name: 'Linked formats' }).waitFor();
    const header = (await page
      .locator('header')
      .filter({ has: page.getByRole('textbox', { name: 'Creative name' }) })
      .boundingBox())!;
    expect(header.height).toBeLessThan(60);
    for (const name of ['Undo', 'History', 'Variations', /^Render PNG/]) {
      const box = (await page.getByRole('button', { name }).first().boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(header.y);
      expect(box.y + box.height).toBeLessThanOrEqual(header.y + header.height);
    }
    const ad = (await page.getByRole('link', { name: 'Use in an ad' }).boundingBox())!;
    expect(ad.y + ad.height).toBeLessThanOrEqual(header.y + header.height);

    const withPanels = await previewWidth(page);
    await page.screenshot({ path: join(SHOTS, 'editor-layout-1280.png') });
    expect(withPanels).toBeGreaterThanOrEqual(560);

    // The canvas help is a keyboard-reachable "?" popover.
    const help = page.getByRole('button', { name: 'Canvas help' });
    await help.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('note').filter({ hasText: 'Double-click a text' }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'editor-layout-help-1280.png') });
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('note').filter({ hasText: 'Double-click a text' }).isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Hide the layers panel' }).click();
    await page.getByRole('button', { name: 'Hide the properties panel' }).click();
    await expect.poll(() => previewWidth(page)).toBeGreaterThanOrEqual(600);
    await page.screenshot({ path: join(SHOTS, 'editor-layout-1280-panels-hidden.png') });
    await page.getByRole('button', { name: 'Show the layers panel' }).click();
    await page.getByRole('button', { name: 'Show the properties panel' }).click();

    // A phone: the canvas fits the width and nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('img', { name: /^Preview,/ }).waitFor();
    await page.getByText('Saved', { exact: true }).waitFor({ timeout: 15_000 });
    const small = await previewWidth(page);
    expect(small).toBeLessThanOrEqual(390);
    expect(small).toBeGreaterThan(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(SHOTS, 'editor-layout-390.png') });
    await page.screenshot({ path: join(SHOTS, 'editor-layout-390-full.png'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
