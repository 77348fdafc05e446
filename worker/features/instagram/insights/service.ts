import type { AdInsights, BestPost, InsightSort, PostInsight } from '#common/schemas/insights.ts';
import type { Db } from '#worker/db/client.ts';
import { csvRow } from '#worker/lib/csv.ts';
import { dayOf } from '#worker/lib/days.ts';
import { read, type Read } from '#worker/lib/reads.ts';
import { accountById, markBroken, tokenFor, type AccountRow } from '#worker/features/instagram/connection/service.ts';
import { publishedSince } from '#worker/features/instagram/publish/service.ts';
import { InsightsError, USAGE_PAUSE_PERCENT, realInsights, type Figures, type InsightsReader } from '#worker/features/instagram/insights/graph-insights.ts';
import * as repo from '#worker/features/instagram/insights/repo.ts';
import { sandboxInsights } from '#worker/features/instagram/insights/sandbox-insights.ts';

type Env = Parameters<typeof tokenFor>[1];

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Posts are followed for 30 days after publishing (the dashboard's window too); stories for the 24 hours Instagram keeps their figures. */
export const FOLLOW_MS = 30 * DAY;
export const STORY_FOLLOW_MS = DAY;
/** A row no run asks about again (gone, or past its window): far past any `now`. */
export const NEVER = new Date(Date.UTC(9999, 0, 1));
/** Posts read per run (a run every minute: 20 readings a minute at most, well under Meta's 200 calls per user and hour... per account they spread). */
export const BATCH = 20;
/** New posts met per run, and how far back a run looks behind the newest it met (runs that record publishing out of order). */
const NEW_PER_RUN = 200;
const MEET_MARGIN_MS = 10 * MINUTE;
/** How long a run holds a post it claimed. */
const LEASE_MS = 5 * MINUTE;
/** The first rate-limit answer pauses the account this long; each one more in a row doubles it, up to the cap. */
export const PAUSE_MS = 15 * MINUTE;
export const PAUSE_CAP_MS = 4 * HOUR;
const RETRY_MS = { transient: 15 * MINUTE, later: 6 * HOUR } as const;

/** How soon a post is read again: often while it is young (its numbers move), then less. */
export function readingInterval(kind: string, ageMs: number): number {
  if (kind === 'story' || ageMs < DAY) return 30 * MINUTE;
  if (ageMs < 7 * DAY) return 3 * HOUR;
  return 12 * HOUR;
}

function nextReading(row: repo.InsightRow, now: Date): Date {
  const age = now.getTime() - row.publishedAt.getTime();
  const next = now.getTime() + readingInterval(row.kind, age);
  const end = row.publishedAt.getTime() + (row.kind === 'story' ? STORY_FOLLOW_MS : FOLLOW_MS);
  return next > end ? NEVER : new Date(next);
}

/** The job's first step: every post published since the newest one it met becomes a row to read. */
async function meetNewPosts(db: Db, now: Date): Promise<number> {
  const newest = await repo.newestPublishedAt(db);
  const floor = now.getTime() - FOLLOW_MS;
  const since = new Date(Math.max(floor, (newest?.getTime() ?? floor) - MEET_MARGIN_MS));
  const posts = await publishedSince(db, since, NEW_PER_RUN);
  await repo.insertNew(
    db,
    posts.flatMap((post) =>
      post.mediaId && post.publishedAt
        ? [
            {
              postId: post.id,
              projectId: post.projectId,
              adId: post.adId,
              accountId: post.accountId,
              kind: post.kind,
              mediaId: post.mediaId,
              caption: post.caption,
              permalink: post.permalink,
              publishedAt: post.publishedAt,
              state: 'pending' as const,
              nextFetchAt: now,
            },
          ]
        : [],
    ),
  );
  return posts.length;
}

export interface RefreshOptions {
  /** Tests: the readings of a run stop after this many posts. */
  batch?: number;
}

/** The reader of an account, or why there is none (the post waits for a reconnect). */
async function readerOf(db: Db, env: Env, account: AccountRow | undefined, now: Date, onUsage: (percent: number, regainMinutes: number) => void) {
  if (!account || account.status !== 'active') return undefined;
  if (account.sandbox) return sandboxInsights(db, account.igUserId, () => now);
  const token = await tokenFor(db, env, account.id);
  if (!token || token.status !== 'active') return undefined;
  return realInsights({ accessToken: token.accessToken, onUsage: ({ percent, regainMinutes }) => onUsage(percent, regainMinutes) });
}

/**
 * The cron's insights step (issue 32 point 5): meets newly published posts, then reads the
 * figures of the posts that are due, oldest reading first, each claimed by one conditional
 * write. A rate-limit answer (or usage near the quota) pauses the account, stored with one
 * conditional upsert and respected by the next runs; a deleted media is never asked again; a
 * revoked token marks the connection broken. Returns how many posts were read.
 */
export async function refreshInsights(db: Db, env: Env, now: Date, options: RefreshOptions = {}): Promise<number> {
  await meetNewPosts(db, now);
  const due = await repo.dueInsights(db, now, new Date(now.getTime() - FOLLOW_MS), options.batch ?? BATCH);
  const readers = new Map<string, InsightsReader | undefined>();
  const paused = new Set<string>();
  /** Accounts whose last answer's usage headers were near the quota: how long they rest (written once the answer is kept). */
  const resting = new Map<string, number>();
  let read = 0;
  for (const { insight, strikes } of due) {
    const accountId = insight.accountId;
    if (accountId && paused.has(accountId)) continue;
    if (isPast(insight, now)) {
      await repo.update(db, insight.postId, { nextFetchAt: NEVER });
      continue;
    }
    if (!(await repo.claim(db, insight.postId, now, new Date(now.getTime() + LEASE_MS)))) continue;
    const pauseFor = async (ms: number) => {
      if (!accountId) return;
      paused.add(accountId);
      const pause = await repo.pause(db, accountId, new Date(now.getTime() + ms));
      await repo.update(db, insight.postId, { nextFetchAt: pause?.pausedUntil ?? new Date(now.getTime() + ms) });
    };
    try {
      if (!readers.has(accountId ?? '')) {
        const account = accountId ? await accountById(db, accountId) : undefined;
        readers.set(
          accountId ?? '',
          await readerOf(db, env, account, now, (percent, regainMinutes) => {
            // Near the quota: the account rests before Meta throttles it.
            if (percent >= USAGE_PAUSE_PERCENT && accountId) resting.set(accountId, Math.max(regainMinutes * MINUTE, PAUSE_MS));
          }),
        );
      }
      const reader = readers.get(accountId ?? '');
      if (!reader) {
        await repo.update(db, insight.postId, { state: 'reconnect', nextFetchAt: accountId ? new Date(now.getTime() + RETRY_MS.later) : NEVER });
        continue;
      }
      const figures = await reader.mediaInsights({ postId: insight.postId, mediaId: insight.mediaId, kind: insight.kind, publishedAt: insight.publishedAt });
      await repo.update(db, insight.postId, { ...figures, state: 'ok', fetchedAt: now, error: null, nextFetchAt: nextReading(insight, now) });
      read += 1;
      if (strikes !== null && accountId) await repo.clearPause(db, accountId, now);
    } catch (error) {
      if (!(error instanceof InsightsError)) {
        console.error(`[insights ${insight.postId}] unexpected error`, error);
        await repo.update(db, insight.postId, { nextFetchAt: new Date(now.getTime() + RETRY_MS.transient) });
        continue;
      }
      await failed(db, env, insight, error, now, strikes, pauseFor);
    }
    const rest = accountId && !paused.has(accountId) ? resting.get(accountId) : undefined;
    if (rest !== undefined && accountId) {
      paused.add(accountId);
      await repo.pause(db, accountId, new Date(now.getTime() + rest));
    }
  }
  return read;
}

/** Past its window (a story after 24 hours, a post after 30 days): no run asks again. */
function isPast(row: repo.InsightRow, now: Date): boolean {
  return now.getTime() - row.publishedAt.getTime() > (row.kind === 'story' ? STORY_FOLLOW_MS : FOLLOW_MS);
}

async function failed(
  db: Db,
  env: Env,
  row: repo.InsightRow,
  error: InsightsError,
  now: Date,
  strikes: number | null,
  pauseFor: (ms: number) => Promise<void>,
) {
  const later = (ms: number) => new Date(now.getTime() + ms);
  switch (error.failure) {
    case 'rate_limit': {
      const doubled = PAUSE_MS * 2 ** Math.min(strikes ?? 0, 8);
      await pauseFor(Math.min(PAUSE_CAP_MS, Math.max(doubled, error.retryAfterMs ?? 0)));
      return;
    }
    case 'gone':
      await repo.update(db, row.postId, { state: 'gone', error: error.message, nextFetchAt: NEVER });
      return;
    case 'reconnect':
      if (row.accountId) {
        try {
          await markBroken(
            db,
            env,
            row.accountId,
            'Instagram no longer accepts this connection (the token was revoked or expired). Reconnect the account.',
            now,
          );
        } catch (thrown) {
          console.error(`[insights ${row.postId}] markBroken failed`, thrown);
        }
      }
      await repo.update(db, row.postId, { state: 'reconnect', error: error.message, nextFetchAt: later(RETRY_MS.later) });
      return;
    case 'permission':
      await repo.update(db, row.postId, { state: 'reconnect', error: error.message, nextFetchAt: later(RETRY_MS.later) });
      return;
    case 'transient':
      await repo.update(db, row.postId, { nextFetchAt: later(RETRY_MS.transient) });
      return;
    default:
      await repo.update(db, row.postId, { error: error.message, nextFetchAt: later(RETRY_MS.later) });
  }
}

// What the screens read

function engagementOf(f: Figures): number | null {
  const parts = [f.likes, f.comments, f.saves, f.shares].filter((v): v is number => v !== null);
  return parts.length === 0 ? null : parts.reduce((a, b) => a + b, 0);
}

function toInsight(row: repo.InsightRow): PostInsight {
  return {
    postId: row.postId,
    adId: row.adId,
    projectId: row.projectId,
    kind: row.kind,
    caption: row.caption,
    permalink: row.permalink,
    publishedAt: row.publishedAt.toISOString(),
    fetchedAt: row.fetchedAt ? row.fetchedAt.toISOString() : null,
    state: row.state,
    reach: row.reach,
    likes: row.likes,
    comments: row.comments,
    saves: row.saves,
    shares: row.shares,
    views: row.views,
    engagement: engagementOf(row),
  };
}

/** The ad's post's figures; `reconnect` when the post or its account waits for the account to be connected again. */
export async function adInsights(db: Db, adId: string): Promise<AdInsights> {
  const row = await repo.ofAd(db, adId);
  if (!row) return { insight: null, reconnect: false };
  let reconnect = row.state === 'reconnect';
  if (!reconnect && row.state !== 'gone' && row.accountId) reconnect = (await accountById(db, row.accountId))?.status === 'broken';
  return { insight: toInsight(row), reconnect };
}

/** The table of a project's posts and figures: at most this many, in the asked order. */
export const PROJECT_LIMIT = 500;

export async function projectInsights(db: Db, projectId: string, sort: InsightSort = 'published'): Promise<{ items: PostInsight[] }> {
  return { items: (await repo.ofProject(db, projectId, sort, PROJECT_LIMIT)).map(toInsight) };
}

const CSV_HEADER = [
  'published_at',
  'kind',
  'caption',
  'permalink',
  'reach',
  'views',
  'likes',
  'comments',
  'saves',
  'shares',
  'engagement',
  'updated_at',
  'state',
];

const cell = (value: number | string | null) => (value === null ? '' : String(value));

/** The CSV download of a project's insights (`{project}-insights-{day}.csv`): UTF-8 with a byte order mark, every cell formula-safe. */
export async function insightsCsvFile(db: Db, project: { id: string; name: string }, sort: InsightSort = 'published', now = new Date()) {
  const { items } = await projectInsights(db, project.id, sort);
  let body = `\ufeff${csvRow(CSV_HEADER)}`;
  for (const i of items) {
    body += csvRow(
      [i.publishedAt, i.kind, i.caption, i.permalink, i.reach, i.views, i.likes, i.comments, i.saves, i.shares, i.engagement, i.fetchedAt, i.state].map(cell),
    );
  }
  // A header carries Latin-1 only, and a name may hold quotes or any script: the file is named by the name's ASCII letters.
  const base =
    project.name
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'project';
  return { body, fileName: `${base}-insights-${dayOf(now.getTime())}.csv` };
}

/** How many best posts the dashboard shows. */
export const BEST_POSTS = 3;

/** The dashboard's best posts of the last 30 days in the user's projects (a read for its batch). */
export function bestPostsRead(db: Db, userId: string, now: Date): Read<BestPost[]> {
  return read(
    () => repo.bestOfUser(db, userId, new Date(now.getTime() - FOLLOW_MS), BEST_POSTS),
    (rows) => rows.map((row) => ({ ...toInsight(row.insight), projectName: row.projectName ?? '' })),
  );
}
