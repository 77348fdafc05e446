/** UTC days as the statistics count them ('YYYY-MM-DD'). */

export const DAY_MS = 86_400_000;

/** UTC day 'YYYY-MM-DD' of an instant. */
export function dayOf(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

let recent: { today: number; n: number; days: readonly string[] } | undefined;

/** The last `n` UTC days up to today, oldest first (the same list all day: the last one is kept, each caller gets its own copy). */
export function lastDays(now: Date, n: number): string[] {
  const today = Math.floor(now.getTime() / DAY_MS);
  if (recent?.today !== today || recent.n !== n) {
    const days: string[] = [];
    for (let i = n - 1; i >= 0; i -= 1) days.push(dayOf(now.getTime() - i * DAY_MS));
    recent = { today, n, days };
  }
  return [...recent.days];
}
