import { env } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { InstagramConnection } from '#common/schemas/ads.ts';
import { getDb } from '#worker/db/client.ts';
import { dataDeletionRequests, emailOutbox, instagramAccounts, oauthStates, projects } from '#worker/db/schema.ts';
import type { Bindings } from '#worker/env.ts';
import { hmacSign, sha256Hex } from '#worker/lib/crypto.ts';
import { base64url } from '#worker/lib/ids.ts';
import { markBroken, refreshTokens, startConnect, tokenFor } from '#worker/features/instagram/connection/service.ts';
import { refreshInstagramTokens } from '#worker/jobs/index.ts';
import { createProject, createUser, type TestUser } from '#worker/test/factories.ts';
import type { Intercepted } from '#worker/test/fetch.ts';
import { ORIGIN, send } from '#worker/test/http.ts';

const db = () => getDb(env.DB);
const APP = { INSTAGRAM_APP_ID: '990602627938098', INSTAGRAM_APP_SECRET: 'eb8c7-test-app-secret' };
const configured = { ...env, ...APP } as Bindings;

// The answers of Instagram API with Instagram Login, as documented (Business Login, access_token, refresh_access_token, /me).
// The code exchange's user_id is the app-scoped id (/me's `id`); /me's user_id is the professional account id.
const shortLived = (userId: string) =>
  Response.json({
    data: [
      {
        access_token: `IGAAshort${userId}`,
        user_id: userId,
        permissions: 'instagram_business_basic,instagram_business_content_publish',
      },
    ],
  });
const longLived = (token: string) => Response.json({ access_token: token, token_type: 'bearer', expires_in: 5183944 });
/** A made-up app-scoped id for a professional account id (17 digits, like Meta's). */
const scopedIdOf = (igUserId: string) => `9${igUserId}`;
const profile = (userId: string, username: string, scopedId = scopedIdOf(userId)) =>
  Response.json({ id: scopedId, user_id: userId, username, profile_picture_url: `https://scontent.cdninstagram.com/v/t51.2885-19/${userId}.jpg` });
const oauthError = (message: string) => Response.json({ error_type: 'OAuthException', code: 400, error_message: message }, { status: 400 });
const graphError = (code: number, message: string, status = 400, subcode?: number) =>
  Response.json({ error: { message, type: 'OAuthException', code, ...(subcode ? { error_subcode: subcode } : {}), fbtrace_id: 'AbCdEfGhIjK' } }, { status });

let igCounter = 0;
const nextIgUserId = () => `178414${String(Date.now()).slice(-6)}${String((igCounter += 1)).padStart(4, '0')}`;

/**
 * Intercepts both Instagram hosts with one spy on fetch (worker/test/fetch.ts's interceptHost
 * takes one host per spy); `graph` answers graph.instagram.com by path. Other hosts go to the real fetch.
 */
function interceptInstagram(options: {
  token?: (call: Intercepted) => Response | Promise<Response>;
  graph?: (call: Intercepted, path: string) => Response | Promise<Response>;
}) {
  const api: Intercepted[] = [];
  const graph: Intercepted[] = [];
  const original = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const host = new URL(url).hostname;
    if (host !== 'api.instagram.com' && host !== 'graph.instagram.com') return original(input, init);
    const request = new Request(input, init);
    const call: Intercepted = { request, url: request.url, init, body: await request.clone().text() };
    if (host === 'api.instagram.com') {
      api.push(call);
      return options.token ? options.token(call) : new Response('unexpected', { status: 599 });
    }
    graph.push(call);
    return options.graph ? options.graph(call, new URL(call.url).pathname) : new Response('unexpected', { status: 599 });
  });
  return { api, graph };
}

/** A happy Instagram for one professional account. */
function happyInstagram(igUserId: string, username: string, longToken = `IGAAlong${igUserId}`) {
  return interceptInstagram({
    token: () => shortLived(scopedIdOf(igUserId)),
    graph: (_call, path) =>
      path === '/access_token' ? longLived(longToken) : path === '/me' ? profile(igUserId, username) : new Response('no', { status: 404 }),
  });
}

async function ownerWithProject(name = 'Northwind Coffee') {
  const owner = await createUser({ name: 'Olivia Owner' });
  const editor = await createUser();
  const viewer = await createUser();
  const project = await createProject(owner, { editor, viewer }, name);
  return { owner, editor, viewer, project };
}

async function beginConnect(user: TestUser, projectId: string) {
  const response = await send(`/api/projects/${projectId}/instagram/connect`, { method: 'POST', cookie: user.cookie, env: APP });
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  const state = new URL(url).searchParams.get('state') ?? '';
  return { url, state };
}

const callback = (user: TestUser, query: Record<string, string>) =>
  send(`/callback/instagram?${new URLSearchParams(query).toString()}`, { cookie: user.cookie, env: APP });

async function connection(user: TestUser, projectId: string, extraEnv: Partial<Bindings> = APP) {
  const response = await send(`/api/projects/${projectId}/instagram`, { cookie: user.cookie, env: extraEnv });
  expect(response.status).toBe(200);
  return (await response.json()) as InstagramConnection;
}

const accountOf = (projectId: string) => db().select().from(instagramAccounts).where(eq(instagramAccounts.projectId, projectId)).get();

/** Connects a real (intercepted) account to the project and returns its row. */
async function connectReal(owner: TestUser, projectId: string, igUserId = nextIgUserId(), username = 'northwind.coffee') {
  const { state } = await beginConnect(owner, projectId);
  happyInstagram(igUserId, username);
  const response = await callback(owner, { code: 'AQBx-code', state });
  expect(response.status).toBe(303);
  vi.restoreAllMocks();
  const row = await accountOf(projectId);
  if (!row) throw new Error('not connected');
  return row;
}

const mailsTo = (email: string, kind: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, kind)))
    .all();

describe('starting Instagram Login', () => {
  it('sends the owner to the authorize URL with the business scopes and a state stored only as its hash, bound to user and project for 10 minutes', async () => {
    const { owner, project } = await ownerWithProject();
    const before = Date.now();
    const { url, state } = await beginConnect(owner, project.id);
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toBe('https://www.instagram.com/oauth/authorize');
    expect(parsed.searchParams.get('client_id')).toBe(APP.INSTAGRAM_APP_ID);
    expect(parsed.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/callback/instagram`);
    expect(parsed.searchParams.get('response_type')).toBe('code');
    expect(parsed.searchParams.get('scope')?.split(',')).toEqual(['instagram_business_basic', 'instagram_business_content_publish']);
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect(await db().select().from(oauthStates).where(eq(oauthStates.stateHash, state)).get()).toBeUndefined();
    const stored = await db()
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.stateHash, await sha256Hex(state)))
      .get();
    expect(stored).toMatchObject({ userId: owner.id, projectId: project.id });
    expect(stored!.expiresAt.getTime() - before).toBeGreaterThanOrEqual(10 * 60 * 1000 - 1000);
    expect(stored!.expiresAt.getTime() - before).toBeLessThanOrEqual(10 * 60 * 1000 + 5000);
  });

  it('without Instagram credentials says what to configure (409) and the connection says so too', async () => {
    const { owner, project } = await ownerWithProject();
    const response = await send(`/api/projects/${project.id}/instagram/connect`, { method: 'POST', cookie: owner.cookie });
    expect(response.status).toBe(409);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('conflict');
    expect(body.error.message).toContain('INSTAGRAM_APP_ID and INSTAGRAM_APP_SECRET');
    expect(body.error.message).toContain('sandbox');
    expect(await connection(owner, project.id, {})).toEqual({ configured: false, missing: ['INSTAGRAM_APP_ID', 'INSTAGRAM_APP_SECRET'], account: null });
    expect(await connection(owner, project.id)).toEqual({ configured: true, missing: [], account: null });
  });

  it('is the owner’s: editors and viewers 403, outsiders 404, signed out 401', async () => {
    const { editor, viewer, project } = await ownerWithProject();
    const outsider = await createUser();
    for (const [user, status] of [
      [editor, 403],
      [viewer, 403],
      [outsider, 404],
    ] as const) {
      for (const [method, path] of [
        ['POST', 'connect'],
        ['POST', 'sandbox'],
        ['DELETE', ''],
      ] as const) {
        const response = await send(`/api/projects/${project.id}/instagram${path ? `/${path}` : ''}`, { method, cookie: user.cookie, env: APP });
        expect(response.status, `${method} ${path} as ${status}`).toBe(status);
      }
    }
    expect((await send(`/api/projects/${project.id}/instagram`, { cookie: outsider.cookie })).status).toBe(404);
    expect((await send(`/api/projects/${project.id}/instagram/connect`, { method: 'POST', env: APP })).status).toBe(401);
    // Viewers see the connection.
    expect((await connection(viewer, project.id)).account).toBeNull();
  });
});

describe('GET /callback/instagram', () => {
  it('code → short-lived → long-lived token → profile, stores the account with the token sealed, and goes to Marketing', async () => {
    const { owner, viewer, project } = await ownerWithProject();
    const { state } = await beginConnect(owner, project.id);
    const igUserId = nextIgUserId();
    const { api, graph } = happyInstagram(igUserId, 'northwind.coffee', 'IGAAlong-secret-token');
    const before = Date.now();
    const response = await callback(owner, { code: 'AQBx-code#_', state });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/projects/${project.id}/marketing?instagram=connected`);

    expect(api).toHaveLength(1);
    expect(api[0]!.request.method).toBe('POST');
    expect(api[0]!.url).toBe('https://api.instagram.com/oauth/access_token');
    expect(api[0]!.request.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(api[0]!.body))).toEqual({
      client_id: APP.INSTAGRAM_APP_ID,
      client_secret: APP.INSTAGRAM_APP_SECRET,
      grant_type: 'authorization_code',
      redirect_uri: `${ORIGIN}/callback/instagram`,
      code: 'AQBx-code#_',
    });
    const [exchange, me] = graph.map((call) => new URL(call.url));
    expect(exchange!.pathname).toBe('/access_token');
    expect(Object.fromEntries(exchange!.searchParams)).toEqual({
      grant_type: 'ig_exchange_token',
      client_secret: APP.INSTAGRAM_APP_SECRET,
      access_token: `IGAAshort${scopedIdOf(igUserId)}`,
    });
    expect(me!.pathname).toBe('/me');
    expect(me!.searchParams.get('fields')).toBe('id,user_id,username,profile_picture_url');
    expect(me!.searchParams.get('access_token')).toBe('IGAAlong-secret-token');
    for (const call of [...api, ...graph]) expect(call.init?.signal).toBeInstanceOf(AbortSignal);

    const row = (await accountOf(project.id))!;
    // Both ids: the professional account id to publish with, the app-scoped id Meta's callbacks may name.
    expect(row).toMatchObject({
      igUserId,
      igScopedUserId: scopedIdOf(igUserId),
      username: 'northwind.coffee',
      sandbox: false,
      status: 'active',
      connectedBy: owner.id,
    });
    expect(row.tokenSealed).not.toContain('IGAAlong');
    expect(row.tokenKeyId).toMatch(/^[0-9a-f]{8}$/);
    expect(row.tokenExpiresAt!.getTime() - before).toBeGreaterThanOrEqual(5183944 * 1000 - 1000);
    expect(await tokenFor(db(), configured, row.id)).toEqual({ igUserId, accessToken: 'IGAAlong-secret-token', sandbox: false, status: 'active' });

    const seen = await connection(viewer, project.id);
    expect(seen.account).toMatchObject({ id: row.id, username: 'northwind.coffee', sandbox: false, status: 'active', brokenReason: null });
    expect(seen.account!.pictureUrl).toMatch(/^https:\/\/scontent\.cdninstagram\.com\//);
    expect(JSON.stringify(seen)).not.toContain('IGAA');
  });

  it('accepts the flat answer shape of the code exchange too, and a second connection replaces the first (one account per project)', async () => {
    const { owner, project } = await ownerWithProject();
    const first = await connectReal(owner, project.id);
    const { state } = await beginConnect(owner, project.id);
    const igUserId = nextIgUserId();
    const scopedId = scopedIdOf(igUserId);
    interceptInstagram({
      token: () =>
        Response.json({
          access_token: 'IGAAshort-flat',
          // A bare 17-digit number loses digits when parsed: the app-scoped id is then taken from /me's `id`.
          user_id: Number(scopedId),
          permissions: ['instagram_business_basic', 'instagram_business_content_publish'],
        }),
      graph: (_call, path) => (path === '/access_token' ? longLived('IGAAlong-second') : profile(igUserId, 'northwind.second')),
    });
    expect((await callback(owner, { code: 'AQB2', state })).status).toBe(303);
    const rows = await db().select().from(instagramAccounts).where(eq(instagramAccounts.projectId, project.id)).all();
    expect(rows).toHaveLength(1);
    // Another account is another row: posts queued for the first one can never go to this one.
    expect(rows[0]).toMatchObject({ username: 'northwind.second', igUserId, igScopedUserId: scopedId });
    expect(rows[0]!.id).not.toBe(first.id);
    expect(await tokenFor(db(), configured, first.id)).toBeUndefined();
    expect((await tokenFor(db(), configured, rows[0]!.id))?.accessToken).toBe('IGAAlong-second');
  });

  it('a state works once: the same link again is refused without calling Instagram', async () => {
    const { owner, project } = await ownerWithProject();
    const { state } = await beginConnect(owner, project.id);
    happyInstagram(nextIgUserId(), 'once');
    expect((await callback(owner, { code: 'AQB', state })).status).toBe(303);
    vi.restoreAllMocks();
    const { api, graph } = happyInstagram(nextIgUserId(), 'twice');
    await db().delete(instagramAccounts).where(eq(instagramAccounts.projectId, project.id));
    const again = await callback(owner, { code: 'AQB', state });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('This connection link is not valid');
    expect(api).toHaveLength(0);
    expect(graph).toHaveLength(0);
    expect(await accountOf(project.id)).toBeUndefined();
  });

  it('error=access_denied: a page that says nothing was connected, the state is used up', async () => {
    const { owner, project } = await ownerWithProject();
    const { state } = await beginConnect(owner, project.id);
    const { api } = happyInstagram(nextIgUserId(), 'denied');
    const response = await callback(owner, { error: 'access_denied', error_reason: 'user_denied', error_description: 'The user denied your request.', state });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('Instagram was not connected');
    expect(html).toContain(`/projects/${project.id}/marketing`);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('<script');
    expect(api).toHaveLength(0);
    expect(await accountOf(project.id)).toBeUndefined();
    expect(
      await db()
        .select()
        .from(oauthStates)
        .where(eq(oauthStates.stateHash, await sha256Hex(state)))
        .get(),
    ).toBeUndefined();
  });

  it('a missing, unknown, absurd or expired state: 400 and a clear page, nothing stored, Instagram not called', async () => {
    const { owner, project } = await ownerWithProject();
    const { api, graph } = happyInstagram(nextIgUserId(), 'nobody');
    const queries: Record<string, string>[] = [{ code: 'AQB' }, { code: 'AQB', state: 'x'.repeat(43) }, { code: 'AQB', state: 'é<script>'.repeat(500) }, {}];
    for (const query of queries) {
      const response = await callback(owner, query);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('This connection link is not valid');
    }
    // Issued eleven minutes ago: ten minutes is the limit.
    const { url } = await startConnect(db(), configured, { userId: owner.id, projectId: project.id, origin: ORIGIN }, new Date(Date.now() - 11 * 60 * 1000));
    const state = new URL(url).searchParams.get('state')!;
    const expired = await callback(owner, { code: 'AQB', state });
    expect(expired.status).toBe(400);
    expect(await expired.text()).toContain('This connection link has expired');
    expect(api).toHaveLength(0);
    expect(graph).toHaveLength(0);
    expect(await accountOf(project.id)).toBeUndefined();
  });

  it('a state another user started is refused (403) and used up; signed out the callback asks to sign in first', async () => {
    const { owner, project } = await ownerWithProject();
    const intruder = await createUser();
    const { state } = await beginConnect(owner, project.id);
    const { api } = happyInstagram(nextIgUserId(), 'intruder');
    const response = await callback(intruder, { code: 'AQB', state });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('started by someone else');
    expect(api).toHaveLength(0);
    expect((await callback(owner, { code: 'AQB', state })).status).toBe(400);
    expect(await accountOf(project.id)).toBeUndefined();

    const anonymous = await send(`/callback/instagram?code=AQB&state=${state}`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toMatch(/^\/login\?next=/);
  });

  it('refuses when the project was archived meanwhile (403), without calling Instagram', async () => {
    const { owner, project } = await ownerWithProject();
    const { state } = await beginConnect(owner, project.id);
    const { api } = happyInstagram(nextIgUserId(), 'moved');
    await db().update(projects).set({ archivedAt: new Date() }).where(eq(projects.id, project.id));
    const response = await callback(owner, { code: 'AQB', state });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('Only the project’s owner can connect Instagram');
    expect(api).toHaveLength(0);
    expect(await accountOf(project.id)).toBeUndefined();
  });

  const failures: [string, () => ReturnType<typeof interceptInstagram>, string][] = [
    [
      'a 400 OAuthException from the code exchange',
      () => interceptInstagram({ token: () => oauthError('Matching code was not found or was already used.') }),
      'Instagram refused the sign-in',
    ],
    [
      'a 500 from the code exchange',
      () => interceptInstagram({ token: () => new Response('<html>oops</html>', { status: 500 }) }),
      'Instagram had a problem on its side',
    ],
    [
      'a failed long-lived exchange (OAuthException 190)',
      () =>
        interceptInstagram({
          token: () => shortLived('17841400000000999'),
          graph: () => graphError(190, 'Error validating access token: Session has expired.', 400, 463),
        }),
      'no longer accepts',
    ],
    [
      'a 503 from the profile',
      () =>
        interceptInstagram({
          token: () => shortLived('17841400000000998'),
          graph: (_call, path) => (path === '/access_token' ? longLived('IGAAlong-x') : graphError(2, 'Service temporarily unavailable', 503)),
        }),
      'Instagram had a problem on its side',
    ],
    [
      'an answer that is not JSON',
      () => interceptInstagram({ token: () => new Response('Sorry, this page isn’t available.', { status: 200, headers: { 'content-type': 'text/html' } }) }),
      'could not read',
    ],
  ];
  for (const [name, setup, phrase] of failures) {
    it(`${name}: a page that says so (502), nothing stored`, async () => {
      const { owner, project } = await ownerWithProject();
      const { state } = await beginConnect(owner, project.id);
      const { api } = setup();
      const response = await callback(owner, { code: 'AQB', state });
      expect(response.status).toBe(502);
      const html = await response.text();
      expect(html).toContain('Instagram did not complete the connection');
      expect(html).toContain(phrase);
      expect(html).not.toContain('IGAA');
      expect(api).toHaveLength(1);
      expect(await accountOf(project.id)).toBeUndefined();
    });
  }

  it('a timeout of the code exchange (AbortSignal.timeout): a page that says so, nothing stored', async () => {
    const { owner, project } = await ownerWithProject();
    const { state } = await beginConnect(owner, project.id);
    // The timeout fires at once: fetch rejects with the signal's TimeoutError, as it would after 10 s.
    const timeout = vi
      .spyOn(AbortSignal, 'timeout')
      .mockImplementation(() => AbortSignal.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')));
    const { api } = interceptInstagram({
      token: (call) => {
        const signal = call.init?.signal;
        if (signal?.aborted) throw signal.reason;
        return shortLived('17841400000000997');
      },
    });
    const response = await callback(owner, { code: 'AQB', state });
    expect(response.status).toBe(502);
    expect(await response.text()).toContain('did not answer in time');
    expect(timeout).toHaveBeenCalledWith(10_000);
    expect(api).toHaveLength(1);
    expect(await accountOf(project.id)).toBeUndefined();
  });

  it('refuses an authorization without the publishing permission', async () => {
    const { owner, project } = await ownerWithProject();
    const { state } = await beginConnect(owner, project.id);
    const { graph } = interceptInstagram({
      token: () => Response.json({ data: [{ access_token: 'IGAAshort-basic', user_id: '17841400000000996', permissions: 'instagram_business_basic' }] }),
    });
    const response = await callback(owner, { code: 'AQB', state });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('needs both permissions');
    expect(graph).toHaveLength(0);
    expect(await accountOf(project.id)).toBeUndefined();
  });
});

describe('sandbox account and disconnecting', () => {
  it('connects a clearly marked sandbox account without credentials; disconnecting deletes it and its token', async () => {
    const { owner, viewer, project } = await ownerWithProject('Northwind Coffee & Co');
    const response = await send(`/api/projects/${project.id}/instagram/sandbox`, { method: 'POST', cookie: owner.cookie });
    expect(response.status).toBe(200);
    const body = (await response.json()) as InstagramConnection;
    expect(body.configured).toBe(false);
    expect(body.account).toMatchObject({ username: 'northwind.coffee.co.sandbox', sandbox: true, status: 'active', tokenExpiresAt: null });
    const row = (await accountOf(project.id))!;
    expect(row.igUserId).toBe(`sandbox_${row.id}`);
    expect(await tokenFor(db(), env as Bindings, row.id)).toEqual({ igUserId: row.igUserId, accessToken: 'sandbox', sandbox: true, status: 'active' });

    expect((await send(`/api/projects/${project.id}/instagram`, { method: 'DELETE', cookie: viewer.cookie })).status).toBe(403);
    expect((await send(`/api/projects/${project.id}/instagram`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    expect((await connection(viewer, project.id)).account).toBeNull();
    expect(await tokenFor(db(), env as Bindings, row.id)).toBeUndefined();
    // Disconnecting again is fine.
    expect((await send(`/api/projects/${project.id}/instagram`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
  });

  it('a token sealed for another project does not open (copied between rows)', async () => {
    const a = await ownerWithProject();
    const b = await ownerWithProject();
    const rowA = await connectReal(a.owner, a.project.id);
    const rowB = await connectReal(b.owner, b.project.id);
    await db().update(instagramAccounts).set({ tokenSealed: rowA.tokenSealed }).where(eq(instagramAccounts.id, rowB.id));
    expect(await tokenFor(db(), configured, rowB.id)).toBeUndefined();
    expect((await accountOf(b.project.id))!.status).toBe('broken');
    expect(await mailsTo(b.owner.email, 'instagram_broken')).toHaveLength(1);
  });
});

describe('token refresh job', () => {
  const DAY = 24 * 60 * 60 * 1000;

  async function agedAccount(refreshedDaysAgo: number, expiresInDays: number) {
    const { owner, project } = await ownerWithProject();
    const row = await connectReal(owner, project.id);
    const now = new Date();
    await db()
      .update(instagramAccounts)
      .set({
        tokenRefreshedAt: new Date(now.getTime() - refreshedDaysAgo * DAY),
        tokenExpiresAt: new Date(now.getTime() + expiresInDays * DAY),
        updatedAt: new Date(now.getTime() - refreshedDaysAgo * DAY),
      })
      .where(eq(instagramAccounts.id, row.id));
    const token = (await tokenFor(db(), configured, row.id))!.accessToken;
    return { owner, project, row, token, now };
  }

  /** graph.instagram.com/refresh_access_token, answered per token; the calls of other tests' accounts are ignored by the tests. */
  function interceptRefresh(answer: (token: string) => Response) {
    return interceptInstagram({
      graph: (call, path) =>
        path === '/refresh_access_token' ? answer(new URL(call.url).searchParams.get('access_token') ?? '') : new Response('unexpected', { status: 599 }),
    }).graph;
  }
  const callsFor = (calls: Intercepted[], token: string) => calls.filter((call) => new URL(call.url).searchParams.get('access_token') === token);

  it('refreshes a token older than 24 h that expires within the window (ig_refresh_token), and stores the new one sealed', async () => {
    const { row, token, now } = await agedAccount(10, 50);
    const calls = interceptRefresh((t) => (t === token ? longLived('IGAArefreshed-token') : longLived(`${t}-refreshed`)));
    await refreshTokens(db(), configured, now);
    const mine = callsFor(calls, token);
    expect(mine).toHaveLength(1);
    expect(new URL(mine[0]!.url).searchParams.get('grant_type')).toBe('ig_refresh_token');
    const after = (await accountOf(row.projectId))!;
    expect(after.status).toBe('active');
    expect(after.tokenExpiresAt!.getTime()).toBe(now.getTime() + 5183944 * 1000);
    expect(after.tokenRefreshedAt!.getTime()).toBe(now.getTime());
    expect(after.tokenSealed).not.toBe(row.tokenSealed);
    expect((await tokenFor(db(), configured, row.id))!.accessToken).toBe('IGAArefreshed-token');

    // Refreshed now: the next run leaves it alone.
    await refreshTokens(db(), configured, new Date(now.getTime() + 60_000));
    expect(callsFor(calls, 'IGAArefreshed-token')).toHaveLength(0);
  });

  it('runs from the scheduled job', async () => {
    const { row, token, now } = await agedAccount(10, 50);
    const calls = interceptRefresh((t) => longLived(t === token ? 'IGAAfrom-the-cron' : `${t}-r`));
    await refreshInstagramTokens(configured, now);
    expect(callsFor(calls, token)).toHaveLength(1);
    expect((await tokenFor(db(), configured, row.id))!.accessToken).toBe('IGAAfrom-the-cron');
  });

  it('leaves tokens younger than 24 h and tokens far from expiry alone', async () => {
    const young = await agedAccount(0.5, 20);
    const fresh = await agedAccount(2, 59);
    const calls = interceptRefresh((t) => longLived(`${t}-refreshed`));
    await refreshTokens(db(), configured, fresh.now);
    expect(callsFor(calls, young.token)).toHaveLength(0);
    expect(callsFor(calls, fresh.token)).toHaveLength(0);
  });

  it('a revoked token (OAuthException 190) marks the connection broken, emails the owner once, and shows in the UI', async () => {
    const { owner, project, row, token, now } = await agedAccount(10, 50);
    interceptRefresh((t) =>
      t === token ? graphError(190, 'Error validating access token: The user has not authorized application 990602627938098.', 400, 458) : longLived(`${t}-r`),
    );
    await refreshTokens(db(), configured, now);
    const after = (await accountOf(project.id))!;
    expect(after.status).toBe('broken');
    expect(after.brokenReason).toMatch(/Connect the account again/);
    const mails = await mailsTo(owner.email, 'instagram_broken');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Northwind Coffee');
    expect(mails[0]!.textBody).toContain('@northwind.coffee');

    // A broken account is not refreshed again and nobody is emailed twice.
    await refreshTokens(db(), configured, new Date(now.getTime() + DAY));
    await markBroken(db(), configured, row.id, 'Again.');
    expect(await mailsTo(owner.email, 'instagram_broken')).toHaveLength(1);
    const seen = await connection(owner, project.id);
    expect(seen.account).toMatchObject({ status: 'broken', brokenReason: after.brokenReason });
  });

  it('a token that already expired marks the connection broken without calling Instagram', async () => {
    const { owner, project, token, now } = await agedAccount(61, -1);
    const calls = interceptRefresh((t) => longLived(`${t}-r`));
    await refreshTokens(db(), configured, now);
    expect(callsFor(calls, token)).toHaveLength(0);
    expect((await accountOf(project.id))!).toMatchObject({ status: 'broken' });
    expect((await accountOf(project.id))!.brokenReason).toContain('expired');
    expect(await mailsTo(owner.email, 'instagram_broken')).toHaveLength(1);
  });

  it('a 5xx or a timeout leaves the connection active for the next run, without an email', async () => {
    const { owner, project, token, now } = await agedAccount(10, 50);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    interceptRefresh((t) => (t === token ? graphError(2, 'An unexpected error has occurred. Please retry your request later.', 500) : longLived(`${t}-r`)));
    await refreshTokens(db(), configured, now);
    expect((await accountOf(project.id))!.status).toBe('active');
    expect((await tokenFor(db(), configured, (await accountOf(project.id))!.id))!.accessToken).toBe(token);
    expect(await mailsTo(owner.email, 'instagram_broken')).toHaveLength(0);
    expect(errors.mock.calls.flat().join(' ')).not.toContain(token);

    // The next minute's run leaves it alone; an hour later it is tried again, and works.
    vi.restoreAllMocks();
    const calls = interceptRefresh((t) => longLived(t === token ? 'IGAAafter-outage' : `${t}-r`));
    await refreshTokens(db(), configured, new Date(now.getTime() + 60_000));
    expect(callsFor(calls, token)).toHaveLength(0);
    await refreshTokens(db(), configured, new Date(now.getTime() + 61 * 60_000));
    expect(callsFor(calls, token)).toHaveLength(1);
    expect((await tokenFor(db(), configured, (await accountOf(project.id))!.id))!.accessToken).toBe('IGAAafter-outage');
  });
});

/** Meta's signed_request: base64url(HMAC-SHA256(payload part, app secret)).base64url(payload). */
async function signedRequest(payload: Record<string, unknown>, secret = APP.INSTAGRAM_APP_SECRET) {
  const body = base64url(new TextEncoder().encode(JSON.stringify(payload)));
  return `${await hmacSign(secret, body)}.${body}`;
}

describe("Meta's deauthorize and data-deletion callbacks", () => {
  const payload = (userId: string, algorithm = 'HMAC-SHA256') => ({ algorithm, expires: 1_900_000_000, issued_at: 1_800_000_000, user_id: userId });
  // Meta's servers post without the site's Origin or a session.
  const metaPost = (path: string, form: Record<string, string>, extra: Partial<Bindings> = APP) =>
    send(path, { form, sameOrigin: false, headers: { origin: 'https://www.facebook.com' }, env: extra });

  it('deauthorize with a good signed_request deletes the tokens of every connection of that Instagram user; they show as broken, owners told once', async () => {
    const a = await ownerWithProject();
    const b = await ownerWithProject();
    const other = await ownerWithProject();
    const igUserId = nextIgUserId();
    const rowA = await connectReal(a.owner, a.project.id, igUserId);
    const rowB = await connectReal(b.owner, b.project.id, igUserId);
    const rowOther = await connectReal(other.owner, other.project.id);
    const signed = await signedRequest(payload(igUserId));
    const response = await metaPost('/api/instagram/deauthorize', { signed_request: signed });
    expect(response.status).toBe(200);
    for (const [project, row, owner] of [
      [a.project, rowA, a.owner],
      [b.project, rowB, b.owner],
    ] as const) {
      const after = (await accountOf(project.id))!;
      expect(after).toMatchObject({ status: 'broken', tokenSealed: null, tokenKeyId: null, tokenExpiresAt: null, username: 'northwind.coffee' });
      expect(after.brokenReason).toContain('removed');
      expect(await tokenFor(db(), configured, row.id)).toBeUndefined();
      expect(await mailsTo(owner.email, 'instagram_broken')).toHaveLength(1);
    }
    expect((await accountOf(other.project.id))!).toMatchObject({ status: 'active', tokenSealed: rowOther.tokenSealed });
    // Meta may call again: nothing changes, nobody is emailed twice.
    expect((await metaPost('/api/instagram/deauthorize', { signed_request: signed })).status).toBe(200);
    expect(await mailsTo(a.owner.email, 'instagram_broken')).toHaveLength(1);
  });

  it('a signed_request naming the app-scoped id (the code exchange’s user_id) deauthorizes and deletes that account, and only that one', async () => {
    const a = await ownerWithProject();
    const b = await ownerWithProject();
    const other = await ownerWithProject();
    const igUserId = nextIgUserId();
    const scopedId = scopedIdOf(igUserId);
    const rowA = await connectReal(a.owner, a.project.id, igUserId);
    await connectReal(b.owner, b.project.id, igUserId);
    const rowOther = await connectReal(other.owner, other.project.id);
    expect(rowA).toMatchObject({ igUserId, igScopedUserId: scopedId });
    // A sandbox account whose professional id happens to be the scoped id is not Meta's to remove.
    const sandbox = await ownerWithProject();
    expect((await send(`/api/projects/${sandbox.project.id}/instagram/sandbox`, { method: 'POST', cookie: sandbox.owner.cookie })).status).toBe(200);
    await db().update(instagramAccounts).set({ igScopedUserId: scopedId }).where(eq(instagramAccounts.projectId, sandbox.project.id));

    expect((await metaPost('/api/instagram/deauthorize', { signed_request: await signedRequest(payload(scopedId)) })).status).toBe(200);
    const after = (await accountOf(a.project.id))!;
    expect(after).toMatchObject({ status: 'broken', tokenSealed: null, tokenKeyId: null, tokenExpiresAt: null });
    expect(await tokenFor(db(), configured, rowA.id)).toBeUndefined();
    expect(await mailsTo(a.owner.email, 'instagram_broken')).toHaveLength(1);
    expect((await accountOf(b.project.id))!).toMatchObject({ status: 'broken', tokenSealed: null });
    expect((await accountOf(other.project.id))!).toMatchObject({ status: 'active', tokenSealed: rowOther.tokenSealed });
    expect((await accountOf(sandbox.project.id))!).toMatchObject({ status: 'active', sandbox: true });

    const response = await metaPost('/api/instagram/data-deletion', { signed_request: await signedRequest(payload(scopedId)) });
    expect(response.status).toBe(200);
    const { confirmation_code: code } = (await response.json()) as { confirmation_code: string };
    expect(await accountOf(a.project.id)).toBeUndefined();
    expect(await accountOf(b.project.id)).toBeUndefined();
    expect(await accountOf(other.project.id)).toBeDefined();
    expect(await accountOf(sandbox.project.id)).toBeDefined();
    expect(await db().select().from(dataDeletionRequests).where(eq(dataDeletionRequests.code, code)).get()).toMatchObject({
      igUserId: scopedId,
      status: 'completed',
      accountsDeleted: 2,
    });
  });

  it('an account connected before the app-scoped id was stored is still found by its professional id', async () => {
    const { owner, project } = await ownerWithProject();
    const igUserId = nextIgUserId();
    await connectReal(owner, project.id, igUserId);
    await db().update(instagramAccounts).set({ igScopedUserId: null }).where(eq(instagramAccounts.projectId, project.id));
    expect((await metaPost('/api/instagram/deauthorize', { signed_request: await signedRequest(payload(scopedIdOf(igUserId))) })).status).toBe(200);
    expect((await accountOf(project.id))!).toMatchObject({ status: 'active' });
    expect((await metaPost('/api/instagram/data-deletion', { signed_request: await signedRequest(payload(igUserId)) })).status).toBe(200);
    expect(await accountOf(project.id)).toBeUndefined();
  });

  it('refuses a tampered payload, a wrong key, another algorithm and garbage (400), deleting nothing', async () => {
    const { owner, project } = await ownerWithProject();
    const igUserId = nextIgUserId();
    await connectReal(owner, project.id, igUserId);
    const good = await signedRequest(payload('17841499999999999'));
    const [signature] = good.split('.');
    const tampered = `${signature}.${base64url(new TextEncoder().encode(JSON.stringify(payload(igUserId))))}`;
    const wrongKey = await signedRequest(payload(igUserId), 'another-secret');
    const wrongAlgorithm = await signedRequest(payload(igUserId, 'HMAC-SHA1'));
    const noAlgorithm = await signedRequest({ user_id: igUserId });
    for (const value of [tampered, wrongKey, wrongAlgorithm, noAlgorithm, 'abc', 'a.b.c', `${signature}.%%%`, '.', 'x'.repeat(8000)]) {
      for (const path of ['/api/instagram/deauthorize', '/api/instagram/data-deletion']) {
        const response = await metaPost(path, { signed_request: value });
        expect(response.status, `${path} ${value.slice(0, 40)}`).toBe(400);
      }
    }
    expect(await accountOf(project.id)).toBeDefined();
    expect((await metaPost('/api/instagram/deauthorize', {})).status).toBe(422);
    // Not a form at all, or a broken one: refused, never a 500.
    const asJson = await send('/api/instagram/deauthorize', { json: { signed_request: await signedRequest(payload(igUserId)) }, sameOrigin: false, env: APP });
    expect(asJson.status).toBeGreaterThanOrEqual(400);
    expect(asJson.status).toBeLessThan(500);
    const broken = await send('/api/instagram/data-deletion', {
      body: 'signed_request=%E0%A4%A&x=%',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      sameOrigin: false,
      env: APP,
    });
    expect(broken.status).toBeGreaterThanOrEqual(400);
    expect(broken.status).toBeLessThan(500);
    expect((await metaPost('/api/instagram/deauthorize', { signed_request: 'x'.repeat(9000) })).status).toBe(422);
    // Without an app secret nothing can be verified: the endpoints do not exist.
    expect((await metaPost('/api/instagram/deauthorize', { signed_request: await signedRequest(payload(igUserId)) }, {})).status).toBe(404);
    expect(await accountOf(project.id)).toBeDefined();
  });

  it('data deletion deletes, answers { url, confirmation_code }, and the status page shows the state', async () => {
    const { owner, project } = await ownerWithProject();
    const igUserId = nextIgUserId();
    await connectReal(owner, project.id, igUserId);
    const response = await metaPost('/api/instagram/data-deletion', { signed_request: await signedRequest(payload(igUserId)) });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { url: string; confirmation_code: string };
    expect(Object.keys(body).sort()).toEqual(['confirmation_code', 'url']);
    expect(body.confirmation_code).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(body.url).toBe(`${ORIGIN}/instagram/deletion/${body.confirmation_code}`);
    expect(await accountOf(project.id)).toBeUndefined();

    const page = await send(new URL(body.url).pathname);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(body.confirmation_code);
    expect(html).toContain('Completed');
    expect(html).toContain('Your Instagram data is deleted');
    expect(html).toContain('/tech-provider');

    // A request for someone we hold nothing of is confirmed too.
    const none = (await (await metaPost('/api/instagram/data-deletion', { signed_request: await signedRequest(payload('17841400000000001')) })).json()) as {
      confirmation_code: string;
    };
    expect(await (await send(`/instagram/deletion/${none.confirmation_code}`)).text()).toContain('there was nothing left to delete');
  });

  it('the status page answers 404 for unknown or odd codes, never 500', async () => {
    for (const code of ['AAAAAAAAAAAAAAAA', '%3Cscript%3E', 'x'.repeat(500), '..%2F..']) {
      const response = await send(`/instagram/deletion/${code}`);
      expect(response.status, code).toBe(404);
      expect(await response.text()).not.toContain('<script>');
    }
  });
});

describe('/tech-provider', () => {
  it('explains the permissions, the data kept and for how long, deauthorization and the deletion status page', async () => {
    const html = await (await send('/tech-provider')).text();
    for (const phrase of [
      'instagram_business_basic',
      'instagram_business_content_publish',
      'AES-GCM',
      '60 days',
      '/instagram/deletion/',
      'deauthorization',
      '12 months',
    ]) {
      expect(html).toContain(phrase);
    }
  });
});
