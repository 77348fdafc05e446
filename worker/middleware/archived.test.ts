import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { adItems, ads, creations } from '#worker/db/schema.ts';
import { createApp } from '#worker/app.ts';
import { isAccessMiddleware, type AccessRule } from '#worker/middleware/access.ts';
import { createFunnel, createFunnelPage, createProject, createUser, uploadMedia, type TestUser } from '#worker/test/factories.ts';
import { png } from '#worker/test/files.ts';
import { send } from '#worker/test/http.ts';
import { createKey, setPlan } from '#worker/test/api-keys.ts';

/**
 * An archived project is read-only until its owner restores it: every write to it, its
 * media, creatives, creations and ads is refused with 409 (reads still work); its owner can
 * still restore or delete it, and manage who is in it.
 */
const NO_SUCH_ID = 'AAAAAAAAAAAAAAAAAAAAAA';
const ARCHIVED = 'This project is archived. Restore it to make changes.';
type ErrorBody = { error: { code: string; message: string } };

interface Fixture {
  projectId: string;
  mediaId: string;
  creativeId: string;
  revisionId: string;
  creationId: string;
  adId: string;
  funnelId: string;
  pageId: string;
}

/** Writes that stay possible on an archived project (PATCH restores it; see projects/service.ts). */
const ALLOWED = new Set([
  'PATCH /api/projects/:projectId',
  'DELETE /api/projects/:projectId',
  'PATCH /api/projects/:projectId/members/:userId',
  'DELETE /api/projects/:projectId/members/:userId',
  'DELETE /api/projects/:projectId/invites/:inviteId',
  'DELETE /api/projects/:projectId/instagram',
  'DELETE /api/ads/:id/publish',
  'DELETE /api/ads/:id/preview-link',
]);

/** Every registered write whose rule is about one project and needs an editor or its owner. */
function projectWrites() {
  const writes = new Map<string, { method: string; path: string; rule: Exclude<AccessRule, string> }>();
  for (const route of createApp().routes) {
    if (route.method === 'GET' || route.method === 'HEAD' || !isAccessMiddleware(route.handler)) continue;
    const rule = route.handler.accessRule;
    if (typeof rule !== 'object') continue;
    const needed = Object.values(rule)[0];
    if (needed === 'viewer') continue;
    writes.set(`${route.method} ${route.path}`, { method: route.method, path: route.path, rule });
  }
  return [...writes.entries()];
}

function samplePath(path: string, rule: Exclude<AccessRule, string>, f: Fixture, userId: string): string {
  const id =
    'media' in rule
      ? f.mediaId
      : 'creative' in rule
        ? f.creativeId
        : 'creation' in rule
          ? f.creationId
          : 'ad' in rule
            ? f.adId
            : 'funnel' in rule
              ? f.funnelId
              : 'page' in rule
                ? f.pageId
                : NO_SUCH_ID;
  return path
    .replace(':projectId', f.projectId)
    .replace(':revisionId', f.revisionId)
    .replace(':userId', userId)
    .replace(':id', id)
    .replace(/:[A-Za-z]+/g, NO_SUCH_ID);
}

describe('an archived project is read-only', () => {
  let owner: TestUser;
  let apiSecret: string;
  let editor: TestUser;
  let f: Fixture;

  beforeAll(async () => {
    owner = await createUser({ name: 'Owner' });
    editor = await createUser({ name: 'Editor' });
    const { id: projectId } = await createProject(owner, { editor }, 'Old campaign');
    const media = await uploadMedia(owner, projectId, png(16, 16, 4242));
    const created = await send(`/api/projects/${projectId}/creatives`, { json: { template: 'bold-headline', format: 'square' }, cookie: owner.cookie });
    expect(created.status).toBe(201);
    const creative = (await created.json()) as { id: string; name: string; revision: { id: string } };
    const creationId = `creation-archived-${projectId}`.slice(0, 60);
    const r2Key = `creations/${projectId}/${creationId}.png`;
    await env.MEDIA.put(r2Key, png(4, 4), { httpMetadata: { contentType: 'image/png' } });
    await getDb(env.DB).insert(creations).values({
      id: creationId,
      projectId,
      creativeId: creative.id,
      revisionId: creative.revision.id,
      revisionNumber: 1,
      createdBy: owner.id,
      name: creative.name,
      format: 'square',
      width: 1080,
      height: 1080,
      size: 4,
      r2Key,
    });
    const adId = `ad-archived-${projectId}`.slice(0, 60);
    await getDb(env.DB)
      .insert(ads)
      .values({ id: adId, projectId, createdBy: owner.id, name: 'Old ad', kind: 'single', status: 'approved', placements: ['instagram_feed'] });
    await getDb(env.DB).insert(adItems).values({ adId, position: 0, creationId });
    const funnel = await createFunnel(owner, projectId);
    const page = await createFunnelPage(owner, funnel.id);
    f = { projectId, mediaId: media.id, creativeId: creative.id, revisionId: creative.revision.id, creationId, adId, funnelId: funnel.id, pageId: page.id };
    // A key made before the project was archived: the public API's writes are refused too.
    await setPlan(owner, 'pro');
    apiSecret = (await createKey(owner, projectId, ['read', 'render', 'ads', 'leads'])).secret;
    expect((await send(`/api/projects/${projectId}`, { method: 'PATCH', json: { archived: true }, cookie: owner.cookie })).status).toBe(200);
  });

  it('refuses every write to its media, creatives, creations and invitations with 409 (for the editor and the owner)', async () => {
    const writes = projectWrites();
    const families = new Set(writes.map(([key]) => key.split('/')[2]));
    expect([...families].sort()).toEqual(['ads', 'calendar', 'creations', 'creatives', 'funnels', 'media', 'pages', 'projects', 'v1']);
    const refused: string[] = [];
    for (const [key, { method, path, rule }] of writes) {
      if (ALLOWED.has(key)) continue;
      if (path.startsWith('/api/v1/')) {
        const response = await send(samplePath(path, rule, f, editor.id), { method, json: {}, headers: { authorization: `Bearer ${apiSecret}` } });
        expect(response.status, `${key} with an API key`).toBe(409);
        expect(((await response.json()) as ErrorBody).error).toMatchObject({ code: 'conflict', message: ARCHIVED });
        refused.push(key);
        continue;
      }
      for (const user of [editor, owner]) {
        const response = await send(samplePath(path, rule, f, editor.id), {
          method,
          ...(method === 'PUT' || path.endsWith('/media') ? { body: png(8, 8, 1) } : { json: {} }),
          cookie: user.cookie,
        });
        if (Object.values(rule)[0] === 'owner' && user === editor) {
          expect(response.status, `${key} as editor`).toBe(403);
          continue;
        }
        expect(response.status, `${key}`).toBe(409);
        expect(((await response.json()) as ErrorBody).error).toMatchObject({ code: 'conflict', message: ARCHIVED });
      }
      refused.push(key);
    }
    // The families the issue names, each refused.
    expect(refused).toEqual(
      expect.arrayContaining([
        'POST /api/projects/:projectId/media',
        'POST /api/projects/:projectId/media/delete',
        'PATCH /api/media/:id',
        'DELETE /api/media/:id',
        'PUT /api/media/:id/thumbnail',
        'POST /api/projects/:projectId/creatives',
        'PATCH /api/creatives/:id',
        'DELETE /api/creatives/:id',
        'POST /api/creatives/:id/revisions/:revisionId/restore',
        'POST /api/creatives/:id/render',
        'POST /api/creatives/:id/variations',
        'DELETE /api/creations/:id',
        'POST /api/projects/:projectId/members',
        'POST /api/projects/:projectId/ads',
        'POST /api/projects/:projectId/funnels',
        'POST /api/v1/renders',
        'POST /api/v1/ads',
        'PATCH /api/funnels/:id',
        'POST /api/funnels/:id/pages',
        'PATCH /api/pages/:id',
        'POST /api/pages/:id/publish',
        'PATCH /api/ads/:id',
        'DELETE /api/ads/:id',
        'POST /api/ads/:id/submit',
        'POST /api/ads/:id/preview-link',
        // POST /api/ads/:id/reviews is open to viewers (they comment), so not among the editors' writes
        // walked here: its service refuses an archived project itself (ads/core/reviews.test.ts).
        'POST /api/ads/:id/publish',
        // Moving a scheduled post on the content calendar.
        'PATCH /api/calendar/ads/:id',
        'POST /api/projects/:projectId/instagram/connect',
        'POST /api/projects/:projectId/instagram/sandbox',
      ]),
    );
  });

  it('refuses brand-kit, description, website and name changes (409), but not a no-op', async () => {
    const brandKit = { logoMediaId: null, colors: ['#112233'], headingFont: 'inter', bodyFont: 'inter', tone: 'Calm' };
    for (const json of [{ brandKit }, { description: 'New' }, { website: 'https://acme.example' }, { name: 'Renamed' }, { archived: true, description: 'x' }]) {
      const response = await send(`/api/projects/${f.projectId}`, { method: 'PATCH', json, cookie: owner.cookie });
      expect(response.status, JSON.stringify(json)).toBe(409);
      expect(((await response.json()) as ErrorBody).error.message).toBe(ARCHIVED);
    }
    const editorTry = await send(`/api/projects/${f.projectId}`, { method: 'PATCH', json: { brandKit }, cookie: editor.cookie });
    expect(editorTry.status).toBe(409);
    expect((await send(`/api/projects/${f.projectId}`, { method: 'PATCH', json: { archived: true }, cookie: owner.cookie })).status).toBe(200);
  });

  it('still serves every read', async () => {
    for (const path of [
      `/api/projects/${f.projectId}`,
      `/api/projects/${f.projectId}/members`,
      `/api/projects/${f.projectId}/media`,
      `/api/projects/${f.projectId}/media/tags`,
      `/api/media/${f.mediaId}`,
      `/api/media/${f.mediaId}/file`,
      `/api/projects/${f.projectId}/creatives`,
      `/api/creatives/${f.creativeId}`,
      `/api/creatives/${f.creativeId}/revisions`,
      `/api/creations/${f.creationId}`,
      `/api/creations/${f.creationId}/file`,
    ]) {
      expect((await send(path, { cookie: editor.cookie })).status, path).toBe(200);
    }
  });

  it('says so in the details the screens read (they offer nothing that would be refused)', async () => {
    const project = (await (await send(`/api/projects/${f.projectId}`, { cookie: editor.cookie })).json()) as { archived: boolean };
    const media = (await (await send(`/api/media/${f.mediaId}`, { cookie: editor.cookie })).json()) as { projectArchived: boolean };
    const creative = (await (await send(`/api/creatives/${f.creativeId}`, { cookie: editor.cookie })).json()) as { projectArchived: boolean };
    expect([project.archived, media.projectArchived, creative.projectArchived]).toEqual([true, true, true]);
  });

  it('lets the owner restore it, and then it is writable again', async () => {
    const owner2 = await createUser();
    const { id } = await createProject(owner2, {}, 'Back again');
    await send(`/api/projects/${id}`, { method: 'PATCH', json: { archived: true }, cookie: owner2.cookie });
    const refused = await send(`/api/projects/${id}/media?filename=a.png`, { body: png(8, 8, 77), cookie: owner2.cookie });
    expect(refused.status).toBe(409);
    const restored = await send(`/api/projects/${id}`, { method: 'PATCH', json: { archived: false, description: 'Restored' }, cookie: owner2.cookie });
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({ archived: false, description: 'Restored' });
    expect((await send(`/api/projects/${id}/media?filename=a.png`, { body: png(8, 8, 77), cookie: owner2.cookie })).status).toBe(201);
  });

  it('lets the owner delete it, and hand it over', async () => {
    const owner2 = await createUser();
    const member = await createUser();
    const { id } = await createProject(owner2, { editor: member }, 'Going away');
    await send(`/api/projects/${id}`, { method: 'PATCH', json: { archived: true }, cookie: owner2.cookie });
    const transfer = await send(`/api/projects/${id}/members/${member.id}`, { method: 'PATCH', json: { role: 'owner' }, cookie: owner2.cookie });
    expect(transfer.status).toBe(200);
    expect((await send(`/api/projects/${id}`, { method: 'DELETE', cookie: member.cookie })).status).toBe(204);
    expect((await send(`/api/projects/${id}`, { cookie: member.cookie })).status).toBe(404);
  });
});
