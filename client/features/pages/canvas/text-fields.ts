import type { Block } from '#common/schemas/blocks.ts';

/** Where a text sits in a block's props: `['heading']`, `['primary', 'label']`, `['items', 2, 'question']`. */
export type TextPath = readonly (string | number)[];

export interface TextField {
  path: TextPath;
  value: string;
  /** The field takes line breaks (Shift+Enter in place); Enter alone commits. */
  multiline: boolean;
}

/* eslint-disable lingui/no-unlocalized-strings -- property names */
/** The props that hold words a visitor reads as they are written (markdown, links, ids and media stay in the panel). */
const PLAIN = new Set([
  'eyebrow',
  'heading',
  'label',
  'caption',
  'title',
  'name',
  'role',
  'price',
  'period',
  'description',
  'question',
  'submitLabel',
  'expiredText',
]);
const MULTILINE = new Set(['subheading', 'intro', 'text', 'quote', 'answer']);
/* eslint-enable lingui/no-unlocalized-strings */

/** The block's texts that can be edited on the page: its headline, then the others in the order of its props (the first is what F2 edits). */
export function textFields(block: Block): TextField[] {
  const found: TextField[] = [];
  const walk = (value: unknown, path: (string | number)[]) => {
    if (Array.isArray(value)) value.forEach((item, i) => walk(item, [...path, i]));
    else if (value && typeof value === 'object') for (const [key, inner] of Object.entries(value)) walk(inner, [...path, key]);
    else if (typeof value === 'string' && value.trim() !== '') {
      const key = path.at(-1);
      if (typeof key === 'string' && (PLAIN.has(key) || MULTILINE.has(key))) found.push({ path, value, multiline: MULTILINE.has(key) });
    }
  };
  walk(block.props, []);
  // The block's headline first (an eyebrow above it comes after), for F2.
  const lead = (f: TextField) => (f.path.length === 1 && (f.path[0] === 'heading' || f.path[0] === 'title') ? 0 : 1);
  return found.sort((x, y) => lead(x) - lead(y));
}

/** The props with the text at `path` replaced (a new object along the path, the rest shared). */
export function withText<P>(props: P, path: TextPath, value: string): P {
  const [head, ...rest] = path;
  if (head === undefined) return value as P;
  if (Array.isArray(props)) return props.map((item: unknown, i) => (i === head ? withText(item, rest, value) : item)) as P;
  const record = props as Record<string, unknown>;
  return { ...record, [head]: withText(record[head], rest, value) } as P;
}

const normal = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/**
 * The field whose words `target` (or the nearest element around it, up to `root`) shows:
 * the innermost element whose text is exactly one field's.
 */
export function fieldAt(root: Element, target: Element, fields: readonly TextField[]): { field: TextField; element: Element } | null {
  for (let el: Element | null = target; el && root.contains(el); el = el.parentElement) {
    const shown = normal(el.textContent);
    const field = fields.find((f) => normal(f.value) === shown);
    if (field) return { field, element: el };
    if (el === root) break;
  }
  return null;
}

/** The innermost element under `root` that shows `field`'s words, in the first place they show (where the text is edited in place). */
export function elementOf(root: Element, field: TextField): Element | null {
  const want = normal(field.value);
  const all = [...root.querySelectorAll('*')].filter((el) => normal(el.textContent) === want);
  const outer = all[0];
  return outer ? all.filter((el) => outer.contains(el)).at(-1)! : null;
}

/** The first field of `fields` drawn under `root`, with its element. */
export function firstShown(root: Element, fields: readonly TextField[]): { field: TextField; element: Element } | null {
  for (const field of fields) {
    const element = elementOf(root, field);
    if (element) return { field, element };
  }
  return null;
}
