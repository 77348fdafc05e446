import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreativeDocument, Layer } from '../common/creative/document.ts';
import { expectAccessible, launch, signUp, uniqueEmail, keepScreenshot } from './browser.ts';
import { compare, decodePng } from './image-diff.ts';
import { MAX_DIFFERING, MAX_MEAN, renderPng, screenshotPreview } from './preview-render.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A new project with a creative of `template`; returns the creative's id and its document. */
async function newCreative(page: Page, template = 'bold-headline', format = 'square'): Promise<{ id: string; document: CreativeDocument; revision: number }> {
  return page.evaluate(
    async ({ template, format }) => {
      const json = { 'content-type': 'application/json' };
      const project = (await (await fetch('/api/projects', { method: 'POST', headers: json, body: JSON.stringify({ name: 'Harbour Bakery' }) })).json()) as {
        id: string;
      };
      const response = await fetch(`/api/projects/${project.id}/creatives`, { method: 'POST', headers: json, body: JSON.stringify({ template, format }) });
      const creative = (await response.json()) as { id: string; document: CreativeDocument; revision: { number: number } };
      return { id: creative.id, document: creative.document, revision: creative.revision.number };
    },
    { template, format },
  );
}

async function saveDocument(page: Page, id: string, document: CreativeDocument, baseRevision: number): Promise<void> {
  const status = await page.evaluate(
    async ({ id, document, baseRevision }) =>
      (
        await fetch(`/api/creatives/${id}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ document, baseRevision }),
        })
      ).status,
    { id, document, baseRevision },
  );
  expect(status).toBe(200);
}

/** The creative's document as the server keeps it. */
async function savedDocument(page: Page, id: string): Promise<CreativeDocument> {
  return page.evaluate(async (id) => ((await (await fetch(`/api/creatives/${id}`)).json()) as { document: CreativeDocument }).document, id);
}

async function openEditor(page: Page, id: string): Promise<void> {
  await page.goto(`/creatives/${id}`);
  await page.getByRole('img', { name: /^Preview,/ }).waitFor();
  await expect.poll(() => page.getByRole('status').filter({ hasText: 'Saved' }).count()).toBeGreaterThan(0);
}

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;

describe('the creative editor in the browser', () => {
  it('drags at 60 frames a second with 30 layers, some turned (frame times measured during the drag)', async () => {
    const { context, page, errors } = await signUp(browser, uniqueEmail('editor-fps'));
    const creative = await newCreative(page);
    // 30 layers: the template's 4, then rows of shapes and texts over the canvas.
    const text = creative.document.layers.find((l) => l.type === 'text')!;
    const shape: Layer = { id: 's', type: 'shape', shape: 'rect', x: 0, y: 0, w: 10, h: 10, fill: '#f4a261', radius: 2, opacity: 0.9 } as Layer;
    const layers: Layer[] = [...creative.document.layers];
    for (let i = 0; layers.length < 30; i += 1) {
      // Every third one turned (issue 29), the dragged shape-14 among them: shapes and texts at −40° to 40°.
      const at = { x: 4 + (i % 6) * 16, y: 4 + Math.floor(i / 6) * 19, w: 13, h: 8, ...(i % 3 === 2 ? { rotation: ((i * 17) % 81) - 40 } : {}) };
      layers.push(i % 2 === 0 ? { ...shape, id: `shape-${i}`, ...at } : ({ ...text, id: `text-${i}`, text: `Layer ${i} with words`, size: 3, ...at } as Layer));
    }
    await saveDocument(page, creative.id, { ...creative.document, layers }, creative.revision);
    await openEditor(page, creative.id);
    expect(await page.locator('[data-layer]').count()).toBe(30);
    expect(await page.locator('[data-layer][style*="rotate("]').count()).toBe(8);

    const target = page.locator('[data-layer="shape-14"]');
    const start = (await target.boundingBox())!;
    const before = await target.getAttribute('style');
    // Frame times from requestAnimationFrame, and long tasks, while the mouse drags the layer in 120 steps.
    await page.evaluate(() => {
      const w = window as unknown as { frames: number[]; longTasks: number[]; recording: boolean };
      w.frames = [];
      w.longTasks = [];
      w.recording = true;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.longTasks.push(entry.duration);
      }).observe({ type: 'longtask' });
      const tick = (time: number) => {
        if (!w.recording) return;
        w.frames.push(time);
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 120; i += 1) {
      await page.mouse.move(start.x + start.width / 2 + Math.sin(i / 12) * 120, start.y + start.height / 2 + i);
    }
    const during = await page.evaluate(() => {
      const w = window as unknown as { frames: number[]; longTasks: number[]; recording: boolean };
      w.recording = false;
      return { frames: w.frames, longTasks: w.longTasks };
    });
    await page.mouse.up();
    const deltas = during.frames.slice(1).map((t, i) => t - during.frames[i]!);
    const summary = {
      frames: deltas.length,
      median: quantile(deltas, 0.5),
      p95: quantile(deltas, 0.95),
      max: Math.max(...deltas),
      longTasks: during.longTasks,
    };
    console.info('drag with 30 layers, frame times (ms):', JSON.stringify(summary));
    expect(deltas.length).toBeGreaterThan(30);
    // 60 fps: the typical frame comes every 16.7 ms, and nineteen frames in twenty drop at most one frame.
    // The worst frame and long tasks are logged, not asserted: on a shared CI machine another process can
    // pause the browser once (a GC, the worker answering the autosave), which says nothing about the editor.
    // A quiet measurement here: median 16.7, p95 16.7, max 16.8 ms, no long task.
    expect(summary.median).toBeLessThan(18);
    expect(summary.p95).toBeLessThan(34);
    // The layer moved, in one undo step.
    await expect.poll(async () => (await target.boundingBox())!.y - start.y).toBeGreaterThan(100);
    await page.keyboard.press('Control+z');
    expect(await target.getAttribute('style')).toBe(before);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('edits a text in place: double-click, type, Escape; autosaved, undone in one step, at 1280 × 800 and 390 × 844', async () => {
    const { context, page, errors } = await signUp(browser, uniqueEmail('editor-text'));
    await page.setViewportSize({ width: 1280, height: 800 });
    const creative = await newCreative(page);
    await openEditor(page, creative.id);
    const headline = page.locator('[data-layer="headline"]');
    const original = (await headline.getAttribute('aria-label'))!;
    // The canvas takes its column (at 1280 × 800 with both panels open, the column is ~460 px wide).
    const canvas = (await page.getByRole('img', { name: /^Preview,/ }).boundingBox())!;
    await keepScreenshot(page, 'editor-1280.png');
    expect(canvas.width).toBeGreaterThan(420);

    await headline.dblclick();
    const area = page.getByRole('textbox', { name: /^Edit the text of/ });
    await area.waitFor();
    expect(await area.evaluate((el) => el === document.activeElement)).toBe(true);
    // In the layer's own font, at the canvas's scale: the same font-family the preview draws with.
    const family = await area.evaluate((el) => getComputedStyle(el).fontFamily);
    expect(family).toMatch(/cf-/);
    await area.press('Control+a');
    await area.pressSequentially('Sourdough at dawn');
    await keepScreenshot(page, 'editor-text-1280.png');
    await area.press('Escape');
    await expect.poll(() => area.count()).toBe(0);
    await expect.poll(() => headline.getAttribute('aria-label')).toContain('Sourdough at dawn');
    expect(await headline.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByText('Saved', { exact: true }).waitFor({ timeout: 15_000 });
    const saved = await savedDocument(page, creative.id);
    expect(saved.layers.find((l) => l.id === 'headline')).toMatchObject({ text: 'Sourdough at dawn' });
    // Enter also edits; the whole typing was one undo step.
    await page.keyboard.press('Control+z');
    await expect.poll(() => headline.getAttribute('aria-label')).toBe(original);
    await headline.press('Enter');
    await area.waitFor();
    await area.press('Escape');
    await expectAccessible(page);

    // Zoom: Ctrl+plus makes the canvas larger and the viewport scrolls; Ctrl+0 fits it again.
    await page.keyboard.press('Control+=');
    await expect.poll(async () => (await page.getByRole('img', { name: /^Preview,/ }).boundingBox())!.width).toBeGreaterThan(canvas.width + 10);
    await page.keyboard.press('Control+0');
    await expect.poll(async () => Math.round((await page.getByRole('img', { name: /^Preview,/ }).boundingBox())!.width)).toBe(Math.round(canvas.width));
    // Hiding both panels gives the canvas the width.
    await page.getByRole('button', { name: 'Hide the layers panel' }).click();
    await page.getByRole('button', { name: 'Hide the properties panel' }).click();
    await expect.poll(async () => (await page.getByRole('region', { name: 'Canvas' }).boundingBox())!.width).toBeGreaterThan(1000);
    // The square is then as tall as the window allows: wider than the 448 px the editor had at 1280 px.
    await expect.poll(async () => (await page.getByRole('img', { name: /^Preview,/ }).boundingBox())!.width).toBeGreaterThan(448);
    await keepScreenshot(page, 'editor-1280-panels-hidden.png');
    await page.getByRole('button', { name: 'Show the layers panel' }).click();
    await page.getByRole('button', { name: 'Show the properties panel' }).click();

    await page.getByText('Saved', { exact: true }).waitFor({ timeout: 15_000 });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('img', { name: /^Preview,/ }).waitFor();
    await page.getByText('Saved', { exact: true }).waitFor();
    const small = (await page.getByRole('img', { name: /^Preview,/ }).boundingBox())!;
    expect(small.width).toBeLessThanOrEqual(390);
    expect(small.width).toBeGreaterThan(300);
    await keepScreenshot(page, 'editor-390.png');
    await page.locator('[data-layer="headline"]').dblclick();
    await area.waitFor();
    await keepScreenshot(page, 'editor-text-390.png');
    await area.press('Escape');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('pans a zoomed canvas with space+drag, and zooms with two fingers on a touch screen', async () => {
    const { context, page, errors } = await signUp(browser, uniqueEmail('editor-zoom'));
    const creative = await newCreative(page);
    await openEditor(page, creative.id);
    const viewport = page.getByTestId('stage-viewport');
    const level = page.getByRole('status', { name: 'Zoom level' });
    const fit = Number.parseInt((await level.textContent())!, 10);
    for (let i = 0; i < 6; i += 1) await page.keyboard.press('Control+=');
    await expect.poll(() => level.textContent()).toBe('200 %');
    const scroll = () => viewport.evaluate((el) => ({ left: el.scrollLeft, top: el.scrollTop }));
    const before = await scroll();
    const view = (await viewport.boundingBox())!;
    await page.keyboard.down('Space');
    await page.mouse.move(view.x + view.width / 2, view.y + view.height / 2);
    await page.mouse.down();
    await page.mouse.move(view.x + view.width / 2 - 100, view.y + view.height / 2 - 80, { steps: 5 });
    await page.mouse.up();
    await page.keyboard.up('Space');
    const after = await scroll();
    expect(Math.round(after.left - before.left)).toBe(100);
    expect(Math.round(after.top - before.top)).toBe(80);
    // Panning moved the view, not a layer: nothing selected, nothing changed (still saved).
    expect(await page.locator('[data-layer][aria-pressed="true"]').count()).toBe(0);
    expect(await page.getByText('Saved', { exact: true }).count()).toBe(1);
    await page.keyboard.press('Control+0');
    await expect.poll(() => level.textContent()).toBe(`${fit} %`);

    // Two fingers spreading apart on the canvas zoom in (through the DevTools protocol's touch input).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    const canvas = (await page.getByTestId('stage-overlay').boundingBox())!;
    const cx = canvas.x + canvas.width * 0.7;
    const cy = canvas.y + canvas.height * 0.15;
    const fingers = (spread: number) => [
      { x: cx - spread, y: cy, id: 1 },
      { x: cx + spread, y: cy, id: 2 },
    ];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(20) });
    for (let spread = 25; spread <= 80; spread += 5) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(spread) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(async () => Number.parseInt((await level.textContent())!, 10)).toBeGreaterThan(fit * 2);
    expect(await page.locator('[data-layer][aria-pressed="true"]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('selects several layers (Shift+click, a marquee) and aligns them with the arrange toolbar', async () => {
    const { context, page, errors } = await signUp(browser, uniqueEmail('editor-align'));
    await page.setViewportSize({ width: 1280, height: 800 });
    const creative = await newCreative(page);
    await openEditor(page, creative.id);
    const logo = page.locator('[data-layer="logo"]');
    const cta = page.locator('[data-layer="cta"]');
    // Move the button to the right first, so that aligning has something to do.
    await cta.click();
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('Shift+ArrowRight');
    const ctaBefore = (await cta.boundingBox())!;
    const logoBox = (await logo.boundingBox())!;
    expect(ctaBefore.x).toBeGreaterThan(logoBox.x + 20);

    await logo.click();
    await cta.click({ modifiers: ['Shift'] });
    expect(await logo.getAttribute('aria-pressed')).toBe('true');
    expect(await cta.getAttribute('aria-pressed')).toBe('true');
    await page.locator('[data-selection-frame="2"]').waitFor();
    await keepScreenshot(page, 'editor-multi-1280.png');
    await page.getByRole('button', { name: 'Align left', exact: true }).click();
    await expect.poll(async () => Math.round((await cta.boundingBox())!.x)).toBe(Math.round(logoBox.x));
    // One undo step.
    await page.keyboard.press('Control+z');
    await expect.poll(async () => Math.round((await cta.boundingBox())!.x)).toBe(Math.round(ctaBefore.x));

    // A marquee from the empty top-right corner down over the headline selects what it touches.
    const canvas = (await page.getByTestId('stage-overlay').boundingBox())!;
    await page.mouse.move(canvas.x + canvas.width - 4, canvas.y + 4);
    await page.mouse.down();
    await page.mouse.move(canvas.x + canvas.width * 0.5, canvas.y + canvas.height * 0.4, { steps: 6 });
    await page.getByTestId('marquee').waitFor();
    await page.mouse.up();
    await expect
      .poll(() => page.locator('[data-layer][aria-pressed="true"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-layer'))))
      .toEqual(['headline']);
    // Ctrl+A then drag moves all of them together.
    await page.locator('[data-layer="headline"]').focus();
    await page.keyboard.press('Control+a');
    await expect.poll(() => page.locator('[data-layer][aria-pressed="true"]').count()).toBe(4);
    const head = (await page.locator('[data-layer="headline"]').boundingBox())!;
    const logoStart = (await logo.boundingBox())!;
    await page.mouse.move(head.x + head.width / 2, head.y + head.height / 2);
    await page.mouse.down();
    await page.mouse.move(head.x + head.width / 2 + 5, head.y + head.height / 2 + 40, { steps: 8 });
    await page.keyboard.down('Control');
    await page.mouse.move(head.x + head.width / 2 + 5, head.y + head.height / 2 + 41, { steps: 2 });
    await page.mouse.up();
    await page.keyboard.up('Control');
    await expect.poll(async () => Math.round((await logo.boundingBox())!.y - logoStart.y)).toBeGreaterThan(30);
    expect(Math.round((await page.locator('[data-layer="headline"]').boundingBox())!.y - head.y)).toBe(Math.round((await logo.boundingBox())!.y - logoStart.y));
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('rotates a layer by dragging its rotate handle: whole degrees, Shift for 15° steps, the angle in the degrees field, undone step by step', async () => {
    const { context, page, errors } = await signUp(browser, uniqueEmail('editor-rotate'));
    await page.setViewportSize({ width: 1280, height: 800 });
    const creative = await newCreative(page);
    await openEditor(page, creative.id);
    const cta = page.locator('[data-layer="cta"]');
    const handle = page.locator('[data-handle="rotate"]');
    const degrees = page.getByLabel('Rotation (°)', { exact: true });
    const centre = async (box: typeof cta) => {
      const b = (await box.boundingBox())!;
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    };
    await cta.click();
    await expect.poll(() => degrees.inputValue()).toBe('0');
    // The box's centre is the pivot; a turned box's bounding box keeps it.
    const pivot = await centre(cta);
    /** Where a point is seen from the pivot, in degrees clockwise from straight up. */
    const angleOf = (point: { x: number; y: number }) => (Math.atan2(point.x - pivot.x, pivot.y - point.y) * 180) / Math.PI;
    /** Drags the handle round the pivot (160 px out) by `by` degrees, showing `shows` before letting go. */
    const turn = async (by: number, shows: string, shift = false) => {
      // Whole pixels, as the pointer events carry them.
      const handleAt = await centre(handle);
      const grip = { x: Math.round(handleAt.x), y: Math.round(handleAt.y) };
      const from = angleOf(grip);
      await page.mouse.move(grip.x, grip.y);
      await page.mouse.down();
      if (shift) await page.keyboard.down('Shift');
      for (let i = 1; i <= 12; i += 1) {
        const angle = ((from + (by * i) / 12) * Math.PI) / 180;
        await page.mouse.move(Math.round(pivot.x + 160 * Math.sin(angle)), Math.round(pivot.y - 160 * Math.cos(angle)));
      }
      // Shown while turning (drawn on the next frame).
      await expect.poll(() => page.getByTestId('turn-angle').textContent()).toBe(shows);
      await page.mouse.up();
      if (shift) await page.keyboard.up('Shift');
    };

    // Free: whole degrees.
    await turn(62, '62°');
    await expect.poll(() => degrees.inputValue()).toBe('62');
    expect(await cta.getAttribute('style')).toContain('rotate(62deg)');
    await expect.poll(() => page.getByTestId('turn-angle').count()).toBe(0);
    // Shift: 15° steps (62 + 41 = 103 → 105).
    await turn(41, '105°', true);
    await expect.poll(() => degrees.inputValue()).toBe('105');
    // The handle went round with the box: it sits at 105° from the pivot.
    expect(Math.abs(angleOf(await centre(handle)) - 105)).toBeLessThan(3);
    await keepScreenshot(page, 'editor-rotate-1280.png');
    await page.getByText('Saved', { exact: true }).waitFor({ timeout: 15_000 });
    const saved = await savedDocument(page, creative.id);
    expect(saved.layers.find((l) => l.id === 'cta')).toMatchObject({ x: 7, y: 81, w: 38, h: 9, rotation: 105 });

    // Each turn is one undo step.
    await page.keyboard.press('Control+z');
    await expect.poll(() => degrees.inputValue()).toBe('62');
    await page.keyboard.press('Control+z');
    await expect.poll(() => degrees.inputValue()).toBe('0');
    expect(await cta.getAttribute('style')).not.toContain('rotate(');
    // The degrees field is the keyboard's path: typed, and ArrowUp with Shift (×10).
    await degrees.fill('30');
    await expect.poll(() => cta.getAttribute('style')).toContain('rotate(30deg)');
    await degrees.press('Shift+ArrowUp');
    await expect.poll(() => cta.getAttribute('style')).toContain('rotate(40deg)');

    await page.setViewportSize({ width: 390, height: 844 });
    await cta.click();
    await handle.waitFor();
    await keepScreenshot(page, 'editor-rotate-390.png');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('styles a word selected on the canvas (mouse and keyboard, Ctrl+I and Ctrl+B) and colours it from the style bar; the PNG shows it as the editor does', async () => {
    const { context, page, errors } = await signUp(browser, uniqueEmail('editor-words'));
    await page.setViewportSize({ width: 1280, height: 800 });
    const creative = await newCreative(page);
    const words = 'Fresh bread every morning';
    const styled = {
      ...creative.document,
      layers: creative.document.layers.map((l) => (l.id === 'body' ? ({ ...l, text: words, align: 'left', size: 6 } as Layer) : l)),
    };
    await saveDocument(page, creative.id, styled, creative.revision);
    await openEditor(page, creative.id);
    const body = page.locator('[data-layer="body"]');
    await body.dblclick();
    const area = page.getByRole('textbox', { name: /^Edit the text of/ });
    await area.waitFor();
    const selection = () => area.evaluate((el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionEnd));
    // The mouse: a double-click on the first word selects it; Ctrl+I.
    const box = (await area.boundingBox())!;
    await page.mouse.dblclick(box.x + 12, box.y + 10);
    await expect.poll(selection).toBe('Fresh');
    await page.keyboard.press('Control+i');
    // The keyboard: the caret to the text's end, the last word selected with Ctrl+Shift+ArrowLeft; Ctrl+B.
    await area.press('Control+End');
    await area.press('Control+Shift+ArrowLeft');
    await expect.poll(selection).toBe('morning');
    await area.press('Control+b');
    await keepScreenshot(page, 'editor-words-1280.png');
    await area.press('Escape');
    await expect.poll(() => area.count()).toBe(0);

    // The style bar (the properties panel): the same word selected in its text field, then a brand colour.
    const field = page.locator('textarea[data-field="text"]');
    await field.focus();
    await field.press('Control+End');
    await field.press('Control+Shift+ArrowLeft');
    await page.getByText('The styles apply to the 7 selected characters.').waitFor();
    // The palette's second colour (the first is the template's background).
    const swatch = page
      .getByRole('group', { name: 'Word colour' })
      .getByRole('button', { name: /^Colour the words #/ })
      .nth(1);
    const colour = (await swatch.getAttribute('title'))!;
    expect(creative.document.background).not.toMatchObject({ color: colour });
    await swatch.click();
    await expect.poll(() => swatch.getAttribute('aria-pressed')).toBe('true');
    await keepScreenshot(page, 'editor-words-panel-1280.png');

    await page.getByText('Saved', { exact: true }).waitFor({ timeout: 15_000 });
    const saved = await savedDocument(page, creative.id);
    const layer = saved.layers.find((l) => l.id === 'body');
    expect(layer).toMatchObject({
      text: words,
      runs: [
        { start: 0, end: 5, italic: true },
        { start: words.indexOf('morning'), end: words.length, bold: true, color: colour },
      ],
    });

    // What the editor shows is what renders: the preview (reloaded from the saved document) against the worker's PNG.
    await page.goto('/creatives');
    const rendering = renderPng(page, creative.id);
    rendering.catch(() => undefined);
    const result = compare(decodePng(await screenshotPreview(page, creative.id)), decodePng(await rendering), 108);
    console.info(`a word styled on the canvas: mean ${result.mean.toFixed(2)}, differing ${(result.differing * 100).toFixed(2)} %`);
    expect(result.mean).toBeLessThan(MAX_MEAN);
    expect(result.differing).toBeLessThan(MAX_DIFFERING);
    // The preview draws the styled words (their own spans in the layer's text).
    const preview = page.getByRole('img', { name: /^Preview,/ });
    const morning = preview.getByText('morning', { exact: true });
    expect(await morning.evaluate((el) => [getComputedStyle(el).fontWeight, getComputedStyle(el).color])).toEqual(['700', hexToRgb(colour)]);
    // Italic is a slant both engines draw alike (client/creative/styled-text.tsx).
    expect(await preview.getByText('Fresh', { exact: true }).evaluate((el) => el.style.transform)).toBe('skewX(-11deg)');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('[data-layer="body"]').dblclick();
    await area.waitFor();
    await keepScreenshot(page, 'editor-words-390.png');
    await area.press('Escape');
    expect(errors).toEqual([]);
    await context.close();
  });
});

const hexToRgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
