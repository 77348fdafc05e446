import { AD_LIMITS } from '#common/ads.ts';
import { PIN_LIMITS, PIN_SPOT_MESSAGE, type AdPin, type AdPinReply, type AdPins, type PinSpot } from '#common/schemas/ad-pins.ts';
import { clip } from '#common/schemas/fields.ts';
import type { Db } from '#worker/db/client.ts';
import { AppError } from '#worker/lib/errors.ts';
import { newId } from '#worker/lib/ids.ts';
import { livePicturesOf } from '#worker/features/ads/core/service.ts';
import * as repo from '#worker/features/ads/pins/repo.ts';

/**
 * Comments pinned on an ad (issue 32 point 1, decision 0052): numbered pins on a spot of a
 * picture or a phrase of the caption, each with a thread of replies, resolved and reopened.
 * The workspace reaches them through routes.ts (members of the ad's project), the preview page
 * through ../preview/service.ts (the link's capability rules); both end here.
 */

/** The ad as the pins need it: which revision is current and what the caption says now. */
export interface PinnedAd {
  id: string;
  revision: number;
  primaryText: string;
}

/** Who writes: a member (their user id and name) or the preview link's named reviewer (no user). */
export interface PinAuthor {
  userId: string | null;
  name: string;
}

const NOT_FOUND = 'This comment does not exist.';
const FULL = `This ad has ${PIN_LIMITS.perAd} comments on it; resolve the discussion elsewhere.`;

function invalidSpot(): AppError {
  return new AppError('validation_failed', PIN_SPOT_MESSAGE, { spot: [PIN_SPOT_MESSAGE] });
}

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * The phrase of `caption` between `start` and `end`, or a 422 when the range is outside it,
 * cuts a character in two or holds only spaces.
 */
export function phraseAt(caption: string, start: number, end: number): string {
  if (end > caption.length || start >= end) throw invalidSpot();
  if (isLowSurrogate(caption.charCodeAt(start)) || (end < caption.length && isLowSurrogate(caption.charCodeAt(end)))) throw invalidSpot();
  const quote = caption.slice(start, end);
  if (quote.trim() === '') throw invalidSpot();
  return quote;
}

/**
 * Where a pinned phrase is in the caption now: where it was when the words there are the same,
 * else where those words are found first, else nowhere (the caption no longer says them).
 */
export function phraseNow(caption: string, pin: { start: number; end: number; quote: string }): { start: number; end: number } | null {
  if (caption.slice(pin.start, pin.end) === pin.quote) return { start: pin.start, end: pin.end };
  const found = caption.indexOf(pin.quote);
  return found < 0 ? null : { start: found, end: found + pin.quote.length };
}

function toReply(row: repo.PinRow): AdPinReply {
  return { id: row.id, authorName: row.authorName, member: row.userId !== null, body: row.body, createdAt: row.createdAt.toISOString() };
}

function toPin(ad: PinnedAd, row: repo.PinRow, replies: AdPinReply[]): AdPin {
  const phrase =
    row.quote !== null && row.start !== null && row.end !== null ? phraseNow(ad.primaryText, { start: row.start, end: row.end, quote: row.quote }) : null;
  return {
    id: row.id,
    number: row.number ?? 0,
    item: row.item,
    x: row.x,
    y: row.y,
    start: phrase?.start ?? null,
    end: phrase?.end ?? null,
    quote: row.quote,
    revision: row.revision,
    earlier: row.revision < ad.revision,
    authorName: row.authorName,
    member: row.userId !== null,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolvedBy: row.resolvedBy,
    replies,
  };
}

/**
 * The ad's pins in their numbers' order, each with its replies oldest first, marked when made on
 * an earlier revision, a phrase placed where its words are in the caption now. This is what
 * every page that shows an ad's pins reads (the preview page, the workspace, a review board).
 */
export async function pinsOf(db: Db, ad: PinnedAd): Promise<AdPins> {
  const rows = await repo.pinsOf(db, ad.id, PIN_LIMITS.perAd);
  const replies = new Map<string, AdPinReply[]>();
  for (const row of rows) if (row.parentId) replies.set(row.parentId, [...(replies.get(row.parentId) ?? []), toReply(row)]);
  const pins = rows.filter((row) => row.parentId === null).map((row) => toPin(ad, row, replies.get(row.id) ?? []));
  return { revision: ad.revision, items: pins.sort((a, b) => a.number - b.number) };
}

export interface NewPin {
  spot: PinSpot;
  body: string;
  /** The ad's revision the author saw (the current one when unknown or newer than it). */
  revision?: number | undefined;
}

/**
 * Pins a comment on the ad: on a spot of one of its `pictures` (0 to pictures − 1) or a phrase of
 * its caption as it is now. Numbered in the insert (one conditional write; 409 when the ad holds
 * PIN_LIMITS.perAd comments).
 */
export async function addPin(db: Db, ad: PinnedAd, pictures: number, author: PinAuthor, input: NewPin): Promise<AdPin> {
  const { spot } = input;
  // The JSON schema holds these too; the preview's form posts strings, so the rule is kept here, once for both.
  const fraction = (n: number) => Number.isFinite(n) && n >= 0 && n <= 1;
  if (spot.kind === 'picture' && !(Number.isInteger(spot.item) && spot.item >= 0 && spot.item < pictures && fraction(spot.x) && fraction(spot.y)))
    throw invalidSpot();
  if (spot.kind === 'caption' && !(Number.isInteger(spot.start) && Number.isInteger(spot.end) && spot.start >= 0)) throw invalidSpot();
  const quote = spot.kind === 'caption' ? phraseAt(ad.primaryText, spot.start, spot.end) : null;
  const revision = input.revision !== undefined && input.revision >= 1 && input.revision <= ad.revision ? input.revision : ad.revision;
  const row = {
    id: newId(),
    adId: ad.id,
    parentId: null,
    item: spot.kind === 'picture' ? spot.item : null,
    // Fractions kept to 4 decimals: a ten-thousandth of the picture is finer than a finger or a pointer.
    x: spot.kind === 'picture' ? Math.round(spot.x * 1e4) / 1e4 : null,
    y: spot.kind === 'picture' ? Math.round(spot.y * 1e4) / 1e4 : null,
    start: spot.kind === 'caption' ? spot.start : null,
    end: spot.kind === 'caption' ? spot.end : null,
    quote,
    revision,
    userId: author.userId,
    authorName: clip(author.name.trim(), AD_LIMITS.reviewerName),
    body: input.body.trim(),
    createdAt: new Date(),
  };
  if (row.authorName === '') throw new AppError('validation_failed', 'Enter your name.', { name: ['Enter your name.'] });
  const written = await repo.insertPinIfRoom(db, row, PIN_LIMITS.perAd);
  if (!written) throw new AppError('conflict', FULL);
  const { userId: _user, parentId: _parent, adId: _ad, ...shown } = row;
  return {
    ...shown,
    number: written.number ?? 0,
    earlier: revision < ad.revision,
    member: author.userId !== null,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: null,
    resolvedBy: null,
    replies: [],
  };
}

/** A reply in the thread of the ad's pin `pinId` (404 for another ad's, or a reply's id). */
export async function replyToPin(db: Db, ad: PinnedAd, pinId: string, author: PinAuthor, body: string): Promise<AdPinReply> {
  const name = clip(author.name.trim(), AD_LIMITS.reviewerName);
  if (name === '') throw new AppError('validation_failed', 'Enter your name.', { name: ['Enter your name.'] });
  const row = {
    id: newId(),
    adId: ad.id,
    parentId: pinId,
    item: null,
    x: null,
    y: null,
    start: null,
    end: null,
    quote: null,
    revision: ad.revision,
    userId: author.userId,
    authorName: name,
    body: body.trim(),
    createdAt: new Date(),
  };
  const written = await repo.insertPinIfRoom(db, row, PIN_LIMITS.perAd);
  if (!written) {
    if (!(await repo.hasPin(db, ad.id, pinId))) throw new AppError('not_found', NOT_FOUND);
    throw new AppError('conflict', FULL);
  }
  return { id: row.id, authorName: name, member: author.userId !== null, body: row.body, createdAt: row.createdAt.toISOString() };
}

/**
 * Resolves the ad's pin `pinId` (by `by`: a member, or the link's reviewer with no user) or
 * reopens it (`by` null). Doing it twice is no error (the second changes nothing); another ad's
 * pin is a 404.
 */
export async function resolvePin(db: Db, ad: PinnedAd, pinId: string, by: PinAuthor | null): Promise<void> {
  const resolved = by === null ? null : { at: new Date(), by: clip(by.name, AD_LIMITS.reviewerName), userId: by.userId };
  const changed = await repo.setResolved(db, ad.id, pinId, resolved);
  if (!changed && !(await repo.hasPin(db, ad.id, pinId))) throw new AppError('not_found', NOT_FOUND);
}

/** How many pictures the ad shows (its live ones): the pins' items are 0 to this − 1. */
export async function pictureCount(db: Db, adId: string): Promise<number> {
  return (await livePicturesOf(db, [adId])).length;
}
