import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launch, signUp, uniqueEmail, keepScreenshot } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('variations in the browser', () => {
  it('generates rendered variations, picks one with the keyboard and opens it, at 1280 × 800 and 390 × 844', async () => {
    const { context, page, errors } = await signUp(browser, uniqueEmail('variations'));
    const creative = await page.evaluate(async () => {
      const json = async (path: string, method: string, body: unknown) =>
        (await (await fetch(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as { id: string };
      const project = await json('/api/projects', 'POST', { name: 'Harbour Bakery', description: 'Sourdough and pastries for early risers in Porto' });
      await json(`/api/projects/${project.id}`, 'PATCH', {
        brandKit: { logoMediaId: null, colors: ['#7c2d12', '#fbbf24', '#0f766e'], headingFont: 'montserrat', bodyFont: 'inter', tone: 'Warm and playful' },
      });
      return json(`/api/projects/${project.id}/creatives`, 'POST', { template: 'bold-headline', format: 'square' });
    });
    await page.goto(`/creatives/${creative.id}`);
    await page.getByRole('button', { name: 'Variations' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate variations' });
    await dialog.getByLabel('How many').fill('6');
    await dialog.getByRole('button', { name: 'Generate 6' }).click();
    const list = dialog.getByRole('listbox', { name: 'Variations' });
    await list.waitFor({ timeout: 60_000 });
    const options = list.getByRole('option');
    expect(await options.count()).toBe(6);
    // Every thumbnail is a rendered picture that loaded.
    await expect
      .poll(() =>
        list.locator('img').evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0).length),
      )
      .toBe(6);
    expect(await page.evaluate(async () => ((await (await fetch('/api/credits')).json()) as { total: number }).total)).toBe(19);
    await expectAccessible(page);
    await keepScreenshot(page, 'variations-dialog-1280.png');

    await options.first().focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await options.nth(2).getAttribute('aria-selected')).toBe('true');
    await page.setViewportSize({ width: 390, height: 844 });
    await keepScreenshot(page, 'variations-dialog-390.png');
    await keepScreenshot(page, 'variations-dialog-390-full.png', { fullPage: true });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/creatives/') && !url.pathname.endsWith(creative.id));
    await page.getByRole('img', { name: /^Preview, square/ }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
