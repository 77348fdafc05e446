import { env } from 'cloudflare:test';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PLANS } from '#common/plans.ts';
import { getDb } from '#worker/db/client.ts';
import { media } from '#worker/db/schema.ts';
import { createProject, createUser } from '#worker/test/factories.ts';
import { png } from '#worker/test/files.ts';
import { send } from '#worker/test/http.ts';

describe('the storage limit under concurrent uploads', () => {
  it('lets exactly the files that fit through when 20 uploads arrive at once', async () => {
    const owner = await createUser();
    const project = await createProject(owner);
    const files = Array.from({ length: 20 }, (_, i) => png(24, 24, 1000 + i));
    const size = files[0]!.byteLength;
    expect(files.every((file) => file.byteLength === size)).toBe(true);
    // The library already holds a file that leaves room for exactly 5 more of these.
    const now = new Date();
    await getDb(env.DB)
      .insert(media)
      .values({
        id: `quota-filler-${project.id}`,
        projectId: project.id,
        uploadedBy: owner.id,
        kind: 'video',
        mime: 'video/mp4',
        name: 'filler.mp4',
        size: PLANS.free.storageBytes - 5 * size,
        sha256: `filler-${project.id}`,
        tags: [],
        r2Key: `media/${project.id}/filler`,
        createdAt: now,
        updatedAt: now,
      });

    const responses = await Promise.all(
      files.map((bytes, i) => send(`/api/projects/${project.id}/media?filename=f${i}.png`, { body: bytes, cookie: owner.cookie })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 402)).toHaveLength(15);
    const live = await getDb(env.DB)
      .select()
      .from(media)
      .where(and(eq(media.projectId, project.id), isNull(media.deletedAt)))
      .all();
    expect(live.reduce((sum, row) => sum + row.size, 0)).toBeLessThanOrEqual(PLANS.free.storageBytes);
    // The refused files left nothing behind in R2.
    const stored = await env.MEDIA.list({ prefix: `media/${project.id}/` });
    expect(stored.objects).toHaveLength(5);
  });
});

describe('the storage limit under concurrent thumbnails', () => {
  it('stores exactly the thumbnails that fit when 20 arrive at once, and counts a replaced one only once', async () => {
    const owner = await createUser();
    const project = await createProject(owner);
    const thumb = png(16, 16, 7);
    const originals = Array.from({ length: 20 }, (_, i) => png(8, 8, 2000 + i));
    const items = [];
    for (const [i, bytes] of originals.entries()) {
      const response = await send(`/api/projects/${project.id}/media?filename=o${i}.png`, { body: bytes, cookie: owner.cookie });
      expect(response.status).toBe(201);
      items.push(((await response.json()) as { id: string }).id);
    }
    const db = getDb(env.DB);
    const used = async () =>
      (
        await db
          .select()
          .from(media)
          .where(and(eq(media.projectId, project.id), isNull(media.deletedAt)))
          .all()
      ).reduce((sum, row) => sum + row.size + (row.thumbnailSize ?? 0), 0);
    // A filler leaves room for exactly 3 thumbnails.
    const now = new Date();
    await db.insert(media).values({
      id: `thumb-filler-${project.id}`,
      projectId: project.id,
      uploadedBy: owner.id,
      kind: 'video',
      mime: 'video/mp4',
      name: 'filler.mp4',
      size: PLANS.free.storageBytes - (await used()) - 3 * thumb.byteLength,
      sha256: `thumb-filler-${project.id}`,
      tags: [],
      r2Key: `media/${project.id}/thumb-filler`,
      createdAt: now,
      updatedAt: now,
    });

    const responses = await Promise.all(items.map((id) => send(`/api/media/${id}/thumbnail`, { method: 'PUT', body: thumb, cookie: owner.cookie })));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 402)).toHaveLength(17);
    expect(await used()).toBe(PLANS.free.storageBytes);
    const stored = await env.MEDIA.list({ prefix: `thumbs/${project.id}/` });
    expect(stored.objects).toHaveLength(3);

    // Replacing a thumbnail by one of the same size fits: the old one's bytes are freed.
    const withThumb = items[statuses.indexOf(200)]!;
    const replaced = await send(`/api/media/${withThumb}/thumbnail`, { method: 'PUT', body: png(16, 16, 8), cookie: owner.cookie });
    expect(replaced.status).toBe(200);
    expect((await env.MEDIA.list({ prefix: `thumbs/${project.id}/` })).objects).toHaveLength(3);
  });
});
