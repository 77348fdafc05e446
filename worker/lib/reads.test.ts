import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { projectMembers, projects, users } from '#worker/db/schema.ts';
import { combine, constant, mapRead, read, readAll, run } from '#worker/lib/reads.ts';
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
