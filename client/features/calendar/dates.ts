import { fromZonedInput, toZonedInput } from '#common/time-zone.ts';
import { INTL_LOCALES, type Locale } from '#common/i18n/locales.ts';

/**
 * Calendar days as `YYYY-MM-DD` keys on the user's clock (the account's zone, else the
 * browser's): a post belongs to the day its time falls on in that zone, and a day starts at
 * that zone's midnight. Day arithmetic is done on the keys (as UTC dates), never on instants,
 * so a change of summer time never moves a day.
 */
export type DayKey = string;

const asUtc = (key: DayKey) => new Date(Date.UTC(Number(key.slice(0, 4)), Number(key.slice(5, 7)) - 1, Number(key.slice(8, 10))));

/** The first day of the week: Monday in German, Sunday in English (as each reader expects). */
export const weekStartsOn = (locale: Locale): number => (locale === 'de' ? 1 : 0);

export function dayOf(instant: string | Date, zone: string): DayKey {
  return toZonedInput(instant, zone).slice(0, 10);
}

export function addDays(key: DayKey, days: number): DayKey {
  const date = asUtc(key);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function addMonths(key: DayKey, months: number): DayKey {
  const date = asUtc(`${key.slice(0, 8)}01`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

function weekStart(key: DayKey, firstDay: number): DayKey {
  return addDays(key, -((asUtc(key).getUTCDay() - firstDay + 7) % 7));
}

const range = (first: DayKey, count: number) => Array.from({ length: count }, (_, i) => addDays(first, i));

/** The week of `key`, from its first day. */
export function weekDays(key: DayKey, firstDay: number): DayKey[] {
  return range(weekStart(key, firstDay), 7);
}

/** The month of `key` as whole weeks (the days of the months around it fill the first and last week). */
export function monthDays(key: DayKey, firstDay: number): DayKey[] {
  const first = weekStart(`${key.slice(0, 8)}01`, firstDay);
  const last = addDays(addMonths(key, 1), -1);
  const end = addDays(weekStart(last, firstDay), 6);
  return range(first, Math.round((asUtc(end).getTime() - asUtc(first).getTime()) / 86_400_000) + 1);
}

/** The instant the day starts in the zone. */
export function startOf(key: DayKey, zone: string): Date {
  return fromZonedInput(toZonedInput(asUtc(key), 'UTC'), zone) ?? asUtc(key);
}

/** The same time of day on another day, on the zone's clock. */
export function onDay(instant: string, key: DayKey, zone: string): Date | null {
  return fromZonedInput(`${key}${toZonedInput(instant, zone).slice(10)}`, zone);
}

export function weekdayName(key: DayKey, locale: Locale, width: 'short' | 'long' = 'short'): string {
  return new Intl.DateTimeFormat(INTL_LOCALES[locale], { weekday: width, timeZone: 'UTC' }).format(asUtc(key));
}

export function dayName(key: DayKey, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALES[locale], { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(asUtc(key));
}

export function monthName(key: DayKey, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALES[locale], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(asUtc(key));
}

export function timeOf(instant: string, locale: Locale, zone: string): string {
  return new Intl.DateTimeFormat(INTL_LOCALES[locale], { hour: '2-digit', minute: '2-digit', timeZone: zone }).format(new Date(instant));
}
