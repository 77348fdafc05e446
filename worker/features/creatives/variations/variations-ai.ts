import * as z from 'zod/mini';
import type { Locale } from '#common/i18n/locales.ts';
import type { Goal, Tone } from '#common/creative/copywriter.ts';
import type { Copy } from '#common/creative/templates.ts';
import { clip, wellFormed } from '#common/schemas/fields.ts';

/**
 * Copy for variations from Workers AI (PRODUCT.md §4.3: "an AI text model is used for copy
 * when one is configured"): a prompt from the brand (its tone of voice, its product and who
 * it is for, from the project) and the creative (its goal, what it says now), a JSON answer
 * in the shape of a JSON schema (Workers AI's JSON mode), validated here with zod. Anything
 * else — no binding, an error, a timeout, an answer that does not validate — is `null`, and
 * the rule-based copywriter writes the copy instead.
 */
export const VARIATION_MODEL = '@cf/meta/llama-3.1-8b-instruct';

/** How long the model may take before the rules write the copy (a variation request renders too). */
export const AI_TIMEOUT_MS = 8000;

export interface AiBrief {
  headline: string;
  body?: string | undefined;
  cta?: string | undefined;
  goal: Goal;
  tone: Tone;
  /** The brand kit's own words for its tone of voice. */
  toneOfVoice?: string | undefined;
  /** The project: its name, and its description (what it sells, and to whom). */
  product?: string | undefined;
  about?: string | undefined;
  /** The content's language (the project's). */
  locale?: Locale | undefined;
}

/** Emoji and symbols the bundled fonts cannot draw (the renderer would draw boxes). */
const UNDRAWABLE = /[\p{Extended_Pictographic}\u{FE0F}\u{200D}]/gu;

const clean = (value: string) =>
  wellFormed(value)
    .replace(UNDRAWABLE, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^["“'‘]+(.*?)["”'’]+$/, '$1')
    .trim();
const line = (max: number) => z.pipe(z.pipe(z.string(), z.transform(clean)), z.string().check(z.minLength(2), z.maxLength(max)));

const adSchema = z.object({ headline: line(80), body: line(200), cta: line(28) });
const answerSchema = z.object({ ads: z.array(z.unknown()).check(z.maxLength(40)) });

/** The JSON schema the model answers in (JSON mode). */
export const ANSWER_JSON_SCHEMA = {
  type: 'object',
  properties: {
    ads: {
      type: 'array',
      items: {
        type: 'object',
        properties: { headline: { type: 'string' }, body: { type: 'string' }, cta: { type: 'string' } },
        required: ['headline', 'body', 'cta'],
      },
    },
  },
  required: ['ads'],
} as const;

const GOAL_WORDS: Record<Goal, string> = {
  sale: 'a sale or special offer',
  launch: 'the launch of something new',
  event: 'an event people should attend',
  testimonial: 'what happy customers say',
  hiring: 'a job opening (recruiting)',
  app: 'getting people to install an app',
  awareness: 'making the brand known',
};

export function variationPrompt(brief: AiBrief, count: number) {
  const facts = [
    `Goal of the ad: ${GOAL_WORDS[brief.goal]}.`,
    brief.product ? `Brand or product: ${clip(brief.product, 80)}.` : '',
    brief.about ? `About the brand, its product and its audience: ${clip(brief.about, 400)}` : '',
    `Tone of voice: ${brief.toneOfVoice ? clip(brief.toneOfVoice, 200) : brief.tone}.`,
    `Current headline: ${clip(brief.headline, 200)}`,
    brief.body ? `Current body text: ${clip(brief.body, 300)}` : '',
    brief.cta ? `Current button: ${clip(brief.cta, 40)}` : '',
    // The content's language (the project's): a German project gets German ads.
    brief.locale === 'de' ? 'Language: write every ad in German, as native German marketing copy, addressing the reader formally (Sie).' : '',
  ].filter(Boolean);
  return {
    messages: [
      {
        role: 'system',
        content:
          'You write short, specific ad copy. Answer in JSON: {"ads": [{"headline", "body", "cta"}]}. Each headline at most 50 characters, each body one or two sentences of at most 140 characters, each cta (the button) 2 to 4 words of at most 20 characters. Every ad different from the others. No emoji, no hashtags, no quotes around lines. Never invent prices, discounts, dates or numbers that the brief does not give.',
      },
      { role: 'user', content: `Write ${count} different ads.\n${facts.join('\n')}` },
    ],
    response_format: { type: 'json_schema', json_schema: ANSWER_JSON_SCHEMA },
    max_tokens: 900,
  };
}

/** The model's answer: JSON mode hands back an object, some models a string of JSON (maybe in a code fence). */
function answerOf(result: unknown): unknown {
  const response = (result as { response?: unknown } | null)?.response;
  if (typeof response !== 'string') return response;
  const text = response
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/```$/, '');
  return JSON.parse(text);
}

/**
 * Up to `count` distinct ads from the model (distinct headlines, bodies and buttons; the ads
 * that fail validation are dropped one by one), or null when there is no binding or nothing
 * usable came back.
 */
export async function aiCopy(ai: Pick<Ai, 'run'> | undefined, brief: AiBrief, count: number, timeoutMs = AI_TIMEOUT_MS): Promise<Copy[] | null> {
  if (!ai) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    const result = await Promise.race([ai.run(VARIATION_MODEL as Parameters<Ai['run']>[0], variationPrompt(brief, count) as never), timeout]);
    const answer = answerSchema.safeParse(answerOf(result));
    if (!answer.success) throw new Error('the answer is not {"ads": [...]}');
    const seen = { headline: new Set<string>(), body: new Set<string>(), cta: new Set<string>() };
    const ads: Copy[] = [];
    for (const raw of answer.data.ads) {
      const ad = adSchema.safeParse(raw);
      if (!ad.success || ads.length >= count) continue;
      const { headline, body, cta } = ad.data;
      if (seen.headline.has(headline) || seen.body.has(body) || seen.cta.has(cta)) continue;
      seen.headline.add(headline);
      seen.body.add(body);
      seen.cta.add(cta);
      ads.push({ headline, body, cta });
    }
    if (ads.length === 0) throw new Error('no usable ad in the answer');
    return ads;
  } catch (error) {
    console.warn(JSON.stringify({ level: 'warn', message: 'workers_ai_failed', error: error instanceof Error ? error.message : String(error) }));
    return null;
  } finally {
    clearTimeout(timer);
  }
}
