import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { InstagramConnection } from '#common/schemas/ads.ts';
import { getDb } from '#worker/db/client.ts';
import { instagramAccounts, oauthStates, projects } from '#worker/db/schema.ts';
import type { Bindings } from '#worker/env.ts';
import { sha256Hex } from '#worker/lib/crypto.ts';
import { startConnect, tokenFor } from '#worker/features/instagram/connection/service.ts';
import { createUser } from '#worker/test/factories.ts';
import { ORIGIN, send } from '#worker/test/http.ts';
import {
  accountOf,
  APP,
  beginConnect,
  callback,
  configured,
  connection,
  connectReal,
  graphError,
  happyInstagram,
  interceptInstagram,
  longLived,
  mailsTo,
  nextIgUserId,
  oauthError,
  ownerWithProject,
  profile,
  scopedIdOf,
  shortLived,
} from '#worker/test/instagram-connection.ts';

const db = () => getDb(env.DB);

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

  it('says the detail in the reader’s language (issue 28): the failure is a code, worded by the page', async () => {
    const { owner, project } = await ownerWithProject();
    expect((await send('/api/me', { method: 'PATCH', json: { locale: 'de' }, cookie: owner.cookie })).status).toBe(200);
    const { state } = await beginConnect(owner, project.id);
    interceptInstagram({ token: () => oauthError('Matching code was not found or was already used.') });
    const response = await callback(owner, { code: 'AQB', state });
    expect(response.status).toBe(502);
    const html = await response.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('Instagram hat die Anmeldung abgelehnt (der Link wurde vielleicht schon verwendet oder ist abgelaufen).');
    expect(html).not.toContain('Instagram refused the sign-in');
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
