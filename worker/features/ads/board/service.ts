import type { AdStatus, MockupAd, Placement } from '#common/ads.ts';
import type { Locale } from '#common/i18n/locales.ts';
import type { AdPin } from '#common/schemas/ad-pins.ts';
import type { AdReview } from '#common/schemas/ads.ts';
import { BOARD_ACTION, type BoardReviewForm, type ReviewBoardCreated, type ReviewBoardDetail } from '#common/schemas/review-board.ts';
import { rawBatch, type Db } from '#worker/db/client.ts';
import { auditStatement, auditIfChangedStatement } from '#worker/lib/audit.ts';
import { clientNetwork } from '#worker/lib/client-network.ts';
import { sha256Hex } from '#worker/lib/crypto.ts';
import { AppError } from '#worker/lib/errors.ts';
import { i18nFor } from '#worker/lib/i18n.ts';
import { newId, newToken } from '#worker/lib/ids.ts';
import type { Mailer } from '#worker/lib/mailer.ts';
import { consume } from '#worker/lib/rate-limit.ts';
import { combine, read, run } from '#worker/lib/reads.ts';
import type { PageMeta } from '#worker/ssr/render.ts';
import { liveProjectRead } from '#worker/features/projects/scope/service.ts';
import { adFileOf, adsWaitingForCustomer, boardReviewMail, recordReview, reviewsOf, type WaitingAd } from '#worker/features/ads/core/service.ts';
import { pinsOf } from '#worker/features/ads/pins/service.ts';
import { ARCHIVED_MESSAGE, REVIEW_LIMIT, mockupFor } from '#worker/features/ads/preview/service.ts';
import * as repo from '#worker/features/ads/board/repo.ts';

/**
 * A project's review board (issue 32 point 3, decision 0053): one capability link listing every ad
 * waiting for the customer, with the preview link's rules (../preview/): unguessable (256 random
 * bits, only their SHA-256 kept), revocable, GETs only read, every decision a POST behind a
 * visible button. Each ad a reviewer decides on goes through the same rule as a review through
 * its preview link (`recordReview` under the project's approval chain). routes.tsx reads the
 * request and draws the page; the rules are here.
 */

/** A board token is 32 random bytes in base64url; anything else is not looked up. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const NOT_FOUND = 'This review board does not exist or was revoked.';
/** How many of an ad's latest reviews the board shows (the count says how many there are). */
const THREAD_TAIL = 3;

export const boardUrlOf = (origin: string, token: string) => `${origin}/board/${token}`;

/** Whether `token` can be a board token at all. */
export function isBoardToken(token: string): boolean {
  return TOKEN.test(token);
}

function toDetail(row: repo.BoardRow): ReviewBoardDetail {
  return { id: row.id, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null };
}

/** The project's live board, if any. */
export async function boardOf(db: Db, projectId: string): Promise<ReviewBoardDetail | null> {
  const row = await repo.liveBoardOf(db, projectId);
  return row ? toDetail(row) : null;
}

/** A new board for the project (its old link stops working in the same batch); the link is returned this once. */
export async function createBoard(db: Db, projectId: string, actorId: string, origin: string): Promise<ReviewBoardCreated> {
  const token = newToken();
  const id = newId();
  const [, inserted] = await rawBatch(db, [
    ...repo.replaceBoardStatements(db, { id, projectId, tokenHash: await sha256Hex(token), createdBy: actorId }, new Date()),
    auditStatement(db, { actorUserId: actorId, action: 'review_board.create', targetType: 'review_board', targetId: id, projectId }),
  ]);
  const row = (inserted?.results as Record<string, unknown>[] | undefined)?.[0];
  const createdAt = typeof row?.created_at === 'number' ? new Date(row.created_at) : new Date();
  return { board: { id, createdAt: createdAt.toISOString(), lastUsedAt: null }, url: boardUrlOf(origin, token) };
}

/** Revokes the project's live board (nothing when there is none). */
export async function revokeBoard(db: Db, projectId: string, actorId: string): Promise<void> {
  await rawBatch(db, [
    repo.revokeBoard(db, projectId, new Date()),
    auditIfChangedStatement(db, { actorUserId: actorId, action: 'review_board.revoke', targetType: 'review_board', projectId }),
  ]);
}

/** The live board of `token` with its live project; a malformed, unknown or revoked token (or a deleted project) is a 404. */
export async function findBoard(db: Db, token: string) {
  if (!isBoardToken(token)) throw new AppError('not_found', NOT_FOUND);
  const hash = await sha256Hex(token);
  const { board, project } = await run(
    db,
    combine({ board: read(repo.liveBoardByHashQuery(db, hash), ([row]) => row), project: liveProjectRead(db, repo.projectOfBoard(hash)) }),
  );
  if (!board || !project) throw new AppError('not_found', NOT_FOUND);
  return { board, project };
}

/** An ad on the board as the page shows it. */
export interface BoardAd {
  id: string;
  name: string;
  status: AdStatus;
  revision: number;
  placements: Placement[];
  ad: MockupAd;
  /** The level of the project's chain the ad waits at (null: no levels). */
  level: string | null;
  reviewCount: number;
  /** Its latest reviews, oldest first, without the reviewers' addresses. */
  latest: Omit<AdReview, 'reviewerEmail'>[];
  /** The comments pinned on its pictures and caption (decision 0052), as the preview page shows them. */
  pins: AdPin[];
}

/** What the board page shows, and how it is served. */
export interface BoardPage {
  meta: PageMeta;
  headers: Record<string, string>;
  token: string;
  /** The project's language: the page speaks the customer's language. */
  locale: Locale;
  projectName: string;
  ads: BoardAd[];
}

function boardAdOf(
  token: string,
  project: { name: string; locale: Locale },
  waiting: WaitingAd,
  level: string | null,
  reviews: AdReview[],
  pins: AdPin[],
): BoardAd {
  const { ad } = waiting;
  const base = `/board/${token}/ads/${ad.id}`;
  return {
    id: ad.id,
    name: ad.name,
    status: ad.status,
    revision: ad.revision,
    placements: ad.placements,
    ad: mockupFor(ad, project, waiting.items, { avatar: waiting.hasAvatar ? `${base}/avatar` : null, picture: (index) => `${base}/image/${index}` }),
    level,
    reviewCount: reviews.length,
    latest: reviews.slice(-THREAD_TAIL).map(({ reviewerEmail: _hidden, ...review }) => review),
    pins,
  };
}

/** The board of `token` (404 for an unknown or revoked one): every ad waiting for the customer, newest first. Reads only. */
export async function boardPage(db: Db, token: string): Promise<BoardPage> {
  const { project } = await findBoard(db, token);
  const { chain, ads } = await adsWaitingForCustomer(db, project.id);
  const [threads, pins] = await Promise.all([
    Promise.all(ads.map((waiting) => reviewsOf(db, waiting.ad.id))),
    Promise.all(ads.map((waiting) => pinsOf(db, waiting.ad))),
  ]);
  const i18n = i18nFor(project.locale);
  const levelOf = (waiting: WaitingAd) => (chain.rules.mode === 'levels' ? (chain.rules.levels[waiting.ad.approvalLevel]?.name ?? null) : null);
  return {
    // A link unfurler sees a neutral card: the project's name, never an ad's words or pictures.
    meta: {
      title: i18n._('preview.board.metaTitle', { project: project.name }),
      description: i18n._('preview.board.metaDescription', { project: project.name }),
      noindex: true,
      locale: project.locale,
    },
    headers: { 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' },
    token,
    locale: project.locale,
    projectName: project.name,
    ads: ads.map((waiting, index) => boardAdOf(token, project, waiting, levelOf(waiting), threads[index] ?? [], pins[index]?.items ?? [])),
  };
}

/** A picture (`n`: its position) or the avatar of an ad of the board's project, from R2, with its headers; 404 when there is none. */
export async function boardFile(
  db: Db,
  bucket: R2Bucket,
  token: string,
  adId: string,
  file: { picture: string } | 'avatar',
): Promise<{ body: ReadableStream; headers: Record<string, string> }> {
  if (file !== 'avatar' && !/^\d{1,2}$/.test(file.picture)) throw new AppError('not_found');
  const { project } = await findBoard(db, token);
  const found = await adFileOf(db, project.id, adId, file === 'avatar' ? 'avatar' : { picture: Number(file.picture) });
  const object = found ? await bucket.get(found.r2Key) : null;
  if (!found || !object) throw new AppError('not_found');
  return {
    body: object.body,
    headers: {
      'Content-Type': object.httpMetadata?.contentType ?? found.contentType,
      'Content-Length': String(object.size),
      // Short: a revoked board stops serving its pictures within minutes everywhere.
      'Cache-Control': 'private, max-age=300',
      ETag: object.httpEtag,
      'X-Robots-Tag': 'noindex',
    },
  };
}

/** What a post of the board did, per outcome: the page after the redirect says it (`?done=`). */
export interface BoardOutcome {
  approved: number;
  changes: number;
  /** Kept as comments: the reviewer is not an approver of the level the ad waits at. */
  comments: number;
  /** Not on the board (another project's, no longer waiting, unknown) or refused. */
  skipped: number;
}

const field = (form: BoardReviewForm, name: string) => {
  const value: unknown = form[name];
  return typeof value === 'string' ? value : undefined;
};

function invalid(path: string, message: string): AppError {
  return new AppError('validation_failed', message, { [path]: [message] });
}

/** The ads a post asks about, and what it asks (a refusal when it asks nothing or sends an ad back without a word). */
function requested(form: BoardReviewForm): { decision: 'approve' | 'request_changes'; adIds: string[] } {
  const [, verb, adId] = BOARD_ACTION.exec(form.action) ?? [];
  if (verb && adId) {
    if (verb === 'changes' && !field(form, `comment.${adId}`)) throw invalid(`comment.${adId}`, 'Say what should change.');
    return { decision: verb === 'approve' ? 'approve' : 'request_changes', adIds: [adId] };
  }
  const picked = Object.keys(form).flatMap((key) => (key.startsWith('pick.') && field(form, key) ? [key.slice(5)] : []));
  if (picked.length === 0) throw invalid('pick', 'Tick at least one ad to approve.');
  return { decision: 'approve', adIds: [...new Set(picked)] };
}

/**
 * A post of the board: one ad approved or sent back, or the ticked ones approved, each through the
 * same rule as a review through its preview link (`recordReview` under the project's chain: the
 * address given decides the level the reviewer approves for, else the review is a comment). Ads not
 * waiting on this board (another project's ids, ones decided meanwhile) are skipped, never touched.
 * One try against the network's limit per post; the honeypot filled: nothing stored. Returns the
 * outcome (the page after the redirect says it); throws what the form shows again, or a 404.
 */
export async function submitBoard(
  db: Db,
  mailer: Mailer,
  token: string,
  form: BoardReviewForm,
  request: { ip: string; origin: string },
): Promise<BoardOutcome> {
  const { board, project } = await findBoard(db, token);
  const outcome: BoardOutcome = { approved: 0, changes: 0, comments: 0, skipped: 0 };
  const ask = requested(form);
  if (form.website) return outcome;
  if (project.archivedAt) throw new AppError('conflict', ARCHIVED_MESSAGE);
  await consume(db, `board-review:${clientNetwork(request.ip)}`, REVIEW_LIMIT);
  const { chain, ads } = await adsWaitingForCustomer(db, project.id);
  const waiting = new Map(ads.map(({ ad }) => [ad.id, ad]));
  // Several ads at once: the members get one email about them all, not one per ad.
  const several = ask.adIds.length > 1;
  const reviewed: { ad: string; decision: AdReview['decision']; comment: string }[] = [];
  let reviewer = form.name;
  for (const adId of ask.adIds) {
    const ad = waiting.get(adId);
    if (!ad) {
      outcome.skipped += 1;
      continue;
    }
    const seen = field(form, `revision.${adId}`);
    const revision = seen && /^\d{1,9}$/.test(seen) ? Number(seen) : ad.revision;
    try {
      const review = await recordReview(
        db,
        mailer,
        ad,
        {
          decision: ask.decision,
          comment: field(form, `comment.${adId}`) ?? '',
          reviewerName: form.name,
          reviewerEmail: form.email ? form.email : null,
          userId: null,
          role: null,
          revision,
          origin: request.origin,
        },
        chain,
        !several,
      );
      reviewed.push({ ad: ad.name, decision: review.decision, comment: review.comment });
      reviewer = review.reviewerName;
      if (review.decision === 'comment') outcome.comments += 1;
      else if (review.decision === 'approve') outcome.approved += 1;
      else outcome.changes += 1;
    } catch (error) {
      // One ad refused (its thread is full, the chain says no) does not stop the others: it is counted as skipped.
      if (!(error instanceof AppError) || ask.adIds.length === 1) throw error;
      outcome.skipped += 1;
    }
  }
  if (several && reviewed.length > 0) {
    for (const member of chain.members) await mailer.send(boardReviewMail(member, project, reviewer, reviewed, request.origin));
  }
  await repo.markUsed(db, board.id, new Date());
  return outcome;
}
