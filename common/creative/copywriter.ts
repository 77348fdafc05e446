import { GOAL_BANKS, TONE_BANKS, type GoalBank, type ToneBank } from '#common/creative/copy-phrases.ts';
import { GOAL_BANKS_DE, TONE_BANKS_DE } from '#common/creative/copy-phrases-de.ts';
import type { Copy } from '#common/creative/templates.ts';
import type { Locale } from '#common/i18n/locales.ts';

/**
 * The rule-based copywriter of variations (PRODUCT.md §4.3, issue 14 point 7): headline, body
 * and call to action from phrase banks per goal (sale, launch, event…) and per tone of voice
 * (bold, warm, premium, professional; the banks are in common/creative/copy-phrases.ts),
 * combined with what the creative already says. It needs no model and no network; Workers AI
 * replaces it when bound (worker/features/creatives/variations/variations-ai.ts), and it fills
 * in whatever the model leaves out.
 *
 * Deterministic: the same brief and seed give the same lines. Within one batch no headline,
 * body or button text repeats (as long as the banks last: they hold more than the 8 a batch
 * may ask for). It never invents facts: no prices, discounts, dates or numbers.
 */

export const GOALS = ['sale', 'launch', 'event', 'testimonial', 'hiring', 'app', 'awareness'] as const;
export type Goal = (typeof GOALS)[number];
export const TONES = ['bold', 'warm', 'premium', 'professional', 'neutral'] as const;
export type Tone = (typeof TONES)[number];

export interface CopyBrief {
  /** The creative's headline (its subject is what the new headlines talk about). */
  headline: string;
  body?: string | undefined;
  cta?: string | undefined;
  /** The template's placeholder copy: it says nothing about the brand, so it is not kept. */
  placeholder?: Partial<Copy> | undefined;
  /** The brand or product name (the project's name). */
  product?: string | undefined;
  goal: Goal;
  tone: Tone;
  /** The content's language (the project's): the lines are written in it. English unless told. */
  locale?: Locale | undefined;
}

/** Each language's banks and the few words the copywriter writes itself. */
const LANGUAGES: Record<Locale, { goals: Record<Goal, GoalBank>; tones: Record<Tone, ToneBank>; somethingNew: string; us: string; more: string }> = {
  en: { goals: GOAL_BANKS, tones: TONE_BANKS, somethingNew: 'Something new', us: 'us', more: 'Learn more' },
  de: { goals: GOAL_BANKS_DE, tones: TONE_BANKS_DE, somethingNew: 'Etwas Neues', us: 'uns', more: 'Mehr erfahren' },
};

const TONE_WORDS: ReadonlyArray<[Tone, RegExp]> = [
  // English and German words (a German brand kit's tone of voice is German).
  [
    'bold',
    /\b(bold|loud|energetic|punchy|confident|daring|edgy|hype|exciting|urgent|dynamic|fearless|laut|mutig|frech|selbstbewusst|energiegeladen|dynamisch)/i,
  ],
  [
    'warm',
    /\b(warm|friendly|playful|fun|cheerful|caring|kind|cosy|cozy|casual|approachable|human|witty|upbeat|herzlich|freundlich|nahbar|verspielt|locker|fr(ö|oe)hlich|gem(ü|ue)tlich|menschlich)/i,
  ],
  [
    'premium',
    /\b(premium|luxur|elegant|refined|sophisticat|exclusive|timeless|minimal|understated|calm|quiet|classy|edel|exklusiv|zeitlos|hochwertig|ruhig|dezent)/i,
  ],
  [
    'professional',
    /\b(professional|expert|trust|clear|direct|serious|formal|corporate|reliable|precise|factual|b2b|professionell|sachlich|seri(ö|oe)s|klar|direkt|verl(ä|ae)sslich|pr(ä|ae)zise)/i,
  ],
];

/** The tone bucket of a brand kit's free-text tone of voice ("Warm and direct" → warm: the first named wins). */
export function toneOf(text: string | undefined): Tone {
  if (!text) return 'neutral';
  let best: { tone: Tone; at: number } | null = null;
  for (const [tone, pattern] of TONE_WORDS) {
    const match = pattern.exec(text);
    if (match && (best === null || match.index < best.at)) best = { tone, at: match.index };
  }
  return best?.tone ?? 'neutral';
}

const GOAL_WORDS: ReadonlyArray<[Goal, RegExp]> = [
  // English and German words (a German project's copy is German).
  [
    'sale',
    /(\bsale\b|%|\boff\b|\bdeal|\bdiscount|\bsave\b|\bsavings|\boffer|\bpromo|\bcoupon|\bclearance|black friday|\brabatt|\bangebot|\bgutschein|\bsparen|\breduziert)/i,
  ],
  ['hiring', /\b(hiring|join (our|the) team|careers?|vacanc|job|apply now|we.re looking for|wir suchen|stellen ein|bewerb|karriere|m\/w\/d)/i],
  [
    'event',
    /\b(event|webinar|workshop|conference|meetup|festival|concert|live on|tickets?|save the date|rsvp|opening night|veranstaltung|einladung|konferenz|verkostung)/i,
  ],
  ['app', /\b(app|download|install|app store|google play|ios|android|installieren|herunterladen)\b/i],
  ['testimonial', /(“|"|„|\b(review|testimonial|customers? say|rated|stars?|bewertung|kundenstimmen|sterne)\b)/i],
  ['launch', /\b(new|launch|introducing|meet|now available|just landed|first look|coming soon|debut|neu|neuheit|ab sofort|jetzt da)\b/i],
];

/**
 * The goal of a creative: its template's, when the template names one, else guessed from its
 * copy (a "%" or "sale" is a sale, "hiring" a job ad…), else plain awareness.
 */
export function goalOf(input: { templateGoal?: string | undefined; copy: Partial<Copy> }): Goal {
  const named = input.templateGoal?.toLowerCase().replace(/[^a-z]/g, '');
  if (named) {
    const direct = GOALS.find((g) => g === named);
    if (direct) return direct;
    if (/quote|review|testimonial/.test(named)) return 'testimonial';
    if (/appinstall|install/.test(named)) return 'app';
    if (/beforeafter|carousel|cover/.test(named)) return 'awareness';
  }
  const text = [input.copy.headline, input.copy.body, input.copy.cta].filter(Boolean).join(' \n ');
  for (const [goal, pattern] of GOAL_WORDS) if (pattern.test(text)) return goal;
  return 'awareness';
}

const MAX_HEADLINE = 70;
const MAX_BODY = 180;
const MAX_CTA = 24;
const SUBJECT_MAX = 42;

/** mulberry32: a small seeded PRNG (deterministic across runtimes). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hash(text: string, start = 2166136261): number {
  let h = start >>> 0;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h;
}

function shuffled<T>(list: readonly T[], random: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const squash = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** Cut at a word boundary to at most `max` characters (never inside a surrogate pair). */
function cut(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const head = chars.slice(0, max).join('');
  const space = head.lastIndexOf(' ');
  return (space > max / 2 ? head.slice(0, space) : head).replace(/[\s,;:–—-]+$/, '');
}

/** A word that keeps its capital mid-sentence: an acronym (USA), a name with capitals inside (iPhone), or "I". */
const keepsCapital = (word: string) => /^[A-Z0-9]{2,}\b/.test(word) || /^\p{L}+\p{Lu}/u.test(word) || word === 'I';

/**
 * What the headlines talk about: the creative's headline up to its first clause when it is
 * long, without its final punctuation; the brand when there is no headline of its own.
 */
export function subjectOf(brief: Pick<CopyBrief, 'headline' | 'placeholder' | 'product' | 'locale'>): string {
  const somethingNew = LANGUAGES[brief.locale ?? 'en'].somethingNew;
  let text = squash(brief.headline);
  if (!text || text === squash(brief.placeholder?.headline)) text = squash(brief.product) || somethingNew;
  text = text.replace(/^["“'‘]+|["”'’]+$/g, '').replace(/[.!?…]+$/, '');
  if ([...text].length > SUBJECT_MAX) {
    const clause = text.split(/\s*[,:;–—]\s*|\s+-\s+/)[0] ?? text;
    text = cut(clause.length >= 3 ? clause : text, SUBJECT_MAX);
  }
  return text || somethingNew;
}

/** A name (Harbour Bakery, New York coffee): a later word starts with a capital too. */
const isName = (subject: string) =>
  subject
    .split(' ')
    .slice(1)
    .some((word) => /^\p{Lu}/u.test(word));

function fill(pattern: string, subject: string, product: string, locale: Locale): string {
  const first = subject.split(' ')[0] ?? '';
  // German keeps the subject's capitals mid-sentence (its nouns are capitalised).
  const mid = locale === 'de' || keepsCapital(first) || isName(subject) ? subject : subject.charAt(0).toLowerCase() + subject.slice(1);
  const start = subject.charAt(0).toUpperCase() + subject.slice(1);
  // One pass, with a function as the replacement: a subject such as "$&" or "{p}" is text, not a pattern.
  return pattern.replace(/\{([sSp])\}/g, (_, slot: string) => (slot === 's' ? mid : slot === 'S' ? start : product));
}

/**
 * Every headline, body and button the banks can make for a brief, in the seed's order: the
 * goal's and the tone's lines interleaved so that each batch has both.
 */
function pools(brief: CopyBrief, seed: number) {
  const random = prng(hash(`${brief.goal}|${brief.tone}|${squash(brief.headline)}`, seed >>> 0));
  const locale = brief.locale ?? 'en';
  const language = LANGUAGES[locale];
  const goal = language.goals[brief.goal];
  const tone = language.tones[brief.tone];
  const subject = subjectOf(brief);
  const product = squash(brief.product) || language.us;
  const usesProduct = (p: string) => p.includes('{p}') && !squash(brief.product);
  const interleave = (a: string[], b: string[]) => {
    const out: string[] = [];
    for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
      if (i < a.length) out.push(a[i]!);
      if (i < b.length && i % 2 === 1) out.push(b[i]!);
    }
    // The rest of b after a ran out, or the ones skipped above.
    for (const line of b) if (!out.includes(line)) out.push(line);
    return out;
  };
  const exclaim = (line: string, i: number) => (tone.exclaim && i % 3 === 1 && !/[.!?”"]$/.test(line) ? `${line}!` : line);
  const headlines = interleave(
    shuffled(
      goal.headlines.filter((p) => !usesProduct(p)),
      random,
    ),
    shuffled(tone.headlines, random),
  ).map((p, i) => exclaim(cut(fill(p, subject, product, locale), MAX_HEADLINE), i));
  const closers = interleave(shuffled(goal.closers, random), shuffled(tone.closers, random));
  const openers = shuffled(goal.openers, random).map((p) => (usesProduct(p) ? p.replaceAll('{p}', language.us) : fill(p, subject, product, locale)));
  const own = squash(brief.body);
  const ownBody = own && own !== squash(brief.placeholder?.body) ? cut(own, MAX_BODY - 30) : '';
  const bodies: string[] = [];
  if (ownBody) {
    // The user's own words stay; how they end varies.
    const stem = /[.!?…]$/.test(ownBody) ? ownBody : `${ownBody}.`;
    for (const closer of closers) bodies.push(`${stem} ${closer}`);
  } else {
    // Openers × closers, walked diagonally so that neighbours differ in both halves.
    for (let d = 0; d < closers.length; d += 1) for (let i = 0; i < openers.length; i += 1) bodies.push(`${openers[i]} ${closers[(i + d) % closers.length]}`);
  }
  const ownCta = squash(brief.cta);
  const ctas = interleave(shuffled(goal.ctas, random), shuffled(tone.ctas, random)).filter((c) => c !== ownCta);
  return { headlines, bodies: bodies.map((b) => cut(b, MAX_BODY)), ctas: ctas.map((c) => cut(c, MAX_CTA)) };
}

/**
 * `count` copies for a brief: each headline, body and button different from the others in
 * the batch (and from the creative's own headline and button). `accept` may refuse a copy
 * for a variation (it does not fit that variation's boxes): the next one is tried, and a
 * variation nothing fits for gets the shortest lines. Deterministic for the same arguments.
 */
export function writeCopy(brief: CopyBrief, count: number, seed: number, accept: (copy: Copy, index: number) => boolean = () => true): Copy[] {
  const { headlines, bodies, ctas } = pools(brief, seed);
  const own = squash(brief.headline);
  const used = { headline: new Set([own]), body: new Set<string>(), cta: new Set([squash(brief.cta)]) };
  const next = (pool: string[], taken: Set<string>, from: number) => {
    for (let k = 0; k < pool.length; k += 1) {
      const line = pool[(from + k) % pool.length]!;
      if (!taken.has(line)) return line;
    }
    return undefined;
  };
  const out: Copy[] = [];
  for (let i = 0; i < count; i += 1) {
    let chosen: Copy | undefined;
    // Up to 24 tries: headlines move fastest (they decide the fit), buttons next, bodies last.
    for (let t = 0; t < 24 && !chosen; t += 1) {
      const headline = next(headlines, used.headline, i + t);
      const body = next(bodies, used.body, i * 3 + Math.floor(t / 4));
      const cta = next(ctas, used.cta, i + Math.floor(t / 2));
      if (headline === undefined || body === undefined || cta === undefined) break;
      const copy = { headline, body, cta };
      if (accept(copy, i)) chosen = copy;
    }
    if (!chosen) {
      const byLength = (pool: string[], taken: Set<string>) => [...pool].filter((l) => !taken.has(l)).sort((a, b) => a.length - b.length)[0];
      chosen = {
        headline: byLength(headlines, used.headline) ?? `${subjectOf(brief)} (${i + 2})`,
        body: byLength(bodies, used.body) ?? `${bodies[0] ?? ''} (${i + 2})`.trim(),
        cta: byLength(ctas, used.cta) ?? `${ctas[0] ?? LANGUAGES[brief.locale ?? 'en'].more} ${i + 2}`,
      };
    }
    used.headline.add(chosen.headline);
    used.body.add(chosen.body);
    used.cta.add(chosen.cta);
    out.push(chosen);
  }
  return out;
}
