/**
 * The markdown subset of a funnel page's text block, parsed to a small tree that the
 * renderer turns into React elements (never HTML strings): paragraphs (a single line break
 * stays a line break), `## ` and `### ` headings (`# ` counts as `## `: the page's h1 is the
 * hero's), `- `/`* ` and `1. ` lists, `**bold**`, `*italic*`/`_italic_`, `[links](https://…)`
 * and `\` escapes. Links go only to https: and mailto: addresses; any other link stays text.
 * Raw HTML is text too.
 */
export type MdInline =
  { t: 'text'; v: string } | { t: 'strong'; c: MdInline[] } | { t: 'em'; c: MdInline[] } | { t: 'link'; href: string; c: MdInline[] } | { t: 'br' };

export type MdBlock = { t: 'p' | 'h2' | 'h3'; c: MdInline[] } | { t: 'ul' | 'ol'; items: MdInline[][] };

const LINK_HREF = /^(?:https:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?(?:[/?#][^\s"'<>\\\p{Cc}]*)?|mailto:[^\s"'<>\\\p{Cc}:/]+@[^\s"'<>\\\p{Cc}]+)$/u;

/** True for the link targets the text block renders (https: and mailto: only). */
export function isMarkdownHref(href: string): boolean {
  return href.length <= 2000 && LINK_HREF.test(href);
}

const HEADING = /^(#{1,3})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const ORDERED = /^\s{0,3}\d{1,9}[.)]\s+(.*)$/;

/** Parses `source` into blocks (no backtracking patterns; inline nesting at most 3 deep). */
export function parseMarkdownLite(source: string): MdBlock[] {
  const blocks: MdBlock[] = [];
  let paragraph: string[] = [];
  let list: { t: 'ul' | 'ol'; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ t: 'p', c: parseLines(paragraph) });
    if (list) blocks.push({ t: list.t, items: list.items.map((item) => parseInline(item, 0)) });
    paragraph = [];
    list = null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    if (line.trim() === '') {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      blocks.push({ t: heading[1]!.length === 3 ? 'h3' : 'h2', c: parseInline(heading[2]!, 0) });
      continue;
    }
    const bullet = BULLET.exec(line);
    const ordered = bullet ? null : ORDERED.exec(line);
    const item = bullet ?? ordered;
    if (item) {
      const t = bullet ? 'ul' : 'ol';
      if (paragraph.length > 0 || (list && list.t !== t)) flush();
      list ??= { t, items: [] };
      list.items.push(item[1]!);
      continue;
    }
    if (list) {
      // An indented line continues the item above; anything else ends the list.
      if (/^\s/.test(raw)) {
        list.items[list.items.length - 1] += ` ${line.trim()}`;
        continue;
      }
      flush();
    }
    paragraph.push(line.trim());
  }
  flush();
  return blocks;
}

function parseLines(lines: string[]): MdInline[] {
  const out: MdInline[] = [];
  lines.forEach((line, i) => {
    if (i > 0) out.push({ t: 'br' });
    out.push(...parseInline(line, 0));
  });
  return out;
}

const ESCAPABLE = '\\`*_{}[]()#+-.!<>';
const MAX_DEPTH = 3;
const WORD = /[\p{L}\p{N}]/u;

/** Inline markup of one line or list item; unmatched delimiters stay text. */
export function parseInline(source: string, depth: number): MdInline[] {
  const out: MdInline[] = [];
  let text = '';
  const pushText = () => {
    if (text) out.push({ t: 'text', v: text });
    text = '';
  };
  // Once a closer is missing from some position on, it is missing from every later one.
  const missing = new Set<string>();
  const closer = (token: string, from: number) => {
    if (missing.has(token)) return -1;
    let at = source.indexOf(token, from);
    // A closer must follow text (not `**` of an empty pair) and not be escaped.
    while (at !== -1 && source[at - 1] === '\\') at = source.indexOf(token, at + 1);
    if (at === -1) missing.add(token);
    return at;
  };
  let i = 0;
  while (i < source.length) {
    const ch = source[i]!;
    if (ch === '\\' && i + 1 < source.length && ESCAPABLE.includes(source[i + 1]!)) {
      text += source[i + 1];
      i += 2;
      continue;
    }
    if (depth < MAX_DEPTH) {
      if (ch === '*' && source[i + 1] === '*') {
        const end = closer('**', i + 2);
        if (end > i + 2) {
          pushText();
          out.push({ t: 'strong', c: parseInline(source.slice(i + 2, end), depth + 1) });
          i = end + 2;
          continue;
        }
      } else if (
        (ch === '*' || ch === '_') &&
        source[i + 1] !== ch &&
        source[i + 1] !== ' ' &&
        source[i + 1] !== undefined &&
        !(ch === '_' && WORD.test(source[i - 1] ?? ''))
      ) {
        const end = closer(ch, i + 1);
        // `_` never emphasises inside a word (snake_case, first_last@example.com).
        if (end > i + 1 && source[end + 1] !== ch && source[end - 1] !== ' ' && !(ch === '_' && WORD.test(source[end + 1] ?? ''))) {
          pushText();
          out.push({ t: 'em', c: parseInline(source.slice(i + 1, end), depth + 1) });
          i = end + 1;
          continue;
        }
      } else if (ch === '[' && !missing.has('](')) {
        const link = matchLink(source, i);
        if (link === 'none') missing.add('](');
        else if (link) {
          pushText();
          const label = parseInline(link.label, MAX_DEPTH - 1).filter((node) => node.t !== 'link');
          if (isMarkdownHref(link.href)) out.push({ t: 'link', href: link.href, c: label });
          else out.push(...label);
          i = link.end;
          continue;
        }
      }
    }
    text += ch;
    i += 1;
  }
  pushText();
  return out;
}

/** `[label](href)` starting at `start`: label without brackets, href without spaces. */
function matchLink(source: string, start: number): { label: string; href: string; end: number } | 'none' | null {
  const close = source.indexOf('](', start + 1);
  if (close === -1) return 'none';
  const label = source.slice(start + 1, close);
  if (label.includes('[') || label.includes(']') || label.length === 0) return null;
  const end = source.indexOf(')', close + 2);
  // No `)` after this `](` means none after any later one either.
  if (end === -1) return 'none';
  const href = source.slice(close + 2, end).trim();
  if (href.length === 0 || /\s/.test(href)) return null;
  return { label, href, end: end + 1 };
}

/** The plain text of inline nodes (for accessible names and tests). */
export function inlineText(nodes: MdInline[]): string {
  return nodes.map((n) => (n.t === 'text' ? n.v : n.t === 'br' ? '\n' : 'c' in n ? inlineText(n.c) : '')).join('');
}
