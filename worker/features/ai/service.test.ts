import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { wellFormed } from '#common/schemas/fields.ts';
import { COPY_MODEL, copyVariants, parseModelAds, parseModelLines, ruleBasedBodies, ruleBasedHeadlines } from '#worker/features/ai/service.ts';

describe('parseModelLines', () => {
  it('drops emoji, which the bundled fonts cannot draw', () => {
    expect(parseModelLines('1. Fresh beans ☕️ daily\n2. "Roasted 🔥 this morning 👩‍🍳"')).toEqual(['Fresh beans daily', 'Roasted this morning']);
  });

  it('keeps one headline per line, without numbering, bullets, quotes, preambles or empty lines', () => {
    const text = [
      'Here are 5 headlines:',
      '',
      '1. Fresh beans daily',
      '2) “Roasted this morning”',
      '- "Coffee worth waking for"',
      '* Small batch, big taste',
      '• ‘Brewed for you’',
      'ok',
      `3. ${'x'.repeat(121)}`,
    ].join('\n');
    expect(parseModelLines(text)).toEqual(['Fresh beans daily', 'Roasted this morning', 'Coffee worth waking for', 'Small batch, big taste', 'Brewed for you']);
  });

  it('shortens long lines to 90 characters with an ellipsis', () => {
    const [line] = parseModelLines('y'.repeat(100));
    expect(line).toHaveLength(88);
    expect(line!.endsWith('…')).toBe(true);
  });
});

describe('ruleBasedHeadlines', () => {
  it('gives `count` different lines of at most 90 characters, the same ones for the same headline', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.integer({ min: 1, max: 8 }), (headline, count) => {
        const lines = ruleBasedHeadlines(headline, count);
        expect(lines).toHaveLength(count);
        expect(new Set(lines).size).toBe(count);
        for (const line of lines) expect(line.length).toBeLessThanOrEqual(90);
        expect(ruleBasedHeadlines(headline, count)).toEqual(lines);
      }),
    );
  });

  it('frames the headline (without its final punctuation), and has something to say without one', () => {
    for (const line of ruleBasedHeadlines('Single-origin coffee!', 8)) expect(line.toLowerCase()).toContain('single-origin coffee');
    expect(ruleBasedHeadlines('', 2).every((l) => /something new/i.test(l))).toBe(true);
    expect(ruleBasedHeadlines('Cold brew', 10)).toHaveLength(10);
  });
});

describe('parseModelAds', () => {
  it('reads "headline | body" lines, a body being optional, cleaned like headlines', () => {
    expect(parseModelAds('1. Fresh beans daily | Roasted in small batches. ☕️\n2) "Coffee worth waking for"\nHere are more:\n | only a body')).toEqual([
      { headline: 'Fresh beans daily', body: 'Roasted in small batches.' },
      { headline: 'Coffee worth waking for' },
    ]);
  });
});

describe('ruleBasedBodies', () => {
  const PLACEHOLDER = 'Everything your team needs, in one place. Try it free for 14 days.';

  it('writes `count` different bodies, never the placeholder, the same ones for the same headline', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 60 }),
        fc.option(fc.constantFrom('', PLACEHOLDER), { nil: undefined }),
        fc.integer({ min: 1, max: 12 }),
        (headline, body, count) => {
          const lines = ruleBasedBodies({ headline, body, placeholder: PLACEHOLDER }, count);
          expect(lines).toHaveLength(count);
          expect(new Set(lines).size).toBe(count);
          expect(lines).not.toContain(PLACEHOLDER);
          expect(ruleBasedBodies({ headline, body, placeholder: PLACEHOLDER }, count)).toEqual(lines);
        },
      ),
    );
  });

  it('keeps the user’s own body and varies its ending', () => {
    const lines = ruleBasedBodies({ headline: 'Cold brew', body: '  Free delivery over $30 ', placeholder: PLACEHOLDER }, 8);
    expect(new Set(lines).size).toBe(8);
    for (const line of lines) expect(line).toMatch(/^Free delivery over \$30\. \S/);
  });
});

describe('copyVariants', () => {
  it('uses the rules without a binding, and when the model answers nothing usable', async () => {
    const rules = ruleBasedHeadlines('Cold brew', 3);
    const bodies = ruleBasedBodies({ headline: 'Cold brew' }, 3);
    const expected = rules.map((headline, i) => ({ headline, body: bodies[i] }));
    expect(await copyVariants(undefined, { headline: 'Cold brew', count: 3 })).toEqual({ items: expected, source: 'rules' });
    for (const response of [undefined, 42, '', '\n\n', 'Here are some headlines:']) {
      const run = vi.fn(async () => ({ response }));
      expect(await copyVariants({ run } as never, { headline: 'Cold brew', count: 3 })).toEqual({ items: expected, source: 'rules' });
    }
  });

  it('takes distinct model lines first, tops them up from the rules, and never returns more than asked', async () => {
    const run = vi.fn(async () => ({ response: 'Chill out | Iced, smooth, ready.\nChill out | Again\nIced and easy\nFour | Iced, smooth, ready.\nFive' }));
    const three = await copyVariants({ run } as never, { headline: 'Cold brew', tone: 'calm', count: 3 });
    expect(three.source).toBe('ai');
    expect(three.items.map((i) => i.headline)).toEqual(['Chill out', 'Iced and easy', 'Four']);
    // The model's body where it wrote one (once: a repeated body is replaced), else the rules', all different.
    expect(three.items[0]!.body).toBe('Iced, smooth, ready.');
    expect(new Set(three.items.map((i) => i.body)).size).toBe(3);
    const six = await copyVariants({ run } as never, { headline: 'Cold brew', count: 6 });
    expect(six.items.map((i) => i.headline).slice(0, 4)).toEqual(['Chill out', 'Iced and easy', 'Four', 'Five']);
    expect(six.items.map((i) => i.headline).slice(4)).toEqual(ruleBasedHeadlines('Cold brew', 2));
    expect(new Set(six.items.map((i) => i.body)).size).toBe(6);
    expect(run).toHaveBeenCalledWith(COPY_MODEL, expect.objectContaining({ max_tokens: 600 }));
  });
});

describe('cut copy', () => {
  it('keeps an emoji whole where a line, a body or a name is cut', () => {
    // "New: " + 81 letters puts the first emoji across the old cut at 87 units.
    const headline = `${'a'.repeat(81)}😀😀😀😀`;
    for (const line of ruleBasedHeadlines(headline, 8)) expect(wellFormed(line)).toBe(line);
    const body = `${'b'.repeat(399)}😀 more`;
    for (const line of ruleBasedBodies({ headline: 'Sale', body }, 3)) expect(wellFormed(line)).toBe(line);
  });
});
