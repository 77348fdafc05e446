import type { FiguresDay, SystemFigures } from '#common/schemas/admin.ts';
import type { Db } from '#worker/db/client.ts';
import { DAY_MS } from '#worker/lib/days.ts';
import * as repo from '#worker/features/admin/figures/repo.ts';

/** The system's figures on the admin's page (PRODUCT.md §1). */

/** Users, projects, renders and publishes: totals, this week (today and the 6 days before, UTC) and each of its days. */
export async function systemFigures(db: Db, now = new Date()): Promise<SystemFigures> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - 6 * DAY_MS);
  const [[users], [projects], signups, created, renders, posts, pages] = await repo.figures(db, since);
  const days: FiguresDay[] = Array.from({ length: 7 }, (_, i) => ({
    day: new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10),
    signups: 0,
    projects: 0,
    renders: 0,
    publishes: 0,
  }));
  const byDay = new Map(days.map((d) => [d.day, d]));
  const add = (rows: { day: string; n: number }[], key: 'signups' | 'projects' | 'renders' | 'publishes') => {
    for (const row of rows) {
      const d = byDay.get(row.day);
      if (d) d[key] += Number(row.n);
    }
  };
  add(signups, 'signups');
  add(created, 'projects');
  add(renders, 'renders');
  add(posts, 'publishes');
  add(pages, 'publishes');
  const sum = (rows: { n: number }[]) => rows.reduce((total, row) => total + Number(row.n), 0);
  return {
    users: { total: Number(users?.total ?? 0), disabled: Number(users?.disabled ?? 0), admins: Number(users?.admins ?? 0), newThisWeek: sum(signups) },
    projects: { total: Number(projects?.total ?? 0), newThisWeek: sum(created) },
    rendersThisWeek: sum(renders),
    publishesThisWeek: { total: sum(posts) + sum(pages), instagram: sum(posts), pages: sum(pages) },
    daily: days,
  };
}
