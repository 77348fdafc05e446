import { metricFont, type FontId, type FontRef } from '#common/fonts.ts';
import { layerBox, shortSidePx, type CtaLayer, type FormatId, type Layer, type TextLayer } from '#common/creative/document.ts';
import { METRIC_CHARS, type FontAdvances } from '#common/creative/metric-chars.ts';

/**
 * Whether copy fits its box, and the font size at which it does (the templates lay out their
 * copy with it, so do variations). Text is measured with the bundled fonts' advance widths
 * (common/creative/font-metrics/) and wrapped the way the renderer's text wraps: at spaces
 * and after hyphens, long words broken, no kerning (neither satori nor the preview kerns).
 * `textFitting()` takes where the widths come from: all of them at hand (common/creative/text-fit.ts,
 * the worker and the templates), or each font's loaded with the font (client/creative/font-metrics.ts).
 */

const INDEX = new Map([...METRIC_CHARS].map((ch, i) => [ch, i]));

/**
 * Line boxes are measured a little wider than the advances add up to: browsers and satori
 * round glyph positions differently, and a line that only just fits in one may wrap in the other.
 */
const WIDTH_SLACK = 1.03;

function advanceOf(widths: readonly number[], ch: string): number {
  const at = INDEX.get(ch);
  if (at !== undefined) return widths[at]!;
  // Accented letters (ő, ş, Å…) are about as wide as their base letter.
  const base = INDEX.get(ch.normalize('NFD').charAt(0));
  if (base !== undefined) return widths[base]!;
  return widths[INDEX.get('o')!]!;
}

/**
 * Words with what may follow them on a line, and where they start: a space (which hangs at a
 * line's end) or nothing (after a hyphen). `atSpaces`: words end at spaces only (styled text).
 */
function segments(paragraph: string, atSpaces = false): { word: string; space: string; at: number }[] {
  const out: { word: string; space: string; at: number }[] = [];
  const pattern = atSpaces ? /(\S+)(\s*)|(\s+)/g : /([^\s-]*-+|[^\s-]+)(\s*)|(\s+)/g;
  for (const match of paragraph.matchAll(pattern)) {
    if (match[3] !== undefined) {
      if (out.length > 0) out[out.length - 1]!.space += match[3];
      else out.push({ word: '', space: match[3], at: match.index });
    } else out.push({ word: match[1]!, space: match[2] ?? '', at: match.index });
  }
  return out;
}

/** How text is set for wrapping: its font, weight, size and box, and what styled words change. */
export interface WrapStyle {
  font: FontRef;
  weight: 400 | 700;
  sizePx: number;
  widthPx: number;
  /** Whether the character at an offset of the text is bold (styled words); default: the weight. */
  boldAt?: ((offset: number) => boolean) | undefined;
  /** Extra space after each character, in ems. */
  spacingEm?: number | undefined;
  /** Upper-case each character as it is measured (the layer's capitals). */
  uppercase?: boolean | undefined;
  /**
   * Styled text (client/creative/styled-text.tsx): words with their spaces are boxes that never
   * break, spaces included at a line's end, words broken at spaces only.
   */
  boxes?: boolean | undefined;
}

/** The copy layers the fitting looks after: headline and body text, and the button. */
export type CopyLayer = TextLayer | CtaLayer;

export function isCopyLayer(layer: Layer): layer is CopyLayer {
  return layer.type === 'cta' || (layer.type === 'text' && (layer.slot === 'headline' || layer.slot === 'body'));
}

/** The button's text sits on one line with some room at its ends. */
const CTA_LINE_HEIGHT = 1.1;
const CTA_ROOM = 0.88;

/** Fitting never shrinks copy below this share of its designed size (nor below the schema's 1). */
export const MIN_FIT_SCALE = 0.35;

/** The text measuring and fitting with the widths `advancesOf` gives for each bundled font. */
export function textFitting(advancesOf: (font: FontId) => FontAdvances) {
  /** The width of `text` in ems. */
  function textWidthEm(text: string, font: FontRef, weight: 400 | 700): number {
    const widths = advancesOf(metricFont(font))[weight];
    let total = 0;
    for (const ch of text) total += advanceOf(widths, ch);
    return (total / 1000) * WIDTH_SLACK;
  }

  /**
   * The lines `text` wraps into at `sizePx` in a box `widthPx` wide, and the widest of them
   * (in pixels): greedy, as CSS wraps, a word longer than a line broken between letters.
   */
  function wrapText(text: string, style: WrapStyle): { lines: number; widest: number } {
    const regular = advancesOf(metricFont(style.font))[style.weight];
    const bold = advancesOf(metricFont(style.font))[700];
    const spacing = (style.spacingEm ?? 0) * 1000;
    /** The width in pixels of the characters of `s`, which starts at `offset` of the text. */
    const measure = (s: string, offset: number) => {
      let total = 0;
      let i = offset;
      for (const ch of s) {
        const widths = style.boldAt?.(i) ? bold : regular;
        for (const c of style.uppercase ? ch.toUpperCase() : ch) total += advanceOf(widths, c) + spacing;
        i += ch.length;
      }
      return (total / 1000) * WIDTH_SLACK * style.sizePx;
    };
    let lines = 0;
    let widest = 0;
    let start = 0;
    for (const paragraph of text.split('\n')) {
      let line = 0;
      let pendingSpace = 0;
      let count = 1;
      for (const { word, space, at } of segments(paragraph, style.boxes)) {
        let w = measure(word, start + at);
        const s = measure(space, start + at + word.length);
        if (style.boxes) {
          // A box (the word and its spaces) goes to the next line when it does not fit whole.
          if (line > 0 && line + w + s > style.widthPx) {
            widest = Math.max(widest, line);
            count += 1;
            line = 0;
          }
          line += w + s;
          continue;
        }
        if (line > 0 && line + pendingSpace + w > style.widthPx) {
          widest = Math.max(widest, line);
          count += 1;
          line = 0;
          pendingSpace = 0;
        }
        // A word wider than the box breaks between its letters (word-break: break-word).
        if (w > style.widthPx) {
          let chunk = 0;
          let i = start + at;
          for (const ch of word) {
            const cw = measure(ch, i);
            i += ch.length;
            if (chunk > 0 && chunk + cw > style.widthPx) {
              widest = Math.max(widest, chunk);
              count += 1;
              chunk = 0;
            }
            chunk += cw;
          }
          w = chunk;
        }
        line += pendingSpace + w;
        pendingSpace = s;
      }
      widest = Math.max(widest, line);
      lines += count;
      start += paragraph.length + 1;
    }
    return { lines, widest };
  }

  /**
   * Whether a copy layer's text fits its box in `format`: all its lines within the box's height
   * (line height × size each), none wider than the box; a button's text on one line.
   */
  function copyFits(layer: CopyLayer, format: FormatId, size = layer.size): boolean {
    const box = layerBox(layer, format);
    const sizePx = shortSidePx(size, format);
    if (layer.type === 'cta') {
      const width = textWidthEm(layer.text, layer.font, layer.weight) * sizePx;
      return width <= box.width * CTA_ROOM && sizePx * CTA_LINE_HEIGHT <= box.height;
    }
    const runs = layer.runs && layer.runs.length > 0 ? layer.runs : undefined;
    const { lines, widest } = wrapText(layer.text, {
      font: layer.font,
      weight: layer.weight,
      sizePx,
      widthPx: box.width,
      uppercase: layer.uppercase,
      spacingEm: layer.letterSpacing,
      boldAt: runs ? (offset) => layer.weight === 700 || runs.some((r) => r.bold === true && r.start <= offset && offset < r.end) : undefined,
      boxes: runs !== undefined,
    });
    return widest <= box.width + 0.5 && lines * layer.lineHeight * sizePx <= box.height + 0.5;
  }

  /**
   * The layer at the largest font size, up to its own, at which its copy fits its box (in steps
   * of 0.1); at `MIN_FIT_SCALE` of its size if nothing larger fits. A layer that fits is returned
   * as it is.
   */
  function fitCopy<L extends CopyLayer>(layer: L, format: FormatId): L {
    if (copyFits(layer, format)) return layer;
    const floor = Math.max(1, Math.ceil(layer.size * MIN_FIT_SCALE * 10) / 10);
    // Binary search over tenths: fitting is monotonic in the size.
    let lo = Math.round(floor * 10);
    let hi = Math.floor(layer.size * 10);
    if (!copyFits(layer, format, lo / 10)) return { ...layer, size: lo / 10 };
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (copyFits(layer, format, mid / 10)) lo = mid;
      else hi = mid - 1;
    }
    return { ...layer, size: lo / 10 };
  }

  return { textWidthEm, wrapText, copyFits, fitCopy };
}
