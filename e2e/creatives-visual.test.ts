import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreativeDocument, FormatId } from '../common/creative/document.ts';
import { mustStayClear, RESIZE_PLACEMENT, zonesCovering, zonesFor } from '../common/creative/safe-zones.ts';
import { buildTemplate, TEMPLATES } from '../common/creative/templates.ts';
import type { FontRef } from '../common/fonts.ts';
import { api, keepScreenshot, launch, signUp, uniqueEmail } from './browser.ts';
import { compare, decodePng } from './image-diff.ts';
import { MAX_DIFFERING, renderPng } from './preview-render.ts';
import { createCreative, expectAllMatch, measure, ratio, type Measured, type Picture } from './visual-cases.ts';

/**
 * What you see is what renders (issue #6): for every template, chromium's screenshot of
 * the editor preview and the worker's PNG (satori → resvg) agree. Both are compared at a
 * small size after a slight blur (image-diff.ts), which washes out the anti-aliasing that
 * differs between the two rasterisers but not a layer that moved, is missing, changed
 * colour or wraps differently. The limits (preview-render.ts) were chosen from measurements.
 */

/** A smooth picture with shapes (noise would average to grey and prove nothing). */
function picturePng(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      const inSun = (x - width * 0.7) ** 2 + (y - height * 0.3) ** 2 < (height * 0.18) ** 2;
      const hill = y > height * 0.62 + Math.sin(x / 40) * 20;
      png.data[i] = inSun ? 250 : hill ? 60 : 120 + (x / width) * 80;
      png.data[i + 1] = inSun ? 200 : hill ? 120 : 160 + (y / height) * 40;
      png.data[i + 2] = inSun ? 80 : hill ? 70 : 220;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** A round logo on transparency. */
function logoPng(size: number): Buffer {
  const png = new PNG({ width: size * 2, height: size });
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size * 2; x += 1) {
      const i = (y * size * 2 + x) * 4;
      const inside = (x - size / 2) ** 2 + (y - size / 2) ** 2 < (size * 0.45) ** 2 || (x > size && x < size * 1.9 && y > size * 0.35 && y < size * 0.65);
      png.data.set(inside ? [220, 80, 40, 255] : [0, 0, 0, 0], i);
    }
  }
  return PNG.sync.write(png);
}

async function upload(page: Page, projectId: string, name: string, bytes: Buffer): Promise<string> {
  const result = await page.evaluate(
    async ([p, n, b64]) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const response = await fetch(`/api/projects/${p}/media?filename=${encodeURIComponent(n)}`, { method: 'POST', body: bytes });
      return (await response.json()) as { id: string };
    },
    [projectId, name, bytes.toString('base64')] as const,
  );
  return result.id;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('the editor preview and the rendered PNG', () => {
  it('match for every template (and in every format), and the comparison catches a moved layer and another template', async () => {
    /** An account (a Free plan's 25 credits) with a project in the test's brand kit, its picture and its logo. */
    const account = async (n: number) => {
      const session = await signUp(browser, uniqueEmail(`visual-${n}`));
      const { page } = session;
      await page.setViewportSize({ width: 1440, height: 1000 });
      const project = await api<{ id: string }>(page, 'POST', '/api/projects', { name: 'Visual Roasters' });
      expect(project.status).toBe(201);
      const projectId = project.body.id;
      const picture = await upload(page, projectId, 'landscape.png', picturePng(640, 480));
      const logo = await upload(page, projectId, 'logo.png', logoPng(120));
      const brand = { logoMediaId: logo, colors: ['#2f4858', '#f6ae2d', '#f26419'], headingFont: 'montserrat' as const, bodyFont: 'lora' as const };
      expect((await api(page, 'PATCH', `/api/projects/${projectId}`, { brandKit: { ...brand, tone: '' } })).status).toBe(200);
      return { ...session, projectId, picture, brand };
    };

    // Every template in the square format and in one other, in turn portrait, story and landscape; 24 renders per
    // account (the first keeps a credit for the moved headline below).
    const others = ['portrait', 'story', 'landscape'] as const;
    const cases: { template: string; format: FormatId }[] = TEMPLATES.flatMap((t, i) => [
      { template: t.id, format: 'square' as const },
      { template: t.id, format: others[i % others.length]! },
    ]);
    const PER_ACCOUNT = 24;
    const accounts: Awaited<ReturnType<typeof account>>[] = [];
    const shots = new Map<string, { dom: Picture; png: Picture; doc: CreativeDocument }>();
    const results: Measured[] = [];
    for (let start = 0; start < cases.length; start += PER_ACCOUNT) {
      const current = await account(accounts.length);
      accounts.push(current);
      const { page, projectId, picture, brand } = current;
      for (const { template, format } of cases.slice(start, start + PER_ACCOUNT)) {
        const doc = buildTemplate(template, { brand, format, imageMediaId: picture });
        const id = await createCreative(page, projectId, doc, template);
        const { result, dom, png } = await measure(page, id, `${template}/${format}`, format, `${template}-${format}`);
        results.push(result);
        if (format === 'square' && start === 0) shots.set(template, { dom, png, doc });
      }
    }
    expect(results.length).toBe(TEMPLATES.length * 2);
    expectAllMatch(results);

    // Meaningful: the same screenshot against a PNG whose headline moved down by 3 % fails…
    const { page, projectId } = accounts[0]!;
    const base = shots.get('bold-headline')!;
    const moved = { ...base.doc, layers: base.doc.layers.map((l) => (l.id === 'headline' ? { ...l, y: l.y + 3 } : l)) };
    const movedCreative = await createCreative(page, projectId, moved);
    const movedDiff = compare(base.dom, decodePng(await renderPng(page, movedCreative)), 108);
    expect(movedDiff.differing).toBeGreaterThan(MAX_DIFFERING * 2);
    // …and so does another template's PNG.
    const otherDiff = compare(base.dom, shots.get('quote-card')!.png, 108);
    expect(otherDiff.differing).toBeGreaterThan(0.3);
    for (const a of accounts) {
      expect(a.errors).toEqual([]);
      await a.context.close();
    }
  }, 240_000);
  it('match with a font uploaded to the project (the editor draws it through FontFace, the worker from R2), in regular and bold', async () => {
    const { page, context, errors } = await signUp(browser, uniqueEmail('visual-font'));
    await page.setViewportSize({ width: 1440, height: 1000 });
    const project = await api<{ id: string }>(page, 'POST', '/api/projects', { name: 'Handwritten Bakery' });
    const projectId = project.body.id;
    // A handwriting face, far from Inter: a fallback to Inter on either side could not pass.
    const file = readFileSync(join(import.meta.dirname, '..', 'node_modules', '@fontsource', 'caveat', 'files', 'caveat-latin-400-normal.woff'));
    const font = await page.evaluate(
      async ([p, b64]) => {
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        const response = await fetch(`/api/projects/${p}/fonts?filename=Caveat.woff`, { method: 'POST', body: bytes });
        return { status: response.status, body: (await response.json()) as { ref: FontRef; family: string } };
      },
      [projectId, file.toString('base64')] as const,
    );
    expect(font.status).toBe(201);
    expect(font.body.family).toBe('Caveat');
    const brand = { logoMediaId: null, colors: ['#1d3557', '#f1faee', '#e63946'], headingFont: 'inter' as const, bodyFont: 'inter' as const };
    const pngs: Picture[] = [];
    const results: Measured[] = [];
    for (const [label, fontRef] of [
      ['uploaded', font.body.ref],
      ['inter', 'inter'],
    ] as const) {
      // The headline is bold, the body and button regular: one uploaded file draws both, unsynthesised.
      const base = buildTemplate('bold-headline', { brand, format: 'square' });
      const doc: CreativeDocument = {
        ...base,
        layers: base.layers.map((l) =>
          l.type === 'text' || l.type === 'cta' ? { ...l, font: fontRef, ...(l.type === 'text' ? { text: `${l.text} – Zażółć` } : {}) } : l,
        ),
      };
      const { result, png } = await measure(page, await createCreative(page, projectId, doc), label, 'square', `brand-font-${label}`);
      pngs.push(png);
      results.push(result);
    }
    expectAllMatch(results);
    // The uploaded font really is what both drew: the same creative in Inter looks clearly different.
    expect(compare(pngs[0]!, pngs[1]!, 108).differing).toBeGreaterThan(MAX_DIFFERING * 2);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
  it('match for cropped, zoomed, flipped, faded and rounded pictures and auto-fitted text (in every format)', async () => {
    const { page, context, errors } = await signUp(browser, uniqueEmail('visual-crop'));
    await page.setViewportSize({ width: 1440, height: 1000 });
    const project = await api<{ id: string }>(page, 'POST', '/api/projects', { name: 'Crop Roasters' });
    const projectId = project.body.id;
    const picture = await upload(page, projectId, 'hills.png', picturePng(640, 480));
    const photo = (id: string, box: { x: number; y: number; w: number; h: number }, crop: Record<string, unknown> = {}) =>
      ({ id, type: 'image', ...box, mediaId: picture, fit: 'cover', radius: 0, ...crop }) as CreativeDocument['layers'][number];
    const headline = (text: string, box: { x: number; y: number; w: number; h: number }, size: number) =>
      ({
        id: 'headline',
        type: 'text',
        ...box,
        text,
        font: 'montserrat',
        weight: 700,
        size,
        color: '#ffffff',
        align: 'left',
        vAlign: 'top',
        lineHeight: 1.1,
        uppercase: false,
        autoFit: true,
      }) as CreativeDocument['layers'][number];
    const doc = (format: FormatId, layers: CreativeDocument['layers']): CreativeDocument => ({
      version: 2,
      format,
      template: 'blank',
      background: { type: 'color', color: '#1f2937' },
      layers,
    });
    const long = 'Roasted this morning, delivered this afternoon: our spring blend, while it lasts';
    const cases: { label: string; doc: CreativeDocument }[] = [
      {
        label: 'square: the sun zoomed in, a flipped faded rounded inset, auto-fit headline',
        doc: doc('square', [
          photo('hero', { x: 0, y: 0, w: 100, h: 100 }, { focal: { x: 70, y: 30 }, zoom: 2.2 }),
          photo('inset', { x: 52, y: 52, w: 42, h: 40 }, { focal: { x: 20, y: 80 }, zoom: 1.5, flipX: true, opacity: 0.7, radius: 8 }),
          headline(long, { x: 6, y: 6, w: 44, h: 30 }, 12),
        ]),
      },
      {
        label: 'story: deep zoom, flipped down, under an auto-fit headline',
        doc: doc('story', [
          photo('hero', { x: -5, y: 10, w: 110, h: 60 }, { focal: { x: 85, y: 20 }, zoom: 3.5, flipY: true }),
          headline(long, { x: 8, y: 75, w: 84, h: 15 }, 14),
        ]),
      },
      {
        label: 'portrait: a picture fitted whole (contain) and placed by its focal point, rounded',
        doc: doc('portrait', [photo('hero', { x: 10, y: 10, w: 80, h: 40 }, { fit: 'contain', focal: { x: 0, y: 50 }, radius: 5 })]),
      },
      {
        label: 'landscape: both flips, half transparent',
        doc: doc('landscape', [photo('hero', { x: 5, y: 5, w: 55, h: 90 }, { flipX: true, flipY: true, opacity: 0.5, zoom: 1.3, focal: { x: 30, y: 60 } })]),
      },
    ];
    const results: Measured[] = [];
    const shots: Picture[] = [];
    for (const { label, doc: document } of cases) {
      const id = await createCreative(page, projectId, document);
      const { result, png } = await measure(page, id, label, document.format, `crop-${document.format}`);
      shots.push(png);
      results.push(result);
    }
    expectAllMatch(results);
    // Meaningful: the square without its crop is clearly another picture.
    const plain = doc('square', [photo('hero', { x: 0, y: 0, w: 100, h: 100 }), ...cases[0]!.doc.layers.slice(1)]);
    const uncropped = await createCreative(page, projectId, plain);
    expect(compare(shots[0]!, decodePng(await renderPng(page, uncropped)), 108).differing).toBeGreaterThan(MAX_DIFFERING * 2);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('match after a crop on the canvas: the frame dragged with the picture in place, the picture moved and scaled by keys', async () => {
    const { page, context, errors } = await signUp(browser, uniqueEmail('visual-crop-canvas'));
    await page.setViewportSize({ width: 1280, height: 800 });
    const project = await api<{ id: string }>(page, 'POST', '/api/projects', { name: 'Crop Canvas Roasters' });
    const picture = await upload(page, project.body.id, 'hills.png', picturePng(640, 480));
    // A 4 : 3 picture in a 2 : 1 frame: covered at its full width, a third of its height to spare.
    const hero = { id: 'hero', type: 'image', x: 10, y: 10, w: 80, h: 40, mediaId: picture, fit: 'cover', radius: 0 } as CreativeDocument['layers'][number];
    const document: CreativeDocument = { version: 2, format: 'square', template: 'blank', background: { type: 'color', color: '#1f2937' }, layers: [hero] };
    const creativeId = await createCreative(page, project.body.id, document);
    const saved = async () =>
      (await api<{ document: CreativeDocument }>(page, 'GET', `/api/creatives/${creativeId}`)).body.document.layers[0] as Extract<
        CreativeDocument['layers'][number],
        { type: 'image' }
      >;
    const shot = async (name: string) => {
      if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, name) });
    };
    await page.goto(`/creatives/${creativeId}`);
    await page.getByRole('img', { name: /^Preview,/ }).waitFor();
    await page.locator('[data-layer="hero"]').dblclick();
    const whole = page.getByTestId('crop-picture');
    await whole.waitFor();
    await shot('crop-canvas-1280.png');
    const before = (await whole.boundingBox())!;
    // The frame's right edge 120 px inwards: the picture stays where it is on the screen.
    const edge = (await page.locator('[data-crop-edge="e"]').boundingBox())!;
    await page.mouse.move(edge.x + edge.width / 2, edge.y + edge.height / 2);
    await page.mouse.down();
    await page.mouse.move(edge.x + edge.width / 2 - 120, edge.y + edge.height / 2, { steps: 6 });
    await page.mouse.up();
    const after = (await whole.boundingBox())!;
    for (const k of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(after[k] - before[k]), k).toBeLessThan(1.5);
    // The keys: the picture up and enlarged twice, Enter confirms.
    await page.getByTestId('crop-frame').focus();
    for (const key of ['ArrowUp', 'ArrowUp', 'Equal', 'Equal']) await page.keyboard.press(key);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('crop-overlay').count()).toBe(0);
    await expect.poll(async () => (await saved()).w, { timeout: 15_000 }).toBeLessThan(80);
    const cropped = await saved();
    expect(cropped.zoom).toBeGreaterThan(1.15);
    expect(cropped.focal).toBeDefined();
    // At 390 px: the crop's tools in the toolbar, the frame on the canvas; Escape leaves it as it was.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('[data-layer="hero"]').press('Enter');
    await whole.waitFor();
    await shot('crop-canvas-390.png');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('crop-overlay').count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    // Nothing selected: the preview as it is, against the worker's PNG of the saved crop.
    await page.keyboard.press('Escape');
    await page.getByText('Saved', { exact: true }).waitFor({ timeout: 15_000 });
    const rendering = renderPng(page, creativeId);
    const dom = decodePng(await page.getByRole('img', { name: /^Preview,/ }).screenshot({ animations: 'disabled' }));
    const png = decodePng(await rendering);
    expectAllMatch([{ label: 'crop on the canvas', ...compare(dom, png, ratio('square')) }]);
    // Meaningful: the picture before the crop is clearly another picture.
    const original = await createCreative(page, project.body.id, document);
    expect(compare(dom, decodePng(await renderPng(page, original)), 108).differing).toBeGreaterThan(MAX_DIFFERING * 2);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('match for rotated text, pictures, shapes and buttons (issue 29), and the comparison catches an unturned layer', async () => {
    const { page, context, errors } = await signUp(browser, uniqueEmail('visual-rotate'));
    await page.setViewportSize({ width: 1440, height: 1000 });
    const project = await api<{ id: string }>(page, 'POST', '/api/projects', { name: 'Turned Roasters' });
    const projectId = project.body.id;
    const picture = await upload(page, projectId, 'hills.png', picturePng(640, 480));
    type L = CreativeDocument['layers'][number];
    const layers = (turn: number): L[] => [
      {
        id: 'photo',
        type: 'image',
        x: 8,
        y: 10,
        w: 44,
        h: 30,
        mediaId: picture,
        fit: 'cover',
        radius: 4,
        rotation: -12 * turn,
        focal: { x: 70, y: 30 },
        zoom: 1.4,
      } as L,
      { id: 'plain', type: 'image', x: 56, y: 56, w: 30, h: 20, mediaId: picture, fit: 'cover', radius: 0, rotation: 30 * turn } as L,
      { id: 'bar', type: 'shape', shape: 'rect', fill: '#f6ae2d', opacity: 0.9, radius: 2, x: 50, y: 8, w: 40, h: 8, rotation: 45 * turn } as L,
      { id: 'dot', type: 'shape', shape: 'ellipse', fill: '#f26419', opacity: 1, radius: 0, x: 10, y: 70, w: 20, h: 10, rotation: 60 * turn } as L,
      {
        id: 'headline',
        type: 'text',
        x: 20,
        y: 38,
        w: 60,
        h: 22,
        text: 'Turned, not stirred',
        font: 'montserrat',
        weight: 700,
        size: 8,
        color: '#ffffff',
        align: 'center',
        vAlign: 'middle',
        lineHeight: 1.1,
        uppercase: false,
        rotation: -8 * turn,
      } as L,
      {
        id: 'cta',
        type: 'cta',
        x: 55,
        y: 82,
        w: 36,
        h: 9,
        text: 'Order now',
        font: 'inter',
        weight: 700,
        size: 4,
        color: '#111827',
        fill: '#ffffff',
        radius: 3,
        rotation: 90 * turn,
      } as L,
    ];
    const doc = (format: FormatId, turn = 1): CreativeDocument => ({
      version: 2,
      format,
      template: 'blank',
      background: { type: 'color', color: '#2f4858' },
      layers: layers(turn),
    });
    const create = (document: CreativeDocument) => createCreative(page, projectId, document);
    const results: Measured[] = [];
    let square: Picture | null = null;
    let squareId = '';
    for (const format of ['square', 'story', 'landscape'] as const) {
      const id = await create(doc(format));
      const { result, png } = await measure(page, id, `rotated layers, ${format}`, format, `rotate-${format}`);
      if (format === 'square') {
        square = png;
        squareId = id;
      }
      results.push(result);
    }
    expectAllMatch(results);
    // Meaningful: the same layers unturned are clearly another picture.
    const upright = await create(doc('square', 0));
    expect(compare(square!, decodePng(await renderPng(page, upright)), 108).differing).toBeGreaterThan(MAX_DIFFERING * 2);
    // For a person to look at: a turned button selected with its handles, wide and on a phone.
    await page.goto(`/creatives/${squareId}`);
    await page.locator('[data-layer="cta"]').click();
    await page.setViewportSize({ width: 1280, height: 800 });
    await keepScreenshot(page, 'rotate-editor-1280.png');
    await page.setViewportSize({ width: 390, height: 844 });
    await keepScreenshot(page, 'rotate-editor-390.png');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('match for format copies made by Resize into a story, whose text, buttons and logos it moved out of the covered bands', async () => {
    const { page, context, errors } = await signUp(browser, uniqueEmail('visual-safe-zones'));
    await page.setViewportSize({ width: 1440, height: 1000 });
    const project = await api<{ id: string }>(page, 'POST', '/api/projects', { name: 'Safe Roasters' });
    const projectId = project.body.id;
    const picture = await upload(page, projectId, 'hills.png', picturePng(640, 480));
    const logo = await upload(page, projectId, 'logo.png', logoPng(120));
    const brand = { logoMediaId: logo, colors: ['#2f4858', '#f6ae2d', '#f26419'], headingFont: 'montserrat' as const, bodyFont: 'lora' as const };
    expect((await api(page, 'PATCH', `/api/projects/${projectId}`, { brandKit: { ...brand, tone: '' } })).status).toBe(200);
    const zones = zonesFor(RESIZE_PLACEMENT.story!, 'story');
    const results: Measured[] = [];
    let lastCopy = '';
    for (const template of [TEMPLATES[0]!.id, TEMPLATES[3]!.id, TEMPLATES[6]!.id]) {
      const doc = buildTemplate(template, { brand, format: 'square', imageMediaId: picture });
      const created = await createCreative(page, projectId, doc, template);
      const resized = await api<{ items: { id: string; format: FormatId }[] }>(page, 'POST', `/api/creatives/${created}/resize`, {
        formats: ['story'],
      });
      expect(resized.status, JSON.stringify(resized.body)).toBe(201);
      const copyId = resized.body.items[0]!.id;
      const copy = await api<{ document: CreativeDocument }>(page, 'GET', `/api/creatives/${copyId}`);
      // The template's own story layout has copy under the bands; the Resize copy has none.
      const plain = buildTemplate(template, { brand, format: 'story', imageMediaId: picture });
      expect(
        plain.layers.filter(mustStayClear).some((l) => zonesCovering(l, zones).length > 0),
        template,
      ).toBe(true);
      for (const layer of copy.body.document.layers.filter(mustStayClear)) expect(zonesCovering(layer, zones), `${template} ${layer.id}`).toEqual([]);
      results.push((await measure(page, copyId, `${template} resized to story`, 'story', `safe-${template}-story`)).result);
      lastCopy = copyId;
    }
    expectAllMatch(results);
    // The overlay on the copy: the story's bands shown, nothing under them (screenshots to look at, wide and narrow).
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`/creatives/${lastCopy}`);
      await page.getByRole('img', { name: /^Preview,/ }).waitFor();
      const toggle = page.getByRole('button', { name: 'Safe zones' });
      if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
      await page.getByRole('group', { name: 'Areas covered in the Instagram story' }).waitFor();
      expect(await page.getByRole('region', { name: 'Covered layers' }).count()).toBe(0);
      await keepScreenshot(page, `safe-zones-story-${width}.png`);
    }
    // The template's own story layout, not resized: its logo and button are flagged, and one click moves the button out.
    await page.setViewportSize({ width: 1280, height: 800 });
    const plain = buildTemplate('bold-headline', { brand, format: 'story', imageMediaId: picture });
    const flagged = await api<{ id: string }>(page, 'POST', `/api/projects/${projectId}/creatives`, {
      template: 'bold-headline',
      format: 'story',
      document: plain,
    });
    await page.goto(`/creatives/${flagged.body.id}`);
    const warnings = page.getByRole('region', { name: 'Covered layers' });
    await warnings.waitFor();
    await keepScreenshot(page, 'safe-zones-warnings-1280.png');
    const cta = plain.layers.find((l) => l.type === 'cta')!;
    await warnings.getByRole('button', { name: `Move “${cta.type === 'cta' ? cta.text : ''}” out of the covered area` }).click();
    await expect.poll(async () => await warnings.getByRole('listitem').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('match for shapes, lines, arrows, outlines and icons (square and story), and an icon added in the editor takes a brand colour', async () => {
    const { page, context, errors } = await signUp(browser, uniqueEmail('visual-elements'));
    await page.setViewportSize({ width: 1440, height: 1000 });
    const project = await api<{ id: string }>(page, 'POST', '/api/projects', { name: 'Elements Roasters' });
    const projectId = project.body.id;
    const brand = ['#2f4858', '#f6ae2d', '#f26419'];
    expect(
      (
        await api(page, 'PATCH', `/api/projects/${projectId}`, {
          brandKit: { logoMediaId: null, colors: brand, headingFont: 'inter', bodyFont: 'inter', tone: '' },
        })
      ).status,
    ).toBe(200);
    type L = CreativeDocument['layers'][number];
    const shape = (id: string, extra: Record<string, unknown>) => ({ id, type: 'shape', shape: 'rect', fill: brand[0], opacity: 1, radius: 0, ...extra }) as L;
    const icon = (id: string, name: string, nodes: unknown, extra: Record<string, unknown>) =>
      ({ id, type: 'icon', icon: name, nodes, color: brand[2], strokeWidth: 2, ...extra }) as L;
    const heart = [
      [
        'path',
        {
          d: 'M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5',
        },
      ],
    ];
    const bell = [
      ['path', { d: 'M10.268 21a2 2 0 0 0 3.464 0' }],
      ['path', { d: 'M3.262 15.326A1 1 0 0 0 4 17h16a1 1 0 0 0 .74-1.673C19.41 13.956 18 12.499 18 8A6 6 0 0 0 6 8c0 4.499-1.411 5.956-2.738 7.326' }],
    ];
    const dots = [
      ['circle', { cx: '12', cy: '12', r: '4', fill: 'currentColor' }],
      ['circle', { cx: '12', cy: '12', r: '9' }],
    ];
    const layers: L[] = [
      shape('panel', { x: 6, y: 6, w: 40, h: 30, radius: 4, stroke: brand[1], strokeWidth: 1.5 }),
      shape('ring', { shape: 'ellipse', x: 54, y: 6, w: 40, h: 30, noFill: true, stroke: brand[2], strokeWidth: 2 }),
      shape('line', { shape: 'line', x: 6, y: 42, w: 88, h: 4, strokeWidth: 0.8, fill: '#111827' }),
      shape('arrow', { shape: 'arrow', x: 6, y: 50, w: 60, h: 8, strokeWidth: 1.5, fill: brand[2] }),
      shape('faded', { shape: 'ellipse', x: 70, y: 48, w: 24, h: 14, opacity: 0.5, fill: brand[1] }),
      icon('heart', 'heart', heart, { x: 6, y: 64, w: 26, h: 30 }),
      icon('bell', 'bell', bell, { x: 38, y: 64, w: 26, h: 30, color: brand[0], strokeWidth: 1.25 }),
      icon('dots', 'circle-dot', dots, { x: 70, y: 64, w: 24, h: 30, opacity: 0.7 }),
    ];
    const cases = (['square', 'story'] as const).map((format) => ({
      format,
      doc: { version: 2, format, template: 'blank', background: { type: 'color', color: '#fdf8f0' }, layers } as CreativeDocument,
    }));
    const results: Measured[] = [];
    const shots: Picture[] = [];
    let lastId = '';
    for (const { format, doc } of cases) {
      lastId = await createCreative(page, projectId, doc);
      const { result, png } = await measure(page, lastId, `elements/${format}`, format, `elements-${format}`);
      shots.push(png);
      results.push(result);
    }
    expectAllMatch(results);
    // Meaningful: without the arrow and the icons the square is clearly another picture.
    const bare = await createCreative(page, projectId, { ...cases[0]!.doc, layers: layers.slice(0, 3) });
    expect(compare(shots[0]!, decodePng(await renderPng(page, bare)), 108).differing).toBeGreaterThan(MAX_DIFFERING * 2);

    // In the editor (the story above is open): Elements → type "star" → Enter adds it; a brand colour recolours it; it is saved.
    expect(new URL(page.url()).pathname).toBe(`/creatives/${lastId}`);
    await page.getByRole('button', { name: 'Elements' }).click();
    const search = page.getByRole('searchbox', { name: 'Search icons' });
    await search.fill('star');
    await page.getByRole('list', { name: 'Icons' }).getByRole('button', { name: 'star', exact: true }).waitFor();
    await search.press('Enter');
    await page
      .getByRole('group', { name: 'Icon colour: brand colours' })
      .getByRole('button', { name: `Use ${brand[1]}` })
      .click();
    await expect
      .poll(
        async () => {
          const detail = await api<{ document: CreativeDocument }>(page, 'GET', `/api/creatives/${lastId}`);
          return detail.body.document.layers.find((l) => l.type === 'icon' && l.icon === 'star');
        },
        { timeout: 15_000 },
      )
      .toMatchObject({ type: 'icon', icon: 'star', color: brand[1] });
    // For a person to look at: the editor with the icon selected, and the picker on a phone.
    await page.setViewportSize({ width: 1280, height: 800 });
    await keepScreenshot(page, 'elements-editor-1280x800.png');
    await page.getByRole('button', { name: 'Elements' }).click();
    await page.getByRole('searchbox', { name: 'Search icons' }).fill('arrow');
    await keepScreenshot(page, 'elements-picker-1280x800.png');
    await page.setViewportSize({ width: 390, height: 844 });
    await keepScreenshot(page, 'elements-picker-390x844.png');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('match for styled words — bold, italic, underlined, coloured and highlighted runs, with letter spacing, auto-fit and rotation — and the comparison catches unstyled words', async () => {
    const { page, context, errors } = await signUp(browser, uniqueEmail('visual-runs'));
    await page.setViewportSize({ width: 1440, height: 1000 });
    const project = await api<{ id: string }>(page, 'POST', '/api/projects', { name: 'Styled Roasters' });
    const projectId = project.body.id;
    type L = CreativeDocument['layers'][number];
    const headline = 'Fresh beans, roasted every Monday morning';
    const body = 'Order by Sunday and get free delivery to your door.';
    const at = (text: string, word: string) => ({ start: text.indexOf(word), end: text.indexOf(word) + word.length });
    const layers = (styled: boolean): L[] => [
      {
        id: 'headline',
        type: 'text',
        x: 8,
        y: 8,
        w: 84,
        h: 34,
        text: headline,
        font: 'montserrat',
        weight: 400,
        size: 8,
        color: '#ffffff',
        align: 'left',
        vAlign: 'top',
        lineHeight: 1.15,
        uppercase: false,
        autoFit: true,
        letterSpacing: 0.02,
        runs: styled
          ? [
              { ...at(headline, 'Fresh'), bold: true, color: '#f6ae2d' },
              { ...at(headline, 'roasted'), italic: true },
              { ...at(headline, 'every Monday'), underline: true, highlight: '#86bbd8', color: '#111827' },
            ]
          : undefined,
      } as L,
      {
        id: 'body',
        type: 'text',
        x: 10,
        y: 52,
        w: 80,
        h: 24,
        text: body,
        font: 'inter',
        weight: 400,
        size: 4.5,
        color: '#e5e7eb',
        align: 'center',
        vAlign: 'middle',
        lineHeight: 1.3,
        uppercase: false,
        rotation: -6,
        runs: styled ? [{ ...at(body, 'free delivery'), bold: true, underline: true, color: '#f26419' }] : undefined,
      } as L,
    ];
    const doc = (format: FormatId, styled = true): CreativeDocument => ({
      version: 2,
      format,
      template: 'blank',
      background: { type: 'color', color: '#2f4858' },
      layers: layers(styled),
    });
    const create = (document: CreativeDocument) => createCreative(page, projectId, document);
    const results: Measured[] = [];
    let square: Picture | null = null;
    for (const format of ['square', 'story', 'landscape'] as const) {
      const { result, png } = await measure(page, await create(doc(format)), `styled words, ${format}`, format, `runs-${format}`);
      if (format === 'square') square = png;
      results.push(result);
    }
    expectAllMatch(results);
    // Meaningful: the same words without their styles are clearly another picture.
    const plain = await create(doc('square', false));
    expect(compare(square!, decodePng(await renderPng(page, plain)), 108).differing).toBeGreaterThan(MAX_DIFFERING * 2);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
