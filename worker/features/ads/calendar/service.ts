import type { CalendarAnswer, CalendarEntry, CalendarFeed, CalendarQuery, CalendarStatus } from '#common/schemas/calendar.ts';
import type { Placement } from '#common/ads.ts';
import { rawBatch, type Db } from '#worker/db/client.ts';
import { hmacSign, sha256Hex } from '#worker/lib/crypto.ts';
import { AppError } from '#worker/lib/errors.ts';
import { i18nFor } from '#worker/lib/i18n.ts';
import { newId } from '#worker/lib/ids.ts';
import { creationFileUrl } from '#worker/features/creatives/core/service.ts';
import { calendarPostsOf, type CalendarPostRow } from '#worker/features/instagram/publish/service.ts';
import { membershipsOf } from '#worker/features/projects/scope/service.ts';
import { liveAdsByIds, livePicturesOf } from '#worker/features/ads/core/service.ts';
import { icsOf } from '#worker/features/ads/calendar/ical.ts';
import * as repo from '#worker/features/ads/calendar/repo.ts';

/**
 * The content calendar (issue 32 point 4): the posts of every project the user is a member of,
 * named by their ads (this sub-feature of ads: the calendar shows ads, a click opens one, a move
 * is the ad's publishing), and the user's iCal feed behind a revocable secret URL (decision
 * 0054). The posts are instagram/publish's; moving one is ads/core's reschedulePublish.
 */

const DAY = 86_400_000;
/** At most this many posts in one window (a month of a busy agency fits many times over). */
const WINDOW_LIMIT = 1000;
/** A post published later than it was scheduled (retries back off for hours) still shows on the day it went out. */
const LATE_PUBLISH_MS = DAY;
/** The feed's window: the last 60 days and every post ahead (at most 75 days: the schedule's limit). */
const FEED_PAST_MS = 60 * DAY;
const FEED_AHEAD_MS = 76 * DAY;

type PostStatus = CalendarPostRow['post']['status'];
const STATUSES: Record<CalendarStatus, PostStatus[]> = {
  scheduled: ['scheduled', 'publishing'],
  published: ['published'],
  failed: ['failed'],
};

async function entriesOf(
  db: Db,
  userId: string,
  window: { from: Date; to: Date; projectId?: string | undefined; status?: CalendarStatus | undefined; placement?: Placement | undefined },
): Promise<CalendarEntry[]> {
  const statuses = window.status ? STATUSES[window.status] : Object.values(STATUSES).flat();
  const rows = await calendarPostsOf(
    db,
    userId,
    { from: new Date(window.from.getTime() - LATE_PUBLISH_MS), to: window.to, projectId: window.projectId, statuses },
    WINDOW_LIMIT,
  );
  const adIds = [...new Set(rows.map((row) => row.post.adId))];
  const [ads, pictures] = await Promise.all([liveAdsByIds(db, adIds), livePicturesOf(db, adIds)]);
  const adById = new Map(ads.map((ad) => [ad.id, ad]));
  const thumbnail = new Map<string, string>();
  for (const picture of pictures) if (!thumbnail.has(picture.adId)) thumbnail.set(picture.adId, creationFileUrl(picture.creationId));
  const entries: CalendarEntry[] = [];
  for (const { post, projectName, sandbox } of rows) {
    const ad = adById.get(post.adId);
    if (!ad) continue; // a deleted ad's post
    const placements = ad.placements as Placement[];
    if (window.placement && !placements.includes(window.placement)) continue;
    const at = post.status === 'published' && post.publishedAt ? post.publishedAt : post.scheduledAt;
    if (at < window.from || at >= window.to) continue;
    entries.push({
      postId: post.id,
      adId: ad.id,
      adName: ad.name,
      projectId: post.projectId,
      projectName: projectName ?? '',
      status: post.status === 'publishing' ? 'scheduled' : (post.status as CalendarStatus),
      publishing: post.status === 'publishing',
      at: at.toISOString(),
      kind: post.kind,
      placements,
      thumbnailUrl: thumbnail.get(ad.id) ?? null,
      permalink: post.permalink,
      error: post.status === 'failed' ? post.errorMessage : null,
      sandbox: sandbox ?? false,
    });
  }
  return entries.sort((a, b) => a.at.localeCompare(b.at) || a.postId.localeCompare(b.postId));
}

/** GET /api/calendar: the window's posts of the user's projects (another user's never), and the projects to filter by. */
export async function calendarOf(db: Db, userId: string, query: CalendarQuery): Promise<CalendarAnswer> {
  const [items, projects] = await Promise.all([
    entriesOf(db, userId, { ...query, from: new Date(query.from), to: new Date(query.to) }),
    membershipsOf(db, userId, 200),
  ]);
  return { items, projects: projects.map(({ id, name }) => ({ id, name })) };
}

/* ---------- the iCal feed ---------- */

/** The feed's secret: the HMAC of its id (so the URL can be shown again), 43 base64url characters. */
const tokenOf = (secret: string, feedId: string) => hmacSign(secret, `calendar-feed:${feedId}`);
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const urlOf = (origin: string, token: string) => `${origin}/ical/${token}.ics`;

type Secret = { SESSION_SECRET: string };

export async function feedOf(db: Db, env: Secret, userId: string, origin: string): Promise<CalendarFeed> {
  const feed = await repo.liveFeedOf(db, userId);
  if (!feed) return { url: null, createdAt: null };
  return { url: urlOf(origin, await tokenOf(env.SESSION_SECRET, feed.id)), createdAt: feed.createdAt.toISOString() };
}

/**
 * Makes the user's feed, or a new one in place of the live one (the old URL stops working):
 * the revoke and the insert are one batch.
 */
export async function rotateFeed(db: Db, env: Secret, userId: string, origin: string, now = new Date()): Promise<CalendarFeed> {
  const id = newId();
  const token = await tokenOf(env.SESSION_SECRET, id);
  await db.batch([repo.revokeStatement(db, userId, now), repo.insertFeedStatement(db, { id, userId, tokenHash: await sha256Hex(token), createdAt: now })]);
  return feedOf(db, env, userId, origin);
}

/** Revokes the user's feed: its URL answers 404 from now on. */
export async function revokeFeed(db: Db, userId: string, now = new Date()): Promise<void> {
  await rawBatch(db, [repo.revokeStatement(db, userId, now)]);
}

/**
 * GET /ical/{token}.ics: the feed's events (the user's posts from 60 days back to every one
 * ahead), in the user's language. 404 for an unknown, malformed or revoked token.
 */
export async function feedIcs(db: Db, file: string, origin: string, now = new Date()): Promise<string> {
  const token = file.endsWith('.ics') ? file.slice(0, -4) : '';
  if (!TOKEN.test(token)) throw new AppError('not_found');
  const feed = await repo.feedByHash(db, await sha256Hex(token));
  if (!feed) throw new AppError('not_found');
  const entries = await entriesOf(db, feed.userId, { from: new Date(now.getTime() - FEED_PAST_MS), to: new Date(now.getTime() + FEED_AHEAD_MS) });
  return icsOf(entries, origin, i18nFor(feed.locale ?? 'en'), now);
}
