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
