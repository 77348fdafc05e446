import { describe, expect, it } from 'vitest';
import { abTest, MIN_VISITORS_PER_VARIANT, normalCdf, sampleSizePerVariant } from '#common/ab-stats.ts';

describe('normalCdf', () => {
  it('matches the standard normal table', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959963984540054)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1.644853626951)).toBeCloseTo(0.05, 6);
    expect(normalCdf(1)).toBeCloseTo(0.841344746, 6);
    expect(normalCdf(-3)).toBeCloseTo(0.001349898, 7);
    expect(normalCdf(Infinity)).toBe(1);
    expect(normalCdf(-Infinity)).toBe(0);
  });

  it('keeps far tails above zero', () => {
    expect(normalCdf(-10)).toBeGreaterThan(0);
    expect(normalCdf(-10)).toBeCloseTo(7.6e-24, 25);
  });
});

describe('abTest', () => {
  it('finds a clear difference significant (textbook example: 200/1000 against 250/1000)', () => {
    const r = abTest({ visitors: 1000, leads: 200 }, { visitors: 1000, leads: 250 });
    expect(r.rateA).toBe(0.2);
    expect(r.rateB).toBe(0.25);
    expect(r.uplift).toBeCloseTo(0.25, 10);
    // pooled p = 0.225, se = sqrt(0.225·0.775·0.002) = 0.018675…, z = 0.05 / se
    expect(r.z).toBeCloseTo(2.6774, 3);
    expect(r.pValue).toBeCloseTo(0.00742, 4);
    expect(r.significant).toBe(true);
    expect(r.winner).toBe('b');
    expect(r.probabilityBBeatsA).toBeGreaterThan(0.99);
    expect(r.neededPerVariant).toBe(1094);
    expect(r.remainingPerVariant).toBe(94);
  });

  it('does not call a small sample significant', () => {
    const r = abTest({ visitors: 50, leads: 5 }, { visitors: 50, leads: 7 });
    expect(r.significant).toBe(false);
    expect(r.winner).toBeNull();
    expect(r.pValue!).toBeGreaterThan(0.5);
    expect(r.probabilityBBeatsA!).toBeGreaterThan(0.5);
    expect(r.probabilityBBeatsA!).toBeLessThan(0.9);
    expect(r.remainingPerVariant!).toBeGreaterThan(0);
  });

  it('names A the winner when A is significantly better', () => {
    const r = abTest({ visitors: 2000, leads: 300 }, { visitors: 2000, leads: 200 });
    expect(r.z!).toBeLessThan(0);
    expect(r.winner).toBe('a');
    expect(r.probabilityBBeatsA!).toBeLessThan(0.001);
    expect(r.uplift).toBeCloseTo(-1 / 3, 10);
  });

  it('is symmetric', () => {
    const ab = abTest({ visitors: 400, leads: 30 }, { visitors: 380, leads: 45 });
    const ba = abTest({ visitors: 380, leads: 45 }, { visitors: 400, leads: 30 });
    expect(ab.pValue).toBeCloseTo(ba.pValue!, 12);
    expect(ab.z).toBeCloseTo(-ba.z!, 12);
    expect(ab.probabilityBBeatsA! + ba.probabilityBBeatsA!).toBeCloseTo(1, 12);
  });

  it('handles empty and degenerate arms without NaN', () => {
    const empty = abTest({ visitors: 0, leads: 0 }, { visitors: 0, leads: 0 });
    expect(empty).toMatchObject({
      rateA: 0,
      rateB: 0,
      uplift: null,
      z: null,
      pValue: null,
      significant: false,
      probabilityBBeatsA: null,
      neededPerVariant: null,
    });
    const oneSided = abTest({ visitors: 100, leads: 10 }, { visitors: 0, leads: 0 });
    expect(oneSided.z).toBeNull();
    expect(oneSided.probabilityBBeatsA).toBeNull();
    const nobody = abTest({ visitors: 100, leads: 0 }, { visitors: 100, leads: 0 });
    expect(nobody.z).toBeNull();
    expect(nobody.probabilityBBeatsA).toBe(0.5);
    expect(nobody.uplift).toBeNull();
    const everyone = abTest({ visitors: 10, leads: 10 }, { visitors: 10, leads: 10 });
    expect(everyone.significant).toBe(false);
    for (const r of [empty, oneSided, nobody, everyone]) expect(JSON.stringify(r)).not.toContain('NaN');
  });

  it('gives no verdict below the minimum sample, however lopsided the numbers (one visitor each)', () => {
    const tiny = abTest({ visitors: 1, leads: 0 }, { visitors: 1, leads: 1 });
    expect(tiny).toMatchObject({ tooEarly: true, significant: false, winner: null });
    // 12 of 40 against 0 of 40 is "significant" to the z-test, but too small a sample to trust it.
    const small = abTest({ visitors: 40, leads: 0 }, { visitors: 40, leads: 12 });
    expect(small.pValue!).toBeLessThan(0.05);
    expect(small).toMatchObject({ tooEarly: true, significant: false, winner: null });
    // Enough visitors but too few leads to expect MIN_EXPECTED_LEADS in each variant under the pooled rate.
    expect(abTest({ visitors: 400, leads: 2 }, { visitors: 400, leads: 5 }).tooEarly).toBe(true);
    // A variant that converts nobody is no obstacle once the pooled rate expects enough leads in each.
    const lopsided = abTest({ visitors: 1000, leads: 0 }, { visitors: 1000, leads: 40 });
    expect(lopsided).toMatchObject({ tooEarly: false, significant: true, winner: 'b' });
    expect(abTest({ visitors: MIN_VISITORS_PER_VARIANT, leads: 10 }, { visitors: MIN_VISITORS_PER_VARIANT, leads: 12 }).tooEarly).toBe(false);
    expect(abTest({ visitors: MIN_VISITORS_PER_VARIANT - 1, leads: 10 }, { visitors: 500, leads: 60 }).tooEarly).toBe(true);
  });

  it('never reports a rate above 100 % (more leads than counted visitors)', () => {
    const r = abTest({ visitors: 3, leads: 5 }, { visitors: 10, leads: 1 });
    expect(r.rateA).toBe(1);
    expect(r.a.leads).toBe(3);
  });

  it('agrees with a simulation: about 5 % false positives when A and B are the same', () => {
    // A seeded generator (mulberry32) keeps the test deterministic.
    let state = 12345;
    const random = () => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    let positives = 0;
    const runs = 1000;
    for (let run = 0; run < runs; run += 1) {
      let a = 0;
      let b = 0;
      for (let i = 0; i < 500; i += 1) {
        if (random() < 0.1) a += 1;
        if (random() < 0.1) b += 1;
      }
      if (abTest({ visitors: 500, leads: a }, { visitors: 500, leads: b }).significant) positives += 1;
    }
    expect(positives / runs).toBeGreaterThan(0.03);
    expect(positives / runs).toBeLessThan(0.07);
  });
});

describe('sampleSizePerVariant', () => {
  it('matches the usual calculators', () => {
    // 10 % → 12 %: about 3,841 per variant (Fleiss without continuity correction).
    expect(sampleSizePerVariant(0.1, 0.12)).toBeGreaterThan(3800);
    expect(sampleSizePerVariant(0.1, 0.12)).toBeLessThan(3900);
    expect(sampleSizePerVariant(0.2, 0.25)).toBe(1094);
    expect(sampleSizePerVariant(0.3, 0.3)).toBeNull();
  });
});
