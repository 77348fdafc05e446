import * as z from 'zod/mini';
import { BRAND_FONT_REF, FONT_IDS, type BrandFontRef } from '#common/fonts.ts';
import { text } from '#common/schemas/fields.ts';

/**
 * The creative document (PRODUCT.md §4.3): one schema for the editor, the worker and
 * the renderer. Positions and sizes are format-relative, so a document keeps its
 * layout when the format changes:
 * - x, y, w, h: percent of the format's width (x, w) and height (y, h);
 * - font sizes and corner radii: percent of the format's shorter side.
 * `version` is the schema version; `migrateCreative` lifts every older version to the
 * current one, so that a document saved by an older release still opens.
 */
export const CREATIVE_VERSION = 2;

export const FORMATS = {
  square: { label: 'Square', width: 1080, height: 1080, hint: 'Feed 1:1' },
  portrait: { label: 'Portrait', width: 1080, height: 1350, hint: 'Feed 4:5' },
  story: { label: 'Story', width: 1080, height: 1920, hint: 'Stories and Reels 9:16' },
  landscape: { label: 'Landscape', width: 1200, height: 628, hint: 'Link ads 1.91:1' },
} as const;
export type FormatId = keyof typeof FORMATS;
export const FORMAT_IDS = Object.keys(FORMATS) as [FormatId, ...FormatId[]];

export const CREATIVE_STATUSES = ['draft', 'in_review', 'approved', 'rejected', 'archived'] as const;
export type CreativeStatus = (typeof CREATIVE_STATUSES)[number];
export const STATUS_LABELS: Record<CreativeStatus, string> = {
  draft: 'Draft',
  in_review: 'In review',
  approved: 'Approved',
  rejected: 'Rejected',
  archived: 'Archived',
};
/** Where a status may go next (draft → in review → approved / rejected; archive and reopen). */
export const STATUS_TRANSITIONS: Record<CreativeStatus, readonly CreativeStatus[]> = {
  draft: ['in_review', 'archived'],
  in_review: ['approved', 'rejected', 'draft', 'archived'],
  approved: ['draft', 'archived'],
  rejected: ['draft', 'archived'],
  archived: ['draft'],
};

export const MAX_LAYERS = 40;
export const MAX_TEXT = 500;

const hex = text('Use a colour like #1A2B3C.').check(z.regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1A2B3C.'), z.toLowerCase());
/** A media reference: a media object of the creative's project ("local" is the playground's in-browser image). */
export const mediaRef = text('Pick an image.').check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Pick an image.'));
const num = (min: number, max: number, message: string) => z.number(message).check(z.minimum(min, message), z.maximum(max, message));
const position = num(-100, 200, 'Keep the layer near the canvas.');
const extent = num(0.5, 300, 'A layer must be at least 0.5 % of the canvas.');
const fontSize = num(1, 50, 'Use a font size from 1 to 50.');
const radius = num(0, 50, 'Use a corner radius from 0 to 50.');
/** Degrees clockwise about the layer's centre. */
export const ROTATION_MIN = -180;
export const ROTATION_MAX = 180;
const rotation = num(ROTATION_MIN, ROTATION_MAX, 'Use a rotation from -180 to 180 degrees.');

export const SLOTS = ['headline', 'body', 'cta', 'logo', 'image', 'accent', 'panel'] as const;
export type Slot = (typeof SLOTS)[number];

const layerBase = {
  id: text().check(z.regex(/^[A-Za-z0-9_-]{1,40}$/, 'Layer ids are short names.')),
  x: position,
  y: position,
  w: extent,
  h: extent,
  /** The role the layer plays in its template, used to lay it out again in another format. */
  slot: z.optional(z.enum(SLOTS)),
  name: z.optional(text().check(z.maxLength(60))),
  /** Locked layers cannot be selected on the canvas, moved or resized (the layer list still reaches them). */
  locked: z.optional(z.boolean()),
  /** Hidden layers are neither shown nor rendered. */
  hidden: z.optional(z.boolean()),
  /** Layers sharing a group id are selected, moved and resized together. */
  group: z.optional(text().check(z.regex(/^[A-Za-z0-9_-]{1,40}$/, 'Group ids are short names.'))),
  /** Degrees clockwise about the box's centre (absent: 0); x, y, w, h stay the unturned box. */
  rotation: z.optional(rotation),
};

const textStyle = {
  /** A bundled font id, or `brand:{id}` for a font uploaded to the creative's project. */
  font: z.union([z.enum(FONT_IDS), z.custom<BrandFontRef>((v) => typeof v === 'string' && BRAND_FONT_REF.test(v))], 'Pick a font from the list.'),
  weight: z.union([z.literal(400), z.literal(700)], 'Use regular or bold.'),
  size: fontSize,
  color: hex,
};

/** At most this many styled ranges in one text layer. */
export const MAX_RUNS = 60;
const offset = z
  .int('Keep styled words within the text.')
  .check(z.minimum(0, 'Keep styled words within the text.'), z.maximum(MAX_TEXT, 'Keep styled words within the text.'));

/**
 * A styled range of a text layer's `text` (UTF-16 offsets, `start` inclusive, `end` exclusive):
 * what differs there from the layer's own style. The text itself stays plain, so everything that
 * reads `text` (copy slots, templates, naming, search, resize) keeps working; common/creative/runs.ts
 * keeps the ranges sorted, apart and in step with edits of the text.
 */
export const textRun = z.object({
  start: offset,
  end: offset,
  bold: z.optional(z.boolean()),
  italic: z.optional(z.boolean()),
  underline: z.optional(z.boolean()),
  color: z.optional(hex),
  /** The colour behind the characters (a highlighter). */
  highlight: z.optional(hex),
});
export type TextRun = z.infer<typeof textRun>;

export const textLayer = z.object({
  ...layerBase,
  type: z.literal('text'),
  text: text().check(z.maxLength(MAX_TEXT, `Use at most ${MAX_TEXT} characters.`)),
  ...textStyle,
  align: z.enum(['left', 'center', 'right']),
  vAlign: z.enum(['top', 'middle', 'bottom']),
  lineHeight: num(0.8, 2.5, 'Use a line height from 0.8 to 2.5.'),
  uppercase: z.boolean(),
  /** Shrink the font size until the text fits its box (common/creative/text-fit.ts, the same in the editor and the PNG). */
  autoFit: z.optional(z.boolean()),
  /** Styled words: ranges of `text` drawn bold, italic, underlined, coloured or highlighted (absent: all in the layer's style). */
  runs: z.optional(z.array(textRun).check(z.maxLength(MAX_RUNS, `Use at most ${MAX_RUNS} styled ranges.`))),
  /** Extra space between letters, in ems of the font size (absent: 0). */
  letterSpacing: z.optional(num(-0.1, 0.5, 'Use a letter spacing from -0.1 to 0.5.')),
});

export const imageLayer = z.object({
  ...layerBase,
  type: z.literal('image'),
  mediaId: z.nullable(mediaRef),
  fit: z.enum(['cover', 'contain']),
  radius,
  /** The crop: the point of the picture kept in view (percent of its width and height; default: the media item's focal point, else the centre)… */
  focal: z.optional(z.object({ x: num(0, 100, 'Use a focal point within the picture.'), y: num(0, 100, 'Use a focal point within the picture.') })),
  /** …and how far the picture is zoomed into the frame beyond "cover" (1 = no crop beyond the frame). */
  zoom: z.optional(num(1, 5, 'Use a zoom from 1 to 5.')),
  flipX: z.optional(z.boolean()),
  flipY: z.optional(z.boolean()),
  opacity: z.optional(num(0, 1, 'Use an opacity from 0 to 1.')),
});

export const logoLayer = z.object({
  ...layerBase,
  type: z.literal('logo'),
  mediaId: z.nullable(mediaRef),
});

export const SHAPES = ['rect', 'ellipse', 'line', 'arrow'] as const;
export type ShapeKind = (typeof SHAPES)[number];
/** A line's or an outline's width: percent of the format's shorter side. */
const strokeWidth = num(0, 20, 'Use a line width from 0 to 20.');

export const shapeLayer = z.object({
  ...layerBase,
  type: z.literal('shape'),
  /** A line and an arrow lie along the middle of their box, left to right (the arrow's head at the right); rotate the layer to turn them. */
  shape: z.enum(SHAPES),
  /** A rectangle's or an ellipse's inside; a line's or an arrow's colour. */
  fill: hex,
  opacity: num(0, 1, 'Use an opacity from 0 to 1.'),
  radius,
  /** An outline around a rectangle or an ellipse (absent: none; lines draw in their fill). */
  stroke: z.optional(hex),
  /** The outline's width, or a line's thickness (absent: no outline; a line LINE_WIDTH). */
  strokeWidth: z.optional(strokeWidth),
  /** A rectangle or an ellipse of outline only. */
  noFill: z.optional(z.boolean()),
});

/** A line's thickness when the layer sets none (percent of the shorter side). */
export const LINE_WIDTH = 1;

/**
 * An icon's vectors, carried in the document (decision 0035): the shapes of a 24 × 24 lucide
 * icon, so that every renderer draws it without an icon set of its own. Only drawing elements
 * and geometry attributes, values of path-data characters (no quotes, no markup, no URLs).
 */
export const ICON_TAGS = ['path', 'circle', 'rect', 'line', 'ellipse', 'polyline', 'polygon'] as const;
const svgValue = text('Icons are drawn from the icon set.').check(z.regex(/^[0-9A-Za-z .,-]{1,1000}$/, 'Icons are drawn from the icon set.'));
const iconAttrs = z.object(
  Object.fromEntries(
    ['d', 'cx', 'cy', 'r', 'x', 'y', 'width', 'height', 'rx', 'ry', 'x1', 'x2', 'y1', 'y2', 'points', 'fill'].map((k) => [k, z.optional(svgValue)]),
  ) as Record<
    'd' | 'cx' | 'cy' | 'r' | 'x' | 'y' | 'width' | 'height' | 'rx' | 'ry' | 'x1' | 'x2' | 'y1' | 'y2' | 'points' | 'fill',
    z.ZodMiniOptional<typeof svgValue>
  >,
);
const ICON_DRAWN = 'Icons are drawn from the icon set.';
/**
 * One node, `[tag, attributes]`: two items, each checked by its own schema. Not `z.tuple`, which
 * no other schema of the browser's build uses: zod's code is one chunk shared with the public
 * pages' islands, which would load it too (bench/budgets.json `interactivePageJsBytes`).
 */
const iconNode = z.pipe(
  z.array(z.union([z.enum(ICON_TAGS), iconAttrs], ICON_DRAWN)).check(z.minLength(2, ICON_DRAWN), z.maxLength(2, ICON_DRAWN)),
  z.transform((node, ctx) => {
    const [tag, attrs] = node;
    if (typeof tag === 'string' && attrs !== undefined && typeof attrs !== 'string') return [tag, attrs] as [typeof tag, typeof attrs];
    ctx.issues.push({ code: 'custom', message: ICON_DRAWN, input: node });
    return z.NEVER;
  }),
);
export const iconNodes = z.array(iconNode).check(z.minLength(1, 'Pick an icon.'), z.maxLength(32, 'Pick an icon.'));
export type IconNode = z.infer<typeof iconNodes>[number];

export const iconLayer = z.object({
  ...layerBase,
  type: z.literal('icon'),
  /** The lucide icon's name (what the panel shows and the picker finds). */
  icon: text('Pick an icon.').check(z.regex(/^[a-z0-9-]{1,64}$/, 'Pick an icon.')),
  nodes: iconNodes,
  color: hex,
  /** The stroke in the icon's 24-unit grid (lucide draws 2). */
  strokeWidth: num(0.5, 4, 'Use a line width from 0.5 to 4.'),
  opacity: z.optional(num(0, 1, 'Use an opacity from 0 to 1.')),
});
export type IconLayer = z.infer<typeof iconLayer>;

export const ctaLayer = z.object({
  ...layerBase,
  type: z.literal('cta'),
  text: text().check(z.maxLength(40, 'Keep the button under 40 characters.')),
  ...textStyle,
  fill: hex,
  radius,
});

export const layerSchema = z.discriminatedUnion('type', [textLayer, imageLayer, logoLayer, shapeLayer, ctaLayer, iconLayer]);
export type Layer = z.infer<typeof layerSchema>;
export type LayerType = Layer['type'];
export type TextLayer = z.infer<typeof textLayer>;
export type CtaLayer = z.infer<typeof ctaLayer>;
export type ShapeLayer = z.infer<typeof shapeLayer>;

export const backgroundSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('color'), color: hex }),
  z.object({ type: z.literal('gradient'), from: hex, to: hex, angle: num(0, 360, 'Use an angle from 0 to 360.') }),
  z.object({ type: z.literal('media'), mediaId: z.nullable(mediaRef), color: hex, overlay: num(0, 0.9, 'Use an overlay from 0 to 0.9.') }),
]);
export type Background = z.infer<typeof backgroundSchema>;

export const creativeDocument = z
  .object({
    version: z.literal(CREATIVE_VERSION),
    format: z.enum(FORMAT_IDS, 'Pick a format.'),
    template: text().check(z.regex(/^[a-z0-9-]{1,40}$/)),
    background: backgroundSchema,
    layers: z.array(layerSchema).check(z.maxLength(MAX_LAYERS, `Use at most ${MAX_LAYERS} layers.`)),
  })
  .check(
    z.refine((doc) => new Set(doc.layers.map((l) => l.id)).size === doc.layers.length, { message: 'Layer ids must be unique.', path: ['layers'] }),
    z.refine((doc) => doc.layers.every((l) => l.type !== 'text' || runsWithin(l.runs, l.text.length)), {
      message: 'Keep styled words within the text.',
      path: ['layers'],
    }),
  );
export type CreativeDocument = z.infer<typeof creativeDocument>;

/** Whether styled ranges lie within a text of `length`, each non-empty, in order and apart. */
function runsWithin(runs: readonly TextRun[] | undefined, length: number): boolean {
  let at = 0;
  for (const run of runs ?? []) {
    if (run.start < at || run.end <= run.start || run.end > length) return false;
    at = run.end;
  }
  return true;
}

/**
 * Version 1, the first editor's format (kept so that such documents still open):
 * absolute pixel positions, a flat background colour and "elements".
 */
export interface CreativeDocumentV1 {
  version: 1;
  size: FormatId;
  background: string;
  elements: Array<{
    kind: 'headline' | 'text' | 'button' | 'image' | 'logo' | 'box';
    left: number;
    top: number;
    width: number;
    height: number;
    text?: string;
    color?: string;
    fill?: string;
    fontSize?: number;
    font?: string;
    bold?: boolean;
    align?: 'left' | 'center' | 'right';
    src?: string | null;
  }>;
}

const round = (n: number) => Math.round(n * 100) / 100;
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

function fromV1(doc: CreativeDocumentV1): unknown {
  const { width, height } = FORMATS[doc.size] ?? FORMATS.square;
  const short = Math.min(width, height);
  const font = (id: string | undefined) => ((FONT_IDS as readonly string[]).includes(id ?? '') ? id : 'inter');
  return {
    version: 2,
    format: doc.size in FORMATS ? doc.size : 'square',
    template: 'blank',
    background: { type: 'color', color: doc.background },
    layers: doc.elements.map((el, i) => {
      const box = {
        id: `l${i + 1}`,
        x: round(clamp((el.left / width) * 100, -100, 200)),
        y: round(clamp((el.top / height) * 100, -100, 200)),
        w: round(clamp((el.width / width) * 100, 0.5, 300)),
        h: round(clamp((el.height / height) * 100, 0.5, 300)),
      };
      const size = round(clamp(((el.fontSize ?? 48) / short) * 100, 1, 50));
      switch (el.kind) {
        case 'headline':
        case 'text':
          return {
            ...box,
            slot: el.kind === 'headline' ? 'headline' : 'body',
            type: 'text',
            text: (el.text ?? '').slice(0, MAX_TEXT),
            font: font(el.font),
            weight: el.bold || el.kind === 'headline' ? 700 : 400,
            size,
            color: el.color ?? '#111111',
            align: el.align ?? 'left',
            vAlign: 'top',
            lineHeight: 1.2,
            uppercase: false,
          };
        case 'button':
          return {
            ...box,
            slot: 'cta',
            type: 'cta',
            text: (el.text ?? '').slice(0, 40),
            font: font(el.font),
            weight: 700,
            size,
            color: el.color ?? '#ffffff',
            fill: el.fill ?? '#111111',
            radius: 2,
          };
        case 'image':
          return { ...box, type: 'image', mediaId: el.src ?? null, fit: 'cover', radius: 0 };
        case 'logo':
          return { ...box, slot: 'logo', type: 'logo', mediaId: el.src ?? null };
        case 'box':
          return { ...box, type: 'shape', shape: 'rect', fill: el.fill ?? '#eeeeee', opacity: 1, radius: 0 };
      }
    }),
  };
}

/** Lifts a stored document of any known version to the current version (unvalidated). */
export function migrateCreative(doc: unknown): unknown {
  let current = doc;
  if (current && typeof current === 'object' && (current as { version?: unknown }).version === 1) current = fromV1(current as CreativeDocumentV1);
  return current;
}

/** Parses a document of any known version; throws a zod error when it is not valid. */
export function parseCreative(doc: unknown): CreativeDocument {
  return creativeDocument.parse(migrateCreative(doc));
}

/** Pixel geometry of a layer in a format. */
export function layerBox(layer: Pick<Layer, 'x' | 'y' | 'w' | 'h'>, format: FormatId) {
  const { width, height } = FORMATS[format];
  return { left: (layer.x / 100) * width, top: (layer.y / 100) * height, width: (layer.w / 100) * width, height: (layer.h / 100) * height };
}

/** Percent of the shorter side → pixels. */
export function shortSidePx(value: number, format: FormatId): number {
  const { width, height } = FORMATS[format];
  return (value / 100) * Math.min(width, height);
}

/** A stable text form of a document (keys sorted), for hashing revisions. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The media objects a document refers to (the renderer loads these, the worker checks them). */
export function mediaIdsOf(doc: CreativeDocument): string[] {
  const ids = new Set<string>();
  if (doc.background.type === 'media' && doc.background.mediaId) ids.add(doc.background.mediaId);
  for (const layer of doc.layers) if ((layer.type === 'image' || layer.type === 'logo') && layer.mediaId) ids.add(layer.mediaId);
  return [...ids];
}

/** The document with the media references for which `drop` is true taken out (empty frames). */
export function withoutMedia(doc: CreativeDocument, drop: (id: string) => boolean): CreativeDocument {
  const keep = (id: string | null) => (id !== null && drop(id) ? null : id);
  const background = doc.background.type === 'media' ? { ...doc.background, mediaId: keep(doc.background.mediaId) } : doc.background;
  const layers = doc.layers.map((l) => (l.type === 'image' || l.type === 'logo' ? { ...l, mediaId: keep(l.mediaId) } : l));
  return { ...doc, background, layers };
}

/** The document with every reference to `from` pointing at `to` (the playground's picture, once uploaded). */
export function replaceMedia(doc: CreativeDocument, from: string, to: string | null): CreativeDocument {
  const swap = (id: string | null) => (id === from ? to : id);
  const background = doc.background.type === 'media' ? { ...doc.background, mediaId: swap(doc.background.mediaId) } : doc.background;
  const layers = doc.layers.map((l) => (l.type === 'image' || l.type === 'logo' ? { ...l, mediaId: swap(l.mediaId) } : l));
  return { ...doc, background, layers };
}

/* ---------- what a design takes from the brand and carries between templates ---------- */

export interface Palette {
  primary: string;
  secondary: string;
  accent: string;
  light: string;
  dark: string;
}

export interface Copy {
  headline: string;
  body: string;
  cta: string;
}

const FALLBACK = ['#1f3a5f', '#f4a261', '#e76f51', '#2a9d8f'];

/** The brand's colours as a palette, turned by `shift` (variations). */
export function paletteOf(colors: readonly string[], shift = 0): Palette {
  const base = colors.length > 0 ? [...colors] : [...FALLBACK];
  while (base.length < 3) base.push(FALLBACK[base.length % FALLBACK.length]!);
  const k = ((shift % base.length) + base.length) % base.length;
  const c = [...base.slice(k), ...base.slice(0, k)].map((x) => x.toLowerCase());
  return { primary: c[0]!, secondary: c[1]!, accent: c[2]!, light: '#f8f5f0', dark: '#111827' };
}

/** The text of the layers in each copy slot, to carry content into another template. */
export function copyOf(doc: CreativeDocument): Partial<Copy> {
  const copy: Partial<Copy> = {};
  for (const layer of doc.layers) {
    if (layer.type === 'text' && layer.slot === 'headline' && copy.headline === undefined) copy.headline = layer.text;
    if (layer.type === 'text' && layer.slot === 'body' && copy.body === undefined) copy.body = layer.text;
    if (layer.type === 'cta' && copy.cta === undefined) copy.cta = layer.text;
  }
  return copy;
}
