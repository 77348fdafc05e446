import { env } from 'cloudflare:test';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PLANS } from '#common/plans.ts';
import type { ProjectDetail } from '#common/schemas/projects.ts';
import { getDb, inList } from '#worker/db/client.ts';
import { media, users } from '#worker/db/schema.ts';
import { createProject, createUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';

/**
 * Photo imports against the owner's storage (issue 29): an import is an upload of the photo's
 * bytes, so it passes the limit only through the upload's one conditional write. The bundled set
 * is served by the assets binding (`npx vite build` first, as for the render tests).
 */

/** Four bundled photos of nearly the same size (≈ 11–12 KB): any 7 of them fit in the room below, no 8 do, whatever the order. */
const SIMILAR = ['ocean-waves', 'night-sky', 'pastel-shapes', 'sunset-mountains'] as const;
const FIT = 7;

async function bundledSize(id: string): Promise<number> {
  const response = await env.ASSETS.fetch(new Request(`https://assets.local/photos/bundled/${id}.jpg`));
  expect(response.status).toBe(200);
  return (await response.arrayBuffer()).byteLength;
}

describe('20 photo imports at once against the storage limit', () => {
  it('lets exactly the photos that fit through, refuses the rest with 402, and leaves no orphan object', async () => {
    const sizes = new Map(await Promise.all(SIMILAR.map(async (id) => [id, await bundledSize(id)] as const)));
    const smallest = Math.min(...sizes.values());
    const largest = Math.max(...sizes.values());
    // The room takes any FIT of these photos and never FIT + 1: the count cannot depend on which arrive first.
    const room = FIT * largest;
    expect(room).toBeLessThan((FIT + 1) * smallest);

    // One owner (on Pro, for five projects); the library's storage is the owner's, across projects.
    // A photo is kept once per project, so the same four photos into five projects are 20 files.
    const owner = await createUser();
    const db = getDb(env.DB);
    await db.update(users).set({ plan: 'pro' }).where(eq(users.id, owner.id));
    const projects = [];
    for (let i = 0; i < 5; i += 1) projects.push(await createProject(owner, {}, `Harbour Bakery ${i}`));
    const now = new Date();
    await db.insert(media).values({
      id: `quota-filler-${owner.id}`,
      projectId: projects[0]!.id,
      uploadedBy: owner.id,
      kind: 'video',
      mime: 'video/mp4',
      name: 'filler.mp4',
      size: PLANS.pro.storageBytes - room,
      sha256: `filler-${owner.id}`,
      tags: [],
      r2Key: `media/${projects[0]!.id}/filler`,
      createdAt: now,
      updatedAt: now,
    });

    const imports = projects.flatMap((project) => SIMILAR.map((id) => ({ projectId: project.id, id })));
    expect(imports).toHaveLength(20);
    const responses = await Promise.all(
      imports.map(({ projectId, id }) => send(`/api/projects/${projectId}/photos/import`, { json: { provider: 'bundled', id }, cookie: owner.cookie })),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(FIT);
    expect(statuses.filter((status) => status === 402)).toHaveLength(20 - FIT);
    for (const response of responses.filter((r) => r.status === 402)) {
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('plan_limit_reached');
    }

    // The stored rows are the photos that got a 201, within the limit; the usage is the filler and their sizes.
    const rows = await db
      .select()
      .from(media)
      .where(
        and(
          inList(
            media.projectId,
            projects.map((p) => p.id),
          ),
          isNull(media.deletedAt),
        ),
      )
      .all();
    const photos = rows.filter((row) => row.id !== `quota-filler-${owner.id}`);
    expect(photos).toHaveLength(FIT);
    for (const row of photos) expect(row.size).toBe(sizes.get(row.name.replace(/\.jpg$/, '') as (typeof SIMILAR)[number]));
    const used = rows.reduce((sum, row) => sum + row.size + (row.thumbnailSize ?? 0), 0);
    expect(used).toBeLessThanOrEqual(PLANS.pro.storageBytes);
    expect(used - (PLANS.pro.storageBytes - room)).toBe(photos.reduce((sum, row) => sum + row.size, 0));

    // R2 holds exactly the stored photos' objects, each of its row's size: the refused ones left nothing.
    const objects = (await Promise.all(projects.map((project) => env.MEDIA.list({ prefix: `media/${project.id}/` })))).flatMap((list) => list.objects);
    expect(objects.map((object) => object.key).sort()).toEqual(photos.map((row) => row.r2Key).sort());
    const sizeOf = new Map(photos.map((row) => [row.r2Key, row.size]));
    for (const object of objects) expect(object.size).toBe(sizeOf.get(object.key));
    // The usage the project's page shows is the filler and the stored objects, within the limit.
    const detail = (await (await send(`/api/projects/${projects[4]!.id}`, { cookie: owner.cookie })).json()) as ProjectDetail;
    expect(detail.storage).toEqual({
      usedBytes: PLANS.pro.storageBytes - room + objects.reduce((sum, object) => sum + object.size, 0),
      limitBytes: PLANS.pro.storageBytes,
    });
  });
});
