import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { READY_WARNINGS } from '#common/test/ready-page.ts';
import { getDb } from '#worker/db/client.ts';
import { adItems, ads, brandFonts, creations, leads, users as usersTable } from '#worker/db/schema.ts';
import { createApp } from '#worker/app.ts';
import { createFunnel, createFunnelPage, createProject, createUser, publishFunnelPage, uploadMedia, type TestUser } from '#worker/test/factories.ts';
import { png } from '#worker/test/files.ts';
import { realFont } from '#worker/test/fonts.ts';
import { send } from '#worker/test/http.ts';
import { coverageGaps } from '#worker/test/routes.ts';

/**
 * The authorization matrix (ARCHITECTURE.md §6, PRODUCT.md §1): every registered route ×
 * every role, with the status each must get. A route that is registered but missing
 * here, or that declares no access rule, fails the test. Later features extend it.
 * Project roles are about one project: `nonMember` and `admin` are not in it.
 */
const ROLES = ['anonymous', 'nonMember', 'viewer', 'editor', 'owner', 'admin'] as const;
type Role = (typeof ROLES)[number];
type Statuses = Record<Role, number>;

interface Fixture {
  projectId: string;
  mediaId: string;
  inviteId: string;
  editorId: string;
  creativeId: string;
  revisionId: string;
  creationId: string;
  adId: string;
  funnelId: string;
  funnelName: string;
  pageId: string;
  versionId: string;
  leadId: string;
  presentationId: string;
  presentationSlug: string;
  fontId: string;
}

interface Expectation {
  /** A concrete path; `{projectId}`, `{mediaId}`, `{inviteId}`, `{editorId}`, `{creativeId}`, `{revisionId}`, `{creationId}`, `{adId}`, `{funnelId}`, `{funnelName}`, `{pageId}`, `{versionId}`, `{leadId}` come from the fixture. */
  sample?: string;
  json?: unknown;
  form?: Record<string, string>;
  body?: () => Uint8Array<ArrayBuffer> | Promise<Uint8Array<ArrayBuffer>>;
  /**
   * Changes what it touches (deletes, uploads, sessions): a role it lets through (status
   * below 400) gets a fixture of its own; a refused role uses the shared one, untouched.
   */
  fresh?: boolean;
  status: Statuses;
}

const all = (status: number): Statuses => ({ anonymous: status, nonMember: status, viewer: status, editor: status, owner: status, admin: status });
const signedIn = (status: number): Statuses => ({ ...all(status), anonymous: 401 });
const page: Statuses = { ...all(200), anonymous: 302 };
const adminPage: Statuses = { ...all(404), anonymous: 302, admin: 200 };
const missing: Statuses = { ...all(404), anonymous: 302 };
/** A project resource: anonymous 401, outsiders (admins included) 404, members by role. */
const project = (viewer: number, editor: number, owner: number): Statuses => ({ anonymous: 401, nonMember: 404, admin: 404, viewer, editor, owner });
const projectPage: Statuses = { anonymous: 302, nonMember: 404, admin: 404, viewer: 200, editor: 200, owner: 200 };
const NO_SUCH_ID = 'AAAAAAAAAAAAAAAAAAAAAA';
const smallPng = () => png(8, 8, Math.floor(Math.random() * 1e9));

const MATRIX: Record<string, Expectation> = {
  'GET /api/health': { status: all(200) },
  'POST /api/auth/signup': { json: {}, status: all(422) },
  'POST /api/auth/login': { json: {}, status: all(422) },
  'POST /api/auth/logout': { fresh: true, status: all(204) },
  'POST /api/auth/password-reset': { json: {}, status: all(422) },
  'POST /api/auth/password-reset/confirm': { json: {}, status: all(422) },
  'GET /api/me': { status: signedIn(200) },
  'PATCH /api/me': { json: {}, status: signedIn(422) },
  'POST /api/me/password': { json: {}, status: signedIn(422) },
  'GET /api/me/sessions': { status: signedIn(200) },
  'DELETE /api/me/sessions': { status: signedIn(204) },
  'DELETE /api/me/sessions/:id': { sample: `/api/me/sessions/${NO_SUCH_ID}`, status: signedIn(404) },
  // Account export and deletion (decision 0023): the signed-in user's own data only; an empty body is refused before the password is checked.
  // The export: a POST counts one of three an hour and answers a one-use link bound to the session; a link that is not one is refused (422 malformed, 404 unknown).
  'POST /api/me/export': { status: signedIn(201) },
  'GET /api/me/export/:ticket': { sample: '/api/me/export/not-a-ticket', status: signedIn(422) },
  'POST /api/me/deletion': { json: {}, status: signedIn(422) },
  'GET /api/credits': { status: signedIn(200) },
  'GET /api/dashboard': { status: signedIn(200) },
  'GET /api/credits/ledger': { status: signedIn(200) },
  'GET /api/billing': { status: signedIn(200) },
  'POST /api/billing/checkout': { json: {}, status: signedIn(422) },
  // Nobody in the fixture has a paid plan: nothing to cancel, resume or manage.
  'POST /api/billing/cancel': { status: signedIn(409) },
  'POST /api/billing/resume': { status: signedIn(409) },
  'POST /api/billing/portal': { status: signedIn(409) },
  // No webhook secret is configured in tests: the endpoint does not exist.
  'POST /api/webhooks/stripe': { json: {}, status: all(404) },
  'GET /api/affiliate': { status: signedIn(200) },
  'POST /api/affiliate/payouts': { status: signedIn(422) },
  'GET /api/admin/payouts': { status: { ...signedIn(404), admin: 200 } },
  'POST /api/admin/payouts/:id/approve': { sample: `/api/admin/payouts/${NO_SUCH_ID}/approve`, json: {}, status: { ...signedIn(404) } },
  'POST /api/admin/payouts/:id/reject': { sample: `/api/admin/payouts/${NO_SUCH_ID}/reject`, json: {}, status: { ...signedIn(404) } },
  // The admin area: admins only, everyone else (members of the project included) 404.
  'GET /api/admin/users': { status: { ...signedIn(404), admin: 200 } },
  'GET /api/admin/users/:id': { sample: '/api/admin/users/{editorId}', status: { ...signedIn(404), admin: 200 } },
  // Empty bodies: refused after the access check, nothing changed.
  'POST /api/admin/users/:id/plan': { sample: '/api/admin/users/{editorId}/plan', json: {}, status: { ...signedIn(404), admin: 422 } },
  'POST /api/admin/users/:id/role': { sample: '/api/admin/users/{editorId}/role', json: {}, status: { ...signedIn(404), admin: 422 } },
  'POST /api/admin/users/:id/credits': { sample: '/api/admin/users/{editorId}/credits', json: {}, status: { ...signedIn(404), admin: 422 } },
  'POST /api/admin/users/:id/disable': { sample: `/api/admin/users/${NO_SUCH_ID}/disable`, status: signedIn(404) },
  // The editor is not disabled: enabling changes nothing.
  'POST /api/admin/users/:id/enable': { sample: '/api/admin/users/{editorId}/enable', status: { ...signedIn(404), admin: 200 } },
  'GET /api/admin/contact-messages': { status: { ...signedIn(404), admin: 200 } },
  'POST /api/admin/contact-messages/:id/handled': { sample: `/api/admin/contact-messages/${NO_SUCH_ID}/handled`, status: signedIn(404) },
  'GET /api/admin/audit': { status: { ...signedIn(404), admin: 200 } },
  'GET /api/admin/figures': { status: { ...signedIn(404), admin: 200 } },
  'GET /api/admin/projects/:projectId': { sample: '/api/admin/projects/{projectId}', status: { ...signedIn(404), admin: 200 } },
  // The system check (/test): admins only, 404 for everyone else.
  'GET /api/admin/system': { status: { ...signedIn(404), admin: 200 } },
  'POST /api/ai/copy-suggestions': { json: {}, status: signedIn(422) },
  'POST /billing/checkout': { form: { kind: 'pack', id: 'no-such-pack' }, status: { ...all(422), anonymous: 303 } },
  'GET /billing/sandbox/:paymentId': { sample: `/billing/sandbox/${NO_SUCH_ID}`, status: { ...all(404), anonymous: 302 } },
  'POST /billing/sandbox/:paymentId/complete': { sample: `/billing/sandbox/${NO_SUCH_ID}/complete`, form: {}, status: { ...all(404), anonymous: 302 } },
  'POST /billing/sandbox/:paymentId/cancel': { sample: `/billing/sandbox/${NO_SUCH_ID}/cancel`, form: {}, status: { ...all(404), anonymous: 302 } },
  'POST /api/contact': { json: {}, status: all(422) },
  'GET /api/projects': { status: signedIn(200) },
  'POST /api/projects': { json: {}, status: signedIn(422) },
  // Any signed-in user may start a sample project (the plan's limit is proven in onboarding.test.ts).
  'POST /api/onboarding/sample-project': { status: signedIn(201) },
  'GET /api/projects/:projectId': { sample: '/api/projects/{projectId}', status: project(200, 200, 200) },
  'PATCH /api/projects/:projectId': { sample: '/api/projects/{projectId}', json: {}, status: project(403, 200, 200) },
  'DELETE /api/projects/:projectId': { sample: '/api/projects/{projectId}', fresh: true, status: project(403, 403, 204) },
  'GET /api/projects/:projectId/members': { sample: '/api/projects/{projectId}/members', status: project(200, 200, 200) },
  'POST /api/projects/:projectId/members': { sample: '/api/projects/{projectId}/members', json: {}, status: project(403, 403, 422) },
  'PATCH /api/projects/:projectId/members/:userId': { sample: '/api/projects/{projectId}/members/{editorId}', json: {}, status: project(403, 403, 422) },
  // Removing the editor: the owner may; the editor leaving is allowed too; a viewer may not.
  'DELETE /api/projects/:projectId/members/:userId': { sample: '/api/projects/{projectId}/members/{editorId}', fresh: true, status: project(403, 204, 204) },
  'DELETE /api/projects/:projectId/invites/:inviteId': { sample: '/api/projects/{projectId}/invites/{inviteId}', fresh: true, status: project(403, 403, 204) },
  'GET /api/projects/:projectId/media': { sample: '/api/projects/{projectId}/media', status: project(200, 200, 200) },
  'GET /api/projects/:projectId/media/tags': { sample: '/api/projects/{projectId}/media/tags', status: project(200, 200, 200) },
  'POST /api/projects/:projectId/media': {
    sample: '/api/projects/{projectId}/media?filename=x.png',
    body: smallPng,
    fresh: true,
    status: project(403, 201, 201),
  },
  // The photo source: editors only (a search spends the provider's quota; a pick adds to the library). The tests run without keys: the bundled set.
  'GET /api/projects/:projectId/photos': { sample: '/api/projects/{projectId}/photos?q=coffee', status: project(403, 200, 200) },
  // An empty body: refused after access, before any provider is asked (imports: features/photos/photos.test.ts).
  'POST /api/projects/:projectId/photos/import': { sample: '/api/projects/{projectId}/photos/import', json: {}, status: project(403, 422, 422) },
  'GET /api/projects/:projectId/fonts': { sample: '/api/projects/{projectId}/fonts', status: project(200, 200, 200) },
  'POST /api/projects/:projectId/fonts': {
    sample: '/api/projects/{projectId}/fonts?filename=brand.ttf',
    body: () => realFont(Math.floor(Math.random() * 2 ** 32)),
    fresh: true,
    status: project(403, 201, 201),
  },
  'GET /api/projects/:projectId/fonts/:fontId/file': { sample: '/api/projects/{projectId}/fonts/{fontId}/file', status: project(200, 200, 200) },
  'DELETE /api/projects/:projectId/fonts/:fontId': { sample: '/api/projects/{projectId}/fonts/{fontId}', fresh: true, status: project(403, 204, 204) },
  'GET /api/projects/:projectId/batches': { sample: '/api/projects/{projectId}/batches', status: project(200, 200, 200) },
  'POST /api/projects/:projectId/batches': { sample: '/api/projects/{projectId}/batches', json: {}, status: project(403, 422, 422) },
  'GET /api/projects/:projectId/batches/:batchId': { sample: `/api/projects/{projectId}/batches/${NO_SUCH_ID}`, status: project(404, 404, 404) },
  'POST /api/projects/:projectId/batches/:batchId/cancel': { sample: `/api/projects/{projectId}/batches/${NO_SUCH_ID}/cancel`, status: project(403, 404, 404) },
  'POST /api/projects/:projectId/batches/:batchId/retry': { sample: `/api/projects/{projectId}/batches/${NO_SUCH_ID}/retry`, status: project(403, 404, 404) },
  'GET /api/projects/:projectId/batches/:batchId/zip': { sample: `/api/projects/{projectId}/batches/${NO_SUCH_ID}/zip`, status: project(404, 404, 404) },
  // API keys (issue 31): the project's owner only; an empty body refused after the access check; an unknown key 404.
  'GET /api/projects/:projectId/api-keys': { sample: '/api/projects/{projectId}/api-keys', status: project(403, 403, 200) },
  'POST /api/projects/:projectId/api-keys': { sample: '/api/projects/{projectId}/api-keys', json: {}, status: project(403, 403, 422) },
  'DELETE /api/projects/:projectId/api-keys/:keyId': { sample: `/api/projects/{projectId}/api-keys/${NO_SUCH_ID}`, status: project(403, 403, 404) },
  // Webhooks (issue 31): the project's owner only; an empty body refused after the access check; an unknown endpoint 404.
  'GET /api/projects/:projectId/webhooks': { sample: '/api/projects/{projectId}/webhooks', status: project(403, 403, 200) },
  'POST /api/projects/:projectId/webhooks': { sample: '/api/projects/{projectId}/webhooks', json: {}, status: project(403, 403, 422) },
  'PATCH /api/projects/:projectId/webhooks/:endpointId': {
    sample: `/api/projects/{projectId}/webhooks/${NO_SUCH_ID}`,
    json: {},
    status: project(403, 403, 404),
  },
  'DELETE /api/projects/:projectId/webhooks/:endpointId': { sample: `/api/projects/{projectId}/webhooks/${NO_SUCH_ID}`, status: project(403, 403, 404) },
  'POST /api/projects/:projectId/webhooks/:endpointId/rotate': {
    sample: `/api/projects/{projectId}/webhooks/${NO_SUCH_ID}/rotate`,
    status: project(403, 403, 404),
  },
  'POST /api/projects/:projectId/webhooks/:endpointId/test': {
    sample: `/api/projects/{projectId}/webhooks/${NO_SUCH_ID}/test`,
    status: project(403, 403, 404),
  },
  'GET /api/projects/:projectId/webhooks/:endpointId/deliveries': {
    sample: `/api/projects/{projectId}/webhooks/${NO_SUCH_ID}/deliveries`,
    status: project(403, 403, 404),
  },
  'POST /api/projects/:projectId/webhooks/:endpointId/deliveries/:deliveryId/resend': {
    sample: `/api/projects/{projectId}/webhooks/${NO_SUCH_ID}/deliveries/${NO_SUCH_ID}/resend`,
    status: project(403, 403, 404),
  },
  // The public API (issue 31): a bearer API key or nothing; the session cookie counts for no one (features/api/v1/v1.test.ts).
  'GET /api/v1/openapi.json': { status: all(200) },
  'GET /api/v1/creatives': { status: all(401) },
  'GET /api/v1/creatives/:id': { sample: '/api/v1/creatives/{creativeId}', status: all(401) },
  'GET /api/v1/creations/:id': { sample: '/api/v1/creations/{creationId}', status: all(401) },
  'GET /api/v1/templates': { status: all(401) },
  'POST /api/v1/renders': { json: {}, status: all(401) },
  'POST /api/v1/batches': { json: {}, status: all(401) },
  'GET /api/v1/batches/:id': { sample: `/api/v1/batches/${NO_SUCH_ID}`, status: all(401) },
  // An empty body: refused after access, before anything is fetched (reading sites: features/projects/brand-reader/brand-reader.test.ts).
  'POST /api/projects/:projectId/brand-kit/read': { sample: '/api/projects/{projectId}/brand-kit/read', json: {}, status: project(403, 422, 422) },
  'POST /api/projects/:projectId/media/delete': {
    sample: '/api/projects/{projectId}/media/delete',
    json: { ids: ['{mediaId}'] },
    fresh: true,
    status: project(403, 200, 200),
  },
  'GET /api/invites/:token': { sample: `/api/invites/${NO_SUCH_ID}${NO_SUCH_ID}`, status: signedIn(404) },
  'GET /api/invites/:token/public': { sample: `/api/invites/${NO_SUCH_ID}${NO_SUCH_ID}/public`, status: all(404) },
  'POST /api/invites/:token/accept': { sample: `/api/invites/${NO_SUCH_ID}${NO_SUCH_ID}/accept`, status: signedIn(404) },
  'GET /api/media/:id': { sample: '/api/media/{mediaId}', status: project(200, 200, 200) },
  'PATCH /api/media/:id': { sample: '/api/media/{mediaId}', json: {}, status: project(403, 200, 200) },
  'DELETE /api/media/:id': { sample: '/api/media/{mediaId}', fresh: true, status: project(403, 204, 204) },
  'GET /api/media/:id/file': { sample: '/api/media/{mediaId}/file', status: project(200, 200, 200) },
  'PUT /api/media/:id/thumbnail': { sample: '/api/media/{mediaId}/thumbnail', body: smallPng, status: project(403, 200, 200) },
  'GET /api/media/:id/thumbnail': { sample: '/api/media/{mediaId}/thumbnail', status: project(200, 200, 200) },
  'GET /api/projects/:projectId/creatives': { sample: '/api/projects/{projectId}/creatives', status: project(200, 200, 200) },
  'POST /api/projects/:projectId/creatives': {
    sample: '/api/projects/{projectId}/creatives',
    json: { template: 'bold-headline', format: 'square' },
    fresh: true,
    status: project(403, 201, 201),
  },
  'GET /api/creatives': { status: signedIn(200) },
  'GET /api/creatives/:id': { sample: '/api/creatives/{creativeId}', status: project(200, 200, 200) },
  'PATCH /api/creatives/:id': { sample: '/api/creatives/{creativeId}', json: {}, status: project(403, 200, 200) },
  'DELETE /api/creatives/:id': { sample: '/api/creatives/{creativeId}', fresh: true, status: project(403, 204, 204) },
  'GET /api/creatives/:id/revisions': { sample: '/api/creatives/{creativeId}/revisions', status: project(200, 200, 200) },
  // Restoring the current revision: allowed, and a no-op.
  'POST /api/creatives/:id/revisions/:revisionId/restore': {
    sample: '/api/creatives/{creativeId}/revisions/{revisionId}/restore',
    status: project(403, 200, 200),
  },
  // The fixture's revision already has its creation: an allowed render answers with it, free (nothing is drawn here).
  'POST /api/creatives/:id/render': { sample: '/api/creatives/{creativeId}/render', status: project(403, 200, 200) },
  'POST /api/creatives/:id/variations': { sample: '/api/creatives/{creativeId}/variations', json: { count: 0 }, status: project(403, 422, 422) },
  'GET /api/creatives/:id/formats': { sample: '/api/creatives/{creativeId}/formats', status: project(200, 200, 200) },
  'POST /api/creatives/:id/resize': { sample: '/api/creatives/{creativeId}/resize', json: { formats: [] }, status: project(403, 422, 422) },
  'POST /api/creatives/:id/render-all': { sample: '/api/creatives/{creativeId}/render-all', json: { formats: [] }, status: project(403, 422, 422) },
  // The fixture's creation (and its file) is the group's one PNG.
  'GET /api/creatives/:id/formats/zip': { sample: '/api/creatives/{creativeId}/formats/zip', status: project(200, 200, 200) },
  'GET /api/creations': { status: signedIn(200) },
  'GET /api/creations/:id': { sample: '/api/creations/{creationId}', status: project(200, 200, 200) },
  'DELETE /api/creations/:id': { sample: '/api/creations/{creationId}', fresh: true, status: project(403, 204, 204) },
  'GET /api/creations/:id/file': { sample: '/api/creations/{creationId}/file', status: project(200, 200, 200) },
  // Without a thumbnail of its own (a plain render), the PNG itself.
  'GET /api/creations/:id/thumbnail': { sample: '/api/creations/{creationId}/thumbnail', status: project(200, 200, 200) },
  // Signed links (what Meta fetches): a wrong signature is refused for everyone, signed in or not.
  'GET /api/creations/:id/signed': {
    sample: '/api/creations/{creationId}/signed?expires=9999999999&sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    status: all(404),
  },
  'GET /api/projects/:projectId/ads': { sample: '/api/projects/{projectId}/ads', status: project(200, 200, 200) },
  // The approval chain (decision 0050): every member reads it, only the owner sets it (an empty body: 422).
  'GET /api/projects/:projectId/approval-chain': { sample: '/api/projects/{projectId}/approval-chain', status: project(200, 200, 200) },
  'PUT /api/projects/:projectId/approval-chain': { sample: '/api/projects/{projectId}/approval-chain', json: {}, status: project(403, 403, 422) },
  // The review board's link (decision 0053): every member sees whether there is one; editors make and revoke it.
  'GET /api/projects/:projectId/review-board': { sample: '/api/projects/{projectId}/review-board', status: project(200, 200, 200) },
  'POST /api/projects/:projectId/review-board': { sample: '/api/projects/{projectId}/review-board', fresh: true, status: project(403, 201, 201) },
  'DELETE /api/projects/:projectId/review-board': { sample: '/api/projects/{projectId}/review-board', status: project(403, 204, 204) },
  'POST /api/projects/:projectId/ads': {
    sample: '/api/projects/{projectId}/ads',
    json: { creationIds: ['{creationId}'] },
    fresh: true,
    status: project(403, 201, 201),
  },
  'GET /api/ads/:id': { sample: '/api/ads/{adId}', status: project(200, 200, 200) },
  'PATCH /api/ads/:id': { sample: '/api/ads/{adId}', json: {}, status: project(403, 200, 200) },
  'DELETE /api/ads/:id': { sample: '/api/ads/{adId}', fresh: true, status: project(403, 204, 204) },
  'POST /api/ads/:id/submit': { sample: '/api/ads/{adId}/submit', fresh: true, status: project(403, 200, 200) },
  'POST /api/ads/:id/preview-link': { sample: '/api/ads/{adId}/preview-link', fresh: true, status: project(403, 200, 200) },
  'DELETE /api/ads/:id/preview-link': { sample: '/api/ads/{adId}/preview-link', status: project(403, 204, 204) },
  'GET /api/ads/:id/reviews': { sample: '/api/ads/{adId}/reviews', status: project(200, 200, 200) },
  // Every member may review (a viewer only comments: their approval is the service's 403, ads/core/reviews.test.ts);
  // a comment without words is refused after the access check, nothing stored.
  'POST /api/ads/:id/reviews': { sample: '/api/ads/{adId}/reviews', json: { decision: 'comment' }, status: project(422, 422, 422) },
  // Pinned comments (decision 0052): every member reads, pins, replies and resolves; an empty pin is
  // refused after the access check, an unknown pin is 404 to members too.
  'GET /api/ads/:id/pins': { sample: '/api/ads/{adId}/pins', status: project(200, 200, 200) },
  'POST /api/ads/:id/pins': { sample: '/api/ads/{adId}/pins', json: {}, status: project(422, 422, 422) },
  'POST /api/ads/:id/pins/:pinId/replies': { sample: `/api/ads/{adId}/pins/${NO_SUCH_ID}/replies`, json: { body: 'Hi' }, status: project(404, 404, 404) },
  'POST /api/ads/:id/pins/:pinId/resolve': { sample: `/api/ads/{adId}/pins/${NO_SUCH_ID}/resolve`, status: project(404, 404, 404) },
  'DELETE /api/ads/:id/pins/:pinId/resolve': { sample: `/api/ads/{adId}/pins/${NO_SUCH_ID}/resolve`, status: project(404, 404, 404) },
  // The fixture's ad is a draft: not approved, nothing scheduled.
  'POST /api/ads/:id/publish': { sample: '/api/ads/{adId}/publish', json: {}, status: project(403, 409, 409) },
  'DELETE /api/ads/:id/publish': { sample: '/api/ads/{adId}/publish', status: project(403, 409, 409) },
  'GET /api/funnels': { status: signedIn(200) },
  'GET /api/funnels/by-name/:name': { sample: '/api/funnels/by-name/{funnelName}', status: project(200, 200, 200) },
  // An empty body: refused after the access check, nothing created.
  'POST /api/projects/:projectId/funnels': { sample: '/api/projects/{projectId}/funnels', json: {}, status: project(403, 422, 422) },
  'GET /api/funnels/:id': { sample: '/api/funnels/{funnelId}', status: project(200, 200, 200) },
  'PATCH /api/funnels/:id': { sample: '/api/funnels/{funnelId}', json: {}, status: project(403, 200, 200) },
  'DELETE /api/funnels/:id': { sample: '/api/funnels/{funnelId}', fresh: true, status: project(403, 204, 204) },
  'PUT /api/funnels/:id/page-order': { sample: '/api/funnels/{funnelId}/page-order', json: { pageIds: ['{pageId}'] }, status: project(403, 200, 200) },
  'POST /api/funnels/:id/pages': { sample: '/api/funnels/{funnelId}/pages', json: {}, status: project(403, 422, 422) },
  'GET /api/funnels/:id/leads': { sample: '/api/funnels/{funnelId}/leads', status: project(200, 200, 200) },
  'GET /api/funnels/:id/leads.csv': { sample: '/api/funnels/{funnelId}/leads.csv', status: project(200, 200, 200) },
  'DELETE /api/funnels/:id/leads/:leadId': { sample: '/api/funnels/{funnelId}/leads/{leadId}', fresh: true, status: project(403, 204, 204) },
  'GET /api/funnels/:id/analytics': { sample: '/api/funnels/{funnelId}/analytics?days=30', status: project(200, 200, 200) },
  'GET /api/pages': { status: signedIn(200) },
  'GET /api/pages/:id': { sample: '/api/pages/{pageId}', status: project(200, 200, 200) },
  // Without the revision it was loaded at: refused after the access check.
  'PATCH /api/pages/:id': { sample: '/api/pages/{pageId}', json: {}, status: project(403, 422, 422) },
  'DELETE /api/pages/:id': { sample: '/api/pages/{pageId}', fresh: true, status: project(403, 204, 204) },
  'POST /api/pages/:id/duplicate': { sample: '/api/pages/{pageId}/duplicate', fresh: true, status: project(403, 201, 201) },
  'POST /api/pages/:id/publish': { sample: '/api/pages/{pageId}/publish', json: {}, status: project(403, 422, 422) },
  'POST /api/pages/:id/unpublish': { sample: '/api/pages/{pageId}/unpublish', fresh: true, status: project(403, 200, 200) },
  'GET /api/pages/:id/versions': { sample: '/api/pages/{pageId}/versions', status: project(200, 200, 200) },
  // The fixture's version has one warning of the checks before publishing (no social image), accepted.
  'POST /api/pages/:id/versions/:versionId/restore': {
    sample: '/api/pages/{pageId}/versions/{versionId}/restore',
    json: { acceptWarnings: READY_WARNINGS },
    fresh: true,
    status: project(403, 200, 200),
  },
  // The fixture's page has no variant B: nothing to make the winner.
  'POST /api/pages/:id/winner': { sample: '/api/pages/{pageId}/winner', status: project(403, 409, 409) },
  // Published funnel pages: public (the fixture's funnel has its page `offer` published).
  'GET /p/:funnelName': { sample: '/p/{funnelName}', status: all(200) },
  'GET /p/:funnelName/:pageSlug': { sample: '/p/{funnelName}/offer', status: all(200) },
  'POST /p/:funnelName/:pageSlug': { sample: '/p/no-such-funnel-here/offer', form: {}, status: all(404) },
  // Presentations: admins all, the Agency-plan author (the fixture's owner) their own, everyone else 404 (403 with the plan message to list or create).
  // The content calendar (decision 0054): the user's own posts across their projects; a move is the ad's editors'.
  'GET /api/calendar': { sample: '/api/calendar?from=2026-01-01T00:00:00.000Z&to=2026-01-08T00:00:00.000Z', status: signedIn(200) },
  'PATCH /api/calendar/ads/:id': { sample: '/api/calendar/ads/{adId}', json: {}, status: project(403, 422, 422) },
  'GET /api/calendar/feed': { status: signedIn(200) },
  'POST /api/calendar/feed': { status: signedIn(201) },
  'DELETE /api/calendar/feed': { status: signedIn(204) },
  // The feed itself: its secret address is the key (an unknown one is a 404 for everyone).
  'GET /ical/:file': { sample: '/ical/unknown.ics', status: all(404) },
  'GET /api/presentations': { status: { ...signedIn(403), owner: 200, admin: 200 } },
  // An empty body: refused before anything else.
  'POST /api/presentations': { json: {}, status: signedIn(422) },
  'GET /api/presentations/:id': { sample: '/api/presentations/{presentationId}', status: { ...signedIn(404), owner: 200, admin: 200 } },
  'PATCH /api/presentations/:id': { sample: '/api/presentations/{presentationId}', json: {}, status: signedIn(422) },
  'DELETE /api/presentations/:id': { sample: '/api/presentations/{presentationId}', fresh: true, status: { ...signedIn(404), owner: 204, admin: 204 } },
  'POST /api/presentations/:id/publish': { sample: '/api/presentations/{presentationId}/publish', status: { ...signedIn(404), owner: 200, admin: 200 } },
  'POST /api/presentations/:id/unpublish': {
    sample: '/api/presentations/{presentationId}/unpublish',
    fresh: true,
    status: { ...signedIn(404), owner: 200, admin: 200 },
  },
  'POST /api/presentations/:id/duplicate': {
    sample: '/api/presentations/{presentationId}/duplicate',
    fresh: true,
    status: { ...signedIn(404), owner: 201, admin: 201 },
  },
  // The matrix's presentation never expires: extending leaves it as it is, for its author and admins.
  'POST /api/presentations/:id/extend': { sample: '/api/presentations/{presentationId}/extend', status: { ...signedIn(404), owner: 200, admin: 200 } },
  'GET /api/presentations/:id/stats': { sample: '/api/presentations/{presentationId}/stats', status: { ...signedIn(404), owner: 200, admin: 200 } },
  'GET /api/presentations/:id/sources': { sample: '/api/presentations/{presentationId}/sources', status: { ...signedIn(404), owner: 200, admin: 200 } },
  // Presentations that talk back (decision 0056): the fixture's recipient and request ids do not exist (404 for everyone).
  'GET /api/presentations/:id/talk': { sample: '/api/presentations/{presentationId}/talk', status: { ...signedIn(404), owner: 200, admin: 200 } },
  'POST /api/presentations/:id/recipients': { sample: '/api/presentations/{presentationId}/recipients', json: {}, status: signedIn(422) },
  'POST /api/presentations/:id/recipients/:recipientId/revoke': {
    sample: '/api/presentations/{presentationId}/recipients/{presentationId}/revoke',
    status: signedIn(404),
  },
  'POST /api/presentations/:id/requests/:requestId/grant': {
    sample: '/api/presentations/{presentationId}/requests/{presentationId}/grant',
    status: signedIn(404),
  },
  // The public page: anyone (its author and admins are not counted); the gallery: its author and admins.
  'GET /presents/:slug': { sample: '/presents/{presentationSlug}', status: all(200) },
  'POST /presents/:slug/unlock': { sample: '/presents/{presentationSlug}/unlock', form: {}, status: all(422) },
  'POST /presents/:slug/beacon': { sample: '/presents/{presentationSlug}/beacon', form: {}, status: all(422) },
  // Asking for access is for expired or locked presentations only, "I'm interested" for one with such a call to action: the matrix's is live and has none.
  'POST /presents/:slug/ask': { sample: '/presents/{presentationSlug}/ask', form: {}, status: all(404) },
  'POST /presents/:slug/interested': { sample: '/presents/{presentationSlug}/interested', form: {}, status: all(404) },
  // The author's one-click link: no token is no link (GET shows "no longer works"; POST needs the token).
  'GET /presents/:slug/grant': { sample: '/presents/{presentationSlug}/grant', status: all(404) },
  'POST /presents/:slug/grant': { sample: '/presents/{presentationSlug}/grant', form: {}, status: all(422) },
  'GET /presents/:slug/og.png': { sample: '/presents/{presentationSlug}/og.png', status: all(200) },
  // The fixture's presentation has no project: none of its creations exist for it.
  'GET /presents/:slug/creation/:creationId': { sample: '/presents/{presentationSlug}/creation/{creationId}', status: all(404) },
  'GET /presents/:slug/components': { sample: '/presents/{presentationSlug}/components', status: { ...all(404), anonymous: 302, owner: 200, admin: 200 } },
  'GET /api/playground/quota': { status: all(200) },
  // An invalid document: refused before a download is counted (rendering is tested in features/creatives/playground/playground.test.ts).
  'POST /api/playground/render': { json: {}, status: all(422) },
  'POST /monitoring': { json: {}, status: all(404) },
  'GET /api/projects/:projectId/instagram': { sample: '/api/projects/{projectId}/instagram', status: project(200, 200, 200) },
  'GET /api/projects/:projectId/insights': { sample: '/api/projects/{projectId}/insights', status: project(200, 200, 200) },
  'GET /api/projects/:projectId/insights.csv': { sample: '/api/projects/{projectId}/insights.csv', status: project(200, 200, 200) },
  'GET /api/ads/:id/insights': { sample: '/api/ads/{adId}/insights', status: project(200, 200, 200) },
  // No Instagram app is configured in tests: the owner is told what to configure.
  'POST /api/projects/:projectId/instagram/connect': { sample: '/api/projects/{projectId}/instagram/connect', status: project(403, 403, 409) },
  'POST /api/projects/:projectId/instagram/sandbox': { sample: '/api/projects/{projectId}/instagram/sandbox', fresh: true, status: project(403, 403, 200) },
  'DELETE /api/projects/:projectId/instagram': { sample: '/api/projects/{projectId}/instagram', fresh: true, status: project(403, 403, 204) },
  // A state nobody issued: a page that says so; signing in comes first.
  'GET /callback/instagram': { sample: '/callback/instagram?code=abc&state=xyz', status: { ...all(400), anonymous: 302 } },
  // Meta's callbacks prove themselves by signed_request: without one, refused.
  'POST /api/instagram/deauthorize': { form: {}, status: all(422) },
  'POST /api/instagram/data-deletion': { form: {}, status: all(422) },
  'GET /instagram/sandbox/:accountId': { sample: `/instagram/sandbox/${NO_SUCH_ID}`, status: all(404) },
  'GET /instagram/deletion/:code': { sample: '/instagram/deletion/AAAAAAAAAAAAAAAA', status: all(404) },
  // The ad preview: public, its unguessable id is the key (an unknown one is a 404 page for everyone).
  'GET /preview/:previewId': { sample: `/preview/${NO_SUCH_ID}`, status: all(404) },
  'GET /preview/:previewId/image/:n': { sample: `/preview/${NO_SUCH_ID}/image/0`, status: all(404) },
  'GET /preview/:previewId/avatar': { sample: `/preview/${NO_SUCH_ID}/avatar`, status: all(404) },
  'POST /preview/:previewId/reviews': { sample: `/preview/${NO_SUCH_ID}/reviews`, form: { decision: 'approve', name: 'Carla' }, status: all(404) },
  'POST /preview/:previewId/pins': {
    sample: `/preview/${NO_SUCH_ID}/pins`,
    form: { item: '0', x: '0.5', y: '0.5', name: 'Carla', body: 'Hi' },
    status: all(404),
  },
  'POST /preview/:previewId/pins/:pinId/replies': {
    sample: `/preview/${NO_SUCH_ID}/pins/${NO_SUCH_ID}/replies`,
    form: { name: 'Carla', body: 'Hi' },
    status: all(404),
  },
  'POST /preview/:previewId/pins/:pinId/resolve': { sample: `/preview/${NO_SUCH_ID}/pins/${NO_SUCH_ID}/resolve`, form: {}, status: all(404) },
  'POST /preview/:previewId/pins/:pinId/reopen': { sample: `/preview/${NO_SUCH_ID}/pins/${NO_SUCH_ID}/reopen`, form: {}, status: all(404) },
  // The review board: public, its unguessable token is the key (an unknown one is a 404 page for everyone).
  'GET /board/:token': { sample: `/board/${'A'.repeat(43)}`, status: all(404) },
  'GET /board/:token/ads/:adId/image/:n': { sample: `/board/${'A'.repeat(43)}/ads/${NO_SUCH_ID}/image/0`, status: all(404) },
  'GET /board/:token/ads/:adId/avatar': { sample: `/board/${'A'.repeat(43)}/ads/${NO_SUCH_ID}/avatar`, status: all(404) },
  'POST /board/:token/reviews': { sample: `/board/${'A'.repeat(43)}/reviews`, form: { name: 'Carla', action: 'approve_selected' }, status: all(404) },
  // Pins through the board (decision 0053): the token first, then the ad must be one the board lists.
  'POST /board/:token/ads/:adId/pins': {
    sample: `/board/${'A'.repeat(43)}/ads/${NO_SUCH_ID}/pins`,
    form: { item: '0', x: '0.5', y: '0.5', name: 'Carla', body: 'Hi' },
    status: all(404),
  },
  'POST /board/:token/ads/:adId/pins/:pinId/replies': {
    sample: `/board/${'A'.repeat(43)}/ads/${NO_SUCH_ID}/pins/${NO_SUCH_ID}/replies`,
    form: { name: 'Carla', body: 'Hi' },
    status: all(404),
  },
  'POST /board/:token/ads/:adId/pins/:pinId/resolve': {
    sample: `/board/${'A'.repeat(43)}/ads/${NO_SUCH_ID}/pins/${NO_SUCH_ID}/resolve`,
    form: {},
    status: all(404),
  },
  'POST /board/:token/ads/:adId/pins/:pinId/reopen': {
    sample: `/board/${'A'.repeat(43)}/ads/${NO_SUCH_ID}/pins/${NO_SUCH_ID}/reopen`,
    form: {},
    status: all(404),
  },
  'GET /': { status: all(200) },
  'GET /about': { status: all(200) },
  'GET /pricing': { status: all(200) },
  'GET /contact': { status: all(200) },
  'POST /contact': { form: {}, status: all(422) },
  'GET /imprint': { status: all(200) },
  'GET /privacy': { status: all(200) },
  'GET /terms': { status: all(200) },
  'GET /tech-provider': { status: all(200) },
  'GET /de/imprint': { status: all(200) },
  'GET /de/privacy': { status: all(200) },
  'GET /de/terms': { status: all(200) },
  'GET /de/tech-provider': { status: all(200) },
  'GET /login': { status: { ...all(302), anonymous: 200 } },
  'POST /login': { form: {}, status: all(422) },
  'GET /password-reset': { status: all(200) },
  'POST /password-reset': { form: {}, status: all(422) },
  // The same pages in German (issue 28), and the language switcher.
  'GET /de': { status: all(200) },
  'GET /de/about': { status: all(200) },
  'GET /de/pricing': { status: all(200) },
  'GET /de/contact': { status: all(200) },
  'POST /de/contact': { form: {}, status: all(422) },
  'GET /de/login': { status: { ...all(302), anonymous: 200 } },
  'POST /de/login': { form: {}, status: all(422) },
  'GET /de/password-reset': { status: all(200) },
  'POST /de/password-reset': { form: {}, status: all(422) },
  'GET /language/:locale{en|de}': { sample: '/language/de?next=/de/pricing', status: all(302) },
  'GET /redirect': { status: all(302) },
  'GET /error': { status: all(500) },
  'GET /sitemap.xml': { status: all(200) },
  'GET /robots.txt': { status: all(200) },
  'GET /og/:file{[a-z0-9-]+\\.png}': { sample: '/og/home.png', status: all(200) },
  'GET /dashboard': { status: page },
  'GET /calendar': { status: page },
  'GET /projects': { status: page },
  'GET /projects/:projectId': { sample: '/projects/{projectId}', status: projectPage },
  'GET /projects/:projectId/': { sample: '/projects/{projectId}/', status: projectPage },
  'GET /projects/:projectId/media/:objectId': { sample: '/projects/{projectId}/media/{mediaId}', status: projectPage },
  'GET /projects/:projectId/creatives': { sample: '/projects/{projectId}/creatives', status: projectPage },
  'GET /projects/:projectId/marketing': { sample: '/projects/{projectId}/marketing', status: projectPage },
  'GET /media/:id': { sample: '/media/{mediaId}', status: projectPage },
  'GET /creatives': { status: page },
  'GET /creatives/:objectId': { sample: '/creatives/{creativeId}', status: projectPage },
  'GET /creations': { status: page },
  'GET /funnels': { status: page },
  'GET /funnels/:funnelId': { sample: `/funnels/${NO_SUCH_ID}`, status: missing },
  'GET /_components/:funnelName': { sample: '/_components/spring-sale', status: missing },
  'GET /pages': { status: page },
  'GET /pages/:funnelPageId': { sample: `/pages/${NO_SUCH_ID}`, status: missing },
  'GET /presentations': { status: page },
  'GET /account': { status: page },
  'GET /account/billing': { status: page },
  'GET /account/credits': { status: page },
  'GET /account/affiliate': { status: page },
  'GET /admin': { status: adminPage },
  'GET /admin/landing-pages': { status: adminPage },
  'GET /admin/:projectId': { sample: '/admin/{projectId}', status: adminPage },
  'GET /test': { status: adminPage },
  'GET /playground': { status: all(200) },
  'GET /de/playground': { status: all(200) },
  'GET /assets/*': { sample: '/assets/no-such-file.js', status: all(404) },
  'GET /fonts/:file{[a-z0-9-]+\\.woff2?}': { sample: '/fonts/inter-page-400-normal.woff2', status: all(200) },
  'GET /showcase/:file{[a-z0-9-]+\\.webp}': { sample: '/showcase/ad-preview.webp', status: all(200) },
  'GET /:file{[a-z0-9.-]+\\.(?:svg|txt|ico|png|webmanifest)}': { sample: '/favicon.svg', status: all(200) },
  // Ads and leads through the public API (decision 0045): a bearer key with `ads` or `leads`; a cookie is no key (features/api/v1/ads-leads.test.ts).
  'POST /api/v1/ads': { json: { creationIds: ['{creationId}'] }, status: all(401) },
  'GET /api/v1/ads/:id': { sample: '/api/v1/ads/{adId}', status: all(401) },
  'POST /api/v1/ads/:id/submit': { sample: '/api/v1/ads/{adId}/submit', status: all(401) },
  'GET /api/v1/funnels': { status: all(401) },
  'GET /api/v1/funnels/:id/leads': { sample: '/api/v1/funnels/{funnelId}/leads', status: all(401) },
  'DELETE /api/v1/funnels/:id/leads/:leadId': { sample: '/api/v1/funnels/{funnelId}/leads/{leadId}', status: all(401) },
  'GET /docs/api': { status: all(200) },
  'GET /de/docs/api': { status: all(200) },
};

describe('authorization matrix', () => {
  const users = {} as Record<Exclude<Role, 'anonymous'>, TestUser>;
  let shared: Fixture;

  async function fixture(): Promise<Fixture> {
    const { id: projectId } = await createProject(users.owner, { editor: users.editor, viewer: users.viewer });
    const media = await uploadMedia(users.owner, projectId, png(16, 16, Math.floor(Math.random() * 1e9)));
    const thumbnail = png(4, 4);
    await send(`/api/media/${media.id}/thumbnail`, { method: 'PUT', body: thumbnail, cookie: users.owner.cookie });
    const invite = await send(`/api/projects/${projectId}/members`, {
      json: { email: `invitee-${projectId}@example.com`, role: 'viewer' },
      cookie: users.owner.cookie,
    });
    const { id: inviteId } = (await invite.json()) as { id: string };
    const created = await send(`/api/projects/${projectId}/creatives`, { json: { template: 'bold-headline', format: 'square' }, cookie: users.owner.cookie });
    const creative = (await created.json()) as { id: string; name: string; revision: { id: string } };
    // A creation as a render leaves it (a row and its file), without drawing one for every fixture.
    const creationId = `creation-${Math.random().toString(36).slice(2, 12)}-fixture`;
    const r2Key = `creations/${projectId}/${creationId}.png`;
    await env.MEDIA.put(r2Key, png(4, 4), { httpMetadata: { contentType: 'image/png' } });
    await getDb(env.DB).insert(creations).values({
      id: creationId,
      projectId,
      creativeId: creative.id,
      revisionId: creative.revision.id,
      revisionNumber: 1,
      createdBy: users.owner.id,
      name: creative.name,
      format: 'square',
      width: 1080,
      height: 1080,
      size: 4,
      r2Key,
    });
    // A draft ad of that creation (written directly: the ads API is what the matrix tests).
    const adId = `ad-${Math.random().toString(36).slice(2, 12)}-fixture-ad`;
    await getDb(env.DB)
      .insert(ads)
      .values({ id: adId, projectId, createdBy: users.owner.id, name: 'Fixture ad', kind: 'single', placements: ['instagram_feed'] });
    await getDb(env.DB).insert(adItems).values({ adId, position: 0, creationId });
    // A funnel with one published page (version 1) and a lead.
    const funnel = await createFunnel(users.owner, projectId);
    const funnelPage = await createFunnelPage(users.owner, funnel.id, { slug: 'offer' });
    await publishFunnelPage(users.owner, funnelPage.id);
    const versions = (await (await send(`/api/pages/${funnelPage.id}/versions`, { cookie: users.owner.cookie })).json()) as { items: { id: string }[] };
    const leadId = `lead-${Math.random().toString(36).slice(2, 12)}-fixture`;
    await getDb(env.DB)
      .insert(leads)
      .values({
        id: leadId,
        funnelId: funnel.id,
        pageId: funnelPage.id,
        projectId,
        variant: 'a',
        data: { email: 'lead@example.com' },
        email: 'lead@example.com',
        utm: { source: '', medium: '', campaign: '', term: '', content: '' },
      });
    // A published presentation of the owner (the fixture's owner has the Agency plan).
    const made = await send('/api/presentations', {
      json: { slug: `fixture-${Math.random().toString(36).slice(2, 12)}`, customerName: 'Fixture Customer' },
      cookie: users.owner.cookie,
    });
    const presentation = (await made.json()) as { id: string; slug: string };
    await send(`/api/presentations/${presentation.id}/publish`, { method: 'POST', cookie: users.owner.cookie });
    // An uploaded font (a row and its file, written directly: the fonts API is what the matrix tests).
    const fontId = `font-${Math.random().toString(36).slice(2, 12)}-fixture`;
    await env.MEDIA.put(`brand-fonts/${projectId}/${fontId}`, await realFont(), { httpMetadata: { contentType: 'font/ttf' } });
    await getDb(env.DB)
      .insert(brandFonts)
      .values({
        id: fontId,
        projectId,
        uploadedBy: users.owner.id,
        family: 'Fixture Sans',
        format: 'ttf',
        size: 1,
        sha256: fontId,
        r2Key: `brand-fonts/${projectId}/${fontId}`,
      });
    return {
      projectId,
      mediaId: media.id,
      inviteId,
      editorId: users.editor.id,
      creativeId: creative.id,
      revisionId: creative.revision.id,
      creationId,
      adId,
      funnelId: funnel.id,
      funnelName: funnel.name,
      pageId: funnelPage.id,
      versionId: versions.items[0]!.id,
      leadId,
      presentationId: presentation.id,
      presentationSlug: presentation.slug,
      fontId,
    };
  }

  beforeAll(async () => {
    for (const role of ['nonMember', 'viewer', 'editor', 'owner'] as const) users[role] = await createUser({ name: role });
    users.admin = await createUser({ role: 'admin', name: 'admin' });
    // The owner makes a fresh project for every changing request: more than Free's 3.
    await getDb(env.DB).update(usersTable).set({ plan: 'agency' }).where(eq(usersTable.id, users.owner.id));
    shared = await fixture();
  });

  it('covers every registered route, and every route declares its access rule', () => {
    // The check itself is tested on an app with one route more in worker/test/routes.test.ts.
    const { missing: missingRoutes, stale, undeclared } = coverageGaps(createApp(), Object.keys(MATRIX));
    expect(missingRoutes, 'routes missing from the matrix').toEqual([]);
    expect(stale, 'matrix entries for routes that no longer exist').toEqual([]);
    expect(undeclared, 'routes without access()').toEqual([]);
  });

  const fill = (text: string, f: Fixture) =>
    text.replace(
      /\{(projectId|mediaId|inviteId|editorId|creativeId|revisionId|creationId|adId|funnelId|funnelName|pageId|versionId|leadId|presentationId|presentationSlug|fontId)\}/g,
      (_, key: keyof Fixture) => f[key],
    );

  for (const [key, expectation] of Object.entries(MATRIX)) {
    const [method, pattern] = key.split(' ') as [string, string];
    for (const role of ROLES) {
      it(`${key} as ${role} → ${expectation.status[role]}`, async () => {
        const f = expectation.fresh && expectation.status[role] < 400 ? await fixture() : shared;
        let cookie = role === 'anonymous' ? undefined : users[role].cookie;
        if (expectation.fresh && key === 'POST /api/auth/logout' && role !== 'anonymous') cookie = (await createUser()).cookie;
        const response = await send(fill(expectation.sample ?? pattern, f), {
          method,
          json: expectation.json === undefined ? undefined : JSON.parse(fill(JSON.stringify(expectation.json), f)),
          form: expectation.form,
          body: await expectation.body?.(),
          cookie,
          headers: { 'cf-connecting-ip': `192.0.2.${ROLES.indexOf(role) + 10}` },
        });
        expect(response.status).toBe(expectation.status[role]);
      });
    }
  }
});
