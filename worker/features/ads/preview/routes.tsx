import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import { previewReviewForm } from '#common/schemas/ads.ts';
import { AdPreviewPage, type PreviewFormState } from '#client/public/pages/ad-preview.tsx';
import type { AppEnv } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';
import { formFailure } from '#worker/lib/forms.ts';
import { mailerFor } from '#worker/lib/mailer.ts';
import { requestMeta } from '#worker/lib/request-meta.ts';
import { applyHeaders } from '#worker/lib/response.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import { renderPage } from '#worker/ssr/render.ts';
import * as service from '#worker/features/ads/preview/service.ts';

const previewQuery = z.object({ reviewed: z.optional(z.string()) });

async function renderPreview(c: Context<AppEnv>, previewId: string, form: PreviewFormState, status: 200 | 400 | 403 | 413 | 415 | 422 | 429 = 200) {
  const { meta, headers, ...page } = await service.previewPage(c.get('db'), previewId, new URL(c.req.url).origin, c.get('user'));
  applyHeaders(c, headers);
  return renderPage(c, meta, <AdPreviewPage {...page} form={form} />, status);
}

/** A member's decision their role does not give (403): the form again, saying so. */
function forbidden(error: unknown) {
  return error instanceof AppError && error.code === 'forbidden' ? { status: 403 as const, errors: {}, message: error.message, headers: undefined } : undefined;
}

/** The refused review form again, with what the visitor typed and why it was refused. */
async function reviewRefused(c: Context<AppEnv>, error: unknown, values: Record<string, string | undefined>) {
  const failure = formFailure(error) ?? forbidden(error);
  const previewId = c.req.param('previewId') ?? '';
  if (!failure || !service.isPreviewId(previewId)) return undefined;
  applyHeaders(c, failure.headers);
  const kept = { name: values.name ?? '', email: values.email ?? '', comment: values.comment ?? '' };
  return renderPreview(c, previewId, { values: kept, errors: failure.errors, formError: failure.message }, failure.status);
}

/** The shareable ad preview at /preview (service.ts has its rules). */
export const previewRoutes = new Hono<AppEnv>()
  .get('/:previewId', access('public'), validate('query', previewQuery), async (c) => {
    const previewId = service.previewIdOf(c.req.param('previewId'));
    const sent = service.sentDecision(c.req.valid('query').reviewed);
    return renderPreview(c, previewId, sent ? { sent } : {});
  })
  .get('/:previewId/image/:n', access('public'), async (c) => {
    const file = await service.previewFile(c.get('db'), c.env.MEDIA, c.req.param('previewId'), { picture: c.req.param('n') });
    return new Response(file.body, { headers: file.headers });
  })
  .get('/:previewId/avatar', access('public'), async (c) => {
    const file = await service.previewFile(c.get('db'), c.env.MEDIA, c.req.param('previewId'), 'avatar');
    return new Response(file.body, { headers: file.headers });
  })
  .post(
    '/:previewId/reviews',
    access('public'),
    async (c, next) => {
      service.previewIdOf(c.req.param('previewId') ?? '');
      await next();
    },
    validate('form', previewReviewForm, ({ error, values }, c) => reviewRefused(c, error, values)),
    async (c) => {
      const input = c.req.valid('form');
      let target: string;
      try {
        target = await service.submitReview(c.get('db'), mailerFor(c), c.req.param('previewId'), input, {
          ip: requestMeta(c).ip,
          origin: new URL(c.req.url).origin,
          user: c.get('user'),
        });
      } catch (error) {
        const page = await reviewRefused(c, error, { name: input.name, email: input.email, comment: input.comment });
        if (!page) throw error;
        return page;
      }
      return c.redirect(target, 303);
    },
  );
