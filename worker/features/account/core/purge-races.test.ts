import { env } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { auditLog, presentations, projectMembers, projects, sessions, users } from '#worker/db/schema.ts';
import { purgeDeletedAccounts, purgeDeletedContent } from '#worker/jobs/index.ts';
import { createProject, createUser, latestMail, uploadMedia } from '#worker/test/factories.ts';
import { png } from '#worker/test/files.ts';
import { cookieFrom, send } from '#worker/test/http.ts';
import { DAY, dbWithSeam, deletionDue, mediaKey, ownerOf, r2Has, signInAgain, userRow } from '#worker/test/account-deletion.ts';

describe('the purge against what happens while it runs', () => {
  it('a sign-in between the purge’s reads and its batch cancels it whole: nothing handed over, deleted or anonymised', async () => {
    const db = getDb(env.DB);
    const leaving = await createUser({ name: 'Changed Mind Carla' });
    const editor = await createUser({ name: 'Editor Ed' });
    const solo = await createProject(leaving, {}, 'Carla Solo');
    const soloMedia = await uploadMedia(leaving, solo.id, png(6, 6, 51), 'mine.png');
    const shared = await createProject(leaving, { editor }, 'Carla Shared');
    await db.insert(presentations).values({
      id: `pres-${leaving.id}`,
      slug: `carla-${leaving.id.slice(0, 8).toLowerCase()}`,
      authorId: leaving.id,
      customerName: 'Acme',
      headline: 'Hi',
      document: {},
    });
    const { day31 } = await deletionDue(leaving);

    let response: Response | undefined;
    const mailLines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: unknown) => void mailLines.push(String(line)));
    // The person signs in (exactly at day 30, while the job runs) after the job read the account
    // and its projects, before it writes anything.
    const seam = dbWithSeam(async () => {
      response = await send('/api/auth/login', { json: { email: leaving.email, password: leaving.password } });
    });
    expect(await purgeDeletedAccounts({ ...env, DB: seam }, day31)).toBe(0);
    await purgeDeletedContent(env, day31);
    log.mockRestore();

    expect(response?.status).toBe(200);
    expect(await response?.json()).toMatchObject({ deletionCanceled: true });
    // What the sign-in promised: nothing is deleted.
    expect(await userRow(leaving.id)).toMatchObject({
      email: leaving.email,
      name: 'Changed Mind Carla',
      deletedAt: null,
      deletionRequestedAt: null,
      role: 'user',
    });
    expect((await db.select().from(projects).where(eq(projects.id, solo.id)).get())?.deletedAt).toBeNull();
    expect(await r2Has(await mediaKey(soloMedia.id))).toBe(true);
    expect(await ownerOf(shared.id)).toBe(leaving.id);
    expect((await db.select().from(projects).where(eq(projects.id, shared.id)).get())?.archivedAt).toBeNull();
    expect((await db.select().from(presentations).where(eq(presentations.authorId, leaving.id)).get())?.deletedAt).toBeNull();
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, leaving.id), eq(auditLog.action, 'user.purged')))
        .all(),
    ).toEqual([]);
    expect(await latestMail(editor.email, 'project_ownership_received')).toBeUndefined();
    expect(mailLines.some((line) => line.includes('account_deleted'))).toBe(false);
    // Signed in and working, and later runs leave the account alone.
    expect((await send(`/api/projects/${shared.id}`, { cookie: await signInAgain(leaving) })).status).toBe(200);
    expect(await purgeDeletedAccounts(env, new Date(day31.getTime() + 60 * DAY))).toBe(0);
    expect((await userRow(leaving.id)).deletedAt).toBeNull();
  });

  it('a sign-in that read the account just before the purge’s batch gets no session: 401, and no session row for the purged account', async () => {
    const db = getDb(env.DB);
    const leaving = await createUser({ name: 'Late Larry' });
    const { day31 } = await deletionDue(leaving);
    let purged = -1;
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    // The purge runs after the sign-in checked the password, before its batch (the sign-in's first).
    const seam = dbWithSeam(async () => {
      purged = await purgeDeletedAccounts(env, day31);
    });
    const response = await send('/api/auth/login', { json: { email: leaving.email, password: leaving.password }, env: { DB: seam } });
    log.mockRestore();
    expect(purged).toBe(1);
    expect(response.status).toBe(401);
    expect(cookieFrom(response)).toBeFalsy();
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/do not match/);
    expect(await db.select().from(sessions).where(eq(sessions.userId, leaving.id)).all()).toEqual([]);
    expect((await userRow(leaving.id)).deletedAt).not.toBeNull();
  });

  it('a sign-in that read the account before an admin disabled it: 401 with the disabled message, and the pending deletion stays', async () => {
    const db = getDb(env.DB);
    const leaving = await createUser({ name: 'Disabled Dora' });
    const { requestedAt, day31 } = await deletionDue(leaving);
    const seam = dbWithSeam(async () => {
      await db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, leaving.id));
    });
    const response = await send('/api/auth/login', { json: { email: leaving.email, password: leaving.password }, env: { DB: seam } });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/has been disabled/);
    expect((await userRow(leaving.id)).deletionRequestedAt).toEqual(requestedAt);
    expect(await db.select().from(sessions).where(eq(sessions.userId, leaving.id)).all()).toEqual([]);
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, leaving.id), eq(auditLog.action, 'user.deletion_canceled')))
        .all(),
    ).toEqual([]);
    expect(await latestMail(leaving.email, 'account_deletion_canceled')).toBeUndefined();
    // The request still stands: the purge takes the (disabled) account when it is due.
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(await purgeDeletedAccounts(env, day31)).toBe(1);
    log.mockRestore();
    expect((await userRow(leaving.id)).deletedAt).not.toBeNull();
  });

  it('a deletion asked for from another device while a sign-in runs is cancelled by that sign-in, with a session that works', async () => {
    const db = getDb(env.DB);
    const user = await createUser({ name: 'Two Devices Tim' });
    const seam = dbWithSeam(async () => {
      // What POST /api/me/deletion writes, from the other device, after this sign-in read the account.
      await db.update(users).set({ deletionRequestedAt: new Date() }).where(eq(users.id, user.id));
    });
    const response = await send('/api/auth/login', { json: { email: user.email, password: user.password }, env: { DB: seam } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ deletionCanceled: true });
    expect((await userRow(user.id)).deletionRequestedAt).toBeNull();
    expect((await send('/api/me', { cookie: cookieFrom(response)! })).status).toBe(200);
    expect(await latestMail(user.email, 'account_deletion_canceled')).toBeDefined();
  });

  it('a new owner who leaves the project between the reads and the batch: nothing happens this run, the next hands it to whoever is there', async () => {
    const db = getDb(env.DB);
    const leaving = await createUser();
    const editor = await createUser();
    const viewer = await createUser();
    const solo = await createProject(leaving, {}, 'Solo Until The End');
    const shared = await createProject(leaving, { editor, viewer }, 'Members Move');
    const { day31 } = await deletionDue(leaving);

    const seam = dbWithSeam(async () => {
      await db.delete(projectMembers).where(and(eq(projectMembers.projectId, shared.id), eq(projectMembers.userId, editor.id)));
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await purgeDeletedAccounts({ ...env, DB: seam }, day31)).toBe(0);
    // Said in the log: the account waits for the next run.
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"account_purge_retry"'));
    warn.mockRestore();
    // Nothing half done: no hand-over to anyone, the solo project and the account as they were.
    expect(await ownerOf(shared.id)).toBe(leaving.id);
    expect((await db.select().from(projects).where(eq(projects.id, solo.id)).get())?.deletedAt).toBeNull();
    expect((await userRow(leaving.id)).deletedAt).toBeNull();
    expect((await userRow(leaving.id)).deletionRequestedAt).not.toBeNull();

    // The next run reads again: the viewer is the one left.
    expect(await purgeDeletedAccounts(env, day31)).toBe(1);
    expect(await ownerOf(shared.id)).toBe(viewer.id);
    expect((await db.select().from(projects).where(eq(projects.id, solo.id)).get())?.deletedAt).not.toBeNull();
    expect((await userRow(leaving.id)).deletedAt?.getTime()).toBe(day31.getTime());
  });

  it('someone joins a project only they were in, between the reads and the batch: it is not deleted, the next run hands it over', async () => {
    const db = getDb(env.DB);
    const leaving = await createUser();
    const joiner = await createUser();
    const project = await createProject(leaving, {}, 'Joined Just Now');
    const { day31 } = await deletionDue(leaving);

    const seam = dbWithSeam(async () => {
      await db.insert(projectMembers).values({ projectId: project.id, userId: joiner.id, role: 'viewer', createdAt: new Date(), updatedAt: new Date() });
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await purgeDeletedAccounts({ ...env, DB: seam }, day31)).toBe(0);
    // Said in the log: the account waits for the next run.
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"account_purge_retry"'));
    warn.mockRestore();
    expect((await db.select().from(projects).where(eq(projects.id, project.id)).get())?.deletedAt).toBeNull();
    expect(await ownerOf(project.id)).toBe(leaving.id);

    expect(await purgeDeletedAccounts(env, day31)).toBe(1);
    expect((await db.select().from(projects).where(eq(projects.id, project.id)).get())?.deletedAt).toBeNull();
    expect(await ownerOf(project.id)).toBe(joiner.id);
  });

  it('two runs at once purge the account once', async () => {
    const leaving = await createUser();
    const heir = await createUser();
    const shared = await createProject(leaving, { editor: heir }, 'Raced');
    const { day31 } = await deletionDue(leaving);
    // The second run starts its batch after the first one's whole purge.
    const seam = dbWithSeam(async () => {
      expect(await purgeDeletedAccounts(env, day31)).toBe(1);
    });
    expect(await purgeDeletedAccounts({ ...env, DB: seam }, new Date(day31.getTime() + 1))).toBe(0);
    expect((await userRow(leaving.id)).deletedAt?.getTime()).toBe(day31.getTime());
    expect(await ownerOf(shared.id)).toBe(heir.id);
    const audits = await getDb(env.DB)
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, leaving.id), eq(auditLog.action, 'user.purged')))
      .all();
    expect(audits).toHaveLength(1);
  });
});
