import { INTL_LOCALES, type Locale } from '#common/i18n/locales.ts';

/**
 * Numbers, money, sizes and dates as each language writes them, through `Intl` (issue 28): the
 * workspace binds them to the user's language (client/lib/format.ts, `useFormat()`), the worker
 * passes the reader's. English is the default; dates are in the reader's time zone (the
 * browser's in the workspace).
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}:${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(INTL_LOCALES[locale], options)));
  return format;
}

/** Euro cents: 2900 → "29 €", 3950 → "39.50 €" in English; "29 €", "39,50 €" in German. */
export function formatEuros(cents: number, locale: Locale = 'en'): string {
  const digits = Number.isInteger(cents / 100) ? 0 : 2;
  if (locale === 'en') return `${numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(cents / 100)} €`;
  return numberFormat(locale, { style: 'currency', currency: 'EUR', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(cents / 100);
}

const BYTE_UNITS: Record<Locale, readonly string[]> = {
  en: ['bytes', 'KB', 'MB', 'GB', 'TB'],
  de: ['Byte', 'KB', 'MB', 'GB', 'TB'],
};

/** 1073741824 → "1 GB"; 1572864 → "1.5 MB" ("1,5 MB" in German). */
export function formatBytes(bytes: number, locale: Locale = 'en'): string {
  const units = BYTE_UNITS[locale];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value >= 10 || Number.isInteger(value) ? Math.round(value) : Math.round(value * 10) / 10;
  return `${numberFormat(locale, { maximumFractionDigits: 1 }).format(rounded)} ${units[unit]}`;
}

/** 12345 → "12,345" ("12.345" in German). */
export function formatNumber(value: number, locale: Locale = 'en'): string {
  return numberFormat(locale, { maximumFractionDigits: 3 }).format(value);
}

const DATE_STYLES = {
  /** 22 Nov 2026 · 22. Nov. 2026 */
  short: { day: 'numeric', month: 'short', year: 'numeric' },
  /** 22 November 2026 · 22. November 2026 */
  long: { day: 'numeric', month: 'long', year: 'numeric' },
  /** 22 Nov 2026, 15:58 · 22. Nov. 2026, 15:58 */
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  /** 22 Nov · 22. Nov. */
  dayMonth: { day: 'numeric', month: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DateStyle = keyof typeof DATE_STYLES;

/** A date as the reader's language writes it, in the reader's time zone (or the one given). */
export function formatDate(value: string | Date, style: DateStyle = 'short', locale: Locale = 'en', timeZone?: string): string {
  return new Date(value).toLocaleString(INTL_LOCALES[locale], timeZone ? { ...DATE_STYLES[style], timeZone } : DATE_STYLES[style]);
}

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 31_536_000],
  ['month', 2_592_000],
  ['week', 604_800],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "5 minutes ago", "yesterday", "now" ("vor 5 Minuten", "gestern", "jetzt"), from a date. */
export function formatRelative(value: string | Date, locale: Locale = 'en', now = Date.now()): string {
  const seconds = Math.round((new Date(value).getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(INTL_LOCALES[locale], { numeric: 'auto' });
  for (const [unit, size] of RELATIVE_STEPS) if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  return format.format(0, 'second');
}

/** When something happened, relative to now: never "in 6 minutes" when the server's clock runs ahead of the reader's. */
export function formatSince(value: string | Date, locale: Locale = 'en', now = Date.now()): string {
  return formatRelative(new Date(Math.min(new Date(value).getTime(), now)), locale, now);
}
