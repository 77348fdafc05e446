import { isBrandFont } from '#common/fonts.ts';
import { paletteOf, type CreativeDocument, type Layer } from '#common/creative/document.ts';

/**
 * The brand guard (issue 29 §7): the colours and fonts of a creative that are not its brand
 * kit's, each with its one-click fix. One function for the editor's flags and checklist and the
 * worker's strict check (a strict project renders only what passes it).
 *
 * Colours. A colour passes when it is within `COLOUR_TOLERANCE` (CIEDE2000) of
 * - a brand colour;
 * - a tint, shade or blend of one: a mix of a brand colour with white, black, the templates' ink
 *   and paper, or another brand colour (the templates derive their panels, rules and gradient ends
 *   so, and brand books allow tints); or
 * - a neutral: white, black, greys and near-neutral paper and ink (CIELAB chroma ≤
 *   `NEUTRAL_CHROMA`, which takes in the templates' cool grey ink #111827 and #374151, or lightness
 *   ≤ `NEUTRAL_DARK_L`).
 *   Every brand sets type in black or white on its colours; a guard that flagged them would flag
 *   every creative, and what it says would stop being read.
 * A kit without colours checks no colour: there is no palette to hold the design to. A kit of one
 * or two colours is completed as the templates complete it (`paletteOf`), so that a template made
 * for it passes; the fixes offer only the kit's own colours. The fix is
 * the brand colour nearest by CIEDE2000 (Sharma, Wu & Dalal 2005), the distance designers' tools
 * use (written out here: a colour library would add ≈ 10 KB to the editor for one formula).
 *
 * Fonts. A font passes when it is the kit's heading or body font, or a font uploaded to the
 * project (`brand:{id}`: the worker draws only the project's own). The fix is the heading font
 * for headlines, buttons and bold text, the body font for the rest.
 *
 * Which fields: every colour-valued property of a layer, at any depth (`color`, `fill`,
 * `stroke`, `highlight`, `from`, `to` and any key ending in `Color`), so that styled words,
 * strokes and icons are held to the palette as they arrive; the background's colours; every
 * `font` of a layer.
 */

/** What the guard reads of a project's brand kit. */
export interface GuardKit {
  colors: readonly string[];
  headingFont: string;
  bodyFont: string;
}

/** A key inside a layer or the background: a property name or an index (styled words' runs). */
export type GuardPath = readonly (string | number)[];

export interface GuardFinding {
  /** Stable within one document: the layer (or `background`) and the path. */
  key: string;
  kind: 'colour' | 'font';
  /** The layer, or null for the background. */
  layerId: string | null;
  path: GuardPath;
  value: string;
  /** The one-click fix: the nearest brand colour, or the brand font. */
  fix: string;
}

/** CIEDE2000 distance up to which a colour counts as the brand's (≈ the just-noticeable difference of 2.3, plus rounding in colour pickers). */
export const COLOUR_TOLERANCE = 3;
/** CIELAB chroma up to which a colour counts as neutral: greys, white, black, paper (#f8f5f0: 2.8) and the templates' cool greys (#111827: 11.5, #374151: 11.0). */
export const NEUTRAL_CHROMA = 12;
/** CIELAB lightness up to which a colour counts as neutral ink, whatever its tint. */
export const NEUTRAL_DARK_L = 12;

const HEX = /^#[0-9a-fA-F]{6}$/;
const COLOUR_KEY = /^(color|fill|stroke|highlight|from|to|[a-z]+Color)$/;

/* ---------- colour science ---------- */

export interface Lab {
  l: number;
  a: number;
  b: number;
}

const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

/** sRGB `#rrggbb` → CIELAB (D65 white). */
export function hexToLab(hex: string): Lab {
  const n = Number.parseInt(hex.slice(1), 16);
  const r = linear(((n >> 16) & 255) / 255);
  const g = linear(((n >> 8) & 255) / 255);
  const b = linear((n & 255) / 255);
  const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
  const y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const z = (0.0193339 * r + 0.119192 * g + 0.9503041 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  const [fx, fy, fz] = [f(x), f(y), f(z)];
  return { l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz) };
}

const deg = (rad: number) => (rad * 180) / Math.PI;
const rad = (d: number) => (d * Math.PI) / 180;

/** CIEDE2000 colour difference of two CIELAB colours (Sharma, Wu & Dalal 2005; kL = kC = kH = 1). */
export function ciede2000(x: Lab, y: Lab): number {
  const c1 = Math.hypot(x.a, x.b);
  const c2 = Math.hypot(y.a, y.b);
  const cMean7 = ((c1 + c2) / 2) ** 7;
  const g = 0.5 * (1 - Math.sqrt(cMean7 / (cMean7 + 25 ** 7)));
  const a1 = (1 + g) * x.a;
  const a2 = (1 + g) * y.a;
  const cp1 = Math.hypot(a1, x.b);
  const cp2 = Math.hypot(a2, y.b);
  const hue = (b: number, a: number) => (b === 0 && a === 0 ? 0 : (deg(Math.atan2(b, a)) + 360) % 360);
  const h1 = hue(x.b, a1);
  const h2 = hue(y.b, a2);
  const dL = y.l - x.l;
  const dC = cp2 - cp1;
  let dh = 0;
  if (cp1 * cp2 !== 0) {
    dh = h2 - h1;
    if (dh > 180) dh -= 360;
    else if (dh < -180) dh += 360;
  }
  const dH = 2 * Math.sqrt(cp1 * cp2) * Math.sin(rad(dh / 2));
  const lMean = (x.l + y.l) / 2;
  const cpMean = (cp1 + cp2) / 2;
  let hMean = h1 + h2;
  if (cp1 * cp2 !== 0) {
    if (Math.abs(h1 - h2) <= 180) hMean = (h1 + h2) / 2;
    else hMean = h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2;
  }
  const t = 1 - 0.17 * Math.cos(rad(hMean - 30)) + 0.24 * Math.cos(rad(2 * hMean)) + 0.32 * Math.cos(rad(3 * hMean + 6)) - 0.2 * Math.cos(rad(4 * hMean - 63));
  const dTheta = 30 * Math.exp(-(((hMean - 275) / 25) ** 2));
  const cpMean7 = cpMean ** 7;
  const rC = 2 * Math.sqrt(cpMean7 / (cpMean7 + 25 ** 7));
  const sL = 1 + (0.015 * (lMean - 50) ** 2) / Math.sqrt(20 + (lMean - 50) ** 2);
  const sC = 1 + 0.045 * cpMean;
  const sH = 1 + 0.015 * cpMean * t;
  const rT = -Math.sin(rad(2 * dTheta)) * rC;
  return Math.sqrt((dL / sL) ** 2 + (dC / sC) ** 2 + (dH / sH) ** 2 + rT * (dC / sC) * (dH / sH));
}

/** True for white, black, greys and near-neutral paper and ink (see the policy above). */
export function isNeutral(hex: string): boolean {
  const { l, a, b } = hexToLab(hex);
  return Math.hypot(a, b) <= NEUTRAL_CHROMA || l <= NEUTRAL_DARK_L;
}

/** The palette's colour nearest to `hex` (CIEDE2000) and its distance; null for an empty palette. */
export function nearestColour(hex: string, palette: readonly string[]): { colour: string; distance: number } | null {
  const lab = hexToLab(hex);
  let best: { colour: string; distance: number } | null = null;
  for (const colour of palette) {
    if (!HEX.test(colour)) continue;
    const distance = ciede2000(lab, hexToLab(colour));
    if (!best || distance < best.distance) best = { colour: colour.toLowerCase(), distance };
  }
  return best;
}

/** The neutrals a brand colour is tinted or shaded with: white, black, the templates' ink and paper (`paletteOf`). */
const MIXERS = ['#ffffff', '#000000', '#111827', '#f8f5f0'];

const rgb = (hex: string): [number, number, number] => {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
const toHex = (c: readonly number[]) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** The colour on the sRGB line from `a` to `b` (how `mix` blends) nearest to `c`. */
function nearestOnMix(c: string, a: string, b: string): string {
  const [p, q, r] = [rgb(c), rgb(a), rgb(b)];
  const d = q.map((v, i) => r[i]! - v);
  const len = d.reduce((s, v) => s + v * v, 0);
  const t = len === 0 ? 0 : Math.min(1, Math.max(0, d.reduce((s, v, i) => s + v * (p[i]! - q[i]!), 0) / len));
  return toHex(q.map((v, i) => v + d[i]! * t));
}

/** True when `hex` is the brand's: a palette colour, a tint, shade or blend of one, or a neutral (the policy above). */
export function onPalette(hex: string, palette: readonly string[]): boolean {
  if (isNeutral(hex)) return true;
  const lab = hexToLab(hex);
  const close = (other: string) => ciede2000(lab, hexToLab(other)) <= COLOUR_TOLERANCE;
  return palette.some((brand, i) => close(brand) || [...MIXERS, ...palette.slice(i + 1)].some((other) => close(nearestOnMix(hex, brand, other))));
}

/* ---------- findings ---------- */

/**
 * Verdicts by palette and colour: the editor asks on every change (each frame of a drag), the
 * answer for a colour changes only with it, and one costs up to a few hundred CIEDE2000s.
 */
const verdicts = new Map<string, string | null>();

/** null when `hex` is the brand's, else the brand colour to fix it with. */
function colourVerdict(hex: string, palette: readonly string[], completed: readonly string[]): string | null {
  const key = `${palette.join()}|${completed.join()}|${hex.toLowerCase()}`;
  const known = verdicts.get(key);
  if (known !== undefined) return known;
  const verdict = onPalette(hex, completed) ? null : (nearestColour(hex, palette)?.colour ?? null);
  if (verdicts.size >= 2000) verdicts.clear();
  verdicts.set(key, verdict);
  return verdict;
}

function headingLike(layer: Layer): boolean {
  if (layer.slot === 'headline' || layer.type === 'cta') return true;
  return 'weight' in layer && layer.weight === 700;
}

/** Every string under `value` whose key says it is a colour (or a font), with its path. */
function walk(value: unknown, path: (string | number)[], visit: (path: GuardPath, key: string, value: string) => void): void {
  if (Array.isArray(value)) value.forEach((item, i) => walk(item, [...path, i], visit));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (typeof item === 'string') visit([...path, key], key, item);
      else walk(item, [...path, key], visit);
    }
  }
}

/** The colour and font findings of `doc` against `kit`, in the layers' order, the background first. */
export function brandFindings(doc: CreativeDocument, kit: GuardKit): GuardFinding[] {
  const palette = kit.colors.filter((c) => HEX.test(c)).map((c) => c.toLowerCase());
  const p = paletteOf(palette);
  const completed = [...new Set([...palette, p.primary, p.secondary, p.accent])];
  const findings: GuardFinding[] = [];
  const colour = (layerId: string | null, path: GuardPath, value: string) => {
    if (palette.length === 0 || !HEX.test(value)) return;
    const fix = colourVerdict(value, palette, completed);
    if (fix) findings.push({ key: `${layerId ?? 'background'}:${path.join('.')}`, kind: 'colour', layerId, path, value: value.toLowerCase(), fix });
  };
  const bg = doc.background;
  if (bg.type === 'gradient') {
    colour(null, ['from'], bg.from);
    colour(null, ['to'], bg.to);
  } else colour(null, ['color'], bg.color);
  const fonts = new Set([kit.headingFont, kit.bodyFont]);
  for (const layer of doc.layers) {
    walk(layer, [], (path, key, value) => {
      if (COLOUR_KEY.test(key)) colour(layer.id, path, value);
      else if (key === 'font' && !fonts.has(value) && !isBrandFont(value)) {
        const fix = headingLike(layer) ? kit.headingFont : kit.bodyFont;
        findings.push({ key: `${layer.id}:${path.join('.')}`, kind: 'font', layerId: layer.id, path, value, fix });
      }
    });
  }
  return findings;
}

function setAt(target: unknown, path: GuardPath, value: string): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(target)) return target.map((item, i) => (i === head ? setAt(item, rest, value) : item));
  const record = (target ?? {}) as Record<string, unknown>;
  return { ...record, [head]: setAt(record[head], rest, value) };
}

/** `doc` with the given findings fixed, each taking its `fix` (one undo step for "Fix all"). */
export function applyFixes(doc: CreativeDocument, findings: readonly GuardFinding[]): CreativeDocument {
  let background = doc.background as unknown;
  const layers = new Map(doc.layers.map((l) => [l.id, l as unknown]));
  for (const f of findings) {
    if (f.layerId === null) background = setAt(background, f.path, f.fix);
    else if (layers.has(f.layerId)) layers.set(f.layerId, setAt(layers.get(f.layerId), f.path, f.fix));
  }
  return { ...doc, background: background as CreativeDocument['background'], layers: doc.layers.map((l) => layers.get(l.id) as Layer) };
}
