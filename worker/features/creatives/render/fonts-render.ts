import type { Font } from '@cf-wasm/satori/workerd';
import type { CreativeDocument } from '#common/creative/document.ts';
import { BRAND_FONTS, isBrandFont, type FontId } from '#common/fonts.ts';
import { brandFontFamily, fontFaces } from '#client/creative/tree.tsx';
import { settledCache } from '#worker/lib/settled-cache.ts';

type Weight = 400 | 700;
type Subset = 'latin' | 'latin-ext';

interface FontFile {
  name: string;
  weight: Weight;
  path: string;
}

function fontFile(id: FontId, subset: Subset, weight: Weight): FontFile {
  const faces = fontFaces(id);
  return { name: subset === 'latin' ? faces.latin : faces.extended, weight, path: `/fonts/${id}-${subset}-${weight}-normal.woff` };
}

/** Every bundled font file (client/static/fonts): 2 subsets × 2 weights per font. */
export const FONT_FILES: FontFile[] = BRAND_FONTS.flatMap((font) =>
  (['latin', 'latin-ext'] as const).flatMap((subset) => ([400, 700] as const).map((weight) => fontFile(font.id, subset, weight))),
);

/** Beyond Latin-1 (after uppercasing too, as the renderer may draw it): the Latin Extended file may hold glyphs the Latin one lacks. */
function beyondLatin(text: string): boolean {
  for (const ch of text) if (ch.codePointAt(0)! > 0xff) return true;
  for (const ch of text.toUpperCase()) if (ch.codePointAt(0)! > 0xff) return true;
  return false;
}

/**
 * The font files a document draws with: each bundled (font, weight) its visible text and
 * button layers use, its Latin Extended file only when some of that text needs it, Inter
 * (the fallback of uploaded fonts, the watermark, and satori's last resort) always. A render
 * loads a handful of files, not all of them.
 */
export function documentFontFiles(doc: CreativeDocument, options: { watermark?: boolean | undefined } = {}): FontFile[] {
  const needs = new Map<string, { id: FontId; weight: Weight; extended: boolean }>();
  const need = (id: FontId, weight: Weight, text: string) => {
    const key = `${id}-${weight}`;
    const extended = beyondLatin(text);
    const known = needs.get(key);
    needs.set(key, { id, weight, extended: extended || (known?.extended ?? false) });
  };
  need('inter', 400, '');
  if (options.watermark) need('inter', 700, '');
  for (const layer of doc.layers) {
    if (layer.hidden || (layer.type !== 'text' && layer.type !== 'cta')) continue;
    // An uploaded font falls back to Inter at the same weight for the glyphs it lacks.
    const id = isBrandFont(layer.font) ? 'inter' : layer.font;
    need(id, layer.weight, layer.text);
    // Styled words drawn bold in a regular layer need the bold file too (only their letters decide the Latin Extended one).
    if (layer.type === 'text' && layer.weight === 400) {
      const bold = (layer.runs ?? []).filter((run) => run.bold).map((run) => layer.text.slice(run.start, run.end));
      if (bold.length > 0) need(id, 700, bold.join(''));
    }
  }
  return [...needs.values()].flatMap(({ id, weight, extended }) => [fontFile(id, 'latin', weight), ...(extended ? [fontFile(id, 'latin-ext', weight)] : [])]);
}

/**
 * Font files by path, fetched from the static assets once per isolate. Only the bytes are
 * kept, never the pending fetch: it goes through the Fetcher of the RPC call that made it, and
 * its promise settles in that call's context (worker/lib/settled-cache.ts). So concurrent
 * first renders each fetch what is not kept yet, and a failed fetch is tried again by the next.
 */
const files = settledCache<string, ArrayBuffer>(FONT_FILES.length);

function loadFile(assets: Fetcher, path: string): Promise<ArrayBuffer> {
  return files.get(path, async () => {
    const response = await assets.fetch(new Request(`https://assets.local${path}`));
    if (!response.ok) throw new Error(`font ${path} is missing from the static assets (${response.status})`);
    return response.arrayBuffer();
  });
}

/**
 * The fonts satori draws a document with: the bundled files it uses, and the project's
 * uploaded fonts it names (bytes read from R2 by the caller), each registered as regular
 * and bold under `cf-brand-{id}`: one file serves both weights, never synthesised, as the
 * editor's FontFace (weight range 100–900) does.
 */
export async function documentFonts(
  assets: Fetcher,
  doc: CreativeDocument,
  options: { brandFonts?: Readonly<Record<string, ArrayBuffer>> | undefined; watermark?: boolean | undefined } = {},
): Promise<Font[]> {
  const bundled = await Promise.all(
    documentFontFiles(doc, options).map(async (file) => ({
      name: file.name,
      data: await loadFile(assets, file.path),
      weight: file.weight,
      style: 'normal' as const,
    })),
  );
  const uploaded = Object.entries(options.brandFonts ?? {}).flatMap(([id, data]) =>
    ([400, 700] as const).map((weight) => ({ name: brandFontFamily(`brand:${id}`), data, weight, style: 'normal' as const })),
  );
  return [...bundled, ...uploaded];
}
