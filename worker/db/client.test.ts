import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { getDb, inList } from '#worker/db/client.ts';
import { media, users } from '#worker/db/schema.ts';
import { createUser } from '#worker/test/factories.ts';

describe('inList', () => {
  it('binds one parameter however many values (D1 allows 100 per statement)', () => {
    const ids = Array.from({ length: 500 }, (_, i) => `id_${i}`);
    expect(getDb(env.DB).select({ id: media.id }).from(media).where(inList(media.id, ids)).toSQL().params).toHaveLength(1);
  });

  it('matches exactly the listed values', async () => {
    const [a, b] = await Promise.all([createUser(), createUser(), createUser()]);
    const rows = await getDb(env.DB)
      .select({ id: users.id })
      .from(users)
      .where(inList(users.id, [a!.id, "no'such id", b!.id]))
      .all();
    expect(rows.map((r) => r.id).sort()).toEqual([a!.id, b!.id].sort());
  });
});
