import { env } from 'cloudflare:test';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { projectMembers, projects } from '#worker/db/schema.ts';
import { createProject, createUser, type TestUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';

/**
 * The Free plan's 3 active projects (PRODUCT.md §6) hold under concurrency: every path that
 * adds an active project to an owner (create, unarchive, ownership transfer) is one
 * conditional write, never a count followed by an insert.
 */
const db = () => getDb(env.DB);
type ErrorBody = { error: { code: string; message: string } };

async function activeOwned(userId: string): Promise<number> {
  const row = await db()
    .select({ n: sql<number>`count(*)` })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(and(eq(projectMembers.userId, userId), eq(projectMembers.role, 'owner'), isNull(projects.archivedAt), isNull(projects.deletedAt)))
    .get();
  return row?.n ?? 0;
}

function archive(user: TestUser, projectId: string, archived: boolean) {
  return send(`/api/projects/${projectId}`, { method: 'PATCH', json: { archived }, cookie: user.cookie });
}

describe('the Free plan’s project limit under concurrency', () => {
  it('lets exactly 3 of 20 concurrent creations through for a new Free user; the rest get 402', async () => {
    const user = await createUser();
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => send('/api/projects', { json: { name: `Rush ${i}` }, cookie: user.cookie })));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 402)).toHaveLength(17);
    const refused = responses.find((r) => r.status === 402)!;
    const body = (await refused.json()) as ErrorBody;
    expect(body.error).toMatchObject({ code: 'plan_limit_reached', message: expect.stringMatching(/Free plan includes 3 active projects/) });
    expect(await activeOwned(user.id)).toBe(3);
    // No project row without its owner was left behind by a refused creation.
    const orphans = await db()
      .select({ n: sql<number>`count(*)` })
      .from(projects)
      .where(sql`${projects.name} LIKE 'Rush %' AND NOT EXISTS (SELECT 1 FROM project_members pm WHERE pm.project_id = ${projects.id})`)
      .get();
    expect(orphans?.n).toBe(0);
  });

  it('never has more than 3 active projects when unarchiving races with creating', async () => {
    const user = await createUser();
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await createProject(user, {}, `Old ${i}`)).id);
    expect((await archive(user, ids[0]!, true)).status).toBe(200);
    expect((await archive(user, ids[1]!, true)).status).toBe(200);
    expect(await activeOwned(user.id)).toBe(1);

    const responses = await Promise.all([
      archive(user, ids[0]!, false),
      ...Array.from({ length: 4 }, (_, i) => send('/api/projects', { json: { name: `New ${i}` }, cookie: user.cookie })),
      archive(user, ids[1]!, false),
    ]);
    const ok = responses.filter((r) => r.status === 200 || r.status === 201);
    expect(ok).toHaveLength(2);
    expect(responses.filter((r) => r.status === 402)).toHaveLength(4);
    expect(await activeOwned(user.id)).toBe(3);
  });

  it('refuses to transfer an active project to a Free user who already owns 3 (402), and keeps the owner', async () => {
    const owner = await createUser();
    const target = await createUser({ name: 'Tess Target' });
    for (let i = 0; i < 3; i += 1) await createProject(target, {}, `Theirs ${i}`);
    const project = await createProject(owner, { editor: target }, 'Handed over');
    const response = await send(`/api/projects/${project.id}/members/${target.id}`, { method: 'PATCH', json: { role: 'owner' }, cookie: owner.cookie });
    expect(response.status).toBe(402);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.code).toBe('plan_limit_reached');
    expect(body.error.message).toMatch(/Tess Target’s Free plan includes 3 active projects/);
    const members = await db().select().from(projectMembers).where(eq(projectMembers.projectId, project.id)).all();
    expect(members.map((m) => [m.userId, m.role]).sort()).toEqual(
      [
        [owner.id, 'owner'],
        [target.id, 'editor'],
      ].sort(),
    );
    expect(await activeOwned(target.id)).toBe(3);

    // An archived project does not count: it can be handed over.
    expect((await archive(owner, project.id, true)).status).toBe(200);
    const archived = await send(`/api/projects/${project.id}/members/${target.id}`, { method: 'PATCH', json: { role: 'owner' }, cookie: owner.cookie });
    expect(archived.status).toBe(200);
    expect(await activeOwned(target.id)).toBe(3);
  });

  it('never lets concurrent transfers and creations give a Free user more than 3 active projects', async () => {
    const target = await createUser();
    await createProject(target, {}, 'Mine');
    const givers = await Promise.all([createUser(), createUser(), createUser()]);
    const gifts = await Promise.all(givers.map((giver, i) => createProject(giver, { editor: target }, `Gift ${i}`)));
    const responses = await Promise.all([
      ...gifts.map((gift, i) => send(`/api/projects/${gift.id}/members/${target.id}`, { method: 'PATCH', json: { role: 'owner' }, cookie: givers[i]!.cookie })),
      send('/api/projects', { json: { name: 'Also mine' }, cookie: target.cookie }),
    ]);
    expect(responses.filter((r) => r.status === 200 || r.status === 201)).toHaveLength(2);
    expect(responses.filter((r) => r.status === 402)).toHaveLength(2);
    expect(await activeOwned(target.id)).toBe(3);
    // Every gift still has exactly one owner.
    for (const gift of gifts) {
      const owners = await db()
        .select()
        .from(projectMembers)
        .where(and(eq(projectMembers.projectId, gift.id), eq(projectMembers.role, 'owner')))
        .all();
      expect(owners).toHaveLength(1);
    }
  });
});
