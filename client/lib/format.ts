import { useMemo } from 'react';
import { formatBytes, formatDate, formatEuros, formatNumber, formatRelative, formatSince, type DateStyle } from '#common/format.ts';
import type { Locale } from '#common/i18n/locales.ts';
import { useI18n } from '#client/lib/i18n-context.tsx';
import { useTimeZone } from '#client/lib/session.tsx';

export interface Format {
  locale: Locale;
  /** The zone dates are written in (the account's, else the browser's). */
  timeZone: string | undefined;
  euros: (cents: number) => string;
  bytes: (bytes: number) => string;
  number: (value: number) => string;
  date: (value: string | Date, style?: DateStyle) => string;
  relative: (value: string | Date, now?: number) => string;
  /** A past event's time, relative to now (a clock running ahead still says "now"). */
  since: (value: string | Date) => string;
}

/** The formats of a language and a time zone (for code outside React; screens use `useFormat()`). */
export function formatsFor(locale: Locale, timeZone?: string): Format {
  return {
    locale,
    timeZone,
    euros: (cents) => formatEuros(cents, locale),
    bytes: (bytes) => formatBytes(bytes, locale),
    number: (value) => formatNumber(value, locale),
    date: (value, style) => formatDate(value, style, locale, timeZone),
    relative: (value, now) => formatRelative(value, locale, now),
    since: (value) => formatSince(value, locale),
  };
}

/**
 * Numbers, money, sizes, dates and relative times in the workspace's language and the
 * account's time zone (the browser's when the account has none): `const format = useFormat();
 * format.date(iso, 'dateTime')`. Re-renders with the language and the zone.
 */
export function useFormat(): Format {
  const locale = useI18n().locale as Locale;
  const timeZone = useTimeZone();
  return useMemo(() => formatsFor(locale, timeZone), [locale, timeZone]);
}
