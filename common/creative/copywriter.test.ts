import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GOALS, goalOf, subjectOf, toneOf, TONES, writeCopy, type CopyBrief } from '#common/creative/copywriter.ts';
import { GOAL_BANKS, TONE_BANKS } from '#common/creative/copy-phrases.ts';
import { GOAL_BANKS_DE, TONE_BANKS_DE } from '#common/creative/copy-phrases-de.ts';
import { DEFAULT_COPY, templateCopy } from '#common/creative/templates.ts';
import { wellFormed } from '#common/schemas/fields.ts';

const brief = fc.record({
  headline: fc.oneof(fc.string({ maxLength: 80 }), fc.constantFrom('Single-origin coffee', DEFAULT_COPY.headline, '', 'iPhone cases, made in Lisbon')),
  body: fc.option(fc.oneof(fc.string({ maxLength: 200 }), fc.constant(DEFAULT_COPY.body)), { nil: undefined }),
  cta: fc.option(fc.constantFrom('Shop now', 'Get started', 'Learn more'), { nil: undefined }),
  product: fc.option(fc.constantFrom('Acme Roasters', 'Brightside', ''), { nil: undefined }),
  goal: fc.constantFrom(...GOALS),
  tone: fc.constantFrom(...TONES),
  placeholder: fc.constant(DEFAULT_COPY),
  locale: fc.option(fc.constantFrom('en' as const, 'de' as const), { nil: undefined }),
}) as fc.Arbitrary<CopyBrief>;

describe('writeCopy', () => {
  it('writes `count` copies, no headline, body or button twice in a batch, none the creative’s own headline or button', () => {
    fc.assert(
      fc.property(brief, fc.integer({ min: 1, max: 8 }), fc.integer(), (b, count, seed) => {
        const copies = writeCopy(b, count, seed);
        expect(copies).toHaveLength(count);
        for (const field of ['headline', 'body', 'cta'] as const) expect(new Set(copies.map((c) => c[field])).size).toBe(count);
        const own = b.headline.replace(/\s+/g, ' ').trim();
        for (const copy of copies) {
          expect(copy.headline).not.toBe(own);
          if (b.cta) expect(copy.cta).not.toBe(b.cta);
        }
      }),
    );
  });

  it('is deterministic for a seed, and other seeds give other batches', () => {
    fc.assert(
      fc.property(brief, fc.integer({ min: 1, max: 8 }), fc.integer(), (b, count, seed) => {
        expect(writeCopy(b, count, seed)).toEqual(writeCopy(b, count, seed));
      }),
    );
    const b: CopyBrief = { headline: 'Single-origin coffee', goal: 'sale', tone: 'warm' };
    const batches = new Set([1, 2, 3, 4, 5, 6].map((seed) => JSON.stringify(writeCopy(b, 4, seed))));
    expect(batches.size).toBe(6);
  });

  it('keeps lines short and well-formed (no cut surrogate pairs), with no placeholders left in them', () => {
    fc.assert(
      fc.property(brief, fc.integer({ min: 1, max: 8 }), fc.integer(), (b, count, seed) => {
        for (const copy of writeCopy(b, count, seed)) {
          expect([...copy.headline].length).toBeLessThanOrEqual(71);
          expect([...copy.body].length).toBeLessThanOrEqual(180);
          expect([...copy.cta].length).toBeLessThanOrEqual(24);
          for (const line of [copy.headline, copy.body, copy.cta]) {
            expect(wellFormed(line)).toBe(line);
            expect(line).not.toMatch(/\{[sSp]\}/);
            expect(line.trim()).toBe(line);
            expect(line.length).toBeGreaterThan(0);
          }
        }
      }),
    );
  });

  it('tries the next lines for a variation that refuses them, and refuses nothing twice', () => {
    fc.assert(
      fc.property(brief, fc.integer({ min: 1, max: 8 }), fc.integer(), fc.integer({ min: 10, max: 40 }), (b, count, seed, limit) => {
        const refused: string[] = [];
        const copies = writeCopy(b, count, seed, (copy) => {
          if (copy.headline.length <= limit) return true;
          refused.push(copy.headline);
          return false;
        });
        expect(copies).toHaveLength(count);
        expect(new Set(copies.map((c) => c.headline)).size).toBe(count);
        // Whatever was accepted fits, unless nothing short enough was left (then the shortest).
        for (const copy of copies) if (copy.headline.length > limit) expect(refused).toContain(copy.headline);
      }),
    );
  });

  it('speaks to the goal and the tone, about the creative’s subject, and keeps the user’s body', () => {
    const sale = writeCopy({ headline: 'Single-origin coffee', goal: 'sale', tone: 'bold' }, 8, 1);
    expect(sale.filter((c) => /single-origin coffee/i.test(c.headline)).length).toBeGreaterThanOrEqual(4);
    expect(sale.some((c) => /sale|save|price|less|deal/i.test(`${c.headline} ${c.body} ${c.cta}`))).toBe(true);
    const hiring = writeCopy({ headline: 'Barista', goal: 'hiring', tone: 'warm', product: 'Acme Roasters' }, 8, 1);
    expect(hiring.some((c) => /apply|join|role|team|hiring/i.test(`${c.headline} ${c.cta}`))).toBe(true);
    const premium = writeCopy({ headline: 'Silk scarves', goal: 'launch', tone: 'premium' }, 8, 3);
    for (const c of premium) expect(c.headline.endsWith('!')).toBe(false);
    const own = writeCopy({ headline: 'Cold brew', body: 'Free delivery over $30', goal: 'awareness', tone: 'neutral' }, 8, 9);
    for (const c of own) expect(c.body).toMatch(/^Free delivery over \$30\. \S/);
    // Different goals, different words (only the tone's own lines may be shared).
    const launch = writeCopy({ headline: 'Single-origin coffee', goal: 'launch', tone: 'bold' }, 8, 1);
    expect(sale.filter((c) => launch.some((l) => l.cta === c.cta)).length).toBeLessThanOrEqual(4);
    expect(sale.filter((c) => launch.some((l) => l.headline === c.headline)).length).toBeLessThanOrEqual(4);
  });

  it('keeps acronyms and inner capitals mid-sentence', () => {
    const lines = writeCopy({ headline: 'iPhone cases', goal: 'launch', tone: 'neutral' }, 8, 5).map((c) => c.headline);
    expect(lines.some((l) => /iPhone cases/.test(l))).toBe(true);
    expect(lines.join(' ')).not.toMatch(/iphone/);
    // A name stays a name (the brand, when the creative has no headline of its own).
    const brand = writeCopy({ headline: DEFAULT_COPY.headline, placeholder: DEFAULT_COPY, product: 'Harbour Bakery', goal: 'awareness', tone: 'warm' }, 8, 1);
    expect(brand.map((c) => c.headline).join(' ')).not.toMatch(/harbour Bakery/);
    expect(brand.some((c) => c.headline.includes('Harbour Bakery'))).toBe(true);
  });
});

describe('subjectOf, toneOf, goalOf', () => {
  it('takes the first clause of a long headline, the brand for the placeholder', () => {
    expect(subjectOf({ headline: 'Single-origin coffee, roasted fresh in small batches every single morning' })).toBe('Single-origin coffee');
    expect(subjectOf({ headline: DEFAULT_COPY.headline, placeholder: DEFAULT_COPY, product: 'Acme' })).toBe('Acme');
    expect(subjectOf({ headline: '  ', product: '' })).toBe('Something new');
    expect(subjectOf({ headline: '“Fresh beans!”' })).toBe('Fresh beans');
  });

  it('reads the tone from free text (the first named wins), neutral otherwise', () => {
    expect(toneOf('Warm and direct')).toBe('warm');
    expect(toneOf('Direct, but warm')).toBe('professional');
    expect(toneOf('Luxurious and calm')).toBe('premium');
    expect(toneOf('BOLD!')).toBe('bold');
    expect(toneOf('')).toBe('neutral');
    expect(toneOf(undefined)).toBe('neutral');
    expect(toneOf('Like a pirate')).toBe('neutral');
  });

  it('takes the template’s goal when it names one, else reads the copy', () => {
    expect(goalOf({ templateGoal: 'sale', copy: {} })).toBe('sale');
    expect(goalOf({ templateGoal: 'App install', copy: {} })).toBe('app');
    expect(goalOf({ templateGoal: 'quote', copy: {} })).toBe('testimonial');
    expect(goalOf({ copy: { headline: 'Summer sale: -30%' } })).toBe('sale');
    expect(goalOf({ copy: { headline: 'We’re hiring baristas' } })).toBe('hiring');
    expect(goalOf({ copy: { headline: 'Introducing cold brew' } })).toBe('launch');
    expect(goalOf({ copy: { headline: 'Single-origin coffee' } })).toBe('awareness');
  });
});

describe('writeCopy in German (a German project, issue 28)', () => {
  const german: CopyBrief = {
    headline: 'Frühlingsmischung, frisch geröstet',
    body: undefined,
    cta: 'Zum Café',
    placeholder: templateCopy('bold-headline', 'de'),
    product: 'Northwind Coffee',
    goal: 'sale',
    tone: 'warm',
    locale: 'de',
  };

  it('writes German lines about the subject, keeping its capitals', () => {
    const copies = writeCopy(german, 8, 7);
    const english = new Set([...Object.values(GOAL_BANKS).flatMap((b) => [...b.ctas]), ...Object.values(TONE_BANKS).flatMap((b) => [...b.ctas])]);
    for (const copy of copies) {
      expect(english.has(copy.cta), copy.cta).toBe(false);
      expect(copy.headline).not.toMatch(/frühlingsmischung/);
    }
    expect(copies.some((c) => c.headline.includes('Frühlingsmischung'))).toBe(true);
    expect(copies.map((c) => c.cta)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^(Zum Sale|Angebot sichern|Jetzt sparen|Jetzt shoppen|Zum Angebot|Alle Angebote|Deal sichern|Jetzt zugreifen|Sagen Sie Hallo|Kurz reinschauen|Gönnen Sie sich|Machen Sie mit|Mal ansehen)$/,
        ),
      ]),
    );
  });

  it('does not keep the German placeholder, and says “Etwas Neues” without a subject or brand', () => {
    const placeholder = templateCopy('bold-headline', 'de');
    expect(subjectOf({ headline: placeholder.headline, placeholder, product: 'Acme', locale: 'de' })).toBe('Acme');
    expect(subjectOf({ headline: '', placeholder, product: '', locale: 'de' })).toBe('Etwas Neues');
    expect(subjectOf({ headline: '', placeholder: DEFAULT_COPY, product: '' })).toBe('Something new');
  });

  it('has a German bank for every goal and tone, as large as the English one and without numbers', () => {
    for (const goal of GOALS) {
      for (const key of ['headlines', 'openers', 'closers', 'ctas'] as const) {
        expect(GOAL_BANKS_DE[goal][key].length, `${goal} ${key}`).toBe(GOAL_BANKS[goal][key].length);
        for (const line of GOAL_BANKS_DE[goal][key]) expect(line, line).not.toMatch(/\d/);
      }
      for (const cta of GOAL_BANKS_DE[goal].ctas) expect([...cta].length, cta).toBeLessThanOrEqual(24);
    }
    for (const tone of TONES) {
      expect(TONE_BANKS_DE[tone].exclaim).toBe(TONE_BANKS[tone].exclaim);
      for (const cta of TONE_BANKS_DE[tone].ctas) expect([...cta].length, cta).toBeLessThanOrEqual(24);
    }
  });

  it('reads a German tone of voice and German copy', () => {
    expect(toneOf('Herzlich und nahbar: kurze Sätze, keine Übertreibung.')).toBe('warm');
    expect(toneOf('Sachlich und klar')).toBe('professional');
    expect(goalOf({ copy: { headline: 'Wir suchen eine Backstubenleitung (m/w/d)' } })).toBe('hiring');
    expect(goalOf({ copy: { headline: '20 % Rabatt auf alles' } })).toBe('sale');
  });
});
