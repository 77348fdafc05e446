import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wellFormed } from '#common/schemas/fields.ts';
import { ruleBasedCopy } from '#worker/features/ai/service.ts';

// Variations write their copy with common/creative/copywriter.ts and worker/features/creatives/variations/variations-ai.ts (tested there).
describe('ruleBasedCopy (AI copy suggestions)', () => {
  it('gives at most `count` different lines of at most 90 characters, well-formed, the same ones for the same topic', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 2, maxLength: 200 }),
        fc.option(fc.string({ maxLength: 100 }), { nil: undefined }),
        fc.option(fc.constantFrom('Warm', 'formal', ''), { nil: undefined }),
        fc.integer({ min: 1, max: 10 }),
        (topic, audience, tone, count) => {
          const lines = ruleBasedCopy({ topic, audience, tone, count });
          expect(lines.length).toBeGreaterThan(0);
          expect(lines.length).toBeLessThanOrEqual(count);
          expect(new Set(lines).size).toBe(lines.length);
          for (const line of lines) {
            expect([...line].length).toBeLessThanOrEqual(90);
            if (wellFormed(topic) === topic && (audience === undefined || wellFormed(audience) === audience)) expect(wellFormed(line)).toBe(line);
          }
          expect(ruleBasedCopy({ topic, audience, tone, count })).toEqual(lines);
        },
      ),
    );
  });
});
