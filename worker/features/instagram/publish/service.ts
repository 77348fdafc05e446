import type { AdKind } from '#common/ads.ts';
import type { AdPost } from '#common/schemas/ads.ts';
import type { Db } from '#worker/db/client.ts';
import type { Bindings } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';
import { looksLikeId, newId } from '#worker/lib/ids.ts';
import { creationsIn, signedCreationUrl } from '#worker/features/creatives/core/service.ts';
import { CONTAINER_ERROR, CONTAINER_EXPIRED, GraphError, realGraph, type ErrorClass, type Graph } from '#worker/features/instagram/publish/graph.ts';
import * as repo from '#worker/features/instagram/publish/repo.ts';
import { sandboxGraph } from '#worker/features/instagram/publish/sandbox-graph.ts';
import { accountById, accountOfProject, markBroken, tokenFor, type AccountRow } from '#worker/features/instagram/connection/service.ts';

type Env = Parameters<typeof tokenFor>[1] & Pick<Bindings, 'SESSION_SECRET'>;

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
/** A post may be scheduled up to 75 days ahead, and "now" up to a minute in the past (clock skew). */
export const MAX_SCHEDULE_AHEAD_MS = 75 * DAY;
const PAST_TOLERANCE_MS = MINUTE;
/** How long a run holds a claimed post: a run that dies leaves it to the next run after this. */
export const LEASE_MS = 5 * MINUTE;
/** At most this many retries (transient, rate limit, quota), then the post fails. */
export const MAX_RETRIES = 3;
/** Wait before retry 1, 2, 3 by error class. */
export const BACKOFF_MS: Record<'transient' | 'rate_limit' | 'quota', readonly number[]> = {
  transient: [1 * MINUTE, 5 * MINUTE, 15 * MINUTE],
  rate_limit: [5 * MINUTE, 15 * MINUTE, 30 * MINUTE],
  quota: [60 * MINUTE, 3 * 60 * MINUTE, 6 * 60 * MINUTE],
};
/** A container still IN_PROGRESS is looked at again by the next run (no long sleeps in a run). */
const IN_PROGRESS_RECHECK_MS = MINUTE;
/** Polls of a fresh container's status_code within one run, with these pauses before each. */
const POLL_PAUSES_MS = [0, 1000, 2000];
/** The signed picture URL Meta fetches stays valid this long. */
const IMAGE_URL_TTL_MS = 2 * 60 * MINUTE;
const BATCH = 10;

export interface SchedulePostInput {
  projectId: string;
  adId: string;
  kind: AdKind;
  creationIds: string[];
  caption: string;
  /** When to publish; omitted: now. */
  at?: Date;
  createdBy: string | null;
  /** The site's public origin (https://…), kept with the post for the job that publishes it later. */
  origin?: string;
}

export type PostOutcome = 'published' | 'failed';

export interface PublishDueOptions {
  /** This run's lease owner (unique per run: crypto.randomUUID()). */
  owner: string;
  /** Called once per post when it ends published or failed (ads.status follows). */
  onSettled(adId: string, outcome: PostOutcome): Promise<void> | void;
  /** Only this post (publish now), if it is due. */
  postId?: string;
  /** The site's origin (https://…): the picture URLs Meta fetches and sandbox permalinks. */
  origin?: string;
  /** Tests: another Graph for an account, and no pauses between polls. */
  graphFor?: (account: AccountRow) => Graph | undefined;
  pause?: (ms: number) => Promise<void>;
}

function toAdPost(row: repo.PostRow, sandbox: boolean | null, username: string | null): AdPost {
  return {
    id: row.id,
    status: row.status,
    kind: row.kind,
    scheduledAt: row.scheduledAt.toISOString(),
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    permalink: row.permalink,
    attempts: row.attempts,
    errorClass: row.errorClass,
    error: row.errorMessage,
    sandbox: sandbox ?? false,
    username,
  };
}

function expectedCount(kind: AdKind, count: number): string | undefined {
  if (kind === 'carousel') return count >= 2 && count <= 10 ? undefined : 'A carousel needs 2 to 10 pictures.';
  return count === 1 ? undefined : kind === 'story' ? 'A story needs exactly one picture.' : 'A single-image post needs exactly one picture.';
}

/** 422 unless `at` is a time from `tolerance` ago to 75 days ahead. */
function checkWindow(at: Date, now: Date, tolerance: number): void {
  if (Number.isNaN(at.getTime())) throw new AppError('validation_failed', 'Pick a date and time.', { at: ['Pick a date and time.'] });
  if (at.getTime() < now.getTime() - tolerance) {
    throw new AppError('validation_failed', 'That time has passed. Pick a time in the future.', { at: ['That time has passed. Pick a time in the future.'] });
  }
  if (at.getTime() > now.getTime() + MAX_SCHEDULE_AHEAD_MS) {
    throw new AppError('validation_failed', 'Instagram posts can be scheduled at most 75 days ahead.', {
      at: ['Pick a time at most 75 days ahead.'],
    });
  }
}

/**
 * Schedules the ad's post (now, or at `at`). 409 without a usable connection or when the ad
 * already has a live post (the partial unique index decides, so concurrent calls make one);
 * 422 for a time more than a minute past or more than 75 days ahead.
 */
export async function schedulePost(db: Db, _env: unknown, input: SchedulePostInput, now = new Date()): Promise<AdPost> {
  const at = input.at ?? now;
  checkWindow(at, now, PAST_TOLERANCE_MS);
  const countProblem = expectedCount(input.kind, input.creationIds.length);
  if (countProblem) throw new AppError('validation_failed', countProblem, { creationIds: [countProblem] });

  const account = await accountOfProject(db, input.projectId);
  if (!account) throw new AppError('conflict', 'Connect an Instagram account to this project first.');
  if (account.status !== 'active') {
    throw new AppError('conflict', 'The Instagram connection is broken. Connect the account again, then publish.');
  }
  const scheduledAt = at.getTime() < now.getTime() ? now : at;
  const row = await repo.insertPost(db, {
    id: newId(),
    projectId: input.projectId,
    adId: input.adId,
    accountId: account.id,
    createdBy: input.createdBy,
    kind: input.kind,
    creationIds: input.creationIds,
    caption: input.caption,
    scheduledAt,
    status: 'scheduled',
    attempts: 0,
    nextAttemptAt: scheduledAt,
    origin: input.origin ?? null,
    createdAt: now,
    updatedAt: now,
  });
  if (!row) throw new AppError('conflict', 'This ad is already scheduled or published.');
  return toAdPost(row, account.sandbox, account.username);
}

/** Each ad's post: its live one (scheduled, publishing, published) if any, else its latest. */
export async function postsFor(db: Db, adIds: readonly string[]): Promise<Map<string, AdPost>> {
  const rows = await repo.postsOfAds(db, adIds);
  const live = new Set(['scheduled', 'publishing', 'published']);
  const chosen = new Map<string, repo.PostWithAccount>();
  for (const row of rows) {
    const current = chosen.get(row.post.adId);
    if (!current || (!live.has(current.post.status) && live.has(row.post.status))) chosen.set(row.post.adId, row);
  }
  return new Map([...chosen].map(([adId, row]) => [adId, toAdPost(row.post, row.sandbox, row.username)]));
}

/**
 * Moves the ad's scheduled post to `at` (the content calendar): 422 for a past time or one more
 * than 75 days ahead; 409 when there is nothing scheduled, a run already started on it (the
 * run wins: one conditional write decides, repo.reschedulePost) or, with `from`, it was moved
 * from that time meanwhile.
 */
export async function reschedulePost(db: Db, adId: string, at: Date, from?: Date, now = new Date()): Promise<AdPost> {
  checkWindow(at, now, 0);
  const row = await repo.reschedulePost(db, adId, at, now, from);
  if (row) {
    const account = row.accountId ? await accountById(db, row.accountId) : undefined;
    return toAdPost(row, account?.sandbox ?? false, account?.username ?? null);
  }
  const live = await repo.livePostOfAd(db, adId);
  if (!live) throw new AppError('conflict', 'Nothing is scheduled for this ad.');
  if (from && live.status === 'scheduled' && !live.containerId && live.scheduledAt.getTime() !== from.getTime()) {
    throw new AppError('conflict', 'This post was moved meanwhile. Reload and try again.');
  }
  throw new AppError('conflict', 'This post is being published right now or already was. It can no longer be moved.');
}

/** A post on the content calendar: the post, its project's name and whether it goes to a sandbox account. */
export type CalendarPostRow = Awaited<ReturnType<typeof repo.calendarPosts>>[number];

/** The posts of the user's projects scheduled in [from, to) (repo.calendarPosts). */
export function calendarPostsOf(db: Db, userId: string, window: Parameters<typeof repo.calendarPosts>[2], limit: number): Promise<CalendarPostRow[]> {
  return repo.calendarPosts(db, userId, window, limit);
}

/** Cancels the ad's post if the job has not started on it: true when one was canceled. */
export async function cancelScheduled(db: Db, adId: string, now = new Date()): Promise<boolean> {
  return (await repo.cancelScheduledPost(db, adId, now)).length > 0;
}

/** This run no longer holds the post (its lease ran out and another run claimed it). */
class LeaseLost extends Error {}
/** The container is still being prepared: the next run looks again. */
class StillInProgress extends Error {}

interface Run {
  db: Db;
  env: Env;
  now: Date;
  options: PublishDueOptions;
}

/**
 * Publishes every due post exactly once. Each post is claimed with one conditional UPDATE
 * (scheduled and due, or publishing with an expired lease); every container id is stored
 * before anything is published, and a stored container is checked before publishing: one
 * already PUBLISHED is never published again. Returns the number of posts published.
 */
export async function publishDue(db: Db, env: Env, now: Date, options: PublishDueOptions): Promise<number> {
  const due = await repo.dueIds(db, now, BATCH, options.postId);
  let published = 0;
  for (const { id } of due) {
    const post = await repo.claim(db, id, options.owner, now, new Date(now.getTime() + LEASE_MS));
    if (!post) continue; // another run has it
    try {
      if ((await runPost({ db, env, now, options }, post)) === 'published') published += 1;
    } catch (error) {
      // The database failed while recording an outcome: the lease runs out and a later run resumes the post.
      console.error(`[publish ${post.id}] could not record the outcome`, error);
    }
  }
  return published;
}

async function runPost(run: Run, post: repo.PostRow): Promise<PostOutcome | 'pending' | 'lost'> {
  const { db, options } = run;
  try {
    const graph = await graphOf(run, post);
    await publishSteps(run, post, graph);
    await settle(run, post, 'published');
    return 'published';
  } catch (error) {
    if (error instanceof LeaseLost) return 'lost';
    if (error instanceof StillInProgress) {
      const kept = await repo.updateLeased(db, post.id, options.owner, {
        status: 'scheduled',
        nextAttemptAt: new Date(run.now.getTime() + IN_PROGRESS_RECHECK_MS),
        leaseOwner: null,
        leaseUntil: null,
        updatedAt: run.now,
      });
      return kept ? 'pending' : 'lost';
    }
    const failure =
      error instanceof GraphError ? error : new GraphError('transient', 'Publishing was interrupted by a problem on our side. It will be tried again.');
    if (!(error instanceof GraphError)) console.error(`[publish ${post.id}] unexpected error`, error);
    return fail(run, post, failure);
  }
}

/** The site's address for this post: the one it was scheduled from, else the run's. */
function originOf(run: Run, post: repo.PostRow): string {
  return post.origin ?? run.options.origin ?? '';
}

async function graphOf(run: Run, post: repo.PostRow): Promise<Graph> {
  const account = post.accountId ? await accountById(run.db, post.accountId) : undefined;
  if (!account) throw new GraphError('reconnect', 'The Instagram account was disconnected. Connect it again and publish again.');
  if (account.status !== 'active') {
    throw new GraphError('reconnect', account.brokenReason ?? 'The Instagram connection is broken. Connect the account again and publish again.');
  }
  const custom = run.options.graphFor?.(account);
  if (custom) return custom;
  if (account.sandbox) return sandboxGraph(run.db, account, originOf(run, post), () => run.now);
  const token = await tokenFor(run.db, run.env, account.id);
  if (!token || token.status !== 'active') {
    throw new GraphError('reconnect', 'The stored Instagram access could not be used. Connect the account again and publish again.');
  }
  return realGraph({ igUserId: token.igUserId, accessToken: token.accessToken });
}

/** Writes progress, fenced by the lease: a run that lost its post stops here. */
async function save(run: Run, post: repo.PostRow, values: Partial<repo.PostInsert>): Promise<void> {
  if (!(await repo.updateLeased(run.db, post.id, run.options.owner, { ...values, updatedAt: run.now }))) throw new LeaseLost();
  Object.assign(post, values);
}

async function publishSteps(run: Run, post: repo.PostRow, graph: Graph): Promise<void> {
  if (post.mediaId) {
    // Published before the run that did it could finish: only the permalink may be missing.
    await finishPublished(run, post, graph, post.mediaId, post.permalink);
    return;
  }
  if (post.containerId) {
    const { statusCode, status } = await graph.containerStatus(post.containerId);
    if (statusCode === 'PUBLISHED') {
      const found = await graph.publishedMediaOf(post.containerId, post.caption, post.scheduledAt, post.kind === 'story');
      await finishPublished(run, post, graph, found?.mediaId ?? null, found?.permalink ?? null);
      return;
    }
    if (statusCode === 'ERROR') throw CONTAINER_ERROR(status);
    if (statusCode === 'EXPIRED') throw CONTAINER_EXPIRED();
    if (statusCode === 'IN_PROGRESS') await waitFinished(run, graph, post.containerId);
  } else {
    await waitFinished(run, graph, await createContainers(run, post, graph));
  }
  const containerId = post.containerId;
  if (!containerId) throw new GraphError('unknown', 'The prepared post went missing.');

  const { usage, total } = await graph.publishingLimit();
  if (usage >= total) {
    throw new GraphError('quota', `The account reached Instagram’s limit of ${total} posts per 24 hours. It will be tried again later.`);
  }
  // The last moment to notice that another run took over: renew the lease, then publish.
  await save(run, post, { leaseUntil: new Date(Math.max(run.now.getTime(), Date.now()) + LEASE_MS) });
  const mediaId = await graph.publish(containerId);
  await save(run, post, { mediaId });
  await finishPublished(run, post, graph, mediaId, null);
}

/** Creates the containers (children first), storing each id before the next step: the container id. */
async function createContainers(run: Run, post: repo.PostRow, graph: Graph): Promise<string> {
  const creations = await creationsIn(run.db, post.projectId, post.creationIds);
  const live = new Set(creations.filter((c) => !c.deletedAt).map((c) => c.id));
  if (post.creationIds.some((id) => !live.has(id))) {
    throw new GraphError('media', 'A picture of this post was deleted. Pick the pictures again and publish again.');
  }
  const expiresAt = new Date(run.now.getTime() + IMAGE_URL_TTL_MS);
  const origin = originOf(run, post);
  if (!graph.sandbox && !/^https:\/\//.test(origin)) {
    // Waiting does not help: Meta fetches the picture from this site's public https address.
    throw new GraphError(
      'unknown',
      'Instagram fetches the pictures from this site’s public https address, and this post was made without one. Publish it again from the site.',
    );
  }
  const imageUrl = (creationId: string) => signedCreationUrl(run.env, origin, creationId, expiresAt);

  if (post.kind === 'carousel') {
    const children = [...(post.childContainerIds ?? [])];
    for (const creationId of post.creationIds.slice(children.length)) {
      children.push(await graph.createImageContainer({ imageUrl: await imageUrl(creationId), creationId, carouselItem: true }));
      await save(run, post, { childContainerIds: [...children] });
    }
    const containerId = await graph.createCarouselContainer(children, post.caption);
    await save(run, post, { containerId });
    return containerId;
  }
  const creationId = post.creationIds[0] as string;
  const containerId = await graph.createImageContainer({
    imageUrl: await imageUrl(creationId),
    creationId,
    caption: post.caption,
    story: post.kind === 'story',
  });
  await save(run, post, { containerId });
  return containerId;
}

/** Polls status_code a few times; still IN_PROGRESS → the next run looks again. */
async function waitFinished(run: Run, graph: Graph, containerId: string): Promise<void> {
  const pause = run.options.pause ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (const ms of POLL_PAUSES_MS) {
    if (ms > 0) await pause(ms);
    const { statusCode, status } = await graph.containerStatus(containerId);
    if (statusCode === 'FINISHED') return;
    if (statusCode === 'ERROR') throw CONTAINER_ERROR(status);
    if (statusCode === 'EXPIRED') throw CONTAINER_EXPIRED();
    if (statusCode === 'PUBLISHED') throw new GraphError('unknown', 'Instagram says this post was already published.');
  }
  throw new StillInProgress();
}

async function finishPublished(run: Run, post: repo.PostRow, graph: Graph, mediaId: string | null, permalink: string | null): Promise<void> {
  let link = permalink;
  if (!link && mediaId) {
    try {
      link = await graph.permalink(mediaId);
    } catch {
      link = null; // published all the same; the link is a nicety
    }
  }
  await save(run, post, {
    status: 'published',
    mediaId,
    permalink: link,
    publishedAt: run.now,
    errorClass: null,
    errorMessage: null,
    leaseOwner: null,
    leaseUntil: null,
  });
}

async function settle(run: Run, post: repo.PostRow, outcome: PostOutcome): Promise<void> {
  try {
    await run.options.onSettled(post.adId, outcome);
  } catch (error) {
    console.error(`[publish ${post.id}] onSettled failed`, error);
  }
}

const RETRYABLE = new Set<ErrorClass>(['transient', 'rate_limit', 'quota']);

/** A failed attempt: retried with backoff (at most 3 times) or failed with the reason in plain words. */
async function fail(run: Run, post: repo.PostRow, error: GraphError): Promise<PostOutcome | 'pending' | 'lost'> {
  const attempts = post.attempts + 1;
  if (error.errorClass === 'reconnect' && post.accountId) {
    try {
      await markBroken(run.db, run.env, post.accountId, error.reason, run.now);
    } catch (thrown) {
      console.error(`[publish ${post.id}] markBroken failed`, thrown);
    }
  }
  if (RETRYABLE.has(error.errorClass) && attempts <= MAX_RETRIES) {
    const backoff = BACKOFF_MS[error.errorClass as keyof typeof BACKOFF_MS][attempts - 1] as number;
    const kept = await repo.updateLeased(run.db, post.id, run.options.owner, {
      status: 'scheduled',
      attempts,
      nextAttemptAt: new Date(run.now.getTime() + backoff),
      errorClass: error.errorClass,
      errorMessage: error.reason,
      leaseOwner: null,
      leaseUntil: null,
      updatedAt: run.now,
    });
    return kept ? 'pending' : 'lost';
  }
  const reason = RETRYABLE.has(error.errorClass)
    ? `Gave up after ${attempts} attempts. ${error.reason.replace(/ It will be tried again[^.]*\./, '')}`
    : error.reason;
  const kept = await repo.updateLeased(run.db, post.id, run.options.owner, {
    status: 'failed',
    attempts,
    errorClass: error.errorClass,
    errorMessage: reason,
    leaseOwner: null,
    leaseUntil: null,
    updatedAt: run.now,
  });
  if (!kept) return 'lost';
  await settle(run, post, 'failed');
  return 'failed';
}

// ---------------------------------------------------------------------------------------
// The sandbox feed

const FEED_LIMIT = 60;
const FEED_IMAGE_TTL_MS = 60 * MINUTE;

/** A post of the sandbox feed page. */
export interface FeedPost {
  mediaId: string;
  kind: 'IMAGE' | 'CAROUSEL' | 'STORIES';
  caption: string;
  publishedAt: string;
  images: string[];
}

/** A sandbox account's published posts, newest first, with signed picture URLs (an hour); 404 for anything but a sandbox account. */
export async function sandboxFeed(
  db: Db,
  env: { SESSION_SECRET: string },
  accountId: string,
  now = Date.now(),
): Promise<{ username: string; posts: FeedPost[] }> {
  const account = looksLikeId(accountId) ? await accountById(db, accountId) : undefined;
  if (!account?.sandbox) throw new AppError('not_found');
  const rows = await repo.sandboxFeed(db, account.igUserId, FEED_LIMIT);
  const expiresAt = new Date(now + FEED_IMAGE_TTL_MS);
  const posts = await Promise.all(
    rows
      .filter((row) => row.mediaId && row.publishedAt)
      .map(async (row) => ({
        mediaId: row.mediaId as string,
        kind: row.mediaType,
        caption: row.caption ?? '',
        publishedAt: (row.publishedAt as Date).toISOString(),
        images: await Promise.all((row.creationIds ?? []).map((id) => signedCreationUrl(env, '', id, expiresAt))),
      })),
  );
  return { username: account.username, posts };
}

/** The admin's support view of a project: its newest published posts (a query for one batch) and their count (a subquery). */
export { newestPublishedQuery, publishedCount } from '#worker/features/instagram/publish/repo.ts';

/** A post as the insights job first meets it: published, with its media id. */
export type PublishedPost = Awaited<ReturnType<typeof repo.publishedSince>>[number];

/** Posts published at or after `since`, oldest first, at most `limit` (the insights job's new posts). */
export function publishedSince(db: Db, since: Date, limit: number): Promise<PublishedPost[]> {
  return repo.publishedSince(db, since, limit);
}

/** Whether a sandbox account still holds a published media: the sandbox insights answer as Meta does for a deleted one when not. */
export function sandboxMediaExists(db: Db, igUserId: string, mediaId: string): Promise<boolean> {
  return repo.sandboxMediaPublished(db, igUserId, mediaId);
}
