import { describe, expect, it } from 'vitest';
import { createI18n } from '#common/i18n/setup.ts';
import { matchEnglish, setValidationEnglish } from '#common/i18n/translate-english.ts';
import { messages as de } from '#common/locales/validation/compiled/de.ts';
import { messages as en } from '#common/locales/validation/compiled/en.ts';

/**
 * Nothing left in English by accident (issue 28, decision 0033):
 * every user-facing sentence the schemas (common/schemas, common/creative) and the worker write —
 * an AppError's message, a zod check's message, a message constant, a details entry — must be a
 * message of the `validation` area, with German that differs from the English.
 *
 * The sources are read as text (no TypeScript compiler in workerd): every string and template
 * literal outside comments and regular expressions that reads as a sentence (a capital first,
 * a space, a full stop, question or exclamation mark last) is collected, but for template texts
 * and defaults (`headline: '…'`, `description: '…'`), tagged templates (sql`…`), `new Error(…)`
 * (an internal error: the reader sees `error.internal`) and the files and texts below. A `${…}`
 * becomes every text it can be when the code says so (a constant or a map of the file, a
 * ternary's branches, `countOf` in the singular and plural, a parameter's property that other
 * files give, like `messages.refunded`: each must match), else a sample (2, 1,000 or a word: one
 * must match). So a message built from pieces only passes when its pieces are whole sentences
 * the area has, or arguments of one message.
 */

const SOURCES = import.meta.glob<string>(['/worker/**/*.ts', '/common/schemas/*.ts', '/common/creative/*.ts', '!/**/*.test.ts', '!/worker/test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Files whose sentences are not messages to the reader. */
const NOT_MESSAGES: Record<string, string> = {
  '/common/creative/copy-phrases.ts': 'ad copy the copywriter suggests (content in the project’s language, not a message)',
  '/common/creative/copy-phrases-de.ts': 'German ad copy the copywriter suggests (content in the project’s language)',
  '/common/creative/copywriter.ts': 'ad copy the copywriter suggests',
  '/common/schemas/blocks-defaults.ts': 'default content of a new funnel block (the user’s page text)',
  '/worker/features/ai/service.ts': 'ad copy and prompts for the AI provider',
  '/worker/features/creatives/variations/variations-ai.ts': 'the prompt sent to the AI provider',
  '/worker/features/presentations/workspace/prefill.ts': 'the draft text of a new presentation (the user’s content)',
  '/worker/features/projects/brand-reader/words.ts': 'a tone-of-voice draft built from the customer’s site (content)',
  '/worker/features/monitoring/routes.ts': 'answers to the Sentry SDK’s tunnel requests, never shown',
  '/worker/features/monitoring/service.ts': 'answers to the Sentry SDK’s tunnel requests, never shown',
  '/worker/env.ts': 'configuration problems, logged for the operator (the reader sees the message of worker/index.ts)',
  '/worker/db/owners.ts': 'descriptions for developers of the tables’ owners',
  '/worker/features/api/v1/openapi.ts': 'the OpenAPI document’s descriptions, for developers (English, like the API’s field names)',
  '/worker/features/api/v1/reference.ts': 'the API reference of /docs/api, made from the OpenAPI document’s descriptions (English, decision 0045)',
  '/worker/lib/operator.ts': 'the operator’s legal details (imprint data)',
  '/worker/lib/reads.ts': 'SQL',
  '/worker/ssr/manifest.ts': 'build errors for developers',
  '/worker/ssr/render.ts': 'build errors for developers',
  '/worker/ssr/public-pages.ts': 'page descriptions, written in both languages there',
  '/worker/reliability/depth.ts': 'the reliability harness’s report',
  '/worker/reliability/read-back.ts': 'the reliability harness’s report',
};

/** Single texts that are not messages to the reader (by their beginning). */
const NOT_MESSAGE_TEXTS: [string, string][] = [
  ['Your Adloom data\n', 'the README inside the account export archive (a document)'],
  ['A test event from Adloom.', 'the payload of a webhook test event, read by the receiving program (data)'],
  ['${f.id.slice(0, 8)} ', 'a file name inside the account export archive'],
  ['What we would do together, in one or two sentences.', 'a presentation section’s placeholder content'],
  ['Was wir gemeinsam vorhaben, in ein, zwei Sätzen.', 'the same placeholder content in a German presentation'],
  ['A spring campaign across Instagram', 'a presentation’s sample content'],
  ['${page.title} (copy)', 'the title of a copied page (the user’s content)'],
  ['${amount} credits (pack)', 'a credit ledger description stored with the booking (data)'],
  ['Plan payment (${paymentItem})', 'a commission’s description (data; the screen labels commissions itself)'],
  ['Credit pack (${paymentItem})', 'a commission’s description (data; the screen labels commissions itself)'],
  ['${label}: malformed', 'a log line of the Stripe webhook'],
  ['The Stripe-Signature header does not verify this body.', 'an answer to Stripe’s webhook, never shown'],
  ['AdloomBot/1.0', 'the bot’s user agent'],
  ['An ad of ${found.project.name}, shared for review.', 'the preview page’s meta description for link previews'],
  ['A short quote.', 'the placeholder of a new testimonial, which the checks before publishing look for (page content)'],
  ['Ein kurzes Zitat.', 'the same placeholder in German'],
  ['Unsupported get request. Object with ID ', 'Meta’s own error text, imitated by the insights sandbox (the Graph API’s answer, not ours)'],
];

interface Found {
  file: string;
  line: number;
  /** The literal as written, `${…}` kept. */
  source: string;
  /** The texts the code can produce from it: every one of `variants` must match, each by one of its samples. */
  variants: string[][];
}

interface Literal {
  at: number;
  end: number;
  parts: string[];
  exprs: string[];
  tagged: boolean;
}

/** Every string and template literal of a TypeScript source, outside comments and regular expressions. */
function literalsOf(src: string): Literal[] {
  const out: Literal[] = [];
  let i = 0;
  const n = src.length;
  const skipString = (quote: string) => {
    i++;
    while (i < n && src[i] !== quote && src[i] !== '\n') i += src[i] === '\\' ? 2 : 1;
    i++;
  };
  const readTemplate = (): { parts: string[]; exprs: string[] } => {
    i++;
    const parts: string[] = [];
    const exprs: string[] = [];
    let current = '';
    while (i < n) {
      const c = src[i]!;
      if (c === '\\') {
        current += unescapeText(src.slice(i, i + 2));
        i += 2;
      } else if (c === '`') {
        i++;
        break;
      } else if (c === '$' && src[i + 1] === '{') {
        i += 2;
        const start = i;
        let depth = 1;
        while (i < n) {
          const d = src[i]!;
          if (d === "'" || d === '"') {
            skipString(d);
            continue;
          }
          if (d === '`') {
            readTemplate();
            continue;
          }
          if (d === '{') depth++;
          if (d === '}' && --depth === 0) break;
          i++;
        }
        exprs.push(src.slice(start, i));
        parts.push(current);
        current = '';
        i++;
      } else {
        current += c;
        i++;
      }
    }
    parts.push(current);
    return { parts, exprs };
  };
  while (i < n) {
    const c = src[i]!;
    if (c === '/' && src[i + 1] === '/') {
      while (i < n && src[i] !== '\n') i++;
    } else if (c === '/' && src[i + 1] === '*') {
      i = src.indexOf('*/', i + 2) + 2;
      if (i < 2) break;
    } else if (c === "'" || c === '"') {
      const at = i;
      skipString(c);
      out.push({ at, end: i, parts: [unescapeText(src.slice(at + 1, i - 1))], exprs: [], tagged: false });
    } else if (c === '`') {
      const at = i;
      const tagged = /[\w$)\]]$/.test(src.slice(0, at));
      const { parts, exprs } = readTemplate();
      out.push({ at, end: i, parts, exprs, tagged });
    } else if (c === '/' && /(?:^|[(,=:[!&|?{};+]|\breturn)\s*$/.test(src.slice(Math.max(0, i - 12), i))) {
      // A regular expression literal: skip it (its quotes are not strings).
      i++;
      let inClass = false;
      while (i < n && src[i] !== '\n') {
        const d = src[i]!;
        if (d === '\\') i++;
        else if (d === '[') inClass = true;
        else if (d === ']') inClass = false;
        else if (d === '/' && !inClass) break;
        i++;
      }
      i++;
    } else i++;
  }
  return out;
}

function unescapeText(text: string): string {
  return text.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
}

/** A user-facing sentence (its `${…}` filled in): starts with a capital or a quote, has a space, ends with punctuation. */
function isSentence(text: string): boolean {
  return /^[A-Z“]/.test(text) && / /.test(text) && /[.!?)]$|[.!?]”$/.test(text.trim());
}

/** Property keys whose sentences are content (template texts, block defaults, labels), not messages. */
const CONTENT_KEYS =
  /\b(?:description|summary|label|headline|subheadline|body|title|subtitle|quote|answer|question|name|note|caption|cta|intro|text|value|placeholder|hint|tagline|eyebrow|author|role|heading|button|alt|copy|consent|success|ended|tone|toneOfVoice|product|offer|primaryText)\s*:\s*$/;

/** Property values of every source (`refunded: '…'`): what `messages.refunded` may stand for when its file does not say. */
const PROPERTIES = new Map<string, string[]>();

function collect(file: string, src: string): Found[] {
  const found: Found[] = [];
  for (const lit of literalsOf(src)) {
    if (lit.tagged) continue;
    const before = src.slice(Math.max(0, lit.at - 200), lit.at);
    if (CONTENT_KEYS.test(before)) continue;
    if (/(?:new Error|console\.\w+)\(\s*$/.test(before)) continue;
    const variants = variantsOf(lit, src);
    if (!variants[0]!.some(isSentence)) continue;
    const line = src.slice(0, lit.at).split('\n').length;
    const sourceText = lit.parts.map((p, k) => p + (k < lit.exprs.length ? `\${${lit.exprs[k]}}` : '')).join('');
    found.push({ file, line, source: sourceText, variants });
  }
  return found;
}

function rememberProperties(src: string): void {
  for (const lit of literalsOf(src)) {
    const key = /\b([\w$]+)\s*:\s*$/.exec(src.slice(Math.max(0, lit.at - 80), lit.at))?.[1];
    if (key) PROPERTIES.set(key, [...(PROPERTIES.get(key) ?? []), lit.parts.join('2')]);
  }
}

/** The initializer of `const name = …;` in `src` (up to its `;` outside brackets and literals). */
function initializerOf(src: string, name: string): string | undefined {
  const start = new RegExp(`\\b(?:const|let)\\s+${name.replace(/\$/g, '\\$')}\\b[^=;\\n]*=(?!>)\\s*`).exec(src);
  if (!start) return undefined;
  const rest = src.slice(start.index + start[0].length, start.index + start[0].length + 4000);
  const spans = literalsOf(rest);
  let depth = 0;
  for (let i = 0; i < rest.length; i++) {
    const span = spans.find((l) => l.at === i);
    if (span) {
      i = span.end - 1;
      continue;
    }
    const c = rest[i]!;
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === ';' && depth === 0) return rest.slice(0, i);
  }
  return rest;
}

/**
 * What a `${…}` may stand for: `all` are texts the code produces (a constant of the file, a
 * value of its map, a ternary's branches, a count in the singular and the plural), each of which
 * must match; `any` are samples of which one must (a number or a word).
 */
function choicesOf(expr: string, src: string): { all?: string[]; any?: string[] } {
  const trimmed = expr.trim();
  const texts = (code: string) => literalsOf(code).map((l) => l.parts.join('2'));
  const count = /^countOf\([^,]+,\s*'([^']+)'\)$/.exec(trimmed);
  if (count) return { all: [`1 ${count[1]}`, `2 ${count[1]}s`] };
  // NAME, NAME[key], NAME[key].prop, object.prop
  const access = /^([\w$]+)((?:\[[^\]]+\])?)((?:\.[\w$]+)*)$/.exec(trimmed);
  if (access) {
    const [, name, index, props] = access;
    const init = initializerOf(src, name!);
    const prop = props ? props.split('.').at(-1)! : undefined;
    if (init !== undefined && !prop) {
      const question = /(?<!\?)\?(?![.?])/.exec(init);
      const values = texts(!index && question ? init.slice(question.index + 1) : init);
      if (values.length > 0 && (index || question || /^\s*['"`]/.test(init))) return { all: values };
    }
    if (init !== undefined && prop) {
      const values = texts(init).filter((_, k) => new RegExp(`\\b${prop}\\s*:\\s*$`).test(init.slice(0, literalsOf(init)[k]!.at)));
      if (values.length > 0) return { all: values };
    }
    // A parameter's property (`messages.refunded`): every value the sources give that property.
    if (prop && !init && /^[a-z]/.test(name!) && PROPERTIES.has(prop) && !/^(?:length|name|message|label|id)$/.test(prop))
      return { all: PROPERTIES.get(prop)! };
  }
  // A ternary: the texts of its branches (after the condition's `?`, not `?.` or `??`).
  const question = /(?<!\?)\?(?![.?])/.exec(trimmed);
  if (question) {
    const branches = texts(trimmed.slice(question.index + 1));
    if (branches.length > 0) return { all: branches };
  }
  return { any: ['2', '1,000', 'Sample'] };
}

function variantsOf(lit: Literal, src: string): string[][] {
  // Each variant: a list of alternatives (one must match).
  let variants: string[][] = [[lit.parts[0]!]];
  lit.exprs.forEach((expr, k) => {
    const { all, any } = choicesOf(expr, src);
    const rest = lit.parts[k + 1]!;
    const next: string[][] = [];
    for (const alternatives of variants) {
      if (all) for (const choice of all) next.push(alternatives.map((text) => text + choice + rest));
      else next.push(alternatives.flatMap((text) => any!.map((choice) => text + choice + rest)));
    }
    variants = next.slice(0, 64).map((alternatives) => alternatives.slice(0, 64));
  });
  return variants;
}

setValidationEnglish(en);
const german = createI18n('de', de);

for (const source of Object.values(SOURCES)) rememberProperties(source);
const collected = Object.entries(SOURCES)
  .filter(([file]) => !(file in NOT_MESSAGES))
  .flatMap(([file, source]) => collect(file, source))
  .filter((found) => !NOT_MESSAGE_TEXTS.some(([start]) => found.source.startsWith(start)));

describe('validation and API messages', () => {
  it('reads the sources (the collector finds what it should)', () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(100);
    const texts = new Set(collected.map((found) => found.source));
    // An AppError's literal, a zod check's message, a message constant, a template with a count.
    expect(texts).toContain('There is no such account.');
    expect(texts).toContain('Choose Free, Pro or Agency.');
    expect(texts).toContain('That address points inside a private network.');
    expect(texts).toContain('Use at most ${MAX_BLOCKS} blocks on a page.');
    for (const file of Object.keys(NOT_MESSAGES)) expect(SOURCES, `${file} is no longer there: drop it from NOT_MESSAGES`).toHaveProperty([file]);
  });

  it('would name a message the area does not have, however it is written', () => {
    const source = [
      "const GONE = 'This thing went nowhere.';",
      "throw new AppError('conflict', GONE, { thing: [GONE] });",
      'const check = z.string().check(z.maxLength(MAX, `Keep the thing under ${MAX} letters.`));',
      "throw new AppError('conflict', `You cannot ${kind === 'a' ? 'fly' : 'swim'} here.`);",
      "throw new AppError('conflict', 'Use at most 12 characters.');",
      "throw new AppError('conflict', 'Refused. ' + reason);",
    ].join('\n');
    const missing = collect('/example.ts', source).filter((found) => found.variants.some((alternatives) => !alternatives.some((text) => matchEnglish(text))));
    expect(missing.map((found) => found.source)).toEqual([
      'This thing went nowhere.',
      'Keep the thing under ${MAX} letters.',
      "You cannot ${kind === 'a' ? 'fly' : 'swim'} here.",
      'Refused. ',
    ]);
  });

  it('has every user-facing message in the validation area, in German', () => {
    const missing: string[] = [];
    const untranslated: string[] = [];
    for (const found of collected) {
      const where = `${found.file.slice(1)}:${found.line}  ${found.source}`;
      const hits = found.variants.map((alternatives) => alternatives.map((text) => ({ text, hit: matchEnglish(text) })).find(({ hit }) => hit));
      if (hits.some((hit) => !hit)) {
        missing.push(where);
        continue;
      }
      for (const { text, hit } of hits as { text: string; hit: NonNullable<ReturnType<typeof matchEnglish>> }[]) {
        if (german._(hit.id as never, hit.values) === text) untranslated.push(`${where}  (${hit.id})`);
      }
    }
    expect(missing, `English messages with no match in common/locales/validation/en.ts:\n${missing.join('\n')}\n`).toEqual([]);
    expect(untranslated, `Messages whose German is the English:\n${untranslated.join('\n')}\n`).toEqual([]);
  });
});
