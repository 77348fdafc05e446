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
  return [...lines].slice(0, count).map((line) => (line.length > 90 ? `${line.slice(0, 87)}…` : line));
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
    const line = clip(FRAMES[(start + i) % FRAMES.length]!(base));
    if (!lines.includes(line)) lines.push(line);
  }
  while (lines.length < count) lines.push(clip(base));
  return lines;
}

function clip(line: string): string {
  return line.length > 90 ? `${line.slice(0, 87).trimEnd()}…` : line;
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
        .replace(/[\p{Extended_Pictographic}\u{FE0F}\u{200D}]/gu, '')
        .replace(/^\s*(?:\d+[.)]|[-*•])\s*/, '')
        .replace(/^["“'‘]+|["”'’]+$/g, '')
        .replace(/\s{2,}/g, ' ')
        .trim(),
    )
    .filter((line) => line.length >= 3 && line.length <= 120 && !/^here (are|is)\b/i.test(line))
    .map(clip);
}

/**
 * Headline variants for generated variations (PRODUCT.md §4.3): from the Workers AI
 * binding when one is configured, else (or when the model fails or says too little)
 * from the rule-based generator, so that variations always get their copy.
 */
export async function headlineVariants(
  ai: Pick<Ai, 'run'> | undefined,
  request: { headline: string; tone?: string | undefined; count: number },
): Promise<{ lines: string[]; source: 'ai' | 'rules' }> {
  const fallback = ruleBasedHeadlines(request.headline, request.count);
  if (!ai) return { lines: fallback, source: 'rules' };
  try {
    const result = (await ai.run(
      COPY_MODEL as Parameters<Ai['run']>[0],
      {
        messages: [
          {
            role: 'system',
            content: 'You write short ad headlines. Answer with one headline per line, nothing else: no numbering, no quotes, at most 60 characters each.',
          },
          {
            role: 'user',
            content: `Write ${request.count} different headlines for an ad whose current headline is: ${request.headline.slice(0, 200)}${request.tone ? `\nBrand tone: ${request.tone.slice(0, 200)}` : ''}`,
          },
        ],
        max_tokens: 400,
      } as never,
    )) as { response?: unknown };
    const lines = typeof result?.response === 'string' ? [...new Set(parseModelLines(result.response))] : [];
    if (lines.length === 0) return { lines: fallback, source: 'rules' };
    for (const line of fallback) if (lines.length < request.count && !lines.includes(line)) lines.push(line);
    return { lines: lines.slice(0, request.count), source: 'ai' };
  } catch (error) {
    console.warn(JSON.stringify({ level: 'warn', message: 'workers_ai_failed', error: error instanceof Error ? error.message : String(error) }));
    return { lines: fallback, source: 'rules' };
  }
}
