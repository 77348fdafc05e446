import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreativeDocument } from '../common/creative/document.ts';
import { expectAccessible, keepScreenshot, launch, signUp, uniqueEmail } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A strict project (brand colours, Poppins/Lora, the guard strict) with a creative whose headline
 * is off brand: green in Caveat. Returns the creative's id.
 */
async function offBrandCreative(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const json = { 'content-type': 'application/json' };
    const send = async (url: string, method: string, body: unknown) => {
      const response = await fetch(url, { method, headers: json, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status}`);
      return response.json() as Promise<Record<string, unknown>>;
    };
    const project = await send('/api/projects', 'POST', { name: 'Harbour Bakery' });
    const kit = { logoMediaId: null, colors: ['#1f3a5f', '#f4a261'], headingFont: 'poppins', bodyFont: 'lora', tone: '' };
    await send(`/api/projects/${String(project.id)}`, 'PATCH', { brandKit: kit, brandGuardStrict: true });
    const creative = (await send(`/api/projects/${String(project.id)}/creatives`, 'POST', { template: 'bold-headline', format: 'square' })) as {
      id: string;
      document: CreativeDocument;
      revision: { number: number };
    };
    const document = {
      ...creative.document,
      layers: creative.document.layers.map((l) => (l.id === 'headline' && l.type === 'text' ? { ...l, color: '#22c55e', font: 'caveat' } : l)),
    };
    await send(`/api/creatives/${creative.id}`, 'PATCH', { document, baseRevision: creative.revision.number });
    return creative.id;
  });
}

describe('the brand guard in the browser', () => {
  it('blocks the render of a strict project, says why, and renders after "Fix all" (1280 × 800 and 390 × 844)', async () => {
    const { context, page, errors } = await signUp(browser, uniqueEmail('brand-guard'));
    await page.setViewportSize({ width: 1280, height: 800 });
    const id = await offBrandCreative(page);
    await page.goto(`/creatives/${id}`);
    await page.getByRole('img', { name: /^Preview,/ }).waitFor();
    const banner = page.getByRole('alert').filter({ hasText: 'The brand guard is strict in this project' });
    await banner.waitFor();
    expect(await banner.textContent()).toContain('2 colours and fonts must be fixed before rendering');

    // The headline's flags in the properties panel.
    await page.locator('[data-layer="headline"]').click();
    const flags = page.getByRole('group', { name: 'Brand guard' });
    await flags.waitFor();
    expect(await flags.getByText('#22c55e is not a brand colour.').count()).toBe(1);
    await keepScreenshot(page, 'brand-guard-flags-1280.png');

    // Render: the checklist, with no way past it but fixing.
    await page.getByRole('button', { name: /^Render PNG/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Brand check before rendering' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Render anyway' }).count()).toBe(0);
    await keepScreenshot(page, 'brand-guard-checklist-1280.png');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Fix all' }).click();
    await dialog.getByText('Everything is on brand now.').waitFor();
    await dialog.getByRole('button', { name: 'Render', exact: true }).click();
    await page.getByRole('dialog', { name: 'Rendered' }).waitFor({ timeout: 30_000 });
    const saved = await page.evaluate(async (id) => ((await (await fetch(`/api/creatives/${id}`)).json()) as { document: CreativeDocument }).document, id);
    expect(saved.layers.find((l) => l.id === 'headline')).toMatchObject({ font: 'poppins' });
    expect(await banner.count()).toBe(0);

    // At 390 px: the checklist of a second off-brand creative fits the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const second = await offBrandCreative(page);
    await page.goto(`/creatives/${second}`);
    await banner.waitFor();
    await banner.getByRole('button', { name: 'Review' }).click();
    await dialog.waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(390);
    await keepScreenshot(page, 'brand-guard-checklist-390.png');
    expect(errors).toEqual([]);
    await context.close();
  });
});
