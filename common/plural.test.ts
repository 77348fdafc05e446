import { describe, expect, it } from 'vitest';
import { countOf, nounFor } from '#common/plural.ts';

describe('countOf and nounFor', () => {
  it('says “1 lead” and “2 leads”, “0 leads”, with grouped digits', () => {
    expect(countOf(1, 'lead')).toBe('1 lead');
    expect(countOf(0, 'lead')).toBe('0 leads');
    expect(countOf(2, 'visitor')).toBe('2 visitors');
    expect(countOf(12_345, 'visit')).toBe('12,345 visits');
  });

  it('takes an irregular plural', () => {
    expect(countOf(1, 'copy', 'copies')).toBe('1 copy');
    expect(countOf(3, 'copy', 'copies')).toBe('3 copies');
    expect(nounFor(1, 'person', 'people')).toBe('person');
    expect(nounFor(5, 'person', 'people')).toBe('people');
  });

  it('follows the language’s rules, not “n === 1”: 1.5 and -1', () => {
    expect(countOf(1.5, 'day')).toBe('1.5 days');
    expect(countOf(-1, 'credit')).toBe('-1 credit');
  });
});
