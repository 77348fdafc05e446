import type { Copy } from '#common/creative/templates.ts';

/**
 * The rule-based copywriter of variations (PRODUCT.md §4.3, issue 14 point 7): headline, body
 * and call to action from phrase banks per goal (sale, launch, event…) and per tone of voice
 * (bold, warm, premium, professional), combined with what the creative already says. It needs
 * no model and no network; Workers AI replaces it when bound (worker/features/creatives/
 * variations/variations-ai.ts), and it fills in whatever the model leaves out.
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
}

const TONE_WORDS: ReadonlyArray<[Tone, RegExp]> = [
  ['bold', /\b(bold|loud|energetic|punchy|confident|daring|edgy|hype|exciting|urgent|dynamic|fearless)/i],
  ['warm', /\b(warm|friendly|playful|fun|cheerful|caring|kind|cosy|cozy|casual|approachable|human|witty|upbeat)/i],
  ['premium', /\b(premium|luxur|elegant|refined|sophisticat|exclusive|timeless|minimal|understated|calm|quiet|classy)/i],
  ['professional', /\b(professional|expert|trust|clear|direct|serious|formal|corporate|reliable|precise|factual|b2b)/i],
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
  ['sale', /(\bsale\b|%|\boff\b|\bdeal|\bdiscount|\bsave\b|\bsavings|\boffer|\bpromo|\bcoupon|\bclearance|black friday)/i],
  ['hiring', /\b(hiring|join (our|the) team|careers?|vacanc|job|apply now|we.re looking for)/i],
  ['event', /\b(event|webinar|workshop|conference|meetup|festival|concert|live on|tickets?|save the date|rsvp|opening night)/i],
  ['app', /\b(app|download|install|app store|google play|ios|android)\b/i],
  ['testimonial', /(“|"|\b(review|testimonial|customers? say|rated|stars?)\b)/i],
  ['launch', /\b(new|launch|introducing|meet|now available|just landed|first look|coming soon|debut)\b/i],
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

/** A pattern: `{s}` is the subject in the middle of a sentence, `{S}` at its start, `{p}` the brand. */
type Bank = readonly string[];

interface GoalBank {
  headlines: Bank;
  /** First sentences of a body. */
  openers: Bank;
  /** Second sentences of a body (also the endings of the user's own body). */
  closers: Bank;
  ctas: Bank;
}

const GOAL_BANKS: Record<Goal, GoalBank> = {
  sale: {
    headlines: [
      '{S}, now for less',
      'The {s} sale is on',
      'Save on {s}',
      'Your moment for {s}',
      '{S} at a better price',
      'Treat yourself to {s}',
      'Less to pay, more {s}',
      'The best time for {s}',
      '{S}: while stocks last',
      'Sale on {s} starts now',
      'Good things, smaller price',
      'Now is the time to save',
    ],
    openers: [
      'Our favourites are marked down for a short time.',
      'The prices just dropped on the things you love.',
      'A rare chance to save on the good stuff.',
      'Stock up on what you use every day, for less.',
      'Quality you can count on, at a price you’ll like.',
      'Fewer reasons to wait, more reasons to treat yourself.',
      'The season’s best picks, now at sale prices.',
      'Everything you had your eye on costs less today.',
    ],
    closers: [
      'Only while stocks last.',
      'Don’t miss it.',
      'The offer ends soon.',
      'Grab yours before it’s gone.',
      'Shop early for the best choice.',
      'Limited time only.',
    ],
    ctas: ['Shop the sale', 'Grab the deal', 'Save now', 'Shop now', 'Get the offer', 'See the deals', 'Claim your deal', 'Shop the offer'],
  },
  launch: {
    headlines: [
      'Meet {s}',
      'Introducing {s}',
      'Say hello to {s}',
      '{S} is here',
      'New: {s}',
      'The all-new {s}',
      '{S}, just launched',
      'First look: {s}',
      'Fresh from {p}: {s}',
      'Something new from {p}',
      'Made new, made better',
      'The wait is over',
    ],
    openers: [
      'We built it to make your day a little easier.',
      'Designed with care, tested by people like you.',
      'Everything you liked, and a few things you asked for.',
      'A fresh take on something you use every day.',
      'It has been a long time coming, and it was worth it.',
      'Small details, big difference: see what is new.',
      'Out now, and ready when you are.',
      'Our newest idea, made to last.',
    ],
    closers: ['Be one of the first to try it.', 'See what is new.', 'Try it today.', 'Available now.', 'Find out more.', 'Discover it today.'],
    ctas: ['Discover it', 'See what’s new', 'Try it now', 'Learn more', 'Be the first', 'Explore now', 'Get yours', 'Take a look'],
  },
  event: {
    headlines: [
      'Join us for {s}',
      'Save the date: {s}',
      'You’re invited: {s}',
      '{S}: be there',
      'Don’t miss {s}',
      '{S}, live',
      'See you at {s}',
      'Reserve your spot for {s}',
      'An evening of {s}',
      'Come along to {s}',
      'Mark your calendar',
      'Seats are filling up',
    ],
    openers: [
      'An evening of good ideas and good company.',
      'Meet the people behind {p} and see what we do.',
      'Talks, demos and time to ask your questions.',
      'Bring a friend and make a day of it.',
      'A few hours that will change how you work.',
      'Everything you need to know, in one place.',
      'Learn something new and leave inspired.',
      'Seats are limited, so plan ahead.',
    ],
    closers: [
      'Book your place today.',
      'Places are limited.',
      'We’d love to see you there.',
      'Free to join.',
      'Sign up in a minute.',
      'Reserve your spot now.',
    ],
    ctas: ['Book your seat', 'Reserve a spot', 'Get tickets', 'Register now', 'Join us', 'Save my seat', 'RSVP now', 'Sign up'],
  },
  testimonial: {
    headlines: [
      '“{S} changed how we work”',
      '“We can’t imagine going back”',
      '“Exactly what we needed”',
      '“{S}, done right”',
      'Why customers choose {p}',
      'Loved by people like you',
      'Don’t take our word for it',
      '“The best decision we made this year”',
      'Real people, real results',
      '“It just works”',
      'What our customers say about {s}',
      'Trusted for {s}',
    ],
    openers: [
      'Hear it from the people who use it every day.',
      'Our customers say it better than we could.',
      'Thousands of happy customers and counting.',
      'Real stories from people who made the switch.',
      'We asked our customers what they think.',
      'Honest words from people who know us well.',
      'The kind of feedback that keeps us going.',
      'They tried it, they stayed.',
    ],
    closers: ['See why they love it.', 'Join them today.', 'Read more stories.', 'Find out for yourself.', 'Try it and see.', 'Your turn.'],
    ctas: ['Read the stories', 'See why', 'Join them', 'Try it yourself', 'Hear more', 'Find out why', 'See reviews', 'Start today'],
  },
  hiring: {
    headlines: [
      'We’re hiring: {s}',
      'Join the team behind {p}',
      'Your next role: {s}',
      'Open role: {s}',
      'Come work with us',
      'Grow with {p}',
      'Looking for your next step?',
      'Do your best work here',
      'Make {s} your next move',
      'Great people wanted',
      '{S}: join us',
      'Your career, your way',
    ],
    openers: [
      'A team that listens, learns and ships together.',
      'Meaningful work with people who care.',
      'We look for curious people who like to build.',
      'Room to grow, and the support to do it.',
      'Flexible hours and a team that has your back.',
      'Bring your ideas: we will make room for them.',
      'Work on things people use every day.',
      'Help a growing team do its best work.',
    ],
    closers: ['Apply today.', 'We would love to hear from you.', 'See the open roles.', 'Applications are open.', 'Say hello.', 'Join us.'],
    ctas: ['Apply now', 'See open roles', 'Join the team', 'View jobs', 'Apply today', 'Meet the team', 'Send your CV', 'Learn more'],
  },
  app: {
    headlines: [
      '{S}, in your pocket',
      'Get {s} on your phone',
      'The {p} app is here',
      '{S}, one tap away',
      'Download {s}',
      'Everything you need, in one app',
      'Your day, simplified',
      'Take {s} with you',
      '{S} on the go',
      'Try the app everyone talks about',
      'Less hassle, more done',
      'Made for your phone',
    ],
    openers: [
      'Everything in one place, wherever you are.',
      'Set up in a minute, useful from day one.',
      'Simple to start, easy to love.',
      'Plan, track and share from your phone.',
      'Fast, light and made for every day.',
      'All your favourites, one tap away.',
      'Designed for busy days and short breaks.',
      'Free to download, easy to use.',
    ],
    closers: ['Download it today.', 'Free on iOS and Android.', 'Get started in seconds.', 'Try it now.', 'Install it in a tap.', 'See how it works.'],
    ctas: ['Download now', 'Get the app', 'Install free', 'Try the app', 'Open the app', 'Get it free', 'Download free', 'Start now'],
  },
  awareness: {
    headlines: [
      '{S}, made simple',
      'Discover {s}',
      '{S} for every day',
      'A better kind of {s}',
      '{S}, done right',
      'Why {s} matters',
      'All about {s}',
      'This is {p}',
      '{S} starts here',
      'Made for people who care',
      'Small details, big difference',
      'See what sets us apart',
    ],
    openers: [
      'Made with care and ready when you are.',
      'Quality you can feel from the first day.',
      'Fresh ideas, fair prices and a team that listens.',
      'Everything in one place, without the hassle.',
      'Loved by people who care about the details.',
      'Here for you every day, online and in person.',
      'Thoughtfully made for the way you live.',
      'Simple to start, easy to love.',
    ],
    closers: ['See for yourself.', 'Come and see.', 'Find out more.', 'Say hello.', 'Discover more.', 'Try it today.'],
    ctas: ['Learn more', 'Discover more', 'Find out more', 'See how', 'Explore', 'Get started', 'Take a look', 'Visit us'],
  },
};

/** What the tone adds: its own lines, endings and buttons, and how a sentence ends. */
interface ToneBank {
  headlines: Bank;
  closers: Bank;
  ctas: Bank;
  /** Headlines end with "!" sometimes (bold, warm), never (premium, professional). */
  exclaim: boolean;
}

const TONE_BANKS: Record<Tone, ToneBank> = {
  bold: {
    headlines: ['{S}. No compromises.', 'Go big with {s}', '{S}. Right now.', 'Ready? {S}', 'All in on {s}', 'Go for {s}'],
    closers: ['Go on, you know you want to.', 'Right now.', 'No excuses.', 'Make your move.', 'Don’t wait.'],
    ctas: ['Go for it', 'Let’s go', 'Get it now', 'Do it today', 'Jump in'],
    exclaim: true,
  },
  warm: {
    headlines: ['Hello, {s}', 'A little {s} for you', 'Made with love: {s}', 'We think you’ll love {s}', '{S}, just for you', 'Come say hi to {s}'],
    closers: ['We can’t wait to see you.', 'Pop in and say hello.', 'You’re going to love it.', 'Made with you in mind.', 'See you soon.'],
    ctas: ['Come say hi', 'Take a peek', 'Treat yourself', 'Join the fun', 'Have a look'],
    exclaim: true,
  },
  premium: {
    headlines: ['{S}, refined', 'The art of {s}', '{S}. Quietly exceptional.', 'Crafted for {s}', 'Timeless {s}', '{S}, elevated'],
    closers: ['Crafted to last.', 'Discover the collection.', 'By appointment or online.', 'Made without shortcuts.', 'Experience the difference.'],
    ctas: ['Discover more', 'Explore the collection', 'Book a visit', 'View the range', 'Experience it'],
    exclaim: false,
  },
  professional: {
    headlines: [
      '{S} that delivers',
      'Reliable {s}, every time',
      '{S}: the smart choice',
      'Better results with {s}',
      'Built for teams: {s}',
      '{S} you can trust',
    ],
    closers: ['Talk to our team.', 'See the results for yourself.', 'Get the details.', 'Request a demo.', 'Start with a free trial.'],
    ctas: ['Talk to us', 'Request a demo', 'Get the details', 'Book a call', 'Start a trial'],
    exclaim: false,
  },
  neutral: {
    headlines: ['{S}, your way', 'Everything {s}', 'Choose {s}', 'Hello {s}', '{S} is for you', 'Make room for {s}'],
    closers: ['See what is new.', 'Find yours.', 'Start now.', 'Come and see.', 'Ask us how.'],
    ctas: ['See more', 'Find yours', 'Start now', 'Come and see', 'Read more'],
    exclaim: false,
  },
};

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
export function subjectOf(brief: Pick<CopyBrief, 'headline' | 'placeholder' | 'product'>): string {
  let text = squash(brief.headline);
  if (!text || text === squash(brief.placeholder?.headline)) text = squash(brief.product) || 'Something new';
  text = text.replace(/^["“'‘]+|["”'’]+$/g, '').replace(/[.!?…]+$/, '');
  if ([...text].length > SUBJECT_MAX) {
    const clause = text.split(/\s*[,:;–—]\s*|\s+-\s+/)[0] ?? text;
    text = cut(clause.length >= 3 ? clause : text, SUBJECT_MAX);
  }
  return text || 'Something new';
}

/** A name (Harbour Bakery, New York coffee): a later word starts with a capital too. */
const isName = (subject: string) =>
  subject
    .split(' ')
    .slice(1)
    .some((word) => /^\p{Lu}/u.test(word));

function fill(pattern: string, subject: string, product: string): string {
  const first = subject.split(' ')[0] ?? '';
  const mid = keepsCapital(first) || isName(subject) ? subject : subject.charAt(0).toLowerCase() + subject.slice(1);
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
  const goal = GOAL_BANKS[brief.goal];
  const tone = TONE_BANKS[brief.tone];
  const subject = subjectOf(brief);
  const product = squash(brief.product) || 'us';
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
  ).map((p, i) => exclaim(cut(fill(p, subject, product), MAX_HEADLINE), i));
  const closers = interleave(shuffled(goal.closers, random), shuffled(tone.closers, random));
  const openers = shuffled(goal.openers, random).map((p) => (usesProduct(p) ? p.replaceAll('{p}', 'us') : fill(p, subject, product)));
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
        cta: byLength(ctas, used.cta) ?? `${ctas[0] ?? 'Learn more'} ${i + 2}`,
      };
    }
    used.headline.add(chosen.headline);
    used.body.add(chosen.body);
    used.cta.add(chosen.cta);
    out.push(chosen);
  }
  return out;
}
