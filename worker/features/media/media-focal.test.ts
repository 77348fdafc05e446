import { describe, expect, it } from 'vitest';
import type { MediaDetail, MediaItem } from '#common/schemas/media.ts';
import { createProject, createUser, uploadMedia } from '#worker/test/factories.ts';
import { png } from '#worker/test/files.ts';
import { send } from '#worker/test/http.ts';

type ErrorBody = { error: { code: string; message: string; details?: Record<string, string[]> } };

async function setup() {
  const [owner, editor, viewer, outsider] = [await createUser(), await createUser(), await createUser(), await createUser()];
  const project = await createProject(owner, { editor, viewer });
  const picture = await uploadMedia(owner, project.id, png(400, 300, 3), 'beach.png');
  return { owner, editor, viewer, outsider, project, picture };
}

const patchFocal = (cookie: string | undefined, id: string, body: unknown, headers: Record<string, string> = {}) =>
  send(`/api/media/${id}`, { method: 'PATCH', json: body, cookie, headers });

describe('a picture’s focal point (PATCH /api/media/{id} { focal })', () => {
  it('starts at none (the centre), is set by an editor, shows in the detail and the library, and is cleared with null', async () => {
    const { owner, editor, project, picture } = await setup();
    const before = (await (await send(`/api/media/${picture.id}`, { cookie: owner.cookie })).json()) as MediaDetail;
    expect(before.focal).toBeNull();

    const set = await patchFocal(editor.cookie, picture.id, { focal: { x: 30.123, y: 72 } });
    expect(set.status).toBe(200);
    expect(((await set.json()) as MediaDetail).focal).toEqual({ x: 30.12, y: 72 });
    const listed = (await (await send(`/api/projects/${project.id}/media`, { cookie: owner.cookie })).json()) as { items: MediaItem[] };
    expect(listed.items.find((i) => i.id === picture.id)?.focal).toEqual({ x: 30.12, y: 72 });
    // Other fields are left as they are, and a patch without focal keeps it.
    const renamed = await patchFocal(owner.cookie, picture.id, { alt: 'A beach' });
    expect(((await renamed.json()) as MediaDetail).focal).toEqual({ x: 30.12, y: 72 });

    const cleared = await patchFocal(owner.cookie, picture.id, { focal: null });
    expect(cleared.status).toBe(200);
    expect(((await cleared.json()) as MediaDetail).focal).toBeNull();
  });

  it('takes the edges (0 and 100) and refuses anything else with 422 and the field’s message, never a 500', async () => {
    const { owner, picture } = await setup();
    expect((await patchFocal(owner.cookie, picture.id, { focal: { x: 0, y: 100 } })).status).toBe(200);
    const bad: unknown[] = [
      { focal: { x: -1, y: 50 } },
      { focal: { x: 50, y: 100.5 } },
      { focal: { x: 50 } },
      { focal: { x: '50', y: 50 } },
      { focal: { x: Number.MAX_VALUE, y: 1 } },
      { focal: 'centre' },
      { focal: [50, 50] },
    ];
    for (const body of bad) {
      const response = await patchFocal(owner.cookie, picture.id, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      const error = ((await response.json()) as ErrorBody).error;
      expect(error.code).toBe('validation_failed');
    }
    // Unknown keys (a lone surrogate among them) are dropped, not stored.
    expect((await patchFocal(owner.cookie, picture.id, { focal: { x: 0, y: 100, z: '\ud800'.repeat(10_000) } })).status).toBe(200);
    const malformed = await send(`/api/media/${picture.id}`, {
      method: 'PATCH',
      body: '{"focal": {"x": 5',
      headers: { 'content-type': 'application/json' },
      cookie: owner.cookie,
    });
    expect(malformed.status).toBeGreaterThanOrEqual(400);
    expect(malformed.status).toBeLessThan(500);
    const detail = (await (await send(`/api/media/${picture.id}`, { cookie: owner.cookie })).json()) as MediaDetail;
    expect(detail.focal).toEqual({ x: 0, y: 100 });
  });

  it('is for editors of the picture’s project: a viewer gets 403, a stranger and a signed-out visitor 404/401', async () => {
    const { viewer, outsider, picture, owner } = await setup();
    expect((await patchFocal(viewer.cookie, picture.id, { focal: { x: 10, y: 10 } })).status).toBe(403);
    expect((await patchFocal(outsider.cookie, picture.id, { focal: { x: 10, y: 10 } })).status).toBe(404);
    expect((await patchFocal(undefined, picture.id, { focal: { x: 10, y: 10 } })).status).toBe(401);
    expect((await patchFocal(owner.cookie, 'no_such_media_0000000000', { focal: { x: 10, y: 10 } })).status).toBe(404);
    const detail = (await (await send(`/api/media/${picture.id}`, { cookie: owner.cookie })).json()) as MediaDetail;
    expect(detail.focal).toBeNull();
  });
});
