import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launch, signUp, uniqueEmail, keepScreenshot } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A new project with a creative; returns the creative's id. */
async function newCreative(page: Page, projectName: string): Promise<string> {
  return page.evaluate(async (name) => {
    const json = { 'content-type': 'application/json' };
    const project = (await (await fetch('/api/projects', { method: 'POST', headers: json, body: JSON.stringify({ name }) })).json()) as { id: string };
    const response = await fetch(`/api/projects/${project.id}/creatives`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ template: 'bold-headline', format: 'square' }),
    });
    return ((await response.json()) as { id: string }).id;
  }, projectName);
}

async function openEditor(page: Page, id: string): Promise<void> {
  await page.goto(`/creatives/${id}`);
  await page.getByRole('img', { name: /^Preview,/ }).waitFor();
}

/** The names of the list's rows, top (front) to bottom (back). */
const rows = (page: Page) =>
  page
    .getByRole('list', { name: 'Layers, front to back' })
    .locator('[data-row-main]')
    .evaluateAll((buttons) => buttons.map((b) => (b.textContent ?? '').trim()));

describe('the layers panel and the arrange tools in the browser', () => {
  it('reorders by dragging a row, groups, hides, renames, copies across creatives, at 1280 × 800 and 390 × 844', async () => {
    const { context, page, errors } = await signUp(browser, uniqueEmail('editor-layers'));
    const first = await newCreative(page, 'Harbour Bakery');
    const second = await newCreative(page, 'Corner Café');
    await openEditor(page, first);
    const list = page.getByRole('list', { name: 'Layers, front to back' });
    const before = await rows(page);
    expect(before).toHaveLength(4);

    // Drag the back layer's handle above the first row: it comes to the front.
    const last = list.locator('li').nth(3);
    const handle = (await last.locator('[data-handle]').boundingBox())!;
    const top = (await list.locator('li').first().boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2, top.y + 20, { steps: 8 });
    await page.mouse.move(handle.x + handle.width / 2, top.y + 2, { steps: 4 });
    await page.mouse.up();
    expect(await rows(page)).toEqual([before[3], ...before.slice(0, 3)]);

    // Select two rows (the second with Ctrl) and group them from the arrange toolbar; then align the group with the others.
    await list.getByRole('button', { name: before[0]!, exact: true }).click();
    await list.getByRole('button', { name: before[1]!, exact: true }).click({ modifiers: ['Control'] });
    const arrange = page.getByRole('group', { name: 'Arrange' });
    await arrange.getByRole('button', { name: 'Group', exact: true }).click();
    await list.getByRole('button', { name: 'Group of 2', exact: true }).waitFor();

    // Hide a layer: it leaves the canvas; rename another with a double-click.
    const logo = before[3]!;
    await list.getByRole('button', { name: `Hide “${logo}”` }).click();
    await expect.poll(() => page.locator('[data-layer="logo"]').count()).toBe(0);
    await list.getByRole('button', { name: `Show “${logo}”` }).waitFor();
    await list.getByRole('button', { name: before[2]!, exact: true }).dblclick();
    await page.getByRole('textbox', { name: `Name of “${before[2]}”` }).fill('Small print');
    await page.keyboard.press('Enter');
    await list.getByRole('button', { name: 'Small print', exact: true }).waitFor();

    await list.getByRole('button', { name: 'Small print', exact: true }).click();
    await keepScreenshot(page, 'editor-layers-1280.png');
    await expectAccessible(page);

    // Copy the selected layer (Ctrl+C on the canvas) and paste it into the other project's creative.
    await page.locator('[data-layer="headline"]').focus();
    await page.keyboard.press('Control+c');
    await page.getByText('Layer copied.').waitFor();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Saved' }).count()).toBeGreaterThan(0);
    await openEditor(page, second);
    await page.locator('[data-layer="headline"]').focus();
    await page.keyboard.press('Control+v');
    await page.locator('[data-layer="headline-2"]').waitFor();
    await page.getByRole('list', { name: 'Layers, front to back' }).getByRole('button', { name: 'Small print', exact: true }).waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('list', { name: 'Layers, front to back' }).scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'editor-layers-390.png');
    // The arrange tools over the canvas on a phone (a layer selected).
    await page.getByRole('group', { name: 'Arrange' }).scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'editor-arrange-390.png');
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
