import { env } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiKeyCreated } from '#common/schemas/api-keys.ts';
import { v1Creation, v1Creative, v1CreativePage } from '#common/schemas/api-v1.ts';
import { getDb } from '#worker/db/client.ts';
import { apiKeys, auditLog } from '#worker/db/schema.ts';
import { callerOf, KEY_USE_RECORD_MS } from '#worker/features/api/keys/service.ts';
import { apiCaller, apiGet, createKey } from '#worker/test/api-keys.ts';
import { createCreative } from '#worker/test/creatives.ts';
import { createProject, createUser, type TestUser } from '#worker/test/factories.ts';
import { creation as insertCreation } from '#worker/test/ads.ts';
import { send } from '#worker/test/http.ts';

/** The public API's bearer rule and its first routes (issue 31, decision 0040). */

const db = () => getDb(env.DB);
type Envelope = { error: { code: string; message: string; requestId: string } };

let owner: TestUser;
let projectId: string;
let key: ApiKeyCreated;

beforeEach(async () => {
  ({ owner, projectId, key } = await apiCaller(['read']));
});

describe('the bearer rule', () => {
  it('refuses a request without a key: 401 in the envelope, with the Bearer challenge', async () => {
    const response = await apiGet('/creatives', undefined);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="adloom"');
    const body = (await response.json()) as Envelope;
    expect(body.error.code).toBe('unauthenticated');
    expect(body.error.requestId).toBe(response.headers.get('x-request-id'));
  });

  it('does not take the session cookie for a key', async () => {
    const response = await send('/api/v1/creatives', { cookie: owner.cookie });
    expect(response.status).toBe(401);
  });

  it.each([
    ['Bearer alone', 'Bearer'],
    ['Bearer and a space', 'Bearer '],
    ['two spaces', `Bearer  {secret}`],
    ['another scheme', 'Basic {secret}'],
    ['lower-case scheme and a tab', 'bearer\t{secret}'],
    ['the key with a character more', 'Bearer {secret}x'],
    ['the key cut short', 'Bearer {short}'],
    ['a key of the right shape nobody made', 'Bearer adl_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['a token of 10 KB', `Bearer adl_${'A'.repeat(10 * 1024)}`],
    ['percent-encoded lone surrogate', 'Bearer adl_%ED%A0%80'],
  ])('refuses %s with 401 invalid_token', async (_, template) => {
    const header = template.replace('{secret}', key.secret).replace('{short}', key.secret.slice(0, -1));
    const response = await send('/api/v1/creatives', { headers: { authorization: header } });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('Bearer realm="adloom"');
    expect(((await response.json()) as Envelope).error.code).toBe('unauthenticated');
  });

  it('answers 403 to a key without the scope', async () => {
    const renderOnly = await createKey(owner, projectId, ['render']);
    const response = await apiGet('/creatives', renderOnly.secret);
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toContain('error="insufficient_scope", scope="read"');
    expect(((await response.json()) as Envelope).error.code).toBe('forbidden');
  });

  it('stops a key at 120 requests a minute with 429 and Retry-After; another key goes on', async () => {
    for (let i = 0; i < 120; i += 1) expect((await apiGet('/creations/AAAAAAAAAAAAAAAAAAAAAA', key.secret)).status).toBe(404);
    const limited = await apiGet('/creatives', key.secret);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(((await limited.json()) as Envelope).error.code).toBe('rate_limited');
    const other = await createKey(owner, projectId, ['read'], 'Second');
    expect((await apiGet('/creatives', other.secret)).status).toBe(200);
  });

  it('records the last use (time, address) and audits it at most once a minute per key', async () => {
    await apiGet('/creatives', key.secret, { headers: { 'cf-connecting-ip': '198.51.100.20' } });
    await apiGet('/creatives', key.secret, { headers: { 'cf-connecting-ip': '198.51.100.21' } });
    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.lastUsedIp).toBe('198.51.100.20');
    const used = () =>
      db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'api_key.use'), eq(auditLog.targetId, key.id)));
    const first = await used();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ projectId, ip: '198.51.100.20', actorUserId: null, details: { method: 'GET', path: '/api/v1/creatives' } });

    // A minute later the next use is recorded again.
    const later = row!.lastUsedAt!.getTime() + KEY_USE_RECORD_MS;
    expect(await callerOf(db(), key.secret, { ip: '198.51.100.22', method: 'GET', path: '/api/v1/creatives' }, later)).toMatchObject({ projectId });
    const [after] = await db().select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(after).toMatchObject({ lastUsedIp: '198.51.100.22', lastUsedAt: new Date(later) });
    expect(await used()).toHaveLength(2);

    const listed = (await (await send(`/api/projects/${projectId}/api-keys`, { cookie: owner.cookie })).json()) as { items: { lastUsedIp: string }[] };
    expect(listed.items[0]!.lastUsedIp).toBe('198.51.100.22');
  });

  it('refuses the keys of a deleted project', async () => {
    expect((await send(`/api/projects/${projectId}`, { method: 'DELETE', cookie: owner.cookie, json: { confirm: 'Northwind Coffee' } })).status).toBeLessThan(
      300,
    );
    expect((await apiGet('/creatives', key.secret)).status).toBe(401);
  });
});

describe('the routes', () => {
  it('lists the project’s creatives with their layers’ names and types, page by page', async () => {
    const made = [];
    for (let i = 0; i < 3; i += 1) made.push(await createCreative(owner, projectId));
    const first = await apiGet('/creatives?limit=2', key.secret);
    expect(first.status).toBe(200);
    const page = v1CreativePage.parse(await first.json());
    expect(page.items.map((c) => c.id)).toEqual([made[2]!.id, made[1]!.id]);
    expect(page.items[0]!.layers.length).toBeGreaterThan(0);
    expect(page.items[0]!.layers.map((l) => l.type)).toContain('text');
    expect(page.items[0]).toMatchObject({ format: 'square', width: 1080, height: 1080, revision: 1 });
    const second = v1CreativePage.parse(await (await apiGet(`/creatives?limit=2&cursor=${encodeURIComponent(page.nextCursor!)}`, key.secret)).json());
    expect(second).toEqual({ items: [expect.objectContaining({ id: made[0]!.id })], nextCursor: null });
  });

  it('refuses a bad limit or cursor with 422', async () => {
    expect((await apiGet('/creatives?limit=0', key.secret)).status).toBe(422);
    expect((await apiGet('/creatives?limit=101', key.secret)).status).toBe(422);
    expect((await apiGet('/creatives?cursor=nope', key.secret)).status).toBe(422);
  });

  it('gives one creative, and one creation with a signed link that serves the picture', async () => {
    const creative = await createCreative(owner, projectId);
    const one = await apiGet(`/creatives/${creative.id}`, key.secret);
    expect(one.status).toBe(200);
    expect(v1Creative.parse(await one.json())).toMatchObject({ id: creative.id, name: creative.name });

    const creationId = await insertCreation(projectId, owner);
    const response = await apiGet(`/creations/${creationId}`, key.secret);
    expect(response.status).toBe(200);
    const creation = v1Creation.parse(await response.json());
    expect(creation).toMatchObject({ id: creationId, width: 1080, height: 1080, format: 'square' });
    expect(new Date(creation.expiresAt).getTime()).toBeGreaterThan(Date.now());
    const url = new URL(creation.url);
    const picture = await send(url.pathname + url.search);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(Array.from(new Uint8Array(await picture.arrayBuffer()).slice(1, 4))).toEqual([0x50, 0x4e, 0x47]);
    // The same link with another signature is refused.
    expect((await send(url.pathname + url.search.replace(/sig=[^&]+/, 'sig=AAAA'))).status).toBe(404);
  });

  it('never reaches another project’s data: its ids are 404, its creatives not listed', async () => {
    const other = await createUser();
    const { id: otherProject } = await createProject(other);
    const theirs = await createCreative(other, otherProject);
    const theirCreation = await insertCreation(otherProject, other);
    await createCreative(owner, projectId);

    expect((await apiGet(`/creatives/${theirs.id}`, key.secret)).status).toBe(404);
    expect((await apiGet(`/creations/${theirCreation}`, key.secret)).status).toBe(404);
    const page = v1CreativePage.parse(await (await apiGet('/creatives', key.secret)).json());
    expect(page.items.map((c) => c.id)).not.toContain(theirs.id);
    expect(page.items).toHaveLength(1);
    // Even when the caller is signed in as the other project's owner: the cookie is not read.
    expect((await apiGet(`/creatives/${theirs.id}`, key.secret, { cookie: other.cookie })).status).toBe(404);
  });

  it('answers 404 for malformed and unknown ids', async () => {
    expect((await apiGet('/creatives/AAAAAAAAAAAAAAAAAAAAAA', key.secret)).status).toBe(404);
    expect((await apiGet('/creatives/not-an-id!', key.secret)).status).toBe(404);
    expect((await apiGet('/creations/x', key.secret)).status).toBe(404);
  });
});
