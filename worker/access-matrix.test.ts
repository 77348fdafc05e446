import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#worker/app.ts';
import { isAccessMiddleware } from '#worker/middleware/access.ts';
import { createUser, type TestUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';

/**
 * The authorization matrix (ARCHITECTURE.md §6): every registered route × every role
 * with the status each must get. A route that is registered but missing here, or that
 * declares no access rule, fails the test. Later features extend the table.
 */
type Role = 'anonymous' | 'user' | 'admin';
interface Expectation {
  /** A concrete path for the pattern. */
  sample?: string;
  json?: unknown;
  form?: Record<string, string>;
  /** Ends the session it is sent with: use a throwaway one. */
  endsSession?: boolean;
  status: Record<Role, number>;
}

const all = (status: number) => ({ anonymous: status, user: status, admin: status });
const signedIn = (status: number) => ({ anonymous: 401, user: status, admin: status });
const page = { anonymous: 302, user: 200, admin: 200 };
const adminPage = { anonymous: 302, user: 404, admin: 200 };
const NO_SUCH_ID = 'AAAAAAAAAAAAAAAAAAAAAA';

const MATRIX: Record<string, Expectation> = {
  'GET /api/health': { status: all(200) },
  'POST /api/auth/signup': { json: {}, status: all(422) },
  'POST /api/auth/login': { json: {}, status: all(422) },
  'POST /api/auth/logout': { endsSession: true, status: all(204) },
  'POST /api/auth/password-reset': { json: {}, status: all(422) },
  'POST /api/auth/password-reset/confirm': { json: {}, status: all(422) },
  'GET /api/me': { status: signedIn(200) },
  'PATCH /api/me': { json: {}, status: signedIn(422) },
  'POST /api/me/password': { json: {}, status: signedIn(422) },
  'GET /api/me/sessions': { status: signedIn(200) },
  'DELETE /api/me/sessions': { status: signedIn(204) },
  'DELETE /api/me/sessions/:id': { sample: `/api/me/sessions/${NO_SUCH_ID}`, status: signedIn(404) },
  'GET /api/credits': { status: signedIn(200) },
  'POST /api/contact': { json: {}, status: all(422) },
  'POST /monitoring': { json: {}, status: all(404) },
  'GET /callback/instagram': { sample: '/callback/instagram?code=abc&state=xyz', status: all(400) },
  'GET /': { status: all(200) },
  'GET /about': { status: all(200) },
  'GET /pricing': { status: all(200) },
  'GET /contact': { status: all(200) },
  'POST /contact': { form: {}, status: all(422) },
  'GET /imprint': { status: all(200) },
  'GET /privacy': { status: all(200) },
  'GET /terms': { status: all(200) },
  'GET /tech-provider': { status: all(200) },
  'GET /login': { status: { anonymous: 200, user: 302, admin: 302 } },
  'POST /login': { form: {}, status: all(422) },
  'GET /password-reset': { status: all(200) },
  'POST /password-reset': { form: {}, status: all(422) },
  'GET /redirect': { status: all(302) },
  'GET /error': { status: all(200) },
  'GET /dashboard': { status: page },
  'GET /projects': { status: page },
  'GET /projects/:projectId': { sample: `/projects/${NO_SUCH_ID}`, status: { anonymous: 302, user: 404, admin: 404 } },
  'GET /projects/:projectId/': { sample: `/projects/${NO_SUCH_ID}/`, status: { anonymous: 302, user: 404, admin: 404 } },
  'GET /projects/:projectId/media/:objectId': { sample: `/projects/${NO_SUCH_ID}/media/${NO_SUCH_ID}`, status: { anonymous: 302, user: 404, admin: 404 } },
  'GET /projects/:projectId/creatives': { sample: `/projects/${NO_SUCH_ID}/creatives`, status: { anonymous: 302, user: 404, admin: 404 } },
  'GET /projects/:projectId/marketing': { sample: `/projects/${NO_SUCH_ID}/marketing`, status: { anonymous: 302, user: 404, admin: 404 } },
  'GET /media/:id': { sample: `/media/${NO_SUCH_ID}`, status: { anonymous: 302, user: 404, admin: 404 } },
  'GET /creatives': { status: page },
  'GET /creatives/:objectId': { sample: `/creatives/${NO_SUCH_ID}`, status: { anonymous: 302, user: 404, admin: 404 } },
  'GET /creations': { status: page },
  'GET /funnels': { status: page },
  'GET /_components/:funnelName': { sample: '/_components/spring-sale', status: { anonymous: 302, user: 404, admin: 404 } },
  'GET /pages': { status: page },
  'GET /pages/:funnelPageId': { sample: `/pages/${NO_SUCH_ID}`, status: { anonymous: 302, user: 404, admin: 404 } },
  'GET /account': { status: page },
  'GET /account/billing': { status: page },
  'GET /account/credits': { status: page },
  'GET /account/affiliate': { status: page },
  'GET /admin': { status: adminPage },
  'GET /admin/landing-pages': { status: adminPage },
  'GET /admin/:projectId': { sample: `/admin/${NO_SUCH_ID}`, status: { anonymous: 302, user: 404, admin: 404 } },
  'GET /test': { status: adminPage },
  'GET /playground': { status: all(200) },
  'GET /assets/*': { sample: '/assets/no-such-file.js', status: all(404) },
  'GET /:file{[a-z0-9.-]+\\.(?:svg|txt|ico|png|webmanifest)}': { sample: '/favicon.svg', status: all(200) },
};

function registeredRoutes() {
  const groups = new Map<string, unknown[]>();
  for (const route of createApp().routes) {
    if (route.method === 'ALL' && route.path === '/*') continue; // global middleware
    const key = `${route.method} ${route.path}`;
    groups.set(key, [...(groups.get(key) ?? []), route.handler]);
  }
  return groups;
}

describe('authorization matrix', () => {
  const cookies: Record<Role, string | undefined> = { anonymous: undefined, user: undefined, admin: undefined };
  let user: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    user = await createUser();
    admin = await createUser({ role: 'admin' });
    cookies.user = user.cookie;
    cookies.admin = admin.cookie;
  });

  it('covers every registered route, and every route declares its access rule', () => {
    const routes = registeredRoutes();
    const missing = [...routes.keys()].filter((key) => !(key in MATRIX));
    const stale = Object.keys(MATRIX).filter((key) => !routes.has(key));
    const undeclared = [...routes.entries()].filter(([, handlers]) => !handlers.some(isAccessMiddleware)).map(([key]) => key);
    expect(missing, 'routes missing from the matrix').toEqual([]);
    expect(stale, 'matrix entries for routes that no longer exist').toEqual([]);
    expect(undeclared, 'routes without access()').toEqual([]);
  });

  for (const [key, expectation] of Object.entries(MATRIX)) {
    const [method, pattern] = key.split(' ') as [string, string];
    for (const role of ['anonymous', 'user', 'admin'] as const) {
      it(`${key} as ${role} → ${expectation.status[role]}`, async () => {
        const response = await send(expectation.sample ?? pattern, {
          method,
          json: expectation.json,
          form: expectation.form,
          cookie: expectation.endsSession && role !== 'anonymous' ? (await createUser({ role })).cookie : cookies[role],
          headers: { 'cf-connecting-ip': `192.0.2.${role === 'anonymous' ? 10 : role === 'user' ? 11 : 12}` },
        });
        expect(response.status).toBe(expectation.status[role]);
      });
    }
  }
});
