import { localeOf } from '#worker/lib/i18n.ts';
import * as Sentry from '@sentry/cloudflare';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '#worker/env.ts';
import { applyHeaders } from '#worker/lib/response.ts';
import { AppError, errorBody } from '#worker/lib/errors.ts';
import { isApiPath } from '#worker/lib/request-meta.ts';
import { signedInUser, type AccessResolvers } from '#worker/middleware/access.ts';
import { crossSite, foundation } from '#worker/middleware/foundation.ts';
import { renderErrorPage } from '#worker/ssr/error-pages.tsx';
import { accountRoutes } from '#worker/features/account/core/routes.ts';
import { accountExportRoutes } from '#worker/features/account/export/routes.ts';
import { adminAccountRoutes } from '#worker/features/admin/accounts/routes.ts';
import { adminSupportRoutes } from '#worker/features/admin/support/routes.ts';
import { adminPayoutRoutes, affiliateRoutes, referralCapture } from '#worker/features/affiliate/routes.ts';
import { adRoutes, projectAdRoutes } from '#worker/features/ads/core/routes.ts';
import { previewRoutes } from '#worker/features/ads/preview/routes.tsx';
import { adPinRoutes } from '#worker/features/ads/pins/routes.ts';
import { boardRoutes, projectBoardRoutes } from '#worker/features/ads/board/routes.tsx';
import { calendarRoutes, icalRoutes } from '#worker/features/ads/calendar/routes.ts';
import { adForMember } from '#worker/features/ads/core/service.ts';
import { aiRoutes } from '#worker/features/ai/routes.ts';
import { projectApiKeyRoutes } from '#worker/features/api/keys/routes.ts';
import { apiV1Routes } from '#worker/features/api/v1/routes.ts';
import { apiDocsRoutes } from '#worker/features/api/docs/routes.tsx';
import { projectWebhookRoutes } from '#worker/features/webhooks/routes.ts';
import { authRoutes } from '#worker/features/auth/core/routes.ts';
import { authenticate } from '#worker/features/auth/core/service.ts';
import { billingPages } from '#worker/features/billing/checkout/routes.tsx';
import { billingRoutes, stripeWebhookRoutes } from '#worker/features/billing/core/routes.ts';
import { contactRoutes } from '#worker/features/contact/routes.ts';
import { creationRoutes, creativeRoutes, projectCreativeRoutes } from '#worker/features/creatives/core/routes.ts';
import { creativeFormatRoutes } from '#worker/features/creatives/formats/routes.ts';
import { creationFileRoutes, creativeRenderRoutes } from '#worker/features/creatives/render/routes.ts';
import { creativeVariationRoutes } from '#worker/features/creatives/variations/routes.ts';
import { playgroundRoutes } from '#worker/features/creatives/playground/routes.ts';
import { projectFontRoutes } from '#worker/features/creatives/fonts/routes.ts';
import { projectBatchRoutes } from '#worker/features/creatives/batches/routes.ts';
import { creationForMember, creativeForMember } from '#worker/features/creatives/core/service.ts';
import { creditRoutes } from '#worker/features/credits/routes.ts';
import { dashboardRoutes } from '#worker/features/dashboard/routes.ts';
import { funnelAnalyticsRoutes } from '#worker/features/funnels/analytics/routes.ts';
import { funnelRoutes, projectFunnelRoutes } from '#worker/features/funnels/core/routes.ts';
import { funnelForMember } from '#worker/features/funnels/core/service.ts';
import { funnelDomains, funnelEdgeRoutes } from '#worker/features/funnels/edge/routes.tsx';
import { funnelLeadRoutes } from '#worker/features/funnels/leads/routes.ts';
import { funnelPageRoutes, pageRoutes } from '#worker/features/funnels/pages/routes.ts';
import { pageForMember } from '#worker/features/funnels/pages/service.ts';
import { healthRoutes } from '#worker/features/health/routes.ts';
import { instagramCallbackRoutes, instagramMetaRoutes, instagramPages, instagramProjectRoutes } from '#worker/features/instagram/connection/routes.ts';
import { adInsightRoutes, projectInsightRoutes } from '#worker/features/instagram/insights/routes.ts';
import { sandboxFeedPages } from '#worker/features/instagram/publish/routes.tsx';
import { mediaRoutes, projectMediaRoutes } from '#worker/features/media/routes.ts';
import { mediaForMember, signedMedia } from '#worker/features/media/service.ts';
import { monitoringRoutes } from '#worker/features/monitoring/routes.ts';
import { onboardingRoutes } from '#worker/features/onboarding/routes.ts';
import { projectPhotoRoutes } from '#worker/features/photos/routes.ts';
import { presentationPublicRoutes } from '#worker/features/presentations/public/routes.tsx';
import { presentationRoutes } from '#worker/features/presentations/workspace/routes.ts';
import { presentationTalkRoutes } from '#worker/features/presentations/talk/routes.ts';
import { brandReaderRoutes } from '#worker/features/projects/brand-reader/routes.ts';
import { inviteRoutes, projectRoutes } from '#worker/features/projects/core/routes.ts';
import { membershipOf } from '#worker/features/projects/scope/service.ts';
import { assetRoutes } from '#worker/features/site/assets/routes.ts';
import { siteRoutes } from '#worker/features/site/pages/routes.tsx';
import { seoRoutes } from '#worker/features/site/seo/routes.ts';
import { languageRoutes } from '#worker/features/site/language/routes.ts';
import { systemRoutes } from '#worker/features/system/check/routes.ts';
import { workspaceNotFound, workspaceRoutes } from '#worker/features/workspace/routes.ts';

/** The lookups the access rules use, each from the feature that owns the data (ARCHITECTURE.md §6). */
const ACCESS: AccessResolvers = {
  session: (db, token) => authenticate(db, token),
  project: membershipOf,
  media: mediaForMember,
  creative: creativeForMember,
  creation: creationForMember,
  ad: adForMember,
  funnel: funnelForMember,
  page: pageForMember,
  signedMedia,
};

function wantsHtml(c: Context<AppEnv>): boolean {
  return !isApiPath(c.req.path) && c.req.path !== '/monitoring';
}

/** Builds the app: middleware order, routes, and the one error mapping (ARCHITECTURE.md §3). */
export function createApp() {
  const app = new Hono<AppEnv>();
  app.use('*', foundation(ACCESS), crossSite, referralCapture);
  // A funnel's custom domain serves that funnel's pages (and nothing of the app but its static files and signed media).
  app.use('*', funnelDomains);

  const routes = app
    .route('/api/health', healthRoutes)
    .route('/api/auth', authRoutes)
    .route('/api/me', accountRoutes)
    .route('/api/me', accountExportRoutes)
    .route('/api/contact', contactRoutes)
    .route('/api/projects', projectRoutes)
    .route('/api/onboarding', onboardingRoutes)
    .route('/api/projects', projectMediaRoutes)
    .route('/api/projects', projectPhotoRoutes)
    .route('/api/projects', brandReaderRoutes)
    .route('/api/projects', projectCreativeRoutes)
    .route('/api/projects', projectFontRoutes)
    .route('/api/projects', projectBatchRoutes)
    .route('/api/projects', projectAdRoutes)
    .route('/api/projects', projectBoardRoutes)
    .route('/api/projects', instagramProjectRoutes)
    .route('/api/projects', projectInsightRoutes)
    .route('/api/projects', projectFunnelRoutes)
    .route('/api/projects', projectApiKeyRoutes)
    .route('/api/projects', projectWebhookRoutes)
    .route('/api/invites', inviteRoutes)
    .route('/api/creatives', creativeRoutes)
    .route('/api/creatives', creativeRenderRoutes)
    .route('/api/creatives', creativeVariationRoutes)
    .route('/api/creatives', creativeFormatRoutes)
    .route('/api/creations', creationRoutes)
    .route('/api/creations', creationFileRoutes)
    .route('/api/ads', adRoutes)
    .route('/api/ads', adPinRoutes)
    .route('/api/calendar', calendarRoutes)
    .route('/api/ads', adInsightRoutes)
    .route('/api/funnels', funnelRoutes)
    .route('/api/funnels', funnelPageRoutes)
    .route('/api/funnels', funnelLeadRoutes)
    .route('/api/funnels', funnelAnalyticsRoutes)
    .route('/api/pages', pageRoutes)
    .route('/api/playground', playgroundRoutes)
    .route('/api/media', mediaRoutes)
    .route('/api/credits', creditRoutes)
    .route('/api/dashboard', dashboardRoutes)
    .route('/api/billing', billingRoutes)
    .route('/api/webhooks/stripe', stripeWebhookRoutes)
    .route('/api/v1', apiV1Routes)
    .route('/api/affiliate', affiliateRoutes)
    .route('/api/admin/payouts', adminPayoutRoutes)
    .route('/api/admin', adminAccountRoutes)
    .route('/api/admin', adminSupportRoutes)
    .route('/api/admin/system', systemRoutes)
    .route('/api/ai', aiRoutes)
    .route('/billing', billingPages)
    .route('/monitoring', monitoringRoutes)
    .route('/preview', previewRoutes)
    .route('/board', boardRoutes)
    .route('/api/presentations', presentationRoutes)
    .route('/api/presentations', presentationTalkRoutes)
    .route('/presents', presentationPublicRoutes)
    .route('/p', funnelEdgeRoutes)
    .route('/callback/instagram', instagramCallbackRoutes)
    .route('/api/instagram', instagramMetaRoutes)
    .route('/instagram', instagramPages)
    .route('/instagram', sandboxFeedPages)
    .route('/ical', icalRoutes)
    .route('/', siteRoutes)
    .route('/', apiDocsRoutes)
    .route('/language', languageRoutes)
    .route('/', seoRoutes)
    .route('/', workspaceRoutes)
    .route('/', assetRoutes);

  app.notFound(async (c) => {
    if (!wantsHtml(c)) return c.json(errorBody('not_found', c.get('requestId'), undefined, undefined, localeOf(c)), 404);
    // A signed-in user stays in the workspace: its shell shows the not-found (issue 27).
    if (c.req.method === 'GET' && (await signedInUser(c))) return workspaceNotFound(c);
    return renderErrorPage(c, 404);
  });

  app.onError((thrown, c) => {
    const requestId = c.get('requestId') ?? 'unknown';
    const { error, expected } = AppError.from(thrown);
    if (!expected) {
      Sentry.captureException(thrown, { tags: { request_id: requestId } });
      // Logged with the reference the user sees; never sent to the client.
      console.error(`[${requestId}] unexpected error`, thrown);
    }
    applyHeaders(c, error.headers);
    if (!wantsHtml(c)) return c.json(errorBody(error.code, requestId, error.message, error.details, localeOf(c)), error.status);
    return renderErrorPage(c, error.status);
  });

  return routes;
}

export type AppType = ReturnType<typeof createApp>;
