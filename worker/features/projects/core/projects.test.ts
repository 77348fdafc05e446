import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { projectInvites, projectMembers } from '#worker/db/schema.ts';
import { createProject, createUser, latestMail, uniqueEmail, uploadMedia, type TestUser } from '#worker/test/factories.ts';
import { png } from '#worker/test/files.ts';
import { send } from '#worker/test/http.ts';

const db = () => getDb(env.DB);
type Project = { id: string; name: string; role: string; archived: boolean; brandKit: Record<string, unknown>; counts: { media: number; members: number } };
type ErrorBody = { error: { code: string; message: string; details?: Record<string, string[]> } };

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

async function inviteLink(email: string): Promise<string> {
  const row = await latestMail(email);
  const token = row?.textBody.match(/\/projects\?invite=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error('no invite link in the outbox');
  return token;
}

describe('projects', () => {
  it('creates a project owned by its creator, with an empty brand kit', async () => {
    const user = await createUser();
    const response = await send('/api/projects', {
      json: { name: '  Acme Bakery ', description: 'Sourdough', website: 'https://acme.example' },
      cookie: user.cookie,
    });
    expect(response.status).toBe(201);
    const project = await json<Project & { storage: { usedBytes: number; limitBytes: number } }>(response);
    expect(project).toMatchObject({ name: 'Acme Bakery', role: 'owner', archived: false, counts: { media: 0, members: 1 } });
    expect(project.brandKit).toEqual({ logoMediaId: null, colors: [], headingFont: 'inter', bodyFont: 'inter', tone: '' });
    expect(project.storage).toEqual({ usedBytes: 0, limitBytes: 1024 ** 3 });
  });

  it('counts the live files and the members, in the project and in the list', async () => {
    const user = await createUser();
    const project = await createProject(user);
    await uploadMedia(user, project.id, png(10, 10, 90));
    const second = await uploadMedia(user, project.id, png(10, 10, 91));
    await send(`/api/media/${second.id}`, { method: 'DELETE', cookie: user.cookie });
    await uploadMedia(user, project.id, png(10, 10, 92));
    const detail = await json<Project>(await send(`/api/projects/${project.id}`, { cookie: user.cookie }));
    expect(detail.counts).toEqual({ media: 2, members: 1 });
    const list = await json<{ items: Project[] }>(await send('/api/projects', { cookie: user.cookie }));
    expect(list.items.find((p) => p.id === project.id)?.counts).toEqual({ media: 2, members: 1 });
  });

  it('validates name and website', async () => {
    const user = await createUser();
    const response = await send('/api/projects', { json: { name: '', website: 'javascript:alert(1)' }, cookie: user.cookie });
    expect(response.status).toBe(422);
    expect(Object.keys((await json<ErrorBody>(response)).error.details!).sort()).toEqual(['name', 'website']);
    expect((await send('/api/projects', { json: { name: 'x'.repeat(81) }, cookie: user.cookie })).status).toBe(422);
  });

  it('holds the Free plan to 3 active projects (402), and archiving frees a slot', async () => {
    const user = await createUser();
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await createProject(user, {}, `P${i}`)).id);
    const fourth = await send('/api/projects', { json: { name: 'One too many' }, cookie: user.cookie });
    expect(fourth.status).toBe(402);
    const body = await json<ErrorBody>(fourth);
    expect(body.error.code).toBe('plan_limit_reached');
    expect(body.error.message).toMatch(/Free plan includes 3 active projects/);

    expect((await send(`/api/projects/${ids[0]}`, { method: 'PATCH', json: { archived: true }, cookie: user.cookie })).status).toBe(200);
    expect((await send('/api/projects', { json: { name: 'Now it fits' }, cookie: user.cookie })).status).toBe(201);
    // Unarchiving would make four active projects.
    expect((await send(`/api/projects/${ids[0]}`, { method: 'PATCH', json: { archived: false }, cookie: user.cookie })).status).toBe(402);
  });

  it('lists only the user’s projects, active or archived, with cursor pagination', async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const a = await createProject(owner, {}, 'Alpha');
    const b = await createProject(owner, {}, 'Beta');
    await createProject(stranger, {}, 'Not yours');
    await send(`/api/projects/${b.id}`, { method: 'PATCH', json: { archived: true }, cookie: owner.cookie });
    const active = await json<{ items: Project[] }>(await send('/api/projects', { cookie: owner.cookie }));
    expect(active.items.map((p) => p.id)).toEqual([a.id]);
    const archived = await json<{ items: Project[] }>(await send('/api/projects?archived=1', { cookie: owner.cookie }));
    expect(archived.items.map((p) => p.id)).toEqual([b.id]);

    await send(`/api/projects/${b.id}`, { method: 'PATCH', json: { archived: false }, cookie: owner.cookie });
    const first = await json<{ items: Project[]; nextCursor: string }>(await send('/api/projects?limit=1', { cookie: owner.cookie }));
    expect(first.items).toHaveLength(1);
    const second = await json<{ items: Project[]; nextCursor: string | null }>(
      await send(`/api/projects?limit=1&cursor=${first.nextCursor}`, { cookie: owner.cookie }),
    );
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    expect(new Set([first.items[0]!.id, second.items[0]!.id])).toEqual(new Set([a.id, b.id]));
  });

  it('lets editors change the brand kit and description, and only the owner rename or archive', async () => {
    const owner = await createUser();
    const editor = await createUser();
    const project = await createProject(owner, { editor });
    const brandKit = { logoMediaId: null, colors: ['#1A2B3C', '#ffffff', '#1a2b3c'], headingFont: 'playfair-display', bodyFont: 'inter', tone: 'Warm, direct' };
    const ok = await send(`/api/projects/${project.id}`, { method: 'PATCH', json: { brandKit, description: 'New' }, cookie: editor.cookie });
    expect(ok.status).toBe(200);
    expect((await json<Project>(ok)).brandKit).toEqual({ ...brandKit, colors: ['#1a2b3c', '#ffffff'] });
    expect((await send(`/api/projects/${project.id}`, { method: 'PATCH', json: { name: 'Renamed' }, cookie: editor.cookie })).status).toBe(403);
    expect((await send(`/api/projects/${project.id}`, { method: 'PATCH', json: { archived: true }, cookie: editor.cookie })).status).toBe(403);
    expect((await send(`/api/projects/${project.id}`, { method: 'PATCH', json: { name: 'Renamed' }, cookie: owner.cookie })).status).toBe(200);
  });

  it('validates brand kit colours, fonts and the logo', async () => {
    const owner = await createUser();
    const project = await createProject(owner);
    const other = await createProject(owner, {}, 'Other');
    const base = { logoMediaId: null, colors: [], headingFont: 'inter', bodyFont: 'inter', tone: '' };
    const patch = (brandKit: unknown) => send(`/api/projects/${project.id}`, { method: 'PATCH', json: { brandKit }, cookie: owner.cookie });
    expect((await patch({ ...base, colors: Array.from({ length: 9 }, () => '#000000') })).status).toBe(422);
    expect((await patch({ ...base, colors: ['red'] })).status).toBe(422);
    expect((await patch({ ...base, headingFont: 'comic-sans' })).status).toBe(422);
    const foreign = await uploadMedia(owner, other.id, png(10, 10, 1));
    expect((await patch({ ...base, logoMediaId: foreign.id })).status).toBe(422);
    const own = await uploadMedia(owner, project.id, png(10, 10, 2));
    expect((await patch({ ...base, logoMediaId: own.id })).status).toBe(200);
  });

  it('deletes softly (owner only): the project disappears for everyone', async () => {
    const owner = await createUser();
    const viewer = await createUser();
    const project = await createProject(owner, { viewer });
    expect((await send(`/api/projects/${project.id}`, { method: 'DELETE', cookie: viewer.cookie })).status).toBe(403);
    expect((await send(`/api/projects/${project.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    expect((await send(`/api/projects/${project.id}`, { cookie: owner.cookie })).status).toBe(404);
    expect((await send(`/projects/${project.id}`, { cookie: viewer.cookie })).status).toBe(404);
    const list = await json<{ items: Project[] }>(await send('/api/projects', { cookie: owner.cookie }));
    expect(list.items.map((p) => p.id)).not.toContain(project.id);
  });
});

describe('members and invitations', () => {
  async function setup() {
    const owner = await createUser({ name: 'Olivia Owner' });
    const project = await createProject(owner);
    return { owner, project };
  }

  it('invites by email with a single-use link that the invited address accepts', async () => {
    const { owner, project } = await setup();
    const email = uniqueEmail('invitee');
    const response = await send(`/api/projects/${project.id}/members`, { json: { email, role: 'editor' }, cookie: owner.cookie });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ email, role: 'editor' });
    const token = await inviteLink(email);
    const stored = await db().select().from(projectInvites).where(eq(projectInvites.projectId, project.id)).get();
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);

    const stranger = await createUser();
    const preview = await send(`/api/invites/${token}`, { cookie: stranger.cookie });
    expect(await preview.json()).toMatchObject({ projectName: project.name, inviterName: 'Olivia Owner', role: 'editor', status: 'open', forYou: false });
    const wrong = await send(`/api/invites/${token}/accept`, { method: 'POST', cookie: stranger.cookie });
    expect(wrong.status).toBe(403);
    expect((await json<ErrorBody>(wrong)).error.message).toContain(email);

    const invitee = await createUser({ email });
    const accepted = await send(`/api/invites/${token}/accept`, { method: 'POST', cookie: invitee.cookie });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ projectId: project.id, role: 'editor' });
    expect((await send(`/api/projects/${project.id}`, { cookie: invitee.cookie })).status).toBe(200);
    expect((await send(`/api/invites/${token}/accept`, { method: 'POST', cookie: invitee.cookie })).status).toBe(409);
  });

  it('shows a signed-out visitor with the link who invited them to what (only that), by the token alone', async () => {
    const { owner, project } = await setup();
    const email = uniqueEmail('newcomer');
    const created = await json<{ id: string }>(await send(`/api/projects/${project.id}/members`, { json: { email, role: 'editor' }, cookie: owner.cookie }));
    const token = await inviteLink(email);

    const response = await send(`/api/invites/${token}/public`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await response.json()).toEqual({ projectName: project.name, inviterName: 'Olivia Owner', email, status: 'open' });

    // Wrong, malformed and oversized tokens: 404 or 422, never a 500 and never another invitation.
    expect((await send(`/api/invites/${token.slice(0, -2)}xx/public`)).status).toBe(404);
    expect((await send('/api/invites/short/public')).status).toBe(422);
    expect((await send(`/api/invites/${'a'.repeat(5000)}/public`)).status).toBe(422);
    expect((await send(`/api/invites/${'%ED%A0%80'.repeat(10)}/public`)).status).toBe(422);

    // A used, withdrawn or expired link no longer shows the address it was for.
    await db().update(projectInvites).set({ revokedAt: new Date() }).where(eq(projectInvites.id, created.id));
    expect(await (await send(`/api/invites/${token}/public`)).json()).toEqual({
      projectName: project.name,
      inviterName: 'Olivia Owner',
      email: null,
      status: 'revoked',
    });
  });

  it('refuses duplicate invitations and inviting members', async () => {
    const { owner, project } = await setup();
    const email = uniqueEmail('dup');
    expect((await send(`/api/projects/${project.id}/members`, { json: { email, role: 'viewer' }, cookie: owner.cookie })).status).toBe(201);
    expect((await send(`/api/projects/${project.id}/members`, { json: { email, role: 'viewer' }, cookie: owner.cookie })).status).toBe(409);
    expect((await send(`/api/projects/${project.id}/members`, { json: { email: owner.email, role: 'viewer' }, cookie: owner.cookie })).status).toBe(409);
  });

  it('refuses expired and revoked invitations', async () => {
    const { owner, project } = await setup();
    const email = uniqueEmail('late');
    const created = await json<{ id: string }>(await send(`/api/projects/${project.id}/members`, { json: { email, role: 'viewer' }, cookie: owner.cookie }));
    const token = await inviteLink(email);
    await db()
      .update(projectInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(projectInvites.id, created.id));
    const invitee = await createUser({ email });
    const expired = await send(`/api/invites/${token}/accept`, { method: 'POST', cookie: invitee.cookie });
    expect(expired.status).toBe(409);
    expect((await json<ErrorBody>(expired)).error.message).toMatch(/expired/);

    const email2 = uniqueEmail('revoked');
    const second = await json<{ id: string }>(
      await send(`/api/projects/${project.id}/members`, { json: { email: email2, role: 'viewer' }, cookie: owner.cookie }),
    );
    const token2 = await inviteLink(email2);
    expect((await send(`/api/projects/${project.id}/invites/${second.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    const invitee2 = await createUser({ email: email2 });
    expect((await send(`/api/invites/${token2}/accept`, { method: 'POST', cookie: invitee2.cookie })).status).toBe(409);
  });

  it('changes roles, transfers ownership, and keeps exactly one owner', async () => {
    const { owner, project } = await setup();
    const editor = await createUser();
    const viewer = await createUser();
    await db()
      .insert(projectMembers)
      .values([
        { projectId: project.id, userId: editor.id, role: 'editor' },
        { projectId: project.id, userId: viewer.id, role: 'viewer' },
      ]);
    const demote = await send(`/api/projects/${project.id}/members/${editor.id}`, { method: 'PATCH', json: { role: 'viewer' }, cookie: owner.cookie });
    expect(demote.status).toBe(200);
    expect(await demote.json()).toMatchObject({ userId: editor.id, role: 'viewer' });
    expect((await send(`/api/projects/${project.id}/members/${owner.id}`, { method: 'PATCH', json: { role: 'viewer' }, cookie: owner.cookie })).status).toBe(
      422,
    );

    const transfer = await send(`/api/projects/${project.id}/members/${viewer.id}`, { method: 'PATCH', json: { role: 'owner' }, cookie: owner.cookie });
    expect(transfer.status).toBe(200);
    const members = await json<{ items: { userId: string; role: string }[] }>(await send(`/api/projects/${project.id}/members`, { cookie: viewer.cookie }));
    expect(members.items.filter((m) => m.role === 'owner').map((m) => m.userId)).toEqual([viewer.id]);
    expect(members.items.find((m) => m.userId === owner.id)?.role).toBe('editor');
    // The former owner lost the owner's rights.
    expect((await send(`/api/projects/${project.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(403);
  });

  it('lets members leave, but not the owner; only the owner removes others', async () => {
    const { owner, project } = await setup();
    const a = await createUser();
    const b = await createUser();
    await db()
      .insert(projectMembers)
      .values([
        { projectId: project.id, userId: a.id, role: 'editor' },
        { projectId: project.id, userId: b.id, role: 'viewer' },
      ]);
    expect((await send(`/api/projects/${project.id}/members/${b.id}`, { method: 'DELETE', cookie: a.cookie })).status).toBe(403);
    expect((await send(`/api/projects/${project.id}/members/${owner.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(409);
    expect((await send(`/api/projects/${project.id}/members/${a.id}`, { method: 'DELETE', cookie: a.cookie })).status).toBe(204);
    expect((await send(`/api/projects/${project.id}`, { cookie: a.cookie })).status).toBe(404);
    expect((await send(`/api/projects/${project.id}/members/${b.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
  });

  it('shows pending invitations to the owner only', async () => {
    const { owner, project } = await setup();
    const viewer: TestUser = await createUser();
    await db().insert(projectMembers).values({ projectId: project.id, userId: viewer.id, role: 'viewer' });
    await send(`/api/projects/${project.id}/members`, { json: { email: uniqueEmail('pending'), role: 'viewer' }, cookie: owner.cookie });
    const forOwner = await json<{ invites: unknown[] }>(await send(`/api/projects/${project.id}/members`, { cookie: owner.cookie }));
    const forViewer = await json<{ invites: unknown[] }>(await send(`/api/projects/${project.id}/members`, { cookie: viewer.cookie }));
    expect(forOwner.invites).toHaveLength(1);
    expect(forViewer.invites).toHaveLength(0);
  });
});
