import { formatNumber } from '#common/format.ts';

/**
 * The one place that picks a noun's form for a count (issue 27: "1 leads", "1 visitors").
 * `Intl.PluralRules` rather than `n === 1`, so that the German messages of issue 28 can
 * replace this module without hunting for comparisons across the code.
 */
const rules = new Intl.PluralRules('en-US');

/** The noun for `count`: nounFor(1, 'lead') → "lead", nounFor(2, 'lead') → "leads". */
export function nounFor(count: number, one: string, other = `${one}s`): string {
  return rules.select(count) === 'one' ? one : other;
}

/** The count with its noun: countOf(1, 'visitor') → "1 visitor", countOf(1200, 'view') → "1,200 views". */
export function countOf(count: number, one: string, other?: string): string {
  return `${formatNumber(count)} ${nounFor(count, one, other)}`;
}
