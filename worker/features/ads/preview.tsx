import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import { REVIEW_DECISIONS, charCount } from '#common/ads.ts';
import { previewReviewForm } from '#common/schemas/ads.ts';
import { AdPreviewPage, type PreviewFormState } from '#client/public/pages/ad-preview.tsx';
import type { MockupAd } from '#client/public/pages/ad-mockups.tsx';
import type { AppEnv } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';
import { formFailure } from '#worker/lib/forms.ts';
import { mailerFor } from '#worker/lib/mailer.ts';
import { clientNetwork } from '#worker/lib/client-network.ts';
import { consume } from '#worker/lib/rate-limit.ts';
import { requestMeta } from '#worker/lib/request-meta.ts';
import { applyHeaders } from '#worker/lib/response.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import { renderPage } from '#worker/ssr/render.ts';
import { adForPreview, recordReview, reviewsOf } from '#worker/features/ads/service.ts';

/** Preview ids are ≥ 128 random bits in base64url; anything else is not looked up. */
const PREVIEW_ID = /^[A-Za-z0-9_-]{22,64}$/;
/** Reviews per visitor network (an IPv6 /64 is one) and hour: plenty for a customer, little for a script. */
const REVIEW_LIMIT = { limit: 20, windowMs: 60 * 60_000 };

const previewQuery = z.object({ reviewed: z.optional(z.string()) });

/** The preview id of the path; anything that cannot be one is a 404, like an unknown one. */
function previewIdOf(c: Context<AppEnv>): string {
  const id = c.req.param('previewId') ?? '';
  if (!PREVIEW_ID.test(id)) throw new AppError('not_found', 'This preview link does not exist or was revoked.');
  return id;
}

type Found = NonNullable<Awaited<ReturnType<typeof adForPreview>>>;

async function findPreview(c: Context<AppEnv>, previewId: string): Promise<Found> {
  const found = await adForPreview(c.get('db'), previewId);
  if (!found) throw new AppError('not_found', 'This preview link does not exist or was revoked.');
  return found;
}

/** The account name as Instagram would show it: lower case, letters, digits, dots and underscores. */
function handleOf(pageName: string): string {
  const handle = pageName
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9._]+/g, '')
    .slice(0, 30);
  return handle || 'yourbrand';
}

function mockupOf(found: Found, previewId: string): MockupAd {
  const { ad } = found;
  const pageName = ad.pageName || found.project.name;
  return {
    kind: ad.kind,
    pageName,
    handle: handleOf(pageName),
    avatarUrl: found.avatar ? `/preview/${previewId}/avatar` : null,
    primaryText: ad.primaryText,
    headline: ad.headline,
    description: ad.description,
    cta: ad.cta,
    destinationUrl: ad.destinationUrl,
    items: found.items.map((item, index) => ({
      url: `/preview/${previewId}/image/${index}`,
      width: item.width,
      height: item.height,
      alt: found.items.length > 1 ? `${ad.name}, picture ${index + 1} of ${found.items.length}` : ad.name,
    })),
  };
}

function summaryOf(found: Found): string {
  const text = found.ad.headline || found.ad.primaryText;
  if (!text) return `An ad of ${found.project.name}, shared for review.`;
  return charCount(text) > 160 ? `${Array.from(text).slice(0, 157).join('')}…` : text;
}

async function renderPreview(c: Context<AppEnv>, previewId: string, form: PreviewFormState, status: 200 | 400 | 413 | 415 | 422 | 429 = 200) {
  const found = await findPreview(c, previewId);
  const reviews = await reviewsOf(c.get('db'), found.ad.id);
  const origin = new URL(c.req.url).origin;
  const first = found.items[0];
  c.header('X-Robots-Tag', 'noindex, nofollow');
  return renderPage(
    c,
    {
      title: `${found.ad.name} — ad preview`,
      description: summaryOf(found),
      noindex: true,
      ...(first ? { image: { url: `${origin}/preview/${previewId}/image/0`, width: first.width, height: first.height, alt: found.ad.name } } : {}),
    },
    <AdPreviewPage
      previewId={previewId}
      name={found.ad.name}
      projectName={found.project.name}
      status={found.ad.status}
      revision={found.ad.revision}
      placements={found.ad.placements}
      ad={mockupOf(found, previewId)}
      // The public page never shows a reviewer's email.
      reviews={reviews.map(({ reviewerEmail: _hidden, ...review }) => review)}
      form={form}
    />,
    status,
  );
}

/** The refused review form again, with what the visitor typed and why it was refused. */
async function reviewRefused(c: Context<AppEnv>, error: unknown, values: Record<string, string | undefined>) {
  const failure = formFailure(error);
  const previewId = c.req.param('previewId') ?? '';
  if (!failure || !PREVIEW_ID.test(previewId)) return undefined;
  applyHeaders(c, failure.headers);
  const kept = { name: values.name ?? '', email: values.email ?? '', comment: values.comment ?? '' };
  return renderPreview(c, previewId, { values: kept, errors: failure.errors, formError: failure.message }, failure.status);
}

async function object(c: Context<AppEnv>, key: string, fallbackType: string) {
  const body = await c.env.MEDIA.get(key);
  if (!body) throw new AppError('not_found');
  return new Response(body.body, {
    headers: {
      'Content-Type': body.httpMetadata?.contentType ?? fallbackType,
      'Content-Length': String(body.size),
      // Short: a revoked link stops serving its pictures within minutes everywhere.
      'Cache-Control': 'public, max-age=300',
      ETag: body.httpEtag,
      'X-Robots-Tag': 'noindex',
    },
  });
}

/**
 * The shareable ad preview (PRODUCT.md §4.4): no login, the unguessable id is the key.
 * GETs only read (a link unfurler or a mail scanner changes nothing); a review is a POST
 * from the page's form behind a visible button, under the usual cross-site rule.
 */
export const previewRoutes = new Hono<AppEnv>()
  .get('/:previewId', access('public'), validate('query', previewQuery), async (c) => {
    const previewId = previewIdOf(c);
    const reviewed = c.req.valid('query').reviewed;
    const sent = REVIEW_DECISIONS.find((decision) => decision === reviewed);
    return renderPreview(c, previewId, sent ? { sent } : {});
  })
  .get('/:previewId/image/:n', access('public'), async (c) => {
    const previewId = previewIdOf(c);
    const n = c.req.param('n');
    if (!/^\d{1,2}$/.test(n)) throw new AppError('not_found');
    const found = await findPreview(c, previewId);
    const item = found.items[Number(n)];
    if (!item) throw new AppError('not_found');
    return object(c, item.r2Key, 'image/png');
  })
  .get('/:previewId/avatar', access('public'), async (c) => {
    const found = await findPreview(c, previewIdOf(c));
    if (!found.avatar) throw new AppError('not_found');
    return object(c, found.avatar.r2Key, found.avatar.contentType);
  })
  .post(
    '/:previewId/reviews',
    access('public'),
    async (c, next) => {
      previewIdOf(c);
      await next();
    },
    validate('form', previewReviewForm, ({ error, values }, c) => reviewRefused(c, error, values)),
    async (c) => {
      const previewId = previewIdOf(c);
      const input = c.req.valid('form');
      const found = await findPreview(c, previewId);
      const done = c.redirect(`/preview/${previewId}?reviewed=${input.decision}#reviews`, 303);
      // The honeypot was filled: a bot. It sees the usual answer and nothing is stored.
      if (input.website) return done;
      try {
        // An archived project is read-only for its members; its customers cannot move it either.
        if (found.project.archivedAt)
          throw new AppError('conflict', 'This ad’s project is archived, so reviews are closed. Ask the team that sent you the link.');
        await consume(c.get('db'), `preview-review:${clientNetwork(requestMeta(c).ip)}`, REVIEW_LIMIT);
        await recordReview(c.get('db'), mailerFor(c), found.ad, {
          decision: input.decision,
          comment: input.comment ?? '',
          reviewerName: input.name,
          reviewerEmail: input.email ? input.email : null,
          userId: null,
          revision: input.revision ? Number(input.revision) : found.ad.revision,
          origin: new URL(c.req.url).origin,
        });
      } catch (error) {
        const page = await reviewRefused(c, error, { name: input.name, email: input.email, comment: input.comment });
        if (!page) throw error;
        return page;
      }
      return done;
    },
  );
