import type { I18n } from '@lingui/core';
import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import { I18nRoot } from '#client/lib/i18n-root.tsx';
import { ReviewBoardPage, type BoardDone, type BoardFormState } from '#client/public/pages/review-board.tsx';
import type { Locale } from '#common/i18n/locales.ts';
import { translateEnglish } from '#common/i18n/translate-english.ts';
import { previewPinForm, previewReplyForm } from '#common/schemas/ad-pins.ts';
import { boardReviewForm } from '#common/schemas/review-board.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { AppError } from '#worker/lib/errors.ts';
import { formFailure } from '#worker/lib/forms.ts';
import { i18nFor } from '#worker/lib/i18n.ts';
import { mailerFor } from '#worker/lib/mailer.ts';
import { BOARD_REVIEWER, rememberReviewer, rememberedReviewer } from '#worker/lib/remembered-reviewer.ts';
import { requestMeta } from '#worker/lib/request-meta.ts';
import { applyHeaders } from '#worker/lib/response.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import { renderPage } from '#worker/ssr/render.ts';
import * as preview from '#worker/features/ads/preview/service.ts';
import * as service from '#worker/features/ads/board/service.ts';
import * as pins from '#worker/features/ads/board/pins.ts';

/** `?done=approved.changes.comments.skipped`: what the last post did (the page only says it; a GET writes nothing). */
const boardQuery = z.object({ done: z.optional(z.string()) });

function doneOf(done: string | undefined): BoardDone | undefined {
  const match = done ? /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(done) : null;
  if (!match) return undefined;
  const [approved, changes, comments, skipped] = match.slice(1).map(Number) as [number, number, number, number];
  return { approved, changes, comments, skipped };
}

/** The board page in its project's language, whoever opens it; `form` is made in that language too. */
async function renderBoard(c: Context<AppEnv>, form: (i18n: I18n) => BoardFormState, status: 200 | 400 | 403 | 413 | 415 | 422 | 429 = 200) {
  const { meta, headers, locale, ...page } = await service.boardPage(c.get('db'), c.req.param('token') ?? '');
  applyHeaders(c, headers);
  const i18n = i18nFor(locale);
  return renderPage(
    c,
    meta,
    <I18nRoot i18n={i18n}>
      <ReviewBoardPage {...page} reviewer={rememberedReviewer(c, BOARD_REVIEWER)} form={form(i18n)} nonce={c.get('nonce')} />
    </I18nRoot>,
    status,
  );
}

/** Why a post was refused, in the page's language. */
function refusal(i18n: I18n, error: unknown, headers: Record<string, string> | undefined): Pick<BoardFormState, 'errors' | 'formError'> {
  const code = error instanceof AppError ? error.code : undefined;
  if (code === 'validation_failed') return { errors: formFailure(error, i18n.locale as Locale)?.errors ?? {}, formError: i18n._('preview.error.fix') };
  if (error instanceof AppError && preview.isChainRefusal(error)) return { formError: translateEnglish(error.message, i18n) };
  if (code === 'conflict') {
    const archived = error instanceof AppError && error.message === preview.ARCHIVED_MESSAGE;
    return { formError: i18n._(archived ? 'preview.error.archived' : 'preview.error.full') };
  }
  if (code === 'rate_limited') {
    const seconds = Number(headers?.['Retry-After'] ?? 3600);
    return { formError: i18n._('preview.error.tooMany', { minutes: Math.max(1, Math.ceil(seconds / 60)) }) };
  }
  return { formError: i18n._('preview.error.unreadable') };
}

/** The refused form again, with what the reviewer typed and why (a 404 board stays a 404). */
async function refused(c: Context<AppEnv>, error: unknown, values: Record<string, string>) {
  const failure = formFailure(error);
  if (!failure || !service.isBoardToken(c.req.param('token') ?? '')) return undefined;
  applyHeaders(c, failure.headers);
  return renderBoard(c, (i18n) => ({ values, ...refusal(i18n, error, failure.headers) }), failure.status);
}

/** An unknown or revoked board is a 404 before its form is read. */
const tokenFirst = async (c: Context<AppEnv>, next: () => Promise<void>) => {
  if (!service.isBoardToken(c.req.param('token') ?? '')) throw new AppError('not_found');
  await next();
};

/** A refused pin, reply, resolve or reopen: the board again, saying why at that ad's pins (a 404 stays a 404). */
async function pinRefused(c: Context<AppEnv>, error: unknown) {
  const failure = formFailure(error);
  if (!failure || !service.isBoardToken(c.req.param('token') ?? '')) return undefined;
  applyHeaders(c, failure.headers);
  const adId = c.req.param('adId') ?? '';
  return renderBoard(c, (i18n) => ({ pinError: { adId, message: refusal(i18n, error, failure.headers).formError ?? '' } }), failure.status);
}

/** Runs a pin write through the board and sends the reviewer back to the ad (303); a name typed is remembered as the review form's is. */
async function pinWrite(c: Context<AppEnv>, write: (request: pins.BoardPinRequest) => Promise<string>, typedName?: string) {
  const remembered = rememberedReviewer(c, BOARD_REVIEWER);
  let target: string;
  try {
    target = await write({ ip: requestMeta(c).ip, rememberedName: remembered.name });
  } catch (error) {
    const page = await pinRefused(c, error);
    if (!page) throw error;
    return page;
  }
  if (typedName?.trim()) rememberReviewer(c, BOARD_REVIEWER, { name: typedName.trim(), email: remembered.email });
  return c.redirect(target, 303);
}

/** The comments pinned through the board (decision 0052's forms, under the board's capability): plain posts behind visible buttons. */
const boardPinRoutes = new Hono<AppEnv>()
  .post(
    '/:token/ads/:adId/pins',
    access('public'),
    tokenFirst,
    validate('form', previewPinForm, ({ error }, c) => pinRefused(c, error)),
    async (c) => {
      const { token, adId } = c.req.param();
      const form = c.req.valid('form');
      return pinWrite(c, (request) => pins.submitBoardPin(c.get('db'), token, adId, form, request), form.name);
    },
  )
  .post(
    '/:token/ads/:adId/pins/:pinId/replies',
    access('public'),
    tokenFirst,
    validate('form', previewReplyForm, ({ error }, c) => pinRefused(c, error)),
    async (c) => {
      const { token, adId, pinId } = c.req.param();
      const form = c.req.valid('form');
      return pinWrite(c, (request) => pins.submitBoardPinReply(c.get('db'), token, adId, pinId, form, request), form.name);
    },
  )
  .post('/:token/ads/:adId/pins/:pinId/resolve', access('public'), tokenFirst, async (c) => {
    const { token, adId, pinId } = c.req.param();
    return pinWrite(c, (request) => pins.submitBoardPinResolution(c.get('db'), token, adId, pinId, true, request));
  })
  .post('/:token/ads/:adId/pins/:pinId/reopen', access('public'), tokenFirst, async (c) => {
    const { token, adId, pinId } = c.req.param();
    return pinWrite(c, (request) => pins.submitBoardPinResolution(c.get('db'), token, adId, pinId, false, request));
  });

/** The public review board at /board (service.ts has its rules). */
export const boardRoutes = new Hono<AppEnv>()
  .get('/:token', access('public'), validate('query', boardQuery), async (c) => {
    const done = doneOf(c.req.valid('query').done);
    return renderBoard(c, () => (done ? { done } : {}));
  })
  .get('/:token/ads/:adId/image/:n', access('public'), async (c) => {
    const { token, adId, n } = c.req.param();
    const file = await service.boardFile(c.get('db'), c.env.MEDIA, token, adId, { picture: n });
    return new Response(file.body, { headers: file.headers });
  })
  .get('/:token/ads/:adId/avatar', access('public'), async (c) => {
    const { token, adId } = c.req.param();
    const file = await service.boardFile(c.get('db'), c.env.MEDIA, token, adId, 'avatar');
    return new Response(file.body, { headers: file.headers });
  })
  .post(
    '/:token/reviews',
    access('public'),
    tokenFirst,
    validate('form', boardReviewForm, ({ error, values }, c) => refused(c, error, values)),
    async (c) => {
      const form = c.req.valid('form');
      const token = c.req.param('token');
      let done: service.BoardOutcome;
      try {
        done = await service.submitBoard(c.get('db'), mailerFor(c), token, form, { ip: requestMeta(c).ip, origin: new URL(c.req.url).origin });
      } catch (error) {
        const page = await refused(
          c,
          error,
          Object.fromEntries(Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
        );
        if (!page) throw error;
        return page;
      }
      rememberReviewer(c, BOARD_REVIEWER, { name: form.name, email: form.email ?? '' });
      return c.redirect(`/board/${token}?done=${done.approved}.${done.changes}.${done.comments}.${done.skipped}`, 303);
    },
  )
  .route('/', boardPinRoutes);

/** /api/projects/{projectId}/review-board: the project's board link (every member sees whether there is one; editors make and revoke it). */
export const projectBoardRoutes = new Hono<AppEnv>()
  .get('/:projectId/review-board', access({ project: 'viewer' }), async (c) =>
    c.json({ board: await service.boardOf(c.get('db'), required(c, 'membership').project.id) }),
  )
  .post('/:projectId/review-board', access({ project: 'editor' }), async (c) => {
    const created = await service.createBoard(c.get('db'), required(c, 'membership').project.id, required(c, 'user').id, new URL(c.req.url).origin);
    return c.json(created, 201);
  })
  .delete('/:projectId/review-board', access({ project: 'editor' }), async (c) => {
    await service.revokeBoard(c.get('db'), required(c, 'membership').project.id, required(c, 'user').id);
    return c.body(null, 204);
  });
