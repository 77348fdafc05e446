import type { I18n } from '@lingui/core';
import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import { I18nRoot } from '#client/lib/i18n-root.tsx';
import { AdPreviewPage, type PreviewFormState } from '#client/public/pages/ad-preview.tsx';
import type { Locale } from '#common/i18n/locales.ts';
import type { AppEnv } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';
import { formFailure } from '#worker/lib/forms.ts';
import { i18nFor } from '#worker/lib/i18n.ts';
import { mailerFor } from '#worker/lib/mailer.ts';
import { PREVIEW_REVIEWER, rememberReviewer, rememberedReviewer } from '#worker/lib/remembered-reviewer.ts';
import { requestMeta } from '#worker/lib/request-meta.ts';
import { applyHeaders } from '#worker/lib/response.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import { renderPage } from '#worker/ssr/render.ts';
import { previewReviewForm } from '#common/schemas/ads.ts';
import { previewPinForm, previewReplyForm } from '#common/schemas/ad-pins.ts';
import { translateEnglish } from '#common/i18n/translate-english.ts';
import * as service from '#worker/features/ads/preview/service.ts';

const previewQuery = z.object({ reviewed: z.optional(z.string()) });

/**
 * The form as posted, checked with the shared schema (common/schemas/ads.ts: the one the fuzz and
 * the workspace read); its English messages are said in the page's language by the validation
 * area (`formFailure`, decision 0032), as on every other form.
 */
const REVIEW_FORM = previewReviewForm;

/**
 * The preview page in its project's language (issue 28 §2), whoever opens it: its words, dates
 * and `<html lang>` (the meta's locale). `form` is made in that language too.
 */
async function renderPreview(
  c: Context<AppEnv>,
  previewId: string,
  form: (i18n: I18n) => PreviewFormState | Promise<PreviewFormState>,
  status: 200 | 400 | 403 | 413 | 415 | 422 | 429 = 200,
) {
  const { meta, headers, locale, ...page } = await service.previewPage(c.get('db'), previewId, new URL(c.req.url).origin, c.get('user'));
  applyHeaders(c, headers);
  const i18n = i18nFor(locale);
  const state = await form(i18n);
  return renderPage(
    c,
    meta,
    <I18nRoot i18n={i18n}>
      <AdPreviewPage {...page} reviewer={rememberedReviewer(c, PREVIEW_REVIEWER)} form={state} nonce={c.get('nonce')} />
    </I18nRoot>,
    status,
  );
}

/** A member's decision their role does not give (403): the form again, saying so. */
function forbidden(error: unknown) {
  return error instanceof AppError && error.code === 'forbidden' ? { status: 403 as const, errors: {}, message: error.message, headers: undefined } : undefined;
}

/** Why a review was refused, in the page's language (its field messages through the validation area). */
function refusal(i18n: I18n, error: unknown, failure: { status: number; errors: Record<string, string>; headers?: Record<string, string> | undefined }) {
  const code = error instanceof AppError ? error.code : undefined;
  if (code === 'validation_failed') return { errors: formFailure(error, i18n.locale as Locale)?.errors ?? {}, formError: i18n._('preview.error.fix') };
  // The approval chain's refusals (a member who is not an approver of the level, a project without approval) say why, translated.
  const chain = error instanceof AppError && service.isChainRefusal(error);
  if (chain) return { errors: {}, formError: translateEnglish(error.message, i18n) };
  if (code === 'forbidden') return { errors: {}, formError: i18n._('preview.error.viewerOnly') };
  if (code === 'conflict') {
    const archived = error instanceof AppError && error.message === service.ARCHIVED_MESSAGE;
    return { errors: {}, formError: i18n._(archived ? 'preview.error.archived' : 'preview.error.full') };
  }
  if (code === 'rate_limited') {
    const seconds = Number(failure.headers?.['Retry-After'] ?? 3600);
    return { errors: {}, formError: i18n._('preview.error.tooMany', { minutes: Math.max(1, Math.ceil(seconds / 60)) }) };
  }
  return { errors: {}, formError: i18n._('preview.error.unreadable') };
}

/** The refused review form again, with what the visitor typed and why it was refused (in the page's language). */
async function reviewRefused(c: Context<AppEnv>, error: unknown, values: Record<string, string | undefined>) {
  const failure = formFailure(error) ?? forbidden(error);
  const previewId = c.req.param().previewId ?? '';
  if (!failure || !service.isPreviewId(previewId)) return undefined;
  applyHeaders(c, failure.headers);
  const kept = { name: values.name ?? '', email: values.email ?? '', comment: values.comment ?? '' };
  return renderPreview(c, previewId, (i18n) => ({ values: kept, ...refusal(i18n, error, failure) }), failure.status);
}

/**
 * A refused pin, reply, resolve or reopen: the page again, saying why at the pins (what was typed
 * is not kept: the spot was the script's, and the page shows where to click again).
 */
async function pinRefused(c: Context<AppEnv>, error: unknown) {
  const failure = formFailure(error);
  const previewId = c.req.param().previewId ?? '';
  if (!failure || !service.isPreviewId(previewId)) return undefined;
  applyHeaders(c, failure.headers);
  return renderPreview(c, previewId, (i18n) => ({ pinError: refusal(i18n, error, failure).formError }), failure.status);
}

/**
 * Runs a write through the link and sends the reviewer where it says (303), or shows the page with
 * its refusal; a name typed is remembered for the page's other forms.
 */
async function pinWrite(c: Context<AppEnv>, write: () => Promise<string>, typedName?: string) {
  let target: string;
  try {
    target = await write();
  } catch (error) {
    const page = await pinRefused(c, error);
    if (!page) throw error;
    return page;
  }
  remember(c, typedName);
  return c.redirect(target, 303);
}

/** A visitor's name (and address, when given) kept on this device for the preview pages' forms. */
function remember(c: Context<AppEnv>, name: string | undefined, email?: string) {
  if (!name?.trim()) return;
  const remembered = rememberedReviewer(c, PREVIEW_REVIEWER);
  rememberReviewer(c, PREVIEW_REVIEWER, { name: name.trim(), email: email ?? remembered.email });
}

const linkRequest = (c: Context<AppEnv>) => ({ ip: requestMeta(c).ip, user: c.get('user') });

/** The preview id is checked before the body is read: anything that cannot be one is a 404 like an unknown one. */
const previewIdFirst = async (c: Context<AppEnv>, next: () => Promise<void>) => {
  service.previewIdOf(c.req.param('previewId') ?? '');
  await next();
};

/** The comments pinned through the link (decision 0052): plain form posts behind visible buttons, as the review form. */
const previewPinRoutes = new Hono<AppEnv>()
  .post(
    '/:previewId/pins',
    access('public'),
    previewIdFirst,
    validate('form', previewPinForm, ({ error }, c) => pinRefused(c, error)),
    async (c) => pinWrite(c, () => service.submitPin(c.get('db'), c.req.param('previewId'), c.req.valid('form'), linkRequest(c)), c.req.valid('form').name),
  )
  .post(
    '/:previewId/pins/:pinId/replies',
    access('public'),
    previewIdFirst,
    validate('form', previewReplyForm, ({ error }, c) => pinRefused(c, error)),
    async (c) =>
      pinWrite(
        c,
        () => service.submitPinReply(c.get('db'), c.req.param('previewId'), c.req.param('pinId'), c.req.valid('form'), linkRequest(c)),
        c.req.valid('form').name,
      ),
  )
  .post('/:previewId/pins/:pinId/resolve', access('public'), previewIdFirst, async (c) =>
    pinWrite(c, () => service.submitPinResolution(c.get('db'), c.req.param('previewId'), c.req.param('pinId'), true, linkRequest(c))),
  )
  .post('/:previewId/pins/:pinId/reopen', access('public'), previewIdFirst, async (c) =>
    pinWrite(c, () => service.submitPinResolution(c.get('db'), c.req.param('previewId'), c.req.param('pinId'), false, linkRequest(c))),
  );

/** The shareable ad preview at /preview (service.ts has its rules). */
export const previewRoutes = new Hono<AppEnv>()
  .get('/:previewId', access('public'), validate('query', previewQuery), async (c) => {
    const previewId = service.previewIdOf(c.req.param().previewId);
    const sent = service.sentDecision(c.req.valid('query').reviewed);
    return renderPreview(c, previewId, () => (sent ? { sent } : {}));
  })
  .get('/:previewId/image/:n', access('public'), async (c) => {
    const { previewId, n } = c.req.param();
    const file = await service.previewFile(c.get('db'), c.env.MEDIA, previewId, { picture: n });
    return new Response(file.body, { headers: file.headers });
  })
  .get('/:previewId/avatar', access('public'), async (c) => {
    const file = await service.previewFile(c.get('db'), c.env.MEDIA, c.req.param().previewId, 'avatar');
    return new Response(file.body, { headers: file.headers });
  })
  .post(
    '/:previewId/reviews',
    access('public'),
    async (c, next) => {
      service.previewIdOf(c.req.param().previewId ?? '');
      await next();
    },
    validate('form', REVIEW_FORM, ({ error, values }, c) => reviewRefused(c, error, values)),
    async (c) => {
      const input = c.req.valid('form');
      let target: string;
      try {
        target = await service.submitReview(c.get('db'), mailerFor(c), c.req.param().previewId, input, {
          ip: requestMeta(c).ip,
          origin: new URL(c.req.url).origin,
          user: c.get('user'),
        });
      } catch (error) {
        const page = await reviewRefused(c, error, { decision: input.decision, name: input.name, email: input.email, comment: input.comment });
        if (!page) throw error;
        return page;
      }
      remember(c, input.name, input.email ?? '');
      return c.redirect(target, 303);
    },
  )
  .route('/', previewPinRoutes);
