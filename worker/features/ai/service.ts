import { CREDIT_COSTS, type PlanId } from '#common/plans.ts';
import type { CopyInput } from '#common/schemas/ai.ts';
import { clip } from '#common/schemas/fields.ts';
import type { Db } from '#worker/db/client.ts';
import { getCreditSummary, refund, spend, type CreditSummary } from '#worker/features/credits/service.ts';
import type { BrandKit } from '#common/schemas/projects.ts';

/**
 * Headline ideas for an ad (PRODUCT.md §4.3: "an AI text model is used for copy when
 * one is configured"). The interface is one function; today it is the built-in
 * rule-based generator, which needs no network and no key.
 */
export interface CopyRequest {
  topic: string;
  audience?: string | undefined;
  tone?: BrandKit['tone'] | undefined;
  count: number;
}

const OPENERS = ['Meet', 'Discover', 'Say hello to', 'Your new favourite:', 'Introducing', 'Made for you:'];
const PROMISES = ['that just works', 'you will love', 'without the hassle', 'done right', 'for every day', 'worth the trip'];
const CALLS = ['Try it today.', 'See what is new.', 'Find yours.', 'Start now.', 'Get it while it lasts.', 'Come and see.'];

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Deterministic for the same input, so that retries suggest the same lines. */
/**
 * Headline ideas for 1 credit (PRODUCT.md §6). The spend is keyed by `requestKey` (the
 * Idempotency-Key header: a retried request is charged once) and refunded if no suggestion
 * could be made.
 */
export async function copySuggestions(
  db: Db,
  user: { id: string; plan: PlanId },
  input: CopyInput,
  requestKey: string,
): Promise<{ items: string[]; nextCursor: null; credits: CreditSummary }> {
  const operationKey = `ai_copy:${user.id}:${requestKey}`;
  await spend(db, { userId: user.id, amount: CREDIT_COSTS.aiCopySuggestion, operationKey, description: 'AI copy suggestions' });
  let items: string[];
  try {
    items = ruleBasedCopy({ topic: input.topic, audience: input.audience, tone: input.tone, count: input.count ?? 5 });
    if (items.length === 0) throw new Error('no suggestions');
  } catch (error) {
    await refund(db, operationKey, 'AI copy suggestions failed: refunded');
    throw error;
  }
  return { items, nextCursor: null, credits: await getCreditSummary(db, user.id, user.plan) };
}

export function ruleBasedCopy({ topic, audience, tone, count }: CopyRequest): string[] {
  const subject = topic.trim().replace(/\s+/g, ' ');
  let seed = [...subject].reduce((n, ch) => (n * 31 + ch.charCodeAt(0)) >>> 0, 7);
  const pick = <T>(list: readonly T[]): T => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return list[seed % list.length]!;
  };
  const warm = tone ? /warm|friendly|playful|fun/i.test(tone) : false;
  const lines = new Set<string>();
  for (let i = 0; lines.size < count && i < count * 6; i += 1) {
    const form = i % 3;
    if (form === 0) lines.add(`${pick(OPENERS)} ${subject}${audience ? ` for ${audience}` : ''}`);
    else if (form === 1) lines.add(`${capitalise(subject)} ${pick(PROMISES)}${warm ? '!' : '.'}`);
    else lines.add(`${capitalise(subject)}. ${pick(CALLS)}`);
  }
  return [...lines].slice(0, count).map((line) => clipLine(line));
}

const FRAMES: ReadonlyArray<(headline: string) => string> = [
  (h) => `New: ${h}`,
  (h) => `${h}. Try it today.`,
  (h) => `Ready for ${h.charAt(0).toLowerCase()}${h.slice(1)}?`,
  (h) => `${h}, made simple`,
  (h) => `This week only: ${h.charAt(0).toLowerCase()}${h.slice(1)}`,
  (h) => `You asked. ${h}.`,
  (h) => `${h} starts here`,
  (h) => `Why wait? ${h}`,
];

/** Rule-based headline variants (no model, no network): the headline in other frames. */
export function ruleBasedHeadlines(headline: string, count: number): string[] {
  const base = headline.trim().replace(/[.!?]+$/, '') || 'Something new';
  let seed = [...base].reduce((n, ch) => (n * 31 + ch.charCodeAt(0)) >>> 0, 11);
  const start = seed % FRAMES.length;
  seed = 0;
  const lines: string[] = [];
  for (let i = 0; lines.length < count && i < FRAMES.length; i += 1) {
    const line = clipLine(FRAMES[(start + i) % FRAMES.length]!(base));
    if (!lines.includes(line)) lines.push(line);
  }
  while (lines.length < count) lines.push(clipLine(base));
  return lines;
}

function clipLine(line: string): string {
  return line.length > 90 ? clip(line, 88, '…') : line;
}

/** The Workers AI model used for copy when the `AI` binding is configured. */
export const COPY_MODEL = '@cf/meta/llama-3.1-8b-instruct';

/**
 * One headline per line, without numbering, quotes, empty lines or emoji (the bundled
 * fonts have no emoji: the renderer would draw boxes).
 */
export function parseModelLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) =>
      line
        .trim()
        .replace(/[\p{Extended_Pictographic}\u{FE0F}\u{200D}]/gu, '')
        .replace(/^\s*(?:\d+[.)]|[-*•])\s*/, '')
        .replace(/^["“'‘]+|["”'’]+$/g, '')
        .replace(/\s{2,}/g, ' ')
        .trim(),
    )
    .filter((line) => line.length >= 3 && line.length <= 120 && !/^here (are|is)\b/i.test(line))
    .map(clipLine);
}

/** Placeholder body copy that says nothing about the brand: variations write their own instead. */
const GENERIC_BODIES = [
  'Made with care and ready when you are. Come and see what is new.',
  'Simple to start, easy to love. Find the one that suits you.',
  'Quality you can feel from the first day. Try it for yourself.',
  'Loved by people who care about the details. Join them today.',
  'Fresh ideas, fair prices and a team that listens. Say hello.',
  'Everything in one place, without the hassle. See for yourself.',
  'Small details, big difference. Discover what sets us apart.',
  'Here for you every day. Drop by or order online.',
];
/** Endings for the user's own body copy: their words stay, how they end varies. */
const BODY_CALLS = ['Try it today.', 'See what is new.', 'Find yours.', 'Start now.', 'Come and see.', 'Don’t miss it.', 'Ask us how.', 'Book yours today.'];

/**
 * Rule-based body copy for `count` variations (no model, no network), all different: the
 * user's own body (`body`) with other endings, or, when there is none or it is the template's
 * placeholder (`placeholder`), short lines that suit any brand. Deterministic for the same input.
 */
export function ruleBasedBodies(request: { headline: string; body?: string | undefined; placeholder?: string | undefined }, count: number): string[] {
  const own = request.body?.trim().replace(/\s+/g, ' ') ?? '';
  const seed = [...request.headline.trim()].reduce((n, ch) => (n * 31 + ch.charCodeAt(0)) >>> 0, 13);
  const lines: string[] = [];
  if (own && own !== request.placeholder?.trim()) {
    const kept = clip(own, 400);
    const stem = /[.!?…]$/.test(kept) ? kept : `${kept}.`;
    for (let i = 0; lines.length < count && i < BODY_CALLS.length; i += 1) lines.push(`${stem} ${BODY_CALLS[(seed + i) % BODY_CALLS.length]!}`);
  } else {
    for (let i = 0; lines.length < count && i < GENERIC_BODIES.length; i += 1) lines.push(GENERIC_BODIES[(seed + i) % GENERIC_BODIES.length]!);
  }
  // More than there are lines (not today: at most 8 variations): numbered, so that they still differ.
  const base = lines.length;
  for (let n = 0; lines.length < count; n += 1) lines.push(`${lines[n % base]!} (${Math.floor(n / base) + 2})`);
  return lines;
}

/** One ad of the model's answer: "headline | body" (the body may be missing). */
export function parseModelAds(text: string): { headline: string; body?: string }[] {
  const ads: { headline: string; body?: string }[] = [];
  for (const raw of text.split('\n')) {
    const [head = '', ...rest] = raw.split('|');
    const [headline] = parseModelLines(head);
    if (!headline) continue;
    const [body] = parseModelLines(rest.join(' '));
    ads.push(body ? { headline, body } : { headline });
  }
  return ads;
}

export interface CopyVariant {
  headline: string;
  body: string;
}

/**
 * Headlines and body copy for generated variations (PRODUCT.md §4.3): from the Workers AI
 * binding when one is configured, else (or when the model fails or says too little) from
 * the rule-based generators, so that variations always get their copy, each its own.
 */
export async function copyVariants(
  ai: Pick<Ai, 'run'> | undefined,
  request: { headline: string; body?: string | undefined; placeholderBody?: string | undefined; tone?: string | undefined; count: number },
): Promise<{ items: CopyVariant[]; source: 'ai' | 'rules' }> {
  const headlines = ruleBasedHeadlines(request.headline, request.count);
  const bodies = ruleBasedBodies({ headline: request.headline, body: request.body, placeholder: request.placeholderBody }, request.count);
  const rules = headlines.map((headline, i) => ({ headline, body: bodies[i]! }));
  if (!ai) return { items: rules, source: 'rules' };
  const ownBody = request.body && request.body.trim() !== request.placeholderBody?.trim() ? request.body.trim() : '';
  try {
    const result = (await ai.run(
      COPY_MODEL as Parameters<Ai['run']>[0],
      {
        messages: [
          {
            role: 'system',
            content:
              'You write short ad copy. Answer with one ad per line, nothing else: a headline of at most 60 characters, then " | ", then one sentence of body text of at most 120 characters. No numbering, no quotes.',
          },
          {
            role: 'user',
            content: `Write ${request.count} different ads. The current headline is: ${clip(request.headline, 200)}${ownBody ? `\nThe current body text is: ${clip(ownBody, 300)}` : ''}${request.tone ? `\nBrand tone: ${clip(request.tone, 200)}` : ''}`,
          },
        ],
        max_tokens: 600,
      } as never,
    )) as { response?: unknown };
    const ads = typeof result?.response === 'string' ? parseModelAds(result.response) : [];
    const items: CopyVariant[] = [];
    const seenHeadlines = new Set<string>();
    const seenBodies = new Set<string>();
    for (const ad of ads) {
      if (items.length >= request.count || seenHeadlines.has(ad.headline)) continue;
      seenHeadlines.add(ad.headline);
      const body = ad.body && !seenBodies.has(ad.body) ? ad.body : '';
      if (body) seenBodies.add(body);
      items.push({ headline: ad.headline, body });
    }
    if (items.length === 0) return { items: rules, source: 'rules' };
    // Topped up from the rules: lines the model did not write, bodies it left out or repeated.
    for (const line of headlines) if (items.length < request.count && !seenHeadlines.has(line)) items.push({ headline: line, body: '' });
    const spare = bodies.filter((b) => !seenBodies.has(b));
    for (const item of items) if (!item.body) item.body = spare.shift() ?? bodies[0]!;
    return { items, source: 'ai' };
  } catch (error) {
    console.warn(JSON.stringify({ level: 'warn', message: 'workers_ai_failed', error: error instanceof Error ? error.message : String(error) }));
    return { items: rules, source: 'rules' };
  }
}
