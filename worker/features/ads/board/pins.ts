import { PIN_SPOT_MESSAGE, spotOf, type PreviewPinForm, type PreviewReplyForm } from '#common/schemas/ad-pins.ts';
import type { Db } from '#worker/db/client.ts';
import { clientNetwork } from '#worker/lib/client-network.ts';
import { AppError } from '#worker/lib/errors.ts';
import { i18nFor } from '#worker/lib/i18n.ts';
import { consume } from '#worker/lib/rate-limit.ts';
import { adsWaitingForCustomer } from '#worker/features/ads/core/service.ts';
import { addPin, replyToPin, resolvePin } from '#worker/features/ads/pins/service.ts';
import { ARCHIVED_MESSAGE, PIN_LIMIT } from '#worker/features/ads/preview/service.ts';
import { findBoard } from '#worker/features/ads/board/service.ts';

/**
 * Comments pinned through a review board (issue 32 point 3, decisions 0052 and 0053): the same
 * writes as the preview page's pin forms, under the board's capability instead of an ad's link
 * (an ad on the board may have none). The board must be live, the ad one it lists (another
 * project's, or one no longer waiting: 404), a filled honeypot stores nothing, an archived
 * project takes nothing (409), and every write counts against the network's hourly limit.
 * Each returns where the page sends the reviewer (303): the board, at the ad.
 */

export interface BoardPinRequest {
  ip: string;
  /** The name this device gave the board last (its cookie), else empty. */
  rememberedName: string;
}

/** Where a board's pins for `adId` are: their anchors' prefix on the board page (one per ad). */
export const pinAnchorOf = (adId: string) => `pin-${adId}`;

const backTo = (token: string, adId: string, hash = `ad-${adId}`) => `/board/${token}#${hash}`;

/** The board's ad `adId` (404 unless it is on the board), its picture count, and whether a write may go on. */
async function boardAd(db: Db, token: string, adId: string, honeypot: string | undefined, ip: string) {
  const { project } = await findBoard(db, token);
  const { ads } = await adsWaitingForCustomer(db, project.id);
  const waiting = ads.find((candidate) => candidate.ad.id === adId);
  if (!waiting) throw new AppError('not_found');
  if (honeypot) return { ...waiting, project, allowed: false };
  if (project.archivedAt) throw new AppError('conflict', ARCHIVED_MESSAGE);
  await consume(db, `board-pin:${clientNetwork(ip)}`, PIN_LIMIT);
  return { ...waiting, project, allowed: true };
}

/** The name given in the form, else the one this device gave the board (none: the form is refused, "Enter your name."). */
const authorOf = (name: string | undefined, request: BoardPinRequest) => ({ userId: null, name: name?.trim() ? name : request.rememberedName });

/** A comment pinned on the board's ad `adId` (the page's script filled its spot). */
export async function submitBoardPin(db: Db, token: string, adId: string, input: PreviewPinForm, request: BoardPinRequest): Promise<string> {
  const spot = spotOf(input);
  const found = await boardAd(db, token, adId, input.website, request.ip);
  if (!spot) throw new AppError('validation_failed', PIN_SPOT_MESSAGE, { spot: [PIN_SPOT_MESSAGE] });
  if (!found.allowed) return backTo(token, adId);
  const pin = await addPin(db, found.ad, found.items.length, authorOf(input.name, request), { spot, body: input.body, revision: input.revision });
  return backTo(token, adId, `${pinAnchorOf(adId)}-${pin.number}`);
}

/** A reply to the pin `pinId` of the board's ad `adId` (another ad's pin: 404). */
export async function submitBoardPinReply(
  db: Db,
  token: string,
  adId: string,
  pinId: string,
  input: PreviewReplyForm,
  request: BoardPinRequest,
): Promise<string> {
  const found = await boardAd(db, token, adId, input.website, request.ip);
  if (found.allowed) await replyToPin(db, found.ad, pinId, authorOf(input.name, request), input.body);
  return backTo(token, adId);
}

/** Resolves (or reopens) the pin `pinId` of the board's ad `adId`: by the name this device gave, else "the link's reviewer". */
export async function submitBoardPinResolution(
  db: Db,
  token: string,
  adId: string,
  pinId: string,
  resolved: boolean,
  request: BoardPinRequest,
): Promise<string> {
  const found = await boardAd(db, token, adId, undefined, request.ip);
  const name = request.rememberedName.trim() || i18nFor(found.project.locale)._('preview.pins.linkReviewer');
  await resolvePin(db, found.ad, pinId, resolved ? { userId: null, name } : null);
  return backTo(token, adId);
}
