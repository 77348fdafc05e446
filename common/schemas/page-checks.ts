import { parseMarkdownLite, type MdInline } from '#common/markdown-lite.ts';
import { BLOCK_DEFAULTS, BLOCK_SAMPLES } from '#common/schemas/blocks-defaults.ts';
import { BLOCK_TYPES, blockPartIds, RESERVED_BLOCK_IDS, type Block, type BlockType, type PageDocument } from '#common/schemas/blocks.ts';

/**
 * The checks before publishing (issue 30 §3): what a page would show visitors that its author
 * almost certainly did not mean to. Pure and isomorphic: the editor's live checklist and the
 * worker's publish and restore run this one function, so the two never disagree.
 *
 * Severities, decided as a careful product would:
 * - **error** (blocks publishing, cannot be accepted): what is plainly unfinished or broken for
 *   every visitor, and embarrassing or unlawful once live —
 *   - placeholder text: a default or sample of blocks-defaults.ts left as it is, in either
 *     language ("A headline that says what you offer", a sample testimonial by a person who does
 *     not exist, "© 2026 Your company"). Field labels, button labels, plan names, prices and
 *     section headings ("Name", "Pro", "€19", "Questions and answers") are words a real page uses
 *     as they are and are not flagged;
 *   - an image block without an image (an empty box);
 *   - a link that goes nowhere: an anchor `#id` naming no block (the defaults' `#signup`), a
 *     `/p/{funnel}/{slug}` page of the same funnel that does not exist or is not published (when
 *     the caller knows the funnel's pages), an example.com/.org/.net address left from the samples;
 *   - a form that collects an email address without a required consent checkbox with its text:
 *     collecting addresses for marketing without consent is unlawful in the EU (GDPR art. 6, 7).
 * - **warning** (asks first, can be accepted key by key): what is worse than it could be but may
 *   be deliberate —
 *   - an image without alt text: `alt: ''` is how the schema marks a decorative picture, which is
 *     right for some pictures and wrong for most;
 *   - no search title or description (the page title and no snippet are used instead), no social
 *     image (shared links show no picture). A page may well go live without them.
 *
 * Every finding names the variant, the block (or `seo`) and the field path it concerns, so that
 * the editor can take the person there; its `key` is stable for one document, and the worker asks
 * the request to name each warning it accepts (`acceptWarnings`): a warning that was not on the
 * list the person saw (a rule added since, a sibling page unpublished meanwhile) is not accepted
 * blindly.
 */

export type CheckSeverity = 'error' | 'warning';
export type CheckRule =
  | 'placeholder'
  | 'altMissing'
  | 'imageMissing'
  | 'anchorMissing'
  | 'pageMissing'
  | 'pageUnpublished'
  | 'exampleLink'
  | 'consentMissing'
  | 'seoTitle'
  | 'seoDescription'
  | 'seoImage';

export interface PageFinding {
  /** `{variant}:{block id or seo}:{path}:{rule}`: stable for one document. */
  key: string;
  severity: CheckSeverity;
  rule: CheckRule;
  variant: 'a' | 'b';
  /** The block's id, or `seo` for the search and sharing fields. */
  blockId: string;
  /** Where inside the block's props (or the seo object) the field is, e.g. `items.0.question`. */
  path: string;
  /** The message of the checklist, in both languages (funnels area; a message id, typed without the catalogs' types, which scripts and e2e do not load). */
  message: `funnels.checks.${CheckRule}`;
}

/** The other pages of the funnel, when the caller knows them: `/p/{funnel}/{slug}` links are checked against them. */
export interface FunnelPagesContext {
  funnelName: string;
  pages: readonly { slug: string; published: boolean }[];
  /** The slug of the page being checked (it counts as published: it is being published). */
  selfSlug?: string;
}

const SEVERITY: Record<CheckRule, CheckSeverity> = {
  placeholder: 'error',
  imageMissing: 'error',
  anchorMissing: 'error',
  pageMissing: 'error',
  pageUnpublished: 'error',
  exampleLink: 'error',
  consentMissing: 'error',
  altMissing: 'warning',
  seoTitle: 'warning',
  seoDescription: 'warning',
  seoImage: 'warning',
};

/* ---------- placeholder text ---------- */

/** Keys whose values real pages use as they are (labels, names, prices) or that are not words (choices, links, ids): never placeholders. */
const WORDS_KEYS = new Set([
  'label',
  'submitLabel',
  'price',
  'period',
  'options',
  'successMessage',
  'expiredText',
  'href',
  'url',
  'endsAt',
  'alt',
  'mediaId',
  'file',
  'layout',
  'background',
  'icon',
  'type',
  'align',
  'width',
  'source',
]);
/** Section headings and item titles that are fine as they are ("Questions and answers", "Fast"); the hero's headline is not. */
const TITLE_KEYS = new Set(['heading', 'title', 'name']);

/** Whether `path` (keys inside a block's props) holds words rather than copy to be written. */
function isWordsField(type: BlockType, path: readonly (string | number)[]): boolean {
  const key = [...path].reverse().find((k): k is string => typeof k === 'string') ?? '';
  if (WORDS_KEYS.has(key)) return true;
  // A testimonial's `name` is a person: a sample one is made up.
  if (type === 'testimonials' && key === 'name') return false;
  return type !== 'hero' && TITLE_KEYS.has(key);
}

/** A text as compared: trimmed, spaces folded, a year as any year (the footer's "© 2026 Your company"). */
const normal = (text: string) =>
  text
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/\b(?:19|20)\d{2}\b/g, '#');

/** The paragraphs of a text (a markdown text's sample may be left in part); a heading alone counts only as the whole text. */
function paragraphsOf(text: string): string[] {
  const parts = text
    .split(/\n\s*\n/)
    .map(normal)
    .filter(Boolean);
  return parts.length > 1 ? parts.filter((p) => !p.startsWith('#')) : parts;
}

/** Every string of `value` with its path. */
function* stringsOf(value: unknown, path: (string | number)[] = []): Generator<[string, (string | number)[]]> {
  if (typeof value === 'string') yield [value, path];
  else if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* stringsOf(item, [...path, i]);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* stringsOf(v, [...path, k]);
}

/**
 * What the editor's "Add testimonial" puts in a new item (funnels.field.aShortQuote and
 * customerName, in both languages; a test holds them equal to the catalogs): typed out here, since
 * importing the catalogs would carry them into every bundle that checks a page.
 */
export const ADDED_ITEMS: Partial<Record<BlockType, readonly string[]>> = {
  testimonials: ['A short quote.', 'Customer name', 'Ein kurzes Zitat.', 'Name des Kunden'],
};

let placeholders: Map<BlockType, Set<string>> | undefined;

/** The default and sample copy of each block type, in both languages (built once). */
function placeholderTexts(): Map<BlockType, Set<string>> {
  if (placeholders) return placeholders;
  placeholders = new Map();
  for (const type of BLOCK_TYPES) {
    const texts = new Set<string>();
    for (const locale of ['en', 'de'] as const) {
      for (const props of [BLOCK_DEFAULTS[locale][type](), BLOCK_SAMPLES[locale][type]]) {
        for (const [text, path] of stringsOf(props)) if (!isWordsField(type, path)) for (const p of paragraphsOf(text)) texts.add(p);
      }
    }
    for (const text of ADDED_ITEMS[type] ?? []) texts.add(text);
    placeholders.set(type, texts);
  }
  return placeholders;
}

/* ---------- links ---------- */

const EXAMPLE_HOST = /^(?:https?:\/\/|mailto:[^@]*@)(?:[a-z0-9-]+\.)*example\.(?:com|org|net)(?:[:/?#]|$)/i;

/** The links of a block: buttons and footer links by their path, and the text block's markdown links (at `markdown`). */
function linksOf(block: Block): { href: string; path: string }[] {
  const links: { href: string; path: string }[] = [];
  for (const [value, path] of stringsOf(block.props)) {
    if (path.at(-1) === 'href') links.push({ href: value, path: path.join('.') });
  }
  if (block.type === 'text') {
    const walk = (nodes: readonly MdInline[]) => {
      for (const node of nodes) {
        if (node.t === 'link') links.push({ href: node.href, path: 'markdown' });
        if ('c' in node) walk(node.c);
      }
    };
    for (const part of parseMarkdownLite(block.props.markdown)) {
      if ('c' in part) walk(part.c);
      else for (const item of part.items) walk(item);
    }
  }
  return links;
}

function linkRule(href: string, anchors: ReadonlySet<string>, funnel: FunnelPagesContext | undefined): CheckRule | null {
  if (href.startsWith('#')) return anchors.has(href.slice(1)) ? null : 'anchorMissing';
  if (EXAMPLE_HOST.test(href)) return 'exampleLink';
  if (funnel && href.startsWith(`/p/${funnel.funnelName}/`)) {
    const slug = href.slice(`/p/${funnel.funnelName}/`.length).split(/[/?#]/)[0] ?? '';
    if (slug === '' || slug === funnel.selfSlug) return null;
    const page = funnel.pages.find((p) => p.slug === slug);
    if (!page) return 'pageMissing';
    if (!page.published) return 'pageUnpublished';
  }
  return null;
}

/* ---------- images ---------- */

interface ImageAt {
  path: string;
  image: { alt: string } | null;
  /** An image block's own picture: missing is an error. */
  required: boolean;
}

function imagesOf(block: Block): ImageAt[] {
  switch (block.type) {
    case 'hero':
      return [{ path: 'image', image: block.props.image, required: false }];
    case 'image':
      return [{ path: 'image', image: block.props.image, required: true }];
    case 'video':
      return [{ path: 'poster', image: block.props.poster, required: false }];
    case 'testimonials':
      return block.props.items.map((item, i) => ({ path: `items.${i}.avatar`, image: item.avatar, required: false }));
    default:
      return [];
  }
}

/* ---------- the checks ---------- */

/** The findings of one page document (variant `variant`), errors first, then in the page's order. */
export function checkDocument(doc: PageDocument, variant: 'a' | 'b' = 'a', funnel?: FunnelPagesContext): PageFinding[] {
  const findings: PageFinding[] = [];
  const add = (rule: CheckRule, blockId: string, path: string) =>
    findings.push({ key: `${variant}:${blockId}:${path}:${rule}`, severity: SEVERITY[rule], rule, variant, blockId, path, message: `funnels.checks.${rule}` });
  const anchors = new Set<string>([...RESERVED_BLOCK_IDS, ...doc.blocks.flatMap((b) => [b.id, ...blockPartIds(b)])]);
  const texts = placeholderTexts();

  for (const block of doc.blocks) {
    const known = texts.get(block.type);
    const flagged = new Set<string>();
    for (const [text, path] of stringsOf(block.props)) {
      if (!known || isWordsField(block.type, path)) continue;
      const where = path.join('.');
      if (!flagged.has(where) && paragraphsOf(text).some((p) => known.has(p))) {
        flagged.add(where);
        add('placeholder', block.id, where);
      }
    }
    // A video still the sample video (the defaults' and samples' own address).
    if (block.type === 'video' && block.props.source === 'embed' && block.props.url === BLOCK_DEFAULTS.en.video().url) add('placeholder', block.id, 'url');

    for (const { image, path, required } of imagesOf(block)) {
      if (image === null) {
        if (required) add('imageMissing', block.id, path);
      } else if (image.alt.trim() === '') add('altMissing', block.id, `${path}.alt`);
    }

    const seen = new Set<string>();
    for (const { href, path } of linksOf(block)) {
      const rule = linkRule(href, anchors, funnel);
      if (rule && !seen.has(`${path}:${rule}`)) {
        seen.add(`${path}:${rule}`);
        add(rule, block.id, path);
      }
    }

    if (block.type === 'form') {
      const fields = block.props.fields;
      const collectsEmail = fields.some((f) => f.type === 'email');
      const consent = fields.some((f) => f.type === 'checkbox' && f.required && (f.consentText ?? '').trim() !== '');
      if (collectsEmail && !consent) add('consentMissing', block.id, 'fields');
    }
  }

  if (doc.seo.title.trim() === '') add('seoTitle', 'seo', 'title');
  if (doc.seo.description.trim() === '') add('seoDescription', 'seo', 'description');
  if (doc.seo.image === null) add('seoImage', 'seo', 'image');
  else if (doc.seo.image.alt.trim() === '') add('altMissing', 'seo', 'image.alt');

  return [...findings.filter((f) => f.severity === 'error'), ...findings.filter((f) => f.severity === 'warning')];
}

/** The findings of a page's draft: variant A, then B when it has one. */
export function checkPage(page: { a: PageDocument; b: PageDocument | null }, funnel?: FunnelPagesContext): PageFinding[] {
  const all = [...checkDocument(page.a, 'a', funnel), ...(page.b ? checkDocument(page.b, 'b', funnel) : [])];
  return [...all.filter((f) => f.severity === 'error'), ...all.filter((f) => f.severity === 'warning')];
}

/** What refuses a publish: every error, and every warning not named in `accepted`. */
export function refusingFindings(findings: readonly PageFinding[], accepted: readonly string[] = []): PageFinding[] {
  const ok = new Set(accepted);
  return findings.filter((f) => f.severity === 'error' || !ok.has(f.key));
}

const RULES = Object.keys(SEVERITY) as CheckRule[];

/** A finding as its key names it (the worker's refusal lists keys): undefined for a key of no known rule. */
export function findingOfKey(key: string): PageFinding | undefined {
  const [variant, blockId, path, rule] = key.split(':');
  if ((variant !== 'a' && variant !== 'b') || !blockId || path === undefined || !RULES.includes(rule as CheckRule)) return undefined;
  const known = rule as CheckRule;
  return { key, severity: SEVERITY[known], rule: known, variant, blockId, path, message: `funnels.checks.${known}` };
}
