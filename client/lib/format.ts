import { useMemo } from 'react';
import { formatBytes, formatDate, formatEuros, formatNumber, formatRelative, type DateStyle } from '#common/format.ts';
import type { Locale } from '#common/i18n/locales.ts';
import { useI18n } from '#client/lib/i18n-context.tsx';

export interface Format {
  locale: Locale;
  euros: (cents: number) => string;
  bytes: (bytes: number) => string;
  number: (value: number) => string;
  date: (value: string | Date, style?: DateStyle) => string;
  relative: (value: string | Date, now?: number) => string;
}

/** The formats of a language (for code outside React; screens use `useFormat()`). */
export function formatsFor(locale: Locale): Format {
  return {
    locale,
    euros: (cents) => formatEuros(cents, locale),
    bytes: (bytes) => formatBytes(bytes, locale),
    number: (value) => formatNumber(value, locale),
    date: (value, style) => formatDate(value, style, locale),
    relative: (value, now) => formatRelative(value, locale, now),
  };
}

/**
 * Numbers, money, sizes, dates and relative times in the workspace's language and the
 * browser's time zone: `const format = useFormat(); format.date(iso, 'dateTime')`. Re-renders
 * with the language.
 */
export function useFormat(): Format {
  const locale = useI18n().locale as Locale;
  return useMemo(() => formatsFor(locale), [locale]);
}
