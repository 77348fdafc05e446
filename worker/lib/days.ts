/** UTC days as the statistics count them ('YYYY-MM-DD'). */

export const DAY_MS = 86_400_000;

/** UTC day 'YYYY-MM-DD' of an instant. */
export function dayOf(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** The last `n` UTC days up to today, oldest first. */
export function lastDays(now: Date, n: number): string[] {
  const days: string[] = [];
  for (let i = n - 1; i >= 0; i -= 1) days.push(dayOf(now.getTime() - i * DAY_MS));
  return days;
}
