/**
 * A/B test statistics of a funnel page (PRODUCT.md §4.5): conversion of variant A against
 * B with a two-proportion z-test (two-sided, α = 0.05), the probability that B beats A
 * (normal approximation of the difference), and the visitors per variant a test needs to
 * detect the observed difference with 80 % power. Pure: used by the worker's analytics
 * and the client's A/B card alike.
 */

export interface AbArm {
  visitors: number;
  leads: number;
  /** leads / visitors (0 without visitors). */
  rate: number;
}

export interface AbResult {
  a: AbArm;
  b: AbArm;
  rateA: number;
  rateB: number;
  /** (rateB − rateA) / rateA; null when A converted nobody. */
  uplift: number | null;
  /** null while a variant has no visitors or nobody converted at all. */
  z: number | null;
  pValue: number | null;
  /** p < 0.05 */
  significant: boolean;
  /** P(rate B > rate A), 0–1; null while a variant has no visitors. */
  probabilityBBeatsA: number | null;
  /** Visitors each variant needs to show the observed difference (α 0.05, power 80 %); null when there is no difference to show. */
  neededPerVariant: number | null;
  /** How many more visitors the smaller variant still needs (0 when enough); null like `neededPerVariant`. */
  remainingPerVariant: number | null;
  /** The better variant when the difference is significant, else null. */
  winner: 'a' | 'b' | null;
  /** Below the minimum sample (`MIN_VISITORS_PER_VARIANT`, `MIN_EXPECTED_LEADS`): no verdict, `significant` false, `winner` null. */
  tooEarly: boolean;
}

export const SIGNIFICANCE = 0.05;

/**
 * The minimum sample below which the card calls nothing (issue 27: "B beats A with a
 * probability of 0 %" after one visitor each). The z-test and P(B > A) rest on the normal
 * approximation of a proportion, which the textbooks trust once each group expects at least
 * 5 conversions and 5 non-conversions (n·p ≥ 5, n·(1 − p) ≥ 5, with the pooled rate p, as
 * the test assumes under "no difference"); and 100 visitors per variant keep one early
 * visitor from moving a rate by more than a point. A variant that converts nobody does not
 * block a verdict as long as the pooled rate expects enough leads in it.
 */
export const MIN_VISITORS_PER_VARIANT = 100;
export const MIN_EXPECTED_LEADS = 5;
/** z for α/2 = 0.025 and for 80 % power (β = 0.2). */
const Z_ALPHA = 1.959963984540054;
const Z_BETA = 0.8416212335729143;

/**
 * erfc(x) for x ≥ 0 (Numerical Recipes' Chebyshev fit, relative error < 1.2e-7): small
 * p-values keep their precision, unlike 1 − erf(x).
 */
function erfcPositive(x: number): number {
  const t = 1 / (1 + 0.5 * x);
  const y =
    t *
    Math.exp(
      -x * x -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return y;
}

/** The standard normal distribution function Φ(x). */
export function normalCdf(x: number): number {
  if (!Number.isFinite(x)) return x > 0 ? 1 : 0;
  const tail = 0.5 * erfcPositive(Math.abs(x) / Math.SQRT2);
  return x >= 0 ? 1 - tail : tail;
}

function arm(visitors: number, leads: number): AbArm {
  const v = Math.max(0, Math.floor(visitors));
  // A lead without a counted visit (a bot filter, a deleted hash) cannot make a rate above 100 %.
  const l = Math.min(v, Math.max(0, Math.floor(leads)));
  return { visitors: v, leads: l, rate: v === 0 ? 0 : l / v };
}

/** Compares A and B: visitors and leads (conversions) of each. */
export function abTest(a: { visitors: number; leads: number }, b: { visitors: number; leads: number }): AbResult {
  const A = arm(a.visitors, a.leads);
  const B = arm(b.visitors, b.leads);
  const diff = B.rate - A.rate;
  const uplift = A.rate === 0 ? null : diff / A.rate;
  let z: number | null = null;
  let pValue: number | null = null;
  let probabilityBBeatsA: number | null = null;
  if (A.visitors > 0 && B.visitors > 0) {
    const pooled = (A.leads + B.leads) / (A.visitors + B.visitors);
    const se = Math.sqrt(pooled * (1 - pooled) * (1 / A.visitors + 1 / B.visitors));
    if (se > 0) {
      z = diff / se;
      // The tail Φ(−|z|) itself, not 1 − Φ(|z|), which underflows to 0 for |z| > ~8.
      pValue = Math.min(1, 2 * normalCdf(-Math.abs(z)));
    }
    const seDiff = Math.sqrt((A.rate * (1 - A.rate)) / A.visitors + (B.rate * (1 - B.rate)) / B.visitors);
    probabilityBBeatsA = seDiff > 0 ? normalCdf(diff / seDiff) : diff > 0 ? 1 : diff < 0 ? 0 : 0.5;
  }
  const smaller = Math.min(A.visitors, B.visitors);
  const pooledRate = A.visitors + B.visitors === 0 ? 0 : (A.leads + B.leads) / (A.visitors + B.visitors);
  const tooEarly = smaller < MIN_VISITORS_PER_VARIANT || smaller * pooledRate < MIN_EXPECTED_LEADS || smaller * (1 - pooledRate) < MIN_EXPECTED_LEADS;
  const significant = !tooEarly && pValue !== null && pValue < SIGNIFICANCE;
  const neededPerVariant = sampleSizePerVariant(A.rate, B.rate);
  return {
    a: A,
    b: B,
    rateA: A.rate,
    rateB: B.rate,
    uplift,
    z,
    pValue,
    significant,
    probabilityBBeatsA,
    neededPerVariant,
    remainingPerVariant: neededPerVariant === null ? null : Math.max(0, neededPerVariant - smaller),
    winner: significant ? (diff > 0 ? 'b' : 'a') : null,
    tooEarly,
  };
}

/**
 * Visitors per variant for a two-sided two-proportion test (α 0.05, power 80 %) to detect
 * rates p1 against p2; null when they are equal (no sample is large enough).
 */
export function sampleSizePerVariant(p1: number, p2: number): number | null {
  const delta = Math.abs(p2 - p1);
  if (delta === 0 || !Number.isFinite(delta)) return null;
  const mean = (p1 + p2) / 2;
  const n = (Z_ALPHA * Math.sqrt(2 * mean * (1 - mean)) + Z_BETA * Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2))) ** 2 / delta ** 2;
  return Math.ceil(n);
}
