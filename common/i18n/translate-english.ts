import type { I18n, Messages } from '@lingui/core';

/**
 * Says an English validation or API message in the reader's language (decision
 * 0033): the schemas and the worker write English, and the English
 * text is the key. Each English message of the `validation` area becomes a matcher once (an ICU
 * argument is a capture group, the rest literal text); the message whose English matches the
 * whole text is said by `i18n` with the captured values. Text that matches nothing comes back
 * unchanged (it stays English): this never throws.
 *
 * This module imports no catalog (the client's first bundle stays small): whoever loads the
 * `validation` area also hands its English here with `setValidationEnglish` (worker/lib/i18n.ts,
 * client/lib/i18n.tsx). Until then every text passes unchanged.
 */

type Token = string | readonly unknown[];
type Compiled = string | readonly Token[];
type Kind = 'text' | 'number' | 'marker';
interface Group {
  name: string;
  kind: Kind;
  value?: string | number;
}
interface Matcher {
  id: string;
  pattern: RegExp;
  groups: Group[];
}

const NUMBER = '(-?\\d[\\d,]*(?:\\.\\d+)?)';
const TEXT = '(.+?)';

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The pattern of compiled tokens; `hash` is the plural argument `#` stands for inside a plural. */
function patternOf(tokens: Compiled, groups: Group[], hash?: string): string {
  if (typeof tokens === 'string') return literal(tokens, groups, hash);
  let out = '';
  for (const token of tokens) {
    if (typeof token === 'string') {
      out += literal(token, groups, hash);
      continue;
    }
    const [name, type, format] = token as [string, string?, Record<string, Compiled | number>?];
    if (type === 'number') {
      groups.push({ name, kind: 'number' });
      out += NUMBER;
    } else if ((type === 'plural' || type === 'selectordinal' || type === 'select') && format && typeof format === 'object') {
      const choices: string[] = [];
      for (const [key, choice] of Object.entries(format)) {
        if (key === 'offset' || typeof choice === 'number') continue;
        let prefix = '';
        if (type === 'select') {
          groups.push({ name, kind: 'marker', value: key });
          prefix = '()';
        } else if (/^=?\d+$/.test(key)) {
          // An exact choice (`=0`, `=1`): Lingui's compiler keeps it as the bare number.
          groups.push({ name, kind: 'marker', value: Number(key.replace('=', '')) });
          prefix = '()';
        }
        choices.push(prefix + patternOf(choice, groups, type === 'select' ? hash : name));
      }
      out += `(?:${choices.join('|')})`;
    } else {
      groups.push({ name, kind: 'text' });
      out += TEXT;
    }
  }
  return out;
}

function literal(text: string, groups: Group[], hash?: string): string {
  if (!hash) return escape(text);
  return text
    .split('#')
    .map((part) => escape(part))
    .reduce((out, part, i) => {
      if (i === 0) return part;
      groups.push({ name: hash, kind: 'number' });
      return `${out}${NUMBER}${part}`;
    }, '');
}

let matchers: Matcher[] = [];
const cache = new Map<string, { id: string; values: Record<string, string | number> } | null>();

/** The English of the `validation` area (its compiled catalog), compiled into matchers once. */
export function setValidationEnglish(english: Messages): void {
  const built: Matcher[] = [];
  for (const [id, compiled] of Object.entries(english)) {
    const groups: Group[] = [];
    try {
      built.push({ id, pattern: new RegExp(`^${patternOf(compiled as Compiled, groups)}$`, 's'), groups });
    } catch {
      // A message that cannot become a pattern is never matched (the round-trip test names it).
    }
  }
  // Literal messages first: “Use at most 80 characters.” would otherwise be read as an argument.
  matchers = built.sort((a, b) => a.groups.length - b.groups.length);
  cache.clear();
}

/** The validation message whose English is `text`, with its arguments; null when none is. */
export function matchEnglish(text: string): { id: string; values: Record<string, string | number> } | null {
  const hit = cache.get(text);
  if (hit !== undefined) return hit;
  let found: { id: string; values: Record<string, string | number> } | null = null;
  for (const { id, pattern, groups } of matchers) {
    const match = pattern.exec(text);
    if (!match) continue;
    const values: Record<string, string | number> = {};
    groups.forEach((group, i) => {
      const captured = match[i + 1];
      if (captured === undefined || group.name in values) return;
      values[group.name] = group.kind === 'marker' ? group.value! : group.kind === 'number' ? Number(captured.replace(/,/g, '')) : captured;
    });
    found = { id, values };
    break;
  }
  if (cache.size > 500) cache.clear();
  cache.set(text, found);
  return found;
}

/**
 * `text` said by `i18n` when it is one of the validation area's English messages; else `text`
 * unchanged. A text argument that is itself one of its messages (“The logo was found but not
 * stored: {reason}” with the storage's refusal) is said too, one level deep.
 */
export function translateEnglish(text: string, i18n: I18n, depth = 0): string {
  if (i18n.locale === 'en' || typeof text !== 'string') return text;
  try {
    const hit = matchEnglish(text);
    // The instance may not have the area loaded: then Lingui would answer with the id.
    if (!hit || !(hit.id in i18n.messages)) return text;
    const values = { ...hit.values };
    if (depth === 0) for (const [name, value] of Object.entries(values)) if (typeof value === 'string') values[name] = translateEnglish(value, i18n, 1);
    return i18n._(hit.id as never, values);
  } catch {
    return text;
  }
}
