import type { DailyCount } from '#common/schemas/funnels.ts';

/** The last 7 days per key (funnel or page), oldest first, days without a row counted as 0. */
export function weeksBy<R extends { day: string; views: number; leads: number }>(rows: readonly R[], keyOf: (row: R) => string, days: readonly string[]) {
  const byKey = new Map<string, Map<string, { views: number; leads: number }>>();
  for (const row of rows) {
    const byDay = byKey.get(keyOf(row)) ?? new Map<string, { views: number; leads: number }>();
    byDay.set(row.day, { views: Number(row.views), leads: Number(row.leads) });
    byKey.set(keyOf(row), byDay);
  }
  return (key: string): DailyCount[] => days.map((day) => ({ day, views: byKey.get(key)?.get(day)?.views ?? 0, leads: byKey.get(key)?.get(day)?.leads ?? 0 }));
}
