import { describe, expect, it } from 'vitest';
import { formatBytes, formatDate, formatEuros, formatNumber, formatRelative, formatSince } from '#common/format.ts';

describe('formats in each language (issue 28)', () => {
  it('writes euros as English and German readers expect', () => {
    expect(formatEuros(2900)).toBe('29 €');
    expect(formatEuros(3950)).toBe('39.50 €');
    expect(formatEuros(129900)).toBe('1,299 €');
    expect(formatEuros(2900, 'de')).toBe('29\u00a0€');
    expect(formatEuros(3950, 'de')).toBe('39,50\u00a0€');
    expect(formatEuros(129900, 'de')).toBe('1.299\u00a0€');
  });

  it('writes numbers and sizes with each language’s separators', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(1234567, 'de')).toBe('1.234.567');
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(512, 'de')).toBe('512 Byte');
    expect(formatBytes(1_572_864)).toBe('1.5 MB');
    expect(formatBytes(1_572_864, 'de')).toBe('1,5 MB');
    expect(formatBytes(1_073_741_824, 'de')).toBe('1 GB');
  });

  it('writes dates in each language’s order, in the time zone given', () => {
    const at = '2026-11-30T23:30:00Z';
    expect(formatDate(at, 'short', 'en', 'UTC')).toBe('30 Nov 2026');
    expect(formatDate(at, 'long', 'de', 'UTC')).toBe('30. November 2026');
    expect(formatDate(at, 'dateTime', 'de', 'UTC')).toBe('30. Nov. 2026, 23:30');
    // Berlin is an hour ahead in winter: the same moment is already the 1st of December there.
    expect(formatDate(at, 'dayMonth', 'de', 'Europe/Berlin')).toBe('1. Dez.');
    expect(formatDate(at, 'dayMonth', 'en', 'Europe/Berlin')).toBe('1 Dec');
  });

  it('says relative times in words in each language', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(formatRelative('2026-11-22T11:59:30Z', 'en', now)).toBe('now');
    expect(formatRelative('2026-11-22T11:55:00Z', 'en', now)).toBe('5 minutes ago');
    expect(formatRelative('2026-11-21T12:00:00Z', 'en', now)).toBe('yesterday');
    expect(formatRelative('2026-11-22T11:59:30Z', 'de', now)).toBe('jetzt');
    expect(formatRelative('2026-11-22T11:55:00Z', 'de', now)).toBe('vor 5 Minuten');
    expect(formatRelative('2026-11-21T12:00:00Z', 'de', now)).toBe('gestern');
    expect(formatRelative('2026-11-24T12:00:00Z', 'de', now)).toBe('übermorgen');
  });

  it('says a past event ahead of the reader’s clock happened now', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(formatSince('2026-11-22T12:06:00Z', 'en', now)).toBe('now');
    expect(formatSince('2026-11-22T12:06:00Z', 'de', now)).toBe('jetzt');
    expect(formatSince('2026-11-22T11:55:00Z', 'en', now)).toBe('5 minutes ago');
  });
});
