import { env } from 'cloudflare:test';
import { and, eq, gt } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb, type Db } from '#worker/db/client.ts';
import { projectMembers, projects, users } from '#worker/db/schema.ts';
import { combine, constant, mapRead, read, readAll, readOnce, run } from '#worker/lib/reads.ts';
import { createProject, createUser, type TestUser } from '#worker/test/factories.ts';

const db = () => getDb(env.DB);

/** Two columns named `name` (the project's and the user's), and more fields after them. */
const membersWithNames = (projectId: string) =>
  db()
    .select({ project: projects, userName: users.name, role: projectMembers.role, email: users.email })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(eq(projectMembers.projectId, projectId));

describe('reads', () => {
  let owner: TestUser;
  let projectId: string;
  beforeAll(async () => {
    owner = await createUser({ name: 'Olga Owner' });
    projectId = (await createProject(owner, {}, 'Same Name Columns')).id;
  });

  it('gives the same rows in a batch as alone, with same-named columns kept apart', async () => {
    const alone = await membersWithNames(projectId);
    expect(alone[0]).toMatchObject({ project: { name: 'Same Name Columns' }, userName: 'Olga Owner', role: 'owner', email: owner.email });
    const both = await run(
      db(),
      combine({
        members: read(membersWithNames(projectId), (rows) => rows),
        again: readAll([membersWithNames(projectId), db().select({ name: users.name }).from(users).where(eq(users.id, owner.id))], ([rows, [user]]) => ({
          rows,
          name: user?.name,
        })),
      }),
    );
    expect(both.members).toEqual(alone);
    expect(both.again).toEqual({ rows: alone, name: 'Olga Owner' });
  });

  it('runs nothing for an empty read, and maps values', async () => {
    expect(
      await run(
        db(),
        mapRead(constant([1, 2]), (values) => values.length),
      ),
    ).toBe(2);
    expect(await run(db(), combine({}))).toEqual({});
  });
});

describe('a read built once (readOnce)', () => {
  type Input = { userId: string; now: Date; limit: number };
  const valuesOf = ({ userId, now }: Input) => ({ userId, nowMs: now.getTime(), minuteBefore: now.getTime() - 60_000 });
  const sentinels: [Input, Input] = [
    { userId: 'sentinel-a', now: new Date(Date.UTC(2001, 1, 3, 4, 5, 6, 789)), limit: 5 },
    { userId: 'sentinel-b', now: new Date(Date.UTC(2012, 6, 17, 19, 21, 37, 123)), limit: 5 },
  ];
  /** A user's name and their projects (a join with two columns named `name`), newer than `now`, with a value only the finish uses. */
  const namesAndProjects = (database: Db, { userId, now, limit }: Input) =>
    readAll(
      [
        database.select({ name: users.name }).from(users).where(eq(users.id, userId)),
        database
          .select({ project: projects, role: projectMembers.role })
          .from(projectMembers)
          .innerJoin(projects, eq(projects.id, projectMembers.projectId))
          .where(and(eq(projectMembers.userId, userId), gt(projects.createdAt, new Date(now.getTime() - 60_000))))
          .limit(limit),
      ],
      ([[user], rows]) => ({ name: user?.name, projects: rows.map((row) => ({ name: row.project.name, role: row.role })), at: now.toISOString() }),
    );

  it('answers what the read built on each call answers, for each input, its SQL built once', async () => {
    const first = await createUser({ name: 'Rhea Read' });
    const second = await createUser({ name: 'Otto Once' });
    await createProject(first, {}, 'Prepared Ones');
    await createProject(second, {}, 'Prepared Twos');
    const prepares: string[] = [];
    const counted = getDb({
      prepare: (text: string) => (prepares.push(text), env.DB.prepare(text)),
      batch: (statements: D1PreparedStatement[]) => env.DB.batch(statements),
    } as unknown as D1Database);
    const once = readOnce(namesAndProjects, sentinels, valuesOf);
    for (const input of [
      { userId: first.id, now: new Date(), limit: 5 },
      { userId: second.id, now: new Date(), limit: 5 },
      { userId: first.id, now: new Date(Date.now() + 3_600_000), limit: 5 },
    ]) {
      const expected = await run(db(), namesAndProjects(db(), input));
      expect(await once(counted, input)).toEqual(expected);
    }
    expect((await once(db(), { userId: second.id, now: new Date(), limit: 5 })).projects).toEqual([{ name: 'Prepared Twos', role: 'owner' }]);
    expect(new Set(prepares).size).toBe(2);
    expect(prepares).toHaveLength(6);
  });

  it('refuses a value it cannot name, and SQL that depends on the input', async () => {
    const unnamed = readOnce(namesAndProjects, sentinels, ({ userId, now }) => ({ userId, nowMs: now.getTime() }));
    await expect(unnamed(db(), sentinels[0])).rejects.toThrow(/no value names/);
    const [a, b] = sentinels;
    const shaped = readOnce(namesAndProjects, [a, { ...b, limit: 6 }], valuesOf);
    await expect(shaped(db(), a)).rejects.toThrow(/limit|no value names/);
    const counted = readOnce(
      (database, input: Input) => (input.userId === 'sentinel-a' ? namesAndProjects(database, input) : constant(null)),
      sentinels,
      valuesOf,
    );
    await expect(counted(db(), a)).rejects.toThrow(/number of statements/);
  });
});
