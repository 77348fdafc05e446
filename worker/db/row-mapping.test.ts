import { env } from 'cloudflare:test';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { batchResultMapper, type MappablePrepared } from '#worker/db/row-mapping.ts';
import { projectMembers, projects, users } from '#worker/db/schema.ts';
import { createProject, createUser, type TestUser } from '#worker/test/factories.ts';

const db = () => getDb(env.DB);

/** A query's batch result mapped by hand and by drizzle's own `mapResult`. */
async function bothWays(query: { _prepare(): MappablePrepared & { getQuery(): { sql: string; params: unknown[] } } }) {
  const prepared = query._prepare();
  const { sql: text, params } = prepared.getQuery();
  const [result] = await env.DB.batch([env.DB.prepare(`SELECT * FROM (${text})`).bind(...params)]);
  return { byHand: batchResultMapper(prepared)(result), byDrizzle: prepared.mapResult(result, true) };
}

describe('batchResultMapper', () => {
  let owner: TestUser;
  let projectId: string;
  beforeAll(async () => {
    owner = await createUser({ name: 'Mara Mapper' });
    projectId = (await createProject(owner, {}, 'Mapped Rows')).id;
  });

  it('maps rows as drizzle does: whole tables, dates, JSON, an expression, and a left join without a row as null', async () => {
    const query = db()
      .select({
        project: projects,
        owner: users,
        member: projectMembers,
        role: projectMembers.role,
        members: sql<number>`(SELECT count(*) FROM project_members)`,
      })
      .from(projects)
      .leftJoin(users, eq(users.id, sql`'nobody'`))
      .leftJoin(projectMembers, eq(projectMembers.projectId, projects.id))
      .where(eq(projects.id, projectId));
    const { byHand, byDrizzle } = await bothWays(query as never);
    expect(byHand).toEqual(byDrizzle);
    const [row] = byHand as { project: { name: string; createdAt: Date }; owner: unknown; member: { role: string } }[];
    expect(row!.owner).toBeNull();
    expect(row!.member.role).toBe('owner');
    expect(row!.project.createdAt).toBeInstanceOf(Date);
  });

  it('maps an aggregate, an empty result and a read of one row', async () => {
    const counted = await bothWays(db().select({ n: count() }).from(projectMembers).where(eq(projectMembers.userId, owner.id)) as never);
    expect(counted.byHand).toEqual(counted.byDrizzle);
    expect(counted.byHand).toEqual([{ n: 1 }]);
    const none = await bothWays(db().select({ id: users.id }).from(users).where(eq(users.id, 'nobody')) as never);
    expect(none.byHand).toEqual([]);
    const single = await bothWays(db().select({ id: users.id, name: users.name }).from(users).where(eq(users.id, owner.id)).limit(1) as never);
    expect(single.byHand).toEqual(single.byDrizzle);
  });
});
