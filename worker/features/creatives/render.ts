import { Resvg } from '@cf-wasm/resvg/workerd';
import { satori, type Font } from '@cf-wasm/satori/workerd';
import { FORMATS, type CreativeDocument } from '#common/creative/document.ts';
import { BRAND_FONTS, type FontId } from '#common/fonts.ts';
import { creativeTree, fontFamily } from '#client/creative/tree.tsx';

/**
 * The PNG renderer (PRODUCT.md §4.3): the same element tree as the editor preview,
 * laid out by satori into SVG and rasterised by resvg, both WebAssembly inside the
 * worker. Fonts come from the bundled static files (fetched from the assets binding
 * once per isolate), images from R2 as data URLs: nothing from the network.
 */
export const FONT_FILES = BRAND_FONTS.flatMap((font) => ([400, 700] as const).map((weight) => ({ id: font.id as FontId, weight, path: `/fonts/${font.id}-latin-${weight}-normal.woff` })));

let fontsPromise: Promise<Font[]> | undefined;

export function loadFonts(assets: Fetcher): Promise<Font[]> {
  fontsPromise ??= Promise.all(
    FONT_FILES.map(async (file) => {
      const response = await assets.fetch(new Request(`https://assets.local${file.path}`));
      if (!response.ok) throw new Error(`font ${file.path} is missing from the static assets (${response.status})`);
      return { name: fontFamily(file.id), data: await response.arrayBuffer(), weight: file.weight, style: 'normal' as const };
    }),
  ).catch((error: unknown) => {
    fontsPromise = undefined;
    throw error;
  });
  return fontsPromise;
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function dataUrl(bytes: Uint8Array, mime: string): string {
  return `data:${mime};base64,${base64(bytes)}`;
}

export interface RenderInput {
  doc: CreativeDocument;
  /** media id → data URL */
  images: Record<string, string>;
  watermark?: boolean;
}

export async function renderPng(assets: Fetcher, input: RenderInput): Promise<{ png: Uint8Array; width: number; height: number }> {
  const { width, height } = FORMATS[input.doc.format];
  const fonts = await loadFonts(assets);
  const svg = await satori(creativeTree(input.doc, { images: input.images, watermark: input.watermark }), { width, height, fonts });
  const resvg = await Resvg.async(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } });
  try {
    const image = resvg.render();
    try {
      return { png: image.asPng(), width: image.width, height: image.height };
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}
