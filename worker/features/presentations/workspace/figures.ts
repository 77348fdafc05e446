import { sectionTitle, type PresentationDocument, type PresentationStats, type PresentationSummary } from '#common/schemas/presentations.ts';
import { DAY_MS, dayOf, lastDays } from '#worker/lib/days.ts';
import { isExpired, publicPath } from '#worker/features/presentations/rules.ts';
import type * as repo from '#worker/features/presentations/workspace/repo.ts';

/**
 * The figures the workspace shows (pure: the rows come from repo.ts): a presentation's summary
 * with its last seven days, and its statistics over 7 or 30 days.
 */

/** The first of the last `n` UTC days (today included): where the figures of a summary (7) start. */
export const firstDayOf = (now: number, n: number) => dayOf(now - (n - 1) * DAY_MS);

export type Daily = Awaited<ReturnType<typeof repo.dailyStats>>;
type Reach = Awaited<ReturnType<typeof repo.sectionReach>>;

export function summaryOf(entry: repo.PresentationWithPeople, daily: Daily, now: number): PresentationSummary {
  const row = entry.presentation;
  const days = lastDays(new Date(now), 7);
  const mine = daily.filter((d) => d.presentationId === row.id);
  const daily7d = days.map((day) => {
    const found = mine.find((d) => d.day === day);
    return { day, visitors: found?.visitors ?? 0, views: found?.views ?? 0 };
  });
  return {
    id: row.id,
    slug: row.slug,
    customerName: row.customerName,
    headline: row.headline,
    status: row.status,
    expired: isExpired(row, now),
    url: publicPath(row.slug),
    author: row.authorId && entry.authorName !== null ? { id: row.authorId, name: entry.authorName } : null,
    projectId: entry.projectName !== null ? row.projectId : null,
    projectName: entry.projectName,
    hasPassword: row.passwordHash !== null,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    views7d: daily7d.reduce((sum, d) => sum + d.views, 0),
    visitors7d: daily7d.reduce((sum, d) => sum + d.visitors, 0),
    daily7d,
  };
}

/** The statistics of the last `days` (from firstDayOf(now, days) on: `daily` and `reach` are that range's rows). */
export function statsOf(document: PresentationDocument, daily: Daily, reach: Reach, days: 7 | 30, now: number): PresentationStats {
  const range = lastDays(new Date(now), days);
  const series = range.map((day) => {
    const found = daily.find((d) => d.day === day);
    return { day, visitors: found?.visitors ?? 0, views: found?.views ?? 0, seconds: found?.seconds ?? 0 };
  });
  const totals = series.reduce((sum, d) => ({ visitors: sum.visitors + d.visitors, views: sum.views + d.views, seconds: sum.seconds + d.seconds }), {
    visitors: 0,
    views: 0,
    seconds: 0,
  });
  const reached = new Map(reach.map((r) => [r.sectionId, Number(r.reached)]));
  return {
    days,
    totals: { ...totals, avgSeconds: totals.views > 0 ? Math.round(totals.seconds / totals.views) : 0 },
    series,
    sections: document.sections.map((section) => ({ id: section.id, type: section.type, title: sectionTitle(section), reached: reached.get(section.id) ?? 0 })),
  };
}
