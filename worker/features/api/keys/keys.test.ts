import { env } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiKeyCreated, ApiKeyList } from '#common/schemas/api-keys.ts';
import { getDb } from '#worker/db/client.ts';
import { apiKeys, auditLog } from '#worker/db/schema.ts';
import { sha256Hex } from '#worker/lib/crypto.ts';
import { apiGet, createKey, createKeyRequest, setPlan } from '#worker/test/api-keys.ts';
import { createProject, createUser, type TestUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';

/** API keys (issue 31, decision 0040): made, listed and revoked by a project's owner, limited by the owner's plan. */

const db = () => getDb(env.DB);
type Envelope = { error: { code: string; message: string; details?: Record<string, string[]> } };

let owner: TestUser;
let editor: TestUser;
let projectId: string;

beforeEach(async () => {
  owner = await createUser({ name: 'Olivia Owner' });
  editor = await createUser({ name: 'Ed Editor' });
  ({ id: projectId } = await createProject(owner, { editor }));
  await setPlan(owner, 'pro');
});

const list = async (user: TestUser = owner) => (await (await send(`/api/projects/${projectId}/api-keys`, { cookie: user.cookie })).json()) as ApiKeyList;

describe('creating a key', () => {
  it('shows the secret once, stores only its SHA-256, and lists the key by its prefix', async () => {
    const created = await createKey(owner, projectId, ['read', 'render'], 'Shop sync');
    expect(created.secret).toMatch(/^adl_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.secret.slice(0, 12));
    expect(created).toMatchObject({ name: 'Shop sync', scopes: ['read', 'render'], createdBy: 'Olivia Owner', lastUsedAt: null, lastUsedIp: null });

    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.secretHash).toBe(await sha256Hex(created.secret));
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(12));

    const listed = await list();
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toEqual({ ...created, secret: undefined, createdAt: created.createdAt });
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    expect(listed).toMatchObject({ plan: 'pro', limit: { keys: 20, scopes: ['read', 'render', 'ads', 'leads'] } });
  });

  it('makes a different secret every time', async () => {
    const a = await createKey(owner, projectId);
    const b = await createKey(owner, projectId);
    expect(a.secret).not.toBe(b.secret);
    expect(a.prefix).not.toBe(b.prefix);
  });

  it('is audited with the name, scopes and prefix, never the secret', async () => {
    const created = await createKey(owner, projectId, ['read']);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api_key.create'), eq(auditLog.targetId, created.id)));
    expect(entry).toMatchObject({ actorUserId: owner.id, projectId, details: { name: 'Shop sync', scopes: ['read'], prefix: created.prefix } });
    expect(JSON.stringify(entry)).not.toContain(created.secret);
  });

  it.each([
    [{ name: '', scopes: ['read'] }, 'name'],
    [{ name: 'x'.repeat(61), scopes: ['read'] }, 'name'],
    [{ name: 'Sync', scopes: [] }, 'scopes'],
    [{ name: 'Sync', scopes: ['read', 'read'] }, 'scopes'],
    [{ name: 'Sync', scopes: ['admin'] }, 'scopes.0'],
    [{ name: 'Sync' }, 'scopes'],
  ])('refuses %j (422 on %s), nothing stored', async (body, field) => {
    const response = await createKeyRequest(owner, projectId, body);
    expect(response.status).toBe(422);
    expect(((await response.json()) as Envelope).error.details).toHaveProperty(field);
    expect(await db().select().from(apiKeys).where(eq(apiKeys.projectId, projectId))).toEqual([]);
  });

  it('is for the owner only: an editor gets 403, an outsider 404', async () => {
    expect((await createKeyRequest(editor, projectId, { name: 'Sync', scopes: ['read'] })).status).toBe(403);
    expect((await send(`/api/projects/${projectId}/api-keys`, { cookie: editor.cookie })).status).toBe(403);
    const outsider = await createUser();
    expect((await createKeyRequest(outsider, projectId, { name: 'Sync', scopes: ['read'] })).status).toBe(404);
  });
});

describe('the plans', () => {
  it('gives the Free plan one read-only key', async () => {
    await setPlan(owner, 'free');
    const scoped = await createKeyRequest(owner, projectId, { name: 'Render', scopes: ['read', 'render'] });
    expect(scoped.status).toBe(402);
    const body = (await scoped.json()) as Envelope;
    expect(body.error.code).toBe('plan_limit_reached');
    expect(body.error.details?.scopes?.[0]).toContain('one read-only API key');

    await createKey(owner, projectId, ['read']);
    const second = await createKeyRequest(owner, projectId, { name: 'Second', scopes: ['read'] });
    expect(second.status).toBe(402);
    expect(((await second.json()) as Envelope).error.details?._).toEqual(['plan:free', 'limit:1']);
    expect(await list()).toMatchObject({ plan: 'free', limit: { keys: 1, scopes: ['read'] } });
  });

  it('lets 20 concurrent creates on the Free plan make exactly one key', async () => {
    await setPlan(owner, 'free');
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => createKeyRequest(owner, projectId, { name: `Key ${i}`, scopes: ['read'] })));
    expect(responses.map((r) => r.status).sort()).toEqual([201, ...Array<number>(19).fill(402)]);
    expect(await db().select().from(apiKeys).where(eq(apiKeys.projectId, projectId))).toHaveLength(1);
  });

  it('lets 20 concurrent creates past the Pro plan’s 20 keys make exactly the 20', async () => {
    for (let i = 0; i < 15; i += 1) await createKey(owner, projectId, ['read'], `Existing ${i}`);
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => createKeyRequest(owner, projectId, { name: `Key ${i}`, scopes: ['ads'] })));
    expect(responses.filter((r) => r.status === 201)).toHaveLength(5);
    expect(responses.filter((r) => r.status === 402)).toHaveLength(15);
    expect((await list()).items).toHaveLength(20);
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api_key.create'), eq(auditLog.projectId, projectId)));
    expect(audited).toHaveLength(20);
  });

  it('frees the slot when a key is revoked', async () => {
    await setPlan(owner, 'free');
    const first = await createKey(owner, projectId);
    expect((await send(`/api/projects/${projectId}/api-keys/${first.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    await createKey(owner, projectId);
  });
});

describe('revoking a key', () => {
  let key: ApiKeyCreated;
  beforeEach(async () => {
    key = await createKey(owner, projectId);
  });
  const revoke = (id: string, user: TestUser = owner, project = projectId) =>
    send(`/api/projects/${project}/api-keys/${id}`, { method: 'DELETE', cookie: user.cookie });

  it('takes effect at once: the next request with the key is 401', async () => {
    expect((await apiGet('/creatives', key.secret)).status).toBe(200);
    expect((await revoke(key.id)).status).toBe(204);
    const after = await apiGet('/creatives', key.secret);
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toContain('invalid_token');
    expect((await list()).items).toEqual([]);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api_key.revoke'), eq(auditLog.targetId, key.id)));
    expect(entry).toMatchObject({ actorUserId: owner.id, projectId });
  });

  it('answers 404 a second time, for an unknown id, and for another project’s key', async () => {
    expect((await revoke(key.id)).status).toBe(204);
    expect((await revoke(key.id)).status).toBe(404);
    expect((await revoke('AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await revoke('not an id')).status).toBe(404);

    const other = await createUser();
    const { id: otherProject } = await createProject(other);
    await setPlan(other, 'pro');
    const theirs = await createKey(other, otherProject);
    // The owner of this project names the other project's key under their own project: not found, not revoked.
    expect((await revoke(theirs.id)).status).toBe(404);
    expect((await apiGet('/creatives', theirs.secret)).status).toBe(200);
  });

  it('is refused to an editor (403), the key stays', async () => {
    expect((await revoke(key.id, editor)).status).toBe(403);
    expect((await apiGet('/creatives', key.secret)).status).toBe(200);
  });
});
