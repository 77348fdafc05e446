import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { themeFromBrandKit } from '#common/schemas/blocks-theme.ts';
import type { FunnelDetail, FunnelSummary, PageSummary } from '#common/schemas/funnels.ts';
import { getDb } from '#worker/db/client.ts';
import type { Bindings } from '#worker/env.ts';
import { auditLog, funnels, pageStats, users } from '#worker/db/schema.ts';
import { cacheMatch, cachePut, edgeCacheKey } from '#worker/features/funnels/edge/cache.ts';
import { createFunnel, createFunnelPage, createProject, createUser, publishFunnelPage, uniqueFunnelName, type TestUser } from '#worker/test/factories.ts';
import { heroBlock, pageDoc, seedFunnel } from '#worker/test/funnels-edge.ts';
import { ORIGIN, send } from '#worker/test/http.ts';
import worker from '#worker/index.ts';

type ErrorBody = { error: { code: string; message: string; details?: Record<string, string[]> } };
const db = () => getDb(env.DB);
const json = async <T>(response: Response) => (await response.json()) as T;

let owner: TestUser;
let editor: TestUser;
let viewer: TestUser;
let outsider: TestUser;
let projectId: string;

beforeAll(async () => {
  [owner, editor, viewer, outsider] = [await createUser({ name: 'Olivia Owner' }), await createUser(), await createUser(), await createUser()];
  projectId = (await createProject(owner, { editor, viewer })).id;
  await db().update(users).set({ plan: 'agency' }).where(eq(users.id, owner.id));
});

const create = (user: TestUser | undefined, body: unknown, project = projectId, env?: Partial<Bindings>) =>
  send(`/api/projects/${project}/funnels`, { json: body, cookie: user?.cookie, env });

/** A JSON request through the worker as a browser on another of the app's origins sends it (same-origin there). */
async function sendFrom(origin: string, path: string, options: { method: string; json: unknown; cookie: string }, extraEnv: Partial<Bindings> = {}) {
  const request = new Request(`${origin}${path}`, {
    method: options.method,
    headers: { 'content-type': 'application/json', origin, cookie: options.cookie, 'cf-connecting-ip': '203.0.113.7' },
    body: JSON.stringify(options.json),
  });
  const ctx = createExecutionContext();
  const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, { ...env, ...extraEnv } as Bindings, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}
const patch = (user: TestUser | undefined, id: string, body: unknown) => send(`/api/funnels/${id}`, { method: 'PATCH', json: body, cookie: user?.cookie });
const setPlan = (user: TestUser, plan: 'free' | 'pro' | 'agency') => db().update(users).set({ plan }).where(eq(users.id, user.id));

describe('creating a funnel', () => {
  it('takes the theme from the project’s brand kit and answers the detail', async () => {
    await send(`/api/projects/${projectId}`, {
      method: 'PATCH',
      json: { brandKit: { logoMediaId: null, colors: ['#0b3d2e', '#f5e6c8'], headingFont: 'playfair-display', bodyFont: 'inter', tone: '' } },
      cookie: owner.cookie,
    });
    const name = uniqueFunnelName('spring');
    const response = await create(editor, { name: `  ${name.toUpperCase()} `, title: 'Spring sale' });
    expect(response.status).toBe(201);
    const funnel = await json<FunnelDetail>(response);
    expect(funnel).toMatchObject({ name, title: 'Spring sale', projectId, customDomain: null, pageCount: 0, notifyLeads: false, role: 'editor', pages: [] });
    expect(funnel.url).toBe(`${ORIGIN}/p/${name}`);
    expect(funnel.theme.colors.primary).toBe('#0b3d2e');
    expect(funnel.theme).toEqual(funnel.brandTheme);
    expect(funnel.daily7d).toHaveLength(7);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, funnel.id), eq(auditLog.action, 'funnel.create')))
      .get();
    expect(audit?.actorUserId).toBe(editor.id);
  });

  it('takes a theme that is given', async () => {
    const theme = {
      ...themeFromBrandKit({ logoMediaId: null, colors: [], headingFont: 'inter', bodyFont: 'inter', tone: '' }),
      radius: 'large' as const,
    };
    const funnel = await json<FunnelDetail>(await create(owner, { name: uniqueFunnelName(), title: 'T', theme }));
    expect(funnel.theme.radius).toBe('large');
  });

  it('refuses bad and reserved names with a field message', async () => {
    for (const name of ['ab', 'a'.repeat(49), '-abc', 'abc-', 'ab_c', 'ab c', 'über', 'api', 'admin', 'p', 'www', '_components', 'pricing']) {
      const response = await create(owner, { name, title: 'X' });
      expect(response.status, name).toBe(422);
      expect((await json<ErrorBody>(response)).error.details?.name?.length, name).toBeGreaterThan(0);
    }
  });

  it('refuses a taken name (409), also when 20 requests race for it: exactly one wins', async () => {
    const name = uniqueFunnelName('race');
    const responses = await Promise.all(Array.from({ length: 20 }, () => create(owner, { name, title: 'Race' })));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const refusal = await json<ErrorBody>(responses.find((r) => r.status === 409)!);
    expect(refusal.error.code).toBe('conflict');
    expect(refusal.error.details?.name).toBeDefined();
    const rows = await db().select().from(funnels).where(eq(funnels.name, name)).all();
    expect(rows).toHaveLength(1);
  });

  it('refuses viewers (403), outsiders and unknown projects (404), anonymous (401)', async () => {
    const body = { name: uniqueFunnelName(), title: 'X' };
    expect((await create(viewer, body)).status).toBe(403);
    expect((await create(outsider, body)).status).toBe(404);
    expect((await create(owner, body, 'AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await create(undefined, body)).status).toBe(401);
  });

  it('answers malformed JSON with 400, a wrong type with 415, a huge body with 413 and huge strings with 422', async () => {
    const raw = (body: string, type = 'application/json') =>
      send(`/api/projects/${projectId}/funnels`, { body, headers: { 'content-type': type }, cookie: owner.cookie });
    expect((await raw('{"name": ')).status).toBe(400);
    expect((await raw('name=x', 'application/x-www-form-urlencoded')).status).toBe(415);
    expect((await raw(JSON.stringify({ name: uniqueFunnelName(), title: 'x'.repeat(2 * 1024 * 1024) }))).status).toBe(413);
    expect((await create(owner, { name: uniqueFunnelName(), title: 'x'.repeat(100_000) })).status).toBe(422);
    expect((await create(owner, { name: 'x'.repeat(100_000), title: 'X' })).status).toBe(422);
    expect((await create(owner, { name: uniqueFunnelName(), title: 'X', theme: { colors: 'red' } })).status).toBe(422);
    expect((await create(owner, [])).status).toBe(422);
    expect((await create(owner, null)).status).toBe(422);
  });

  it('stores a lone surrogate as U+FFFD, never as broken text', async () => {
    const name = uniqueFunnelName();
    const response = await send(`/api/projects/${projectId}/funnels`, {
      body: `{"name":"${name}","title":"Sale \\ud800 now"}`,
      headers: { 'content-type': 'application/json' },
      cookie: owner.cookie,
    });
    expect(response.status).toBe(201);
    expect((await json<FunnelDetail>(response)).title).toBe('Sale \ufffd now');
    expect((await create(owner, { name: 'abc\ud800', title: 'X' })).status).toBe(422);
  });
});

describe('reading funnels', () => {
  it('lists the funnels of the user’s projects with 7 days of views and leads', async () => {
    const funnel = await createFunnel(owner, projectId, { title: 'Listed' });
    const page = await createFunnelPage(owner, funnel.id, { slug: 'landing' });
    const today = new Date().toISOString().slice(0, 10);
    const old = new Date(Date.now() - 9 * 86_400_000).toISOString().slice(0, 10);
    await db()
      .insert(pageStats)
      .values([
        { pageId: page.id, variant: 'a', day: today, views: 10, visitors: 8, leads: 2 },
        { pageId: page.id, variant: 'b', day: today, views: 5, visitors: 5, leads: 1 },
        { pageId: page.id, variant: 'a', day: old, views: 100, visitors: 100, leads: 100 },
      ]);
    const list = await json<{ items: FunnelSummary[] }>(await send(`/api/funnels?projectId=${projectId}`, { cookie: viewer.cookie }));
    const item = list.items.find((f) => f.id === funnel.id)!;
    expect(item).toMatchObject({ pageCount: 1, publishedCount: 0, views7d: 15, leads7d: 3, projectName: 'Northwind Coffee' });
    expect(item.daily7d.at(-1)).toEqual({ day: today, views: 15, leads: 3 });
    expect(item.daily7d[0]!.day < today).toBe(true);
    // The same week per page, for the charts of /pages.
    const pages = await json<{ items: PageSummary[] }>(await send(`/api/pages?funnelId=${funnel.id}`, { cookie: viewer.cookie }));
    expect(pages.items[0]).toMatchObject({ views7d: 15, leads7d: 3 });
    expect(pages.items[0]!.daily7d).toHaveLength(7);
    expect(pages.items[0]!.daily7d.at(-1)).toEqual({ day: today, views: 15, leads: 3 });
    // Other people see nothing of it.
    const theirs = await json<{ items: FunnelSummary[] }>(await send('/api/funnels', { cookie: outsider.cookie }));
    expect(theirs.items.some((f) => f.id === funnel.id)).toBe(false);
    expect((await send(`/api/funnels?projectId=${projectId}`, { cookie: outsider.cookie })).status).toBe(200);
    expect((await send('/api/funnels?projectId=nope', { cookie: outsider.cookie })).status).toBe(422);
  });

  it('answers one funnel to members with its ordered pages, 404 to others, and by name for the component sheet', async () => {
    const funnel = await createFunnel(owner, projectId);
    await createFunnelPage(owner, funnel.id, { slug: 'one' });
    await createFunnelPage(owner, funnel.id, { slug: 'two' });
    const detail = await json<FunnelDetail>(await send(`/api/funnels/${funnel.id}`, { cookie: viewer.cookie }));
    expect(detail.pages.map((p) => p.slug)).toEqual(['one', 'two']);
    expect(detail.role).toBe('viewer');
    expect((await send(`/api/funnels/${funnel.id}`, { cookie: outsider.cookie })).status).toBe(404);
    expect((await send(`/api/funnels/by-name/${funnel.name}`, { cookie: viewer.cookie })).status).toBe(200);
    expect((await send(`/api/funnels/by-name/${funnel.name}`, { cookie: outsider.cookie })).status).toBe(404);
    expect((await send('/api/funnels/by-name/no-such-funnel-here', { cookie: owner.cookie })).status).toBe(404);
    // The workspace pages are 404 for outsiders (members get the app's shell: the access matrix, with a client build).
    expect((await send(`/funnels/${funnel.id}`, { cookie: outsider.cookie })).status).toBe(404);
    expect((await send(`/_components/${funnel.name}`, { cookie: outsider.cookie })).status).toBe(404);
  });
});

describe('changing a funnel', () => {
  it('changes title, theme and notifications; viewers 403, outsiders 404', async () => {
    const funnel = await createFunnel(owner, projectId);
    const detail = await json<FunnelDetail>(await send(`/api/funnels/${funnel.id}`, { cookie: owner.cookie }));
    const theme = { ...detail.theme, colors: { ...detail.theme.colors, primary: '#123456' } };
    const response = await patch(editor, funnel.id, { title: 'New title', theme, notifyLeads: true });
    expect(response.status).toBe(200);
    expect(await json<FunnelDetail>(response)).toMatchObject({ title: 'New title', notifyLeads: true, theme: { colors: { primary: '#123456' } } });
    expect((await patch(viewer, funnel.id, { title: 'No' })).status).toBe(403);
    expect((await patch(outsider, funnel.id, { title: 'No' })).status).toBe(404);
    expect((await patch(owner, funnel.id, { title: '' })).status).toBe(422);
    expect((await patch(owner, funnel.id, { notifyLeads: 'yes' })).status).toBe(422);
  });

  it('purges the cached pages when the theme changes', async () => {
    const funnel = await createFunnel(owner, projectId);
    const page = await createFunnelPage(owner, funnel.id, { slug: 'cached' });
    await publishFunnelPage(owner, page.id);
    const key = edgeCacheKey({ kind: 'path', origin: ORIGIN, funnelName: funnel.name }, 'cached', 'a');
    await cachePut(key, new Response('old', { headers: { 'cache-control': 'max-age=300' } }));
    expect(await cacheMatch(key)).toBeDefined();
    await patch(owner, funnel.id, { title: 'Changed' });
    expect(await cacheMatch(key)).toBeUndefined();
  });

  it('keeps custom domains within the owner’s plan: Free has none (402)', async () => {
    const freeOwner = await createUser();
    const project = await createProject(freeOwner, { editor });
    const funnel = await createFunnel(freeOwner, project.id);
    const response = await patch(editor, funnel.id, { customDomain: 'offers.example.com' });
    expect(response.status).toBe(402);
    const body = await json<ErrorBody>(response);
    expect(body.error.code).toBe('plan_limit_reached');
    expect(body.error.details?._).toEqual(['plan:free', 'limit:0']);
    expect((await create(freeOwner, { name: uniqueFunnelName(), title: 'X', customDomain: 'x.example.com' }, project.id)).status).toBe(402);
  });

  it('Pro has one: of 20 funnels asking at the same moment, exactly one gets a domain', async () => {
    const proOwner = await createUser();
    await setPlan(proOwner, 'pro');
    const project = await createProject(proOwner);
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1) ids.push((await createFunnel(proOwner, project.id)).id);
    const stamp = Date.now().toString(36);
    const responses = await Promise.all(ids.map((id, i) => patch(proOwner, id, { customDomain: `shop${i}-${stamp}.example.com` })));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 402)).toHaveLength(19);
    // Changing the one domain, clearing it and setting another stays within the limit.
    const winner = ids[statuses.indexOf(200)]!;
    expect((await patch(proOwner, winner, { customDomain: `Other-${stamp}.Example.com.` })).status).toBe(200);
    const current = await json<FunnelDetail>(await send(`/api/funnels/${winner}`, { cookie: proOwner.cookie }));
    expect(current.customDomain).toBe(`other-${stamp}.example.com`);
    expect(
      (
        await patch(
          proOwner,
          ids.find((id) => id !== winner)!,
          { customDomain: `third-${stamp}.example.com` },
        )
      ).status,
    ).toBe(402);
    expect((await patch(proOwner, winner, { customDomain: null })).status).toBe(200);
    expect(
      (
        await patch(
          proOwner,
          ids.find((id) => id !== winner)!,
          { customDomain: `third-${stamp}.example.com` },
        )
      ).status,
    ).toBe(200);
  });

  it('counts the domains of every project the owner has, and refuses a domain another funnel uses (409)', async () => {
    const agencyOwner = await createUser();
    await setPlan(agencyOwner, 'agency');
    const [p1, p2] = [await createProject(agencyOwner), await createProject(agencyOwner)];
    const stamp = Date.now().toString(36);
    const first = await createFunnel(agencyOwner, p1.id, { customDomain: `a-${stamp}.example.com` });
    expect(first.customDomain).toBe(`a-${stamp}.example.com`);
    const second = await createFunnel(agencyOwner, p2.id);
    const taken = await patch(agencyOwner, second.id, { customDomain: `a-${stamp}.example.com` });
    expect(taken.status).toBe(409);
    expect((await json<ErrorBody>(taken)).error.details?.customDomain).toBeDefined();
    // Someone else's funnel (with domains left on their plan) cannot take it either.
    expect((await create(owner, { name: uniqueFunnelName(), title: 'X', customDomain: `a-${stamp}.example.com` })).status).toBe(409);
    await setPlan(agencyOwner, 'pro');
    expect((await patch(agencyOwner, second.id, { customDomain: `b-${stamp}.example.com` })).status).toBe(402);
  });

  it('gives one domain to one funnel when 20 ask for it at once, and keeps the limit when funnels are created with domains', async () => {
    const agencyOwner = await createUser();
    await setPlan(agencyOwner, 'agency');
    const project = await createProject(agencyOwner);
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1) ids.push((await createFunnel(agencyOwner, project.id)).id);
    const domain = `same-${Date.now().toString(36)}.example.com`;
    const responses = await Promise.all(ids.map((id) => patch(agencyOwner, id, { customDomain: domain })));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(19);

    const proOwner = await createUser();
    await setPlan(proOwner, 'pro');
    const proProject = await createProject(proOwner);
    const stamp = Date.now().toString(36);
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        create(proOwner, { name: uniqueFunnelName(), title: 'T', customDomain: `c${i}-${stamp}.example.com` }, proProject.id),
      ),
    );
    expect(created.filter((r) => r.status === 201)).toHaveLength(1);
    expect(created.filter((r) => r.status === 402)).toHaveLength(19);
  });

  it('refuses domains that are not hostnames, and the app’s own', async () => {
    const funnel = await createFunnel(owner, projectId);
    for (const customDomain of [
      'localhost',
      'example',
      'https://a.example.com/path',
      'a.example.com:8080',
      'a..example.com',
      '-a.example.com',
      'x'.repeat(300),
    ]) {
      expect((await patch(owner, funnel.id, { customDomain })).status, customDomain).toBe(422);
    }
    expect((await patch(owner, funnel.id, { customDomain: new URL(ORIGIN).hostname })).status).toBe(422);
  });

  it('refuses the app’s hosts (APP_HOSTS and the request’s), their subdomains and parents, and platform addresses', async () => {
    const funnel = await createFunnel(owner, projectId);
    const appEnv = { APP_HOSTS: ' app.adloom.example , WWW.adloom.example. ' };
    const refused = async (customDomain: string, options: { env?: typeof appEnv; origin?: string } = {}) => {
      const response = await sendFrom(
        options.origin ?? ORIGIN,
        `/api/funnels/${funnel.id}`,
        { method: 'PATCH', json: { customDomain }, cookie: owner.cookie },
        options.env,
      );
      expect(response.status, customDomain).toBe(422);
      expect((await json<ErrorBody>(response)).error.details?.customDomain, customDomain).toEqual(['Use a domain of your own, not this app’s address.']);
    };
    // The review's scenario: signed in on the fallback host, asking for the app's canonical host (a parent of it).
    await refused('adloom.test', { origin: 'https://funnels.adloom.test' });
    await refused('adloom.test', { origin: 'https://funnels.adloom.test', env: appEnv });
    for (const domain of ['app.adloom.example', 'offers.app.adloom.example', 'adloom.example', 'www.adloom.example', 'a.b.www.adloom.example']) {
      await refused(domain, { env: appEnv });
    }
    for (const domain of ['adloom.workers.dev', 'my-worker.team.workers.dev', 'site.pages.dev', 'sub.adloom.test']) await refused(domain);
    expect((await create(owner, { name: uniqueFunnelName(), title: 'X', customDomain: 'offers.app.adloom.example' }, projectId, appEnv)).status).toBe(422);
    // A sibling of an app host is a domain like any other.
    const sibling = await sendFrom(
      ORIGIN,
      `/api/funnels/${funnel.id}`,
      { method: 'PATCH', json: { customDomain: 'shop.adloom.example' }, cookie: owner.cookie },
      appEnv,
    );
    expect(sibling.status).toBe(200);
    expect((await patch(owner, funnel.id, { customDomain: null })).status).toBe(200);
  });

  it('never serves a funnel on an APP_HOSTS host, even when a funnel holds it', async () => {
    // Written straight into the table, as a funnel could have before the hosts were configured.
    const domain = `app-${Date.now().toString(36)}.adloom.example`;
    await seedFunnel(projectId, { customDomain: domain, pages: [{ slug: 'start', a: pageDoc([heroBlock('Sign in to Adloom')]) }] });
    const home = await send('/api/health', { headers: { host: domain } });
    expect(home.status).toBe(404); // without APP_HOSTS the funnel owns the host
    for (const hosts of [domain, `${domain},other.example`, 'adloom.example']) {
      const env = { APP_HOSTS: hosts };
      expect((await send('/api/health', { headers: { host: domain }, env })).status, hosts).toBe(200);
      expect(await (await send('/', { headers: { host: domain }, env })).text(), hosts).not.toContain('Sign in to Adloom');
    }
  });

  it('deletes a funnel (soft): its name is free again, it is gone for everyone', async () => {
    const funnel = await createFunnel(owner, projectId);
    expect((await send(`/api/funnels/${funnel.id}`, { method: 'DELETE', cookie: viewer.cookie })).status).toBe(403);
    expect((await send(`/api/funnels/${funnel.id}`, { method: 'DELETE', cookie: outsider.cookie })).status).toBe(404);
    expect((await send(`/api/funnels/${funnel.id}`, { method: 'DELETE', cookie: editor.cookie })).status).toBe(204);
    expect((await send(`/api/funnels/${funnel.id}`, { cookie: owner.cookie })).status).toBe(404);
    expect((await send(`/api/funnels/${funnel.id}`, { method: 'DELETE', cookie: editor.cookie })).status).toBe(404);
    expect((await create(owner, { name: funnel.name, title: 'Again' })).status).toBe(201);
  });
});

describe('page order', () => {
  it('takes exactly the funnel’s pages in a new order', async () => {
    const funnel = await createFunnel(owner, projectId);
    const a = await createFunnelPage(owner, funnel.id, { slug: 'a' });
    const b = await createFunnelPage(owner, funnel.id, { slug: 'b' });
    const c = await createFunnelPage(owner, funnel.id, { slug: 'c' });
    const order = (pageIds: string[], user = editor) => send(`/api/funnels/${funnel.id}/page-order`, { method: 'PUT', json: { pageIds }, cookie: user.cookie });
    const response = await order([c.id, a.id, b.id]);
    expect(response.status).toBe(200);
    expect((await json<FunnelDetail>(response)).pages.map((p) => p.slug)).toEqual(['c', 'a', 'b']);
    expect((await order([c.id, a.id])).status).toBe(422);
    expect((await order([c.id, a.id, a.id])).status).toBe(422);
    expect((await order([c.id, a.id, 'AAAAAAAAAAAAAAAAAAAAAA'])).status).toBe(422);
    expect((await order([c.id, a.id, b.id], viewer)).status).toBe(403);
    expect((await order([c.id, a.id, b.id], outsider)).status).toBe(404);
    // A page of another funnel cannot be slipped in.
    const other = await createFunnel(owner, projectId);
    const foreign = await createFunnelPage(owner, other.id, { slug: 'x' });
    expect((await order([c.id, a.id, foreign.id])).status).toBe(422);
  });
});

describe('hostile input on every route with a body or a query', () => {
  it('answers malformed JSON 400, lone surrogates and huge strings without a 500', async () => {
    const funnel = await createFunnel(owner, projectId);
    const page = await createFunnelPage(owner, funnel.id, { slug: 'hostile' });
    const routes: [string, string, (s: string) => unknown][] = [
      ['POST', `/api/projects/${projectId}/funnels`, (s) => ({ name: s, title: s })],
      ['PATCH', `/api/funnels/${funnel.id}`, (s) => ({ title: s, customDomain: s })],
      ['PUT', `/api/funnels/${funnel.id}/page-order`, (s) => ({ pageIds: [s] })],
      ['POST', `/api/funnels/${funnel.id}/pages`, (s) => ({ title: s, slug: s })],
      ['PATCH', `/api/pages/${page.id}`, (s) => ({ baseRevision: 1, title: s, slug: s })],
      ['POST', `/api/pages/${page.id}/publish`, (s) => ({ baseRevision: s })],
    ];
    for (const [method, path, body] of routes) {
      const raw = (text: string) => send(path, { method, body: text, headers: { 'content-type': 'application/json' }, cookie: owner.cookie });
      expect((await raw('{"title": "x"')).status, `${method} ${path} malformed`).toBe(400);
      expect((await raw('\u00ff\u00fe')).status, `${method} ${path} not JSON`).toBe(400);
      const surrogate = await raw(JSON.stringify(body('SURROGATE')).replaceAll('SURROGATE', '\\ud83d'));
      expect(surrogate.status, `${method} ${path} surrogate`).toBeLessThan(500);
      expect([400, 409, 422], `${method} ${path} surrogate`).toContain(surrogate.status);
      const huge = await send(path, { method, json: body('x'.repeat(200_000)), cookie: owner.cookie });
      expect(huge.status, `${method} ${path} huge`).toBe(422);
      const nested = await send(path, { method, json: body({ deep: [[[]]] } as unknown as string), cookie: owner.cookie });
      expect(nested.status, `${method} ${path} wrong types`).toBe(422);
    }
    const queries = [
      `/api/funnels?projectId=${'x'.repeat(10_000)}`,
      `/api/pages?funnelId=%ED%A0%80`,
      `/api/funnels/by-name/${'x'.repeat(5000)}`,
      `/api/funnels/by-name/%ED%A0%80`,
      `/api/funnels/${funnel.id}/leads?q=${'%ED%A0%80'.repeat(10)}`,
      `/api/funnels/${funnel.id}/leads?q=${'x'.repeat(10_000)}`,
      `/api/funnels/${funnel.id}/leads?cursor=${'9'.repeat(400)}`,
      `/api/funnels/${funnel.id}/analytics?days=${'7'.repeat(10_000)}`,
    ];
    for (const path of queries) {
      const response = await send(path, { cookie: owner.cookie });
      expect([200, 404, 422], path.slice(0, 80)).toContain(response.status);
    }
  });
});
