import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MEDIA_CACHE, signMediaUrl } from '#worker/features/media/service.ts';
import { createProject, createUser, uploadMedia } from '#worker/test/factories.ts';
import { png } from '#worker/test/files.ts';
import { send } from '#worker/test/http.ts';

/** Personal JSON is never kept by a browser or a shared cache; files keep their own cache rules. */
describe('Cache-Control on /api', () => {
  it('is private, no-store on JSON responses, errors included', async () => {
    const user = await createUser();
    const project = await createProject(user);
    const responses = {
      me: await send('/api/me', { cookie: user.cookie }),
      projects: await send('/api/projects', { cookie: user.cookie }),
      project: await send(`/api/projects/${project.id}`, { cookie: user.cookie }),
      credits: await send('/api/credits/ledger', { cookie: user.cookie }),
      unauthenticated: await send('/api/me'),
      notFound: await send('/api/no-such-thing', { cookie: user.cookie }),
      invalid: await send('/api/auth/login', { json: {} }),
      noContent: await send('/api/me/sessions', { method: 'DELETE', cookie: user.cookie }),
    };
    expect(Object.fromEntries(Object.entries(responses).map(([name, r]) => [name, [r.status, r.headers.get('cache-control')]]))).toEqual({
      me: [200, 'private, no-store'],
      projects: [200, 'private, no-store'],
      project: [200, 'private, no-store'],
      credits: [200, 'private, no-store'],
      unauthenticated: [401, 'private, no-store'],
      notFound: [404, 'private, no-store'],
      invalid: [422, 'private, no-store'],
      noContent: [204, 'private, no-store'],
    });
  });

  it('leaves the cache rules of media files as their routes set them', async () => {
    const user = await createUser();
    const project = await createProject(user);
    const item = await uploadMedia(user, project.id, png(10, 10, 606));
    const file = await send(`/api/media/${item.id}/file`, { cookie: user.cookie });
    expect(file.headers.get('cache-control')).toBe(MEDIA_CACHE);
    const etag = file.headers.get('etag')!;
    const notModified = await send(`/api/media/${item.id}/file`, { cookie: user.cookie, headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('cache-control')).toBe(MEDIA_CACHE);
    const signed = await send(await signMediaUrl(env.SESSION_SECRET, item.id, 'file', 60));
    expect(signed.headers.get('cache-control')).toBe('public, max-age=3600');
  });
});
