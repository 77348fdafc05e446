import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { COPY_MODEL, headlineVariants, parseModelLines, ruleBasedHeadlines } from '#worker/features/ai/service.ts';

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

describe('headlineVariants', () => {
  it('uses the rules without a binding, and when the model answers nothing usable', async () => {
    const rules = ruleBasedHeadlines('Cold brew', 3);
    expect(await headlineVariants(undefined, { headline: 'Cold brew', count: 3 })).toEqual({ lines: rules, source: 'rules' });
    for (const response of [undefined, 42, '', '\n\n', 'Here are some headlines:']) {
      const run = vi.fn(async () => ({ response }));
      expect(await headlineVariants({ run } as never, { headline: 'Cold brew', count: 3 })).toEqual({ lines: rules, source: 'rules' });
    }
  });

  it('takes distinct model lines first, tops them up from the rules, and never returns more than asked', async () => {
    const run = vi.fn(async () => ({ response: 'Chill out\nChill out\nIced and easy\nFour\nFive' }));
    const three = await headlineVariants({ run } as never, { headline: 'Cold brew', tone: 'calm', count: 3 });
    expect(three).toEqual({ lines: ['Chill out', 'Iced and easy', 'Four'], source: 'ai' });
    const six = await headlineVariants({ run } as never, { headline: 'Cold brew', count: 6 });
    expect(six.lines.slice(0, 4)).toEqual(['Chill out', 'Iced and easy', 'Four', 'Five']);
    expect(six.lines.slice(4)).toEqual(ruleBasedHeadlines('Cold brew', 2));
    expect(run).toHaveBeenCalledWith(COPY_MODEL, expect.objectContaining({ max_tokens: 400 }));
  });
});
