import type { Db } from '#worker/db/client.ts';
import type { SessionUser } from '#worker/env.ts';
import { lastDays } from '#worker/lib/days.ts';
import { combine, constant, mapRead, readOnce, type Read } from '#worker/lib/reads.ts';
import { adOverviewRead, anyApprovedAdRead } from '#worker/features/ads/core/service.ts';
import { earningsDueRead } from '#worker/features/affiliate/service.ts';
import { anyCreativeRead, creationsRead } from '#worker/features/creatives/core/service.ts';
import { creditSummaryRead } from '#worker/features/credits/service.ts';
import { funnelsRead } from '#worker/features/funnels/core/service.ts';
import { anyLivePageRead } from '#worker/features/funnels/pages/service.ts';
import { bestPostsRead, FOLLOW_MS } from '#worker/features/instagram/insights/service.ts';
import { anyPresentationRead, mayAuthor } from '#worker/features/presentations/workspace/service.ts';
import { brandKitSetRead, ownedActiveProjectsRead, projectsRead } from '#worker/features/projects/core/service.ts';

/** How many of each list the dashboard shows (the counts come from the lists their screens load). */
export const DASHBOARD_LIMITS = { projects: 5, creations: 4, funnels: 3 } as const;

type DashboardUser = Pick<SessionUser, 'id' | 'plan' | 'role'>;

/**
 * The first steps of a new account (issue 27): done or not, each from its owner's service.
 * `presentation` is null for those whose plan has no presentations (the step is not theirs).
 */
function firstStepsRead(db: Db, user: DashboardUser) {
  return combine({
    brandKit: brandKitSetRead(db, user.id),
    creative: anyCreativeRead(db, user.id),
    approvedAd: anyApprovedAdRead(db, user.id),
    livePage: anyLivePageRead(db, user.id),
    presentation: mayAuthor(user) ? anyPresentationRead(db, user.id) : constant(null),
  });
}

/**
 * `/dashboard` (PRODUCT.md §4.6): every figure comes from the read of the service behind its
 * detail screen (credits, projects, creations, the projects' ads, funnels, affiliate), all of
 * them run as one D1 batch.
 */
export function dashboardRead(db: Db, user: DashboardUser, origin: string, now = new Date()) {
  const reads = combine({
    credits: creditSummaryRead(db, user.id, user.plan, now),
    projects: projectsRead(db, user.id, { archived: false, limit: DASHBOARD_LIMITS.projects }),
    owned: ownedActiveProjectsRead(db, user.id),
    creations: creationsRead(db, user.id, {}, DASHBOARD_LIMITS.creations),
    ads: adOverviewRead(db, user.id),
    funnels: funnelsRead(db, user.id, undefined, origin, now),
    earnings: earningsDueRead(db, user.id, now),
    firstSteps: firstStepsRead(db, user),
    bestPosts: bestPostsRead(db, user.id, now),
  });
  return mapRead(reads, ({ credits, projects, owned, creations, ads, funnels, earnings, firstSteps, bestPosts }) => {
    // The funnels' weeks, day by day (the same seven days as each funnel's card).
    const daily7d = lastDays(now, 7).map((day) => {
      const ofDay = funnels.items.map((f) => f.daily7d.find((d) => d.day === day));
      return { day, views: ofDay.reduce((sum, d) => sum + (d?.views ?? 0), 0), leads: ofDay.reduce((sum, d) => sum + (d?.leads ?? 0), 0) };
    });
    return {
      credits,
      projects: {
        /** The active projects the user owns: what the plan's limit counts (members of others' projects own none of those). */
        ownedActive: owned,
        /** The projects screen's list (same order) has more than `recent`. */
        more: projects.nextCursor !== null,
        recent: projects.items,
      },
      creations: { recent: creations.items, more: creations.nextCursor !== null },
      ads,
      funnels: {
        count: funnels.items.length,
        views7d: funnels.items.reduce((sum, f) => sum + f.views7d, 0),
        leads7d: funnels.items.reduce((sum, f) => sum + f.leads7d, 0),
        daily7d,
        top: [...funnels.items]
          .sort((a, b) => b.views7d - a.views7d || b.leads7d - a.leads7d)
          .slice(0, DASHBOARD_LIMITS.funnels)
          .map((f) => ({ id: f.id, title: f.title, projectName: f.projectName, views7d: f.views7d, leads7d: f.leads7d, daily7d: f.daily7d })),
      },
      affiliate: earnings,
      firstSteps,
      /** The best Instagram posts of the last 30 days (by engagement, then reach). */
      bestPosts,
    };
  });
}

export type Dashboard = ReturnType<typeof dashboardRead> extends Read<infer T> ? T : never;

type DashboardInput = { user: DashboardUser; origin: string; now: Date };

/** The values the dashboard's statements take from a request: the user's id and the instant (as each column stores it, and its last 7 days). */
function dashboardValues({ user, now }: DashboardInput): Record<string, unknown> {
  const values: Record<string, unknown> = {
    userId: user.id,
    nowMs: now.getTime(),
    nowSeconds: Math.floor(now.getTime() / 1000),
    nowIso: now.toISOString(),
    since30dMs: now.getTime() - FOLLOW_MS,
  };
  lastDays(now, 7).forEach((day, i) => (values[`day${i}`] = day));
  return values;
}

/** Two inputs that differ in every value the statements use (year, month, day, weekday, time of day, id). */
function sentinels(user: DashboardUser): [DashboardInput, DashboardInput] {
  return [
    { user: { ...user, id: 'dashboard-sentinel-a' }, origin: 'https://a.invalid', now: new Date(Date.UTC(2001, 1, 3, 4, 5, 6, 789)) },
    { user: { ...user, id: 'dashboard-sentinel-b' }, origin: 'https://b.invalid', now: new Date(Date.UTC(2012, 6, 17, 19, 21, 37, 123)) },
  ];
}

/** The dashboard's batch built once per isolate per plan and role (what decides its statements: presentations or not). */
const preparedByAccount = new Map<string, (db: Db, input: DashboardInput) => Promise<Dashboard>>();

/** The dashboard in one round trip to D1, its SQL built once per isolate (decision 0037). */
export async function dashboard(db: Db, user: DashboardUser, origin: string, now = new Date()): Promise<Dashboard> {
  const key = `${user.plan}:${user.role}`;
  let prepared = preparedByAccount.get(key);
  if (!prepared) {
    prepared = readOnce((built, input: DashboardInput) => dashboardRead(built, input.user, input.origin, input.now), sentinels(user), dashboardValues);
    preparedByAccount.set(key, prepared);
  }
  return prepared(db, { user, origin, now });
}
