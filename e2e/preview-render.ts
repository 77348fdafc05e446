import type { Page } from 'playwright-core';
import { baseURL } from './browser.ts';

/**
 * The two pictures of one creative that must agree (issue #6): the editor's preview as chromium
 * draws it, and the worker's PNG (satori → resvg). Shared by the visual test and the editor's
 * browser tests; image-diff.ts compares them.
 */

/**
 * How far the two may differ after image-diff.ts's blur, chosen from measurements: matching
 * renders differ on well under 1.5 % of the pixels, a headline moved by 3 % of the height on
 * about 6 %, another template on 80 % or more.
 */
export const MAX_MEAN = 3;
export const MAX_DIFFERING = 0.015;

/**
 * The editor's preview of a creative, as chromium draws it (fonts and pictures loaded). The
 * first one loads the editor; the next ones move to the creative inside the running app, as
 * a link does (the editor is keyed by the creative), instead of loading every script again.
 */
export async function screenshotPreview(page: Page, creativeId: string): Promise<Buffer> {
  const preview = page.getByRole('img', { name: /^Preview,/ });
  const path = `/creatives/${creativeId}`;
  const shown = new URL(page.url()).pathname.startsWith('/creatives/') && (await preview.count()) === 1 ? await preview.elementHandle() : null;
  if (shown) {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await shown.waitForElementState('hidden');
  } else {
    await page.goto(path);
  }
  await preview.waitFor();
  // Auto-fit text is not drawn until its font's widths have come: a screenshot in between missed
  // new-arrival's headline in CI (3 % of it differing). The preview says so with aria-busy.
  await page.waitForFunction((root) => root !== null && root.getAttribute('aria-busy') !== 'true', await preview.elementHandle(), {
    polling: 50,
    timeout: 15_000,
  });
  await page.waitForFunction(previewFontsLoaded, await preview.elementHandle(), { polling: 100, timeout: 15_000 });
  // Loaded is not yet drawn: a picture is decoded on its way to the screen; decode() resolves once
  // it can be painted, so every one is in the screenshot.
  await preview.evaluate(async (root) => {
    const pictures = [...root.querySelectorAll('img')];
    await Promise.all(pictures.filter((img) => !img.complete).map((img) => new Promise((r) => img.addEventListener('load', r, { once: true }))));
    await Promise.all(pictures.map((img) => img.decode().catch(() => undefined)));
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
  return preview.screenshot({ animations: 'disabled' });
}

/**
 * In the page: whether every face the preview's text is drawn with is loaded. `document.fonts.ready`
 * alone raced in CI: it resolves at once when no load has started yet (layout not run since the
 * preview appeared), and an uploaded font's FontFace is only added once the project's font list
 * arrives, so a fallback could be photographed. Each text's first family must be a loaded face
 * (an uploaded one registered first); a face not loaded yet is asked for and polled again.
 */
function previewFontsLoaded(root: Element | null): boolean {
  if (!root) return false;
  root.getBoundingClientRect();
  const faces = [...document.fonts];
  if (faces.some((f) => f.status === 'loading')) return false;
  const unquote = (s: string) => s.trim().replace(/^["']|["']$/g, '');
  for (const el of root.querySelectorAll('*')) {
    const text = [...el.childNodes]
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent ?? '')
      .join('')
      .trim();
    if (!text) continue;
    const style = getComputedStyle(el);
    const family = unquote(style.fontFamily.split(',')[0] ?? '');
    if (!family.startsWith('cf-')) continue;
    const own = faces.filter((f) => unquote(f.family) === family);
    if (own.length === 0) return false;
    const font = `${style.fontStyle} ${style.fontWeight} 16px "${family}"`;
    if (!document.fonts.check(font, text)) {
      void document.fonts.load(font, text);
      return false;
    }
  }
  return true;
}

/** The worker's PNG of a creative (1 credit), asked for beside the browser: it renders while the preview is photographed. */
export async function renderPng(page: Page, creativeId: string): Promise<Buffer> {
  const request = page.context().request;
  const response = await request.post(`${baseURL}/api/creatives/${creativeId}/render`, { headers: { origin: baseURL } });
  if (!response.ok()) throw new Error(`render failed: ${response.status()} ${await response.text()}`);
  const creation = (await response.json()) as { url: string };
  const file = await request.get(new URL(creation.url, baseURL).toString());
  if (!file.ok()) throw new Error(`the rendered file answers ${file.status()}`);
  return file.body();
}

/** The preview and the render of a creative, the render running while the preview loads. */
export async function both(page: Page, creativeId: string): Promise<{ domBytes: Buffer; pngBytes: Buffer }> {
  const rendering = renderPng(page, creativeId);
  // A failed render must not leave its promise unhandled while the screenshot runs.
  rendering.catch(() => undefined);
  const domBytes = await screenshotPreview(page, creativeId);
  return { domBytes, pngBytes: await rendering };
}
