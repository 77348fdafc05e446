import * as Sentry from '@sentry/cloudflare';
import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ErrorCode } from '#common/errors.ts';
import type { AppEnv } from '#worker/env.ts';
import { applyHeaders } from '#worker/lib/context.ts';
import { AppError, errorBody } from '#worker/lib/errors.ts';
import { isApiPath } from '#worker/lib/request-meta.ts';
import { crossSite, foundation } from '#worker/middleware/foundation.ts';
import { renderErrorPage } from '#worker/ssr/error-pages.tsx';
import { accountRoutes } from '#worker/features/account/routes.ts';
import { adminPayoutRoutes, affiliateRoutes } from '#worker/features/affiliate/routes.ts';
import { referralCapture } from '#worker/features/affiliate/service.ts';
import { aiRoutes } from '#worker/features/ai/routes.ts';
import { authRoutes } from '#worker/features/auth/routes.ts';
import { billingPages } from '#worker/features/billing/pages.tsx';
import { billingRoutes, stripeWebhookRoutes } from '#worker/features/billing/routes.ts';
import { contactRoutes } from '#worker/features/contact/routes.ts';
import { creationRoutes, creativeRoutes, projectCreativeRoutes } from '#worker/features/creatives/routes.ts';
import { playgroundRoutes } from '#worker/features/creatives/playground.ts';
import { creditRoutes } from '#worker/features/credits/routes.ts';
import { healthRoutes } from '#worker/features/health/routes.ts';
import { mediaRoutes, projectMediaRoutes } from '#worker/features/media/routes.ts';
import { monitoringRoutes } from '#worker/features/monitoring/routes.ts';
import { inviteRoutes, projectRoutes } from '#worker/features/projects/routes.ts';
import { assetRoutes } from '#worker/features/site/assets.ts';
import { instagramCallbackRoutes } from '#worker/features/site/instagram-callback.tsx';
import { siteRoutes } from '#worker/features/site/routes.tsx';
import { workspaceRoutes } from '#worker/features/workspace/routes.ts';

const HTTP_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'validation_failed',
  429: 'rate_limited',
};

function wantsHtml(c: Context<AppEnv>): boolean {
  return !isApiPath(c.req.path) && c.req.path !== '/monitoring';
}

/** Builds the app: middleware order, routes, and the one error mapping (ARCHITECTURE.md §3). */
export function createApp() {
  const app = new Hono<AppEnv>();
  app.use('*', foundation, crossSite, referralCapture);

  const routes = app
    .route('/api/health', healthRoutes)
    .route('/api/auth', authRoutes)
    .route('/api/me', accountRoutes)
    .route('/api/contact', contactRoutes)
    .route('/api/projects', projectRoutes)
    .route('/api/projects', projectMediaRoutes)
    .route('/api/projects', projectCreativeRoutes)
    .route('/api/invites', inviteRoutes)
    .route('/api/creatives', creativeRoutes)
    .route('/api/creations', creationRoutes)
    .route('/api/playground', playgroundRoutes)
    .route('/api/media', mediaRoutes)
    .route('/api/credits', creditRoutes)
    .route('/api/billing', billingRoutes)
    .route('/api/webhooks/stripe', stripeWebhookRoutes)
    .route('/api/affiliate', affiliateRoutes)
    .route('/api/admin/payouts', adminPayoutRoutes)
    .route('/api/ai', aiRoutes)
    .route('/billing', billingPages)
    .route('/monitoring', monitoringRoutes)
    .route('/callback/instagram', instagramCallbackRoutes)
    .route('/', siteRoutes)
    .route('/', workspaceRoutes)
    .route('/', assetRoutes);

  app.notFound((c) => {
    if (!wantsHtml(c)) return c.json(errorBody('not_found', c.get('requestId')), 404);
    return renderErrorPage(c, 404);
  });

  app.onError((error, c) => {
    let code: ErrorCode;
    let message: string | undefined;
    if (error instanceof AppError) {
      code = error.code;
      message = error.message;
      applyHeaders(c, error.headers);
    } else if (error instanceof HTTPException) {
      code = HTTP_CODES[error.status] ?? 'internal';
      message = code === 'internal' ? undefined : error.status === 400 ? 'The request could not be read.' : undefined;
      if (code === 'internal') Sentry.captureException(error, { tags: { request_id: c.get('requestId') } });
    } else {
      code = 'internal';
      Sentry.captureException(error, { tags: { request_id: c.get('requestId') } });
      // Logged with the reference the user sees; never sent to the client.
      console.error(`[${c.get('requestId')}] unexpected error`, error);
    }
    const body = errorBody(code, c.get('requestId') ?? 'unknown', message, error instanceof AppError ? error.details : undefined);
    const status = error instanceof AppError ? error.status : code === 'internal' ? 500 : (error as HTTPException).status;
    if (!wantsHtml(c)) return c.json(body, status as 400);
    return renderErrorPage(c, status);
  });

  return routes;
}

export type AppType = ReturnType<typeof createApp>;
