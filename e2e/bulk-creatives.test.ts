import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, keepScreenshot, launch, postJson, signUp, uniqueEmail } from './browser.ts';
import { pngSize } from './images.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const LONG_CTA = 'Come by before nine and taste the first loaf of the day';
/** A private address: the worker refuses to fetch it, so its row fails when drawn (the sheet cannot know). */
const PRIVATE_PICTURE = 'https://10.0.0.1/logo.png';

/**
 * Rows as Google Sheets copies them (tab-separated): "headline" and "logo" are named like the
 * template's layers, "Button" is not; the third row's button text is too long for a button.
 */
const PASTED = [
  ['headline', 'Button', 'logo'],
  ['Fresh sourdough', 'Order now', ''],
  ['Rye on Saturday', 'Pre-order', ''],
  ['Cinnamon buns', LONG_CTA, ''],
  ['Seeded loaf', 'Reserve one', ''],
  ['Baguette at dawn', 'Visit us', PRIVATE_PICTURE],
]
  .map((cells) => cells.join('\t'))
  .join('\n');

/** The right edge of the widest thing in `scope`, and the page's own width: what a phone would scroll sideways for. */
async function widest(page: Page, scope: Locator): Promise<number> {
  const inner = await scope.evaluate((root) => Math.max(...[root, ...root.querySelectorAll('*')].map((el) => Math.ceil(el.getBoundingClientRect().right))));
  return Math.max(inner, await page.evaluate(() => document.documentElement.scrollWidth));
}

describe('bulk creatives from a spreadsheet in the browser', () => {
  it('pastes rows, maps a column by keyboard, previews, starts, follows the run across a reload, opens the gallery and the ZIP; at 1280 × 800 and 390 × 844', async () => {
    const { context, page, errors } = await signUp(browser, uniqueEmail('bulk'));
    const creditsLeft = () => page.evaluate(async () => ((await (await fetch('/api/credits')).json()) as { total: number }).total);
    const project = await postJson<{ id: string }>(page, '/api/projects', { name: 'Harbour Bakery' });
    const creative = await postJson<{ id: string }>(page, `/api/projects/${project.id}/creatives`, {
      template: 'bold-headline',
      format: 'square',
      name: 'Sourdough week',
    });
    await page.goto(`/creatives/${creative.id}`);
    await page.getByRole('img', { name: /^Preview,/ }).waitFor();

    // The sheet, pasted.
    await page.getByRole('button', { name: 'Create from a spreadsheet' }).click();
    const sheet = page.getByRole('dialog', { name: 'Create from a spreadsheet' });
    await sheet.getByLabel(/^Or paste rows/).fill(PASTED);
    // Named like a layer: mapped at once; "Button" waits to be mapped.
    expect(await sheet.getByLabel('Layer for “headline”').inputValue()).toBe('headline');
    expect(await sheet.getByLabel('Layer for “logo”').inputValue()).toBe('logo');
    expect(await sheet.getByLabel('What “logo” holds').inputValue()).toBe('image');
    const button = sheet.getByLabel('Layer for “Button”');
    expect(await button.inputValue()).toBe('');
    await sheet.getByText('5 rows will be drawn, 0 skipped.').waitFor();
    // Mapped by keyboard: Ignore, Logo, the headline, the body, then the button.
    await button.focus();
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowDown');
    expect(await button.inputValue()).toBe('cta');
    expect(await sheet.getByLabel('What “Button” holds').inputValue()).toBe('text');
    // The long button text leaves its row out, with the reason; the others are previewed and cost a credit each.
    await sheet.getByText('4 rows will be drawn, 1 skipped.').waitFor();
    const leftOut = sheet.getByRole('region', { name: 'Rows left out' });
    expect(await leftOut.getByRole('listitem').allTextContents()).toEqual(['Row 4, “Button”: The text of “cta” is too long: use at most 40 characters.']);
    const preview = sheet.getByRole('region', { name: 'Preview' });
    expect(await preview.getByText('Rows 1–3 of 4').count()).toBe(1);
    for (const line of [2, 3, 5]) await preview.getByRole('img', { name: `Row ${line}` }).waitFor();
    await sheet.getByText('4 credits at most (rows already drawn cost nothing).').waitFor();
    await sheet.getByText('You have 25.').waitFor();
    await expectAccessible(page);
    await keepScreenshot(page, 'bulk-sheet-1280.png');

    // Start, and watch the bar until the run has settled.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      const look = () => {
        const bar = document.querySelector('[role="progressbar"][aria-label="Drawing from the spreadsheet"]');
        const now = bar ? Number(bar.getAttribute('aria-valuenow')) : null;
        if (now !== null && seen.at(-1) !== now) seen.push(now);
      };
      new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
    });
    await sheet.getByRole('button', { name: 'Draw 4 pictures' }).click();
    await sheet.waitFor({ state: 'hidden' });
    await page.getByRole('progressbar', { name: 'Drawing from the spreadsheet' }).waitFor();
    await keepScreenshot(page, 'bulk-progress-1280.png');
    // The bar in the toolbar takes no room the editor's buttons need (nor does the word when the run ends, below).
    const renderButton = page.getByRole('button', { name: /^Render PNG/ });
    const fits = async () => {
      const box = (await renderButton.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(1280);
      expect((await page.getByLabel('Creative name').boundingBox())!.width).toBeGreaterThanOrEqual(100);
    };
    await fits();
    await page.getByText('Run finished: 3 pictures drawn, 1 failed.').waitFor({ timeout: 60_000 });
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    expect(seen[0]).toBe(0);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(Math.max(...seen)).toBeLessThanOrEqual(4);
    expect(await page.getByRole('progressbar').count()).toBe(0);
    await fits();
    await keepScreenshot(page, 'bulk-finished-1280.png');
    // Four held, the failed row's given back.
    await expect.poll(creditsLeft).toBe(22);

    // After a reload the run is still there, among the creative's runs.
    await page.reload();
    await page.getByRole('img', { name: /^Preview,/ }).waitFor();
    await page.getByRole('button', { name: 'Runs from spreadsheets' }).click();
    const runs = page.getByRole('dialog', { name: 'Runs from spreadsheets' });
    await runs.getByText('Finished: 3 of 4 drawn, 1 failed').waitFor();
    await runs.getByRole('button', { name: /^Open the run of/ }).click();
    const gallery = page.getByRole('dialog', { name: 'Sourdough week' });
    const items = gallery.getByRole('listitem');
    await gallery.getByText('Finished: 3 of 4 drawn, 1 failed, 3 credits used.').waitFor();
    expect(await items.allTextContents()).toEqual([
      'Row 1: drawn',
      'Row 2: drawn',
      'Row 3: drawn',
      'That address points inside a private network.Row 4: failed',
    ]);
    // Every thumbnail is a drawn picture that loaded.
    await expect
      .poll(() =>
        gallery.locator('img').evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0).length),
      )
      .toBe(3);
    expect(await gallery.getByRole('button', { name: 'Retry failed rows (1)' }).count()).toBe(1);
    await expectAccessible(page);
    await keepScreenshot(page, 'bulk-gallery-1280.png');

    // The ZIP: the drawn rows' PNGs in the sheet's order, then every row's outcome.
    const downloading = page.waitForEvent('download');
    await gallery.getByRole('link', { name: 'Download ZIP' }).click();
    const download = await downloading;
    const entries = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    expect(Object.keys(entries)).toEqual(['001-Sourdough week.png', '002-Sourdough week.png', '003-Sourdough week.png', 'rows.csv']);
    for (const name of Object.keys(entries).slice(0, 3)) expect(pngSize(entries[name]!)).toEqual({ width: 1080, height: 1080 });
    const csv = strFromU8(entries['rows.csv']!).trim().split(/\r?\n/);
    expect(csv[0]).toBe('row,status,error,creation_id');
    expect(csv.slice(1).map((line) => line.split(',').slice(0, 2).join(','))).toEqual(['1,done', '2,done', '3,done', '4,failed']);
    expect(csv[4]).toContain('That address points inside a private network.');

    // On a phone: the gallery, then the sheet again, from a CSV file of German Excel's (semicolons).
    await page.setViewportSize({ width: 390, height: 844 });
    await items.first().getByRole('img').waitFor();
    expect(await widest(page, gallery)).toBeLessThanOrEqual(390);
    await keepScreenshot(page, 'bulk-gallery-390.png');
    await page.keyboard.press('Escape');
    await gallery.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Create from a spreadsheet' }).click();
    await sheet.locator('input[type=file]').setInputFiles({
      name: 'bakery.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('headline;cta\nSpring loaves;Order now\nEaster bread;Reserve one\n'),
    });
    // The file's text stands in the box, read as rows by its semicolons.
    await expect.poll(() => sheet.getByLabel(/^Or paste rows/).inputValue()).toBe('headline;cta\nSpring loaves;Order now\nEaster bread;Reserve one\n');
    expect(await sheet.getByLabel('Layer for “cta”').inputValue()).toBe('cta');
    await sheet.getByText('2 rows will be drawn, 0 skipped.').waitFor();
    for (const line of [2, 3]) await sheet.getByRole('img', { name: `Row ${line}` }).waitFor();
    expect(await widest(page, sheet)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await keepScreenshot(page, 'bulk-sheet-390.png');
    const start = sheet.getByRole('button', { name: 'Draw 2 pictures' });
    await start.scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'bulk-sheet-390-end.png');
    await sheet.getByRole('button', { name: 'Cancel' }).click();
    await sheet.waitFor({ state: 'hidden' });

    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
