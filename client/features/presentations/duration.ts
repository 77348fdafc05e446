import type { useT } from '#client/lib/i18n-context.tsx';

type T = ReturnType<typeof useT>;

/** "1 min 05 s", "42 s": the statistics' and the visit timeline's durations. */
export function formatDuration(t: T, seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return t('presentations.stats.seconds', { seconds: s });
  return t('presentations.stats.minutes', { minutes: Math.floor(s / 60), seconds: String(s % 60).padStart(2, '0') });
}
