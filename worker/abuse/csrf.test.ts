import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#worker/app.ts';
import { createFunnel, createFunnelPage, createProject, createUser, uploadMedia, type TestUser } from '#worker/test/factories.ts';
import { png } from '#worker/test/files.ts';
import { ORIGIN, send } from '#worker/test/http.ts';

/**
 * Cross-site requests (PRODUCT.md §5) on EVERY mutating route, walked from the router so that a
 * route added later is covered without touching this file: with a valid session cookie and a
 * foreign Origin (or a cross-site Sec-Fetch-Site and no Origin), each answers 403 `forbidden` in
 * the envelope (or the error page for HTML routes), and neither D1 nor R2 changes. Only the routes
 * that carry no session and prove themselves by signature are exempt, and the exemption list is
 * checked to be exactly those.
 */
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Webhooks and Meta's callbacks: no session, verified by their signatures (worker/abuse/webhooks.test.ts). */
const SIGNED = ['POST /api/webhooks/stripe', 'POST /api/instagram/deauthorize', 'POST /api/instagram/data-deletion'];
const NO_SUCH_ID = 'AAAAAAAAAAAAAAAAAAAAAA';
/**
 * The public API (decision 0040): a bearer key, never the session cookie, so there is no cookie
 * for a cross-site request to ride on; with the cookie alone it answers 401 and writes nothing.
 */
const bearerOnly = (path: string) => path.startsWith('/api/v1/');

interface Route {
  method: string;
  path: string;
}

function mutatingRoutes(): Route[] {
  const seen = new Map<string, Route>();
  for (const route of createApp().routes) {
    if (!MUTATING.has(route.method)) continue;
    seen.set(`${route.method} ${route.path}`, { method: route.method, path: route.path });
  }
  return [...seen.values()];
}

/** Every row of every table, as text: equal before and after means nothing was written. */
async function d1Snapshot(): Promise<string> {
  const tables = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' ORDER BY name",
  ).all<{ name: string }>();
  const parts: string[] = [];
  for (const { name } of tables.results) {
    const rows = await env.DB.prepare(`SELECT * FROM "${name}"`).all();
    parts.push(`${name}:${JSON.stringify(rows.results)}`);
  }
  return parts.join('\n');
}

async function r2Snapshot(): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.MEDIA.list({ cursor, limit: 1000 });
    keys.push(...page.objects.map((o) => `${o.key}:${o.size}`));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys.sort();
}

describe('cross-site writes on every mutating route', () => {
  let admin: TestUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    // An admin who owns a project with media, a funnel and a page: every route could act for them.
    admin = await createUser({ role: 'admin' });
    const project = await createProject(admin);
    ids.projectId = project.id;
    ids.media = (await uploadMedia(admin, project.id, png(12, 12, 99))).id;
    const funnel = await createFunnel(admin, project.id);
    ids.funnel = funnel.id;
    ids.page = (await createFunnelPage(admin, funnel.id)).id;
  });

  /** A concrete path for a route pattern: the fixture's ids where the parameter names one, else an id that does not exist. */
  function concrete(path: string): string {
    return path.replace(/\/\*$/, '/x').replace(/:([A-Za-z]+)(\{[^}]*\})?/g, (_match, name: string) => {
      if (name === 'projectId') return ids.projectId!;
      if (name === 'id' && path.startsWith('/api/media/')) return ids.media!;
      if (name === 'id' && path.startsWith('/api/funnels/')) return ids.funnel!;
      if (name === 'id' && path.startsWith('/api/pages/')) return ids.page!;
      return NO_SUCH_ID;
    });
  }

  const attacks: [string, Record<string, string>][] = [
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: cross-site without Origin', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site without Origin (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
    ['Origin: null (a sandboxed frame or a redirect)', { origin: 'null' }],
  ];

  it('the walk finds the routes it should (a guard against walking nothing)', () => {
    const keys = mutatingRoutes().map((r) => `${r.method} ${r.path}`);
    expect(keys.length).toBeGreaterThan(60);
    for (const key of ['PATCH /api/me', 'POST /api/projects', 'DELETE /api/media/:id', 'POST /login', 'POST /contact', ...SIGNED]) expect(keys).toContain(key);
  });

  it.each(attacks)('%s → 403 forbidden on each (signed callbacks aside), nothing stored', async (_label, headers) => {
    const d1Before = await d1Snapshot();
    const r2Before = await r2Snapshot();
    const failures: string[] = [];
    for (const route of mutatingRoutes()) {
      const key = `${route.method} ${route.path}`;
      if (SIGNED.includes(key)) continue;
      const path = concrete(route.path);
      const api = path.startsWith('/api/');
      const response = await send(path, {
        method: route.method,
        cookie: admin.cookie,
        sameOrigin: false,
        headers: { ...headers, accept: api ? 'application/json' : 'text/html', 'content-type': api ? 'application/json' : 'application/x-www-form-urlencoded' },
        body: api ? '{"name":"Mallory"}' : 'name=Mallory&email=m%40evil.example',
      });
      if (bearerOnly(route.path)) {
        if (response.status !== 401 || !response.headers.get('www-authenticate')?.startsWith('Bearer'))
          failures.push(`${key} → ${response.status} (a bearer route took the cookie)`);
        await response.body?.cancel();
        continue;
      }
      if (response.status !== 403) {
        failures.push(`${key} → ${response.status}`);
        continue;
      }
      if (api || path === '/monitoring') {
        const body = (await response.json()) as { error?: { code?: string; requestId?: string } };
        if (body.error?.code !== 'forbidden' || !body.error.requestId) failures.push(`${key} → 403 without the envelope`);
      } else {
        // HTML routes answer with the friendly error page, still carrying the request id.
        if (!response.headers.get('x-request-id')) failures.push(`${key} → 403 without a request id`);
        await response.body?.cancel();
      }
    }
    expect(failures).toEqual([]);
    expect(await d1Snapshot()).toBe(d1Before);
    expect(await r2Snapshot()).toEqual(r2Before);
  });

  it('exempts exactly the signature-verified callbacks and the bearer-only public API: nothing else gets past a foreign Origin', async () => {
    const passed: string[] = [];
    const bearer = mutatingRoutes()
      .filter((route) => bearerOnly(route.path))
      .map((route) => `${route.method} ${route.path}`);
    expect(bearer.length).toBeGreaterThan(0);
    for (const route of mutatingRoutes()) {
      const response = await send(concrete(route.path), {
        method: route.method,
        sameOrigin: false,
        headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
        body: '{}',
      });
      await response.body?.cancel();
      if (response.status !== 403) passed.push(`${route.method} ${route.path}`);
    }
    expect(passed.sort()).toEqual([...SIGNED, ...bearer].sort());
  });

  it.each([
    ['a look-alike host', 'https://adloom.test.evil.example'],
    ['another port', 'https://adloom.test:8443'],
    ['plain http (scheme downgrade)', 'http://adloom.test'],
    ['a subdomain', 'https://www.adloom.test'],
    ['trailing slash', `${ORIGIN}/`],
    ['upper case', ORIGIN.toUpperCase()],
  ])('an Origin that only looks like ours (%s) is refused', async (_label, origin) => {
    const before = await d1Snapshot();
    const response = await send('/api/me', { method: 'PATCH', json: { name: 'Mallory' }, cookie: admin.cookie, headers: { origin } });
    expect(response.status).toBe(403);
    expect(await d1Snapshot()).toBe(before);
  });

  it('our own Origin still writes (the walk above is not refusing everything)', async () => {
    const response = await send('/api/me', { method: 'PATCH', json: { name: 'Same Origin' }, cookie: admin.cookie, headers: { origin: ORIGIN } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ name: 'Same Origin' });
  });
});
