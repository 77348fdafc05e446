import { env } from 'cloudflare:test';
import { count, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { asJsonRows, batchResultMapper, type MappablePrepared } from '#worker/db/row-mapping.ts';
import { projectMembers, projects, users } from '#worker/db/schema.ts';
import { createProject, createUser, type TestUser } from '#worker/test/factories.ts';

const db = () => getDb(env.DB);

/** A query's batch result mapped by hand and by drizzle's own `mapResult`, and the same query read as one JSON value (`asJsonRows`), mapped. */
async function bothWays(query: { _prepare(): MappablePrepared & { getQuery(): { sql: string; params: unknown[] } } }) {
  const prepared = query._prepare();
  const { sql: text, params } = prepared.getQuery();
  const asJson = asJsonRows(prepared, text)!;
  const [result, jsonResult] = await env.DB.batch([env.DB.prepare(`SELECT * FROM (${text})`).bind(...params), env.DB.prepare(asJson.text).bind(...params)]);
  const byDrizzle = prepared.mapResult(result, true);
  // As JSON, the same rows, value for value (and key order: the answer is serialized as it is).
  const byJson = asJson.mapper(jsonResult);
  expect(JSON.stringify(byJson)).toBe(JSON.stringify(byDrizzle));
  expect(byJson).toStrictEqual(byDrizzle);
  return { byHand: batchResultMapper(prepared)(result), byDrizzle, byJson };
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

  it('reads rows as one JSON value with the same values and order: reals, large integers, quotes, unicode, JSON text, two columns of one name', async () => {
    for (const name of ['Zeta', 'Mu "quoted"']) await createProject(owner, {}, name);
    const values = await bothWays(
      db()
        .select({
          real: sql<number>`0.1 + 0.2`,
          tiny: sql<number>`-2.5e-7`,
          large: sql<number>`9007199254740993`,
          text: sql<string>`'a"b\\c' || char(10) || 'é😀'`,
          json: sql<string>`json_array(1, 'x')`,
          nothing: sql<null>`NULL`,
        })
        .from(projects)
        .where(eq(projects.id, projectId)) as never,
    );
    expect(values.byJson).toEqual([{ real: 0.1 + 0.2, tiny: -2.5e-7, large: 9007199254740992, text: 'a"b\\c\né😀', json: '[1,"x"]', nothing: null }]);
    const ordered = await bothWays(
      db()
        .select({ name: projects.name, owner: users.name, brandKit: projects.brandKit, createdAt: projects.createdAt })
        .from(projectMembers)
        .innerJoin(projects, eq(projects.id, projectMembers.projectId))
        .innerJoin(users, eq(users.id, projectMembers.userId))
        .where(eq(projectMembers.userId, owner.id))
        .orderBy(desc(projects.name))
        .limit(3) as never,
    );
    expect((ordered.byJson as { name: string; owner: string }[]).map((row) => [row.name, row.owner])).toEqual([
      ['Zeta', 'Mara Mapper'],
      ['Mu "quoted"', 'Mara Mapper'],
      ['Mapped Rows', 'Mara Mapper'],
    ]);
    const none = await bothWays(db().select({ id: users.id }).from(users).where(eq(users.id, 'nobody')) as never);
    expect(none.byJson).toEqual([]);
  });

  it('leaves a write, and a read drizzle maps itself, to drizzle', () => {
    const update = db().update(users).set({ name: 'x' }).where(eq(users.id, 'nobody')) as unknown as { _prepare(): MappablePrepared };
    const write = update._prepare();
    expect(asJsonRows(write, 'update "users" set "name" = ?')).toBeUndefined();
  });
});
