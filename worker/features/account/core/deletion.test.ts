import { env } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import {
  auditLog,
  creditLedger,
  emailOutbox,
  instagramAccounts,
  media,
  passwordResetTokens,
  presentations,
  projectMembers,
  projects,
  sessions,
  subscriptions,
  users,
} from '#worker/db/schema.ts';
import { purgeDeletedAccounts, purgeDeletedContent } from '#worker/jobs/index.ts';
import { createProject, createUser, latestMail, uploadMedia } from '#worker/test/factories.ts';
import { png } from '#worker/test/files.ts';
import { send } from '#worker/test/http.ts';
import { DAY, deletionDue, mediaKey, r2Has, requestDeletion, signInAgain, userRow, type ErrorBody } from '#worker/test/account-deletion.ts';

describe('POST /api/me/deletion', () => {
  it('needs a session, and a request from another site is refused', async () => {
    expect((await send('/api/me/deletion', { json: { password: 'whatever it is' } })).status).toBe(401);
    const user = await createUser();
    const crossSite = await send('/api/me/deletion', { json: { password: user.password }, cookie: user.cookie, headers: { origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(403);
    expect((await userRow(user.id)).deletionRequestedAt).toBeNull();
  });

  it('refuses a wrong password with 422 on the password field and changes nothing', async () => {
    const user = await createUser();
    const response = await requestDeletion(user, 'not my password at all');
    expect(response.status).toBe(422);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.details?.password).toEqual(['This is not your password.']);
    expect((await userRow(user.id)).deletionRequestedAt).toBeNull();
    expect((await send('/api/me', { cookie: user.cookie })).status).toBe(200);
    expect((await send('/api/me/deletion', { json: {}, cookie: user.cookie })).status).toBe(422);
  });

  it('is rate limited like sign-in: the sixth wrong password within 15 minutes gets 429, even with the right one', async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i += 1) expect((await requestDeletion(user, `wrong password ${i}`)).status).toBe(422);
    const limited = await requestDeletion(user);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await userRow(user.id)).deletionRequestedAt).toBeNull();
  });

  it('counts an IPv6 /64 as one client, and caps the guesses at one account from every network together', async () => {
    const user = await createUser();
    const from = (ip: string, password: string) => send('/api/me/deletion', { json: { password }, cookie: user.cookie, headers: { 'cf-connecting-ip': ip } });
    // Stepping through the addresses of one /64 gains nothing: the sixth guess is refused.
    for (let i = 1; i <= 5; i += 1) expect((await from(`2001:db8:77:1::${i.toString(16)}`, `wrong ${i}`)).status).toBe(422);
    expect((await from('2001:db8:77:1::ff', 'wrong 6')).status).toBe(429);
    // Other networks: 20 wrong guesses in all, then every network is refused, even with the right password.
    for (let i = 6; i <= 20; i += 1) expect((await from(`198.51.100.${i}`, `wrong ${i}`)).status).toBe(422);
    const capped = await from('192.0.2.200', user.password);
    expect(capped.status).toBe(429);
    expect((await userRow(user.id)).deletionRequestedAt).toBeNull();
  });

  it('signs out everywhere at once, ends reset links and Instagram connections, and mails the date and how to cancel', async () => {
    const user = await createUser({ name: 'Leaving Larry' });
    const phone = await signInAgain(user, 'Phone');
    const project = await createProject(user, {}, 'Larry’s Shop');
    expect((await send(`/api/projects/${project.id}/instagram/sandbox`, { method: 'POST', cookie: user.cookie })).status).toBe(200);
    expect((await send('/api/auth/password-reset', { json: { email: user.email } })).status).toBe(202);
    const db = getDb(env.DB);
    expect(await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)).all()).toHaveLength(1);

    const response = await requestDeletion(user);
    expect(response.status).toBe(202);
    const { purgeAfter } = (await response.json()) as { purgeAfter: string };
    const requestedAt = (await userRow(user.id)).deletionRequestedAt!;
    expect(new Date(purgeAfter).getTime()).toBe(requestedAt.getTime() + 30 * DAY);
    // The cookie is cleared, and neither this device nor the other one is signed in any more.
    expect(response.headers.get('set-cookie')).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect((await send('/api/me', { cookie: user.cookie })).status).toBe(401);
    expect((await send('/api/me', { cookie: phone })).status).toBe(401);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).toEqual([]);
    expect(await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)).all()).toEqual([]);
    expect(await db.select().from(instagramAccounts).where(eq(instagramAccounts.projectId, project.id)).all()).toEqual([]);
    // The project itself waits for the purge.
    expect((await db.select().from(projects).where(eq(projects.id, project.id)).get())?.deletedAt).toBeNull();

    const mail = await latestMail(user.email, 'account_deletion_scheduled');
    const date = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(purgeAfter));
    expect(mail?.subject).toBe(`Your Adloom account will be deleted on ${date}`);
    expect(mail?.textBody).toContain('Sign in before then and nothing is deleted: https://adloom.test/login');
    expect(mail?.textBody).toContain('“Larry’s Shop”');
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'user.deletion_requested')))
      .all();
    expect(audit).toHaveLength(1);

    // A replay with the old cookie is refused; nothing is mailed twice.
    expect((await requestDeletion(user)).status).toBe(401);
    const scheduled = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, user.email), eq(emailOutbox.kind, 'account_deletion_scheduled')))
      .all();
    expect(scheduled).toHaveLength(1);
  });

  it('asks to cancel a paid plan that still renews first (409), and accepts one that ends', async () => {
    const user = await createUser();
    const db = getDb(env.DB);
    const now = new Date();
    await db.insert(subscriptions).values({
      userId: user.id,
      plan: 'pro',
      status: 'active',
      provider: 'sandbox',
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 20 * DAY),
    });
    const refused = await requestDeletion(user);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorBody).error.message).toContain('Cancel it on the Billing page first');
    expect((await userRow(user.id)).deletionRequestedAt).toBeNull();
    await db.update(subscriptions).set({ cancelAtPeriodEnd: true }).where(eq(subscriptions.userId, user.id));
    expect((await requestDeletion(user)).status).toBe(202);
  });
});

describe('signing in during the grace period', () => {
  it('cancels the deletion, says so in the response and by email', async () => {
    const user = await createUser();
    expect((await requestDeletion(user)).status).toBe(202);
    const response = await send('/api/auth/login', { json: { email: user.email, password: user.password } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: user.id, deletionCanceled: true });
    expect((await userRow(user.id)).deletionRequestedAt).toBeNull();
    expect((await latestMail(user.email, 'account_deletion_canceled'))?.subject).toBe('Your Adloom account will not be deleted');
    // The next sign-in is an ordinary one.
    const again = await send('/api/auth/login', { json: { email: user.email, password: user.password } });
    expect(await again.json()).not.toHaveProperty('deletionCanceled');
    // And the purge leaves the account alone, however late it runs.
    await purgeDeletedAccounts(env, new Date(Date.now() + 60 * DAY));
    expect(await userRow(user.id)).toMatchObject({ deletedAt: null, email: user.email });
  });

  it('a wrong password cancels nothing', async () => {
    const user = await createUser();
    expect((await requestDeletion(user)).status).toBe(202);
    expect((await send('/api/auth/login', { json: { email: user.email, password: 'not the password' } })).status).toBe(401);
    expect((await userRow(user.id)).deletionRequestedAt).not.toBeNull();
  });

  it('through the form without JavaScript, lands on the account page that says so', async () => {
    const user = await createUser();
    expect((await requestDeletion(user)).status).toBe(202);
    const response = await send('/login', { form: { intent: 'signin', email: user.email, password: user.password, next: '/projects' } });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/account?deletion=canceled');
    expect((await userRow(user.id)).deletionRequestedAt).toBeNull();
  });
});

describe('the purge after 30 days', () => {
  it('purges nothing at 29 days; at 31 deletes the projects only they were in (rows and R2 files), hands shared ones to the longest-standing editor and keeps the accounting rows anonymous', async () => {
    const db = getDb(env.DB);
    const leaving = await createUser({ name: 'Departing Dana' });
    const viewer = await createUser({ name: 'Viewer Vic' });
    const editor = await createUser({ name: 'Editor Eve' });
    const otherOwner = await createUser({ name: 'Owner Olga' });

    const solo = await createProject(leaving, {}, 'Dana Solo');
    const soloMedia = await uploadMedia(leaving, solo.id, png(7, 7, 31), 'solo.png');
    const shared = await createProject(leaving, {}, 'Dana Shared');
    // The viewer joined first, the editor later: an editor is preferred over tenure as a viewer.
    const t0 = Date.now();
    await db
      .insert(projectMembers)
      .values({ projectId: shared.id, userId: viewer.id, role: 'viewer', createdAt: new Date(t0 - 3 * DAY), updatedAt: new Date() });
    await db
      .insert(projectMembers)
      .values({ projectId: shared.id, userId: editor.id, role: 'editor', createdAt: new Date(t0 - 2 * DAY), updatedAt: new Date() });
    const sharedMedia = await uploadMedia(leaving, shared.id, png(7, 7, 32), 'shared.png');
    const elsewhere = await createProject(otherOwner, { editor: leaving }, 'Olga’s Place');
    const elsewhereMedia = await uploadMedia(leaving, elsewhere.id, png(7, 7, 33), 'by-dana.png');
    const [soloKey, sharedKey, elsewhereKey] = await Promise.all([mediaKey(soloMedia.id), mediaKey(sharedMedia.id), mediaKey(elsewhereMedia.id)]);
    await db.insert(presentations).values({
      id: `pres-${leaving.id}`,
      slug: `dana-${leaving.id.slice(0, 8).toLowerCase()}`,
      authorId: leaving.id,
      customerName: 'Acme',
      headline: 'Hi',
      document: {},
    });

    expect((await requestDeletion(leaving)).status).toBe(202);
    const requestedAt = (await userRow(leaving.id)).deletionRequestedAt!.getTime();

    // 29 days later: nothing happens (every request of this file was made within seconds of this one).
    const day29 = new Date(requestedAt + 29 * DAY);
    expect(await purgeDeletedAccounts(env, day29)).toBe(0);
    await purgeDeletedContent(env, day29);
    expect((await userRow(leaving.id)).email).toBe(leaving.email);
    expect(await r2Has(soloKey)).toBe(true);
    expect((await db.select().from(projects).where(eq(projects.id, solo.id)).get())?.deletedAt).toBeNull();

    // 31 days later: purged, in the order the scheduled job runs them.
    const day31 = new Date(requestedAt + 31 * DAY);
    // (Other tests' pending accounts of this file go in the same runs: run until none is left,
    // as the every-minute job would.) The local mail provider's console lines are kept.
    const mailLines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => void mailLines.push(String(line)));
    let purged = 0;
    for (let n = await purgeDeletedAccounts(env, day31); n > 0; n = await purgeDeletedAccounts(env, day31)) purged += n;
    expect(purged).toBeGreaterThanOrEqual(1);
    await purgeDeletedContent(env, day31);

    // The project only they were in is gone, with its file in R2.
    expect(await db.select().from(projects).where(eq(projects.id, solo.id)).get()).toBeUndefined();
    expect(await db.select().from(media).where(eq(media.id, soloMedia.id)).get()).toBeUndefined();
    expect(await r2Has(soloKey)).toBe(false);
    // The shared project stays, owned by the editor; its library and the project they edited elsewhere stay whole.
    const sharedMembers = await db.select().from(projectMembers).where(eq(projectMembers.projectId, shared.id)).all();
    expect(sharedMembers.map((m) => [m.userId, m.role]).sort()).toEqual(
      [
        [editor.id, 'owner'],
        [viewer.id, 'viewer'],
      ].sort(),
    );
    expect((await db.select().from(projects).where(eq(projects.id, shared.id)).get())?.deletedAt).toBeNull();
    expect(await r2Has(sharedKey)).toBe(true);
    expect(await r2Has(elsewhereKey)).toBe(true);
    expect(await db.select().from(projectMembers).where(eq(projectMembers.userId, leaving.id)).all()).toEqual([]);
    expect((await send(`/api/projects/${shared.id}`, { cookie: editor.cookie })).status).toBe(200);
    // Their presentation is gone; the audit log keeps their actions without the addresses.
    expect(await db.select().from(presentations).where(eq(presentations.authorId, leaving.id)).all()).toEqual([]);
    const trail = await db.select().from(auditLog).where(eq(auditLog.actorUserId, leaving.id)).all();
    expect(trail.map((row) => row.action)).toContain('user.deletion_requested');
    expect(trail.filter((row) => row.ip !== null)).toEqual([]);

    // The account row is an anonymous anchor of the ledger; nobody can sign in with the old address.
    const row = await userRow(leaving.id);
    expect(row).toMatchObject({ name: 'Deleted user', email: `deleted-${leaving.id}@deleted.invalid`, passwordHash: '', affiliateCode: null });
    expect(row.deletedAt?.getTime()).toBe(day31.getTime());
    expect((await db.select().from(creditLedger).where(eq(creditLedger.userId, leaving.id)).all()).length).toBeGreaterThan(0);
    expect((await send('/api/auth/login', { json: { email: leaving.email, password: leaving.password } })).status).toBe(401);

    // Emails: the new owner is told; the last one to the person, and no older mail of theirs is kept.
    expect((await latestMail(editor.email, 'project_ownership_received'))?.subject).toBe('You now own “Dana Shared” on Adloom');
    // The last email went out (the local provider's console line), and not even its copy is kept.
    expect(mailLines.some((line) => line.startsWith(`[mail] account_deleted to ${leaving.email}:`))).toBe(true);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, leaving.email)).all()).toEqual([]);

    // A second run finds nothing; the address is free for a new account.
    expect(await purgeDeletedAccounts(env, new Date(requestedAt + 32 * DAY))).toBe(0);
    const signup = await send('/api/auth/signup', { json: { email: leaving.email, password: 'a brand new password', name: 'Dana Again' } });
    expect(signup.status).toBe(201);
  });

  it('passes over a member who is leaving too: a viewer who stays comes before an editor whose deletion is pending', async () => {
    const db = getDb(env.DB);
    const leaving = await createUser();
    const alsoLeaving = await createUser();
    const staying = await createUser();
    const shared = await createProject(leaving, {}, 'Two Leave One Stays');
    const t0 = Date.now();
    await db
      .insert(projectMembers)
      .values({ projectId: shared.id, userId: alsoLeaving.id, role: 'editor', createdAt: new Date(t0 - 5 * DAY), updatedAt: new Date() });
    await db.insert(projectMembers).values({ projectId: shared.id, userId: staying.id, role: 'viewer', createdAt: new Date(t0 - DAY), updatedAt: new Date() });
    expect((await requestDeletion(leaving)).status).toBe(202);
    const requestedAt = (await userRow(leaving.id)).deletionRequestedAt!.getTime();
    // The editor asked five days later: still a member (in their own grace period) when the owner's account is purged.
    expect((await requestDeletion(alsoLeaving)).status).toBe(202);
    await db
      .update(users)
      .set({ deletionRequestedAt: new Date(requestedAt + 5 * DAY) })
      .where(eq(users.id, alsoLeaving.id));
    await purgeDeletedAccounts(env, new Date(requestedAt + 31 * DAY));
    expect((await userRow(alsoLeaving.id)).deletedAt).toBeNull();
    const owner = await db
      .select()
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, shared.id), eq(projectMembers.role, 'owner')))
      .get();
    expect(owner?.userId).toBe(staying.id);
  });

  it('archives a handed-over project when the new owner’s plan is full, and tells them', async () => {
    const db = getDb(env.DB);
    const leaving = await createUser();
    const heir = await createUser({ name: 'Heir Harry' });
    for (const name of ['One', 'Two', 'Three']) await createProject(heir, {}, name);
    const shared = await createProject(leaving, { viewer: heir }, 'Full Plan Project');
    expect((await requestDeletion(leaving)).status).toBe(202);
    const requestedAt = (await userRow(leaving.id)).deletionRequestedAt!.getTime();
    expect(await purgeDeletedAccounts(env, new Date(requestedAt + 31 * DAY))).toBeGreaterThanOrEqual(1);
    expect((await userRow(leaving.id)).deletedAt).not.toBeNull();
    const project = (await db.select().from(projects).where(eq(projects.id, shared.id)).get())!;
    expect(project.archivedAt).not.toBeNull();
    const owner = await db
      .select()
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, shared.id), eq(projectMembers.role, 'owner')))
      .get();
    expect(owner?.userId).toBe(heir.id);
    expect((await latestMail(heir.email, 'project_ownership_received'))?.textBody).toContain('It is archived because your plan has no free project slot');
  });
});

describe('what the purge keeps', () => {
  it('keeps a deleting admin’s presentations without an author, and the audit trail without their IP addresses', async () => {
    const db = getDb(env.DB);
    const admin = await createUser({ role: 'admin' });
    const otherAdmin = await createUser({ role: 'admin' });
    const id = `pres-${admin.id}`;
    await db
      .insert(presentations)
      .values({ id, slug: `adm-${admin.id.slice(0, 8).toLowerCase()}`, authorId: admin.id, customerName: 'Shared', headline: 'Hi', document: {} });
    const { day31 } = await deletionDue(admin);
    // The request was audited with the address it came from.
    const before = await db.select().from(auditLog).where(eq(auditLog.actorUserId, admin.id)).all();
    expect(before.some((row) => row.action === 'user.deletion_requested' && row.ip === '203.0.113.7')).toBe(true);

    expect(await purgeDeletedAccounts(env, day31)).toBe(1);
    await purgeDeletedContent(env, day31);

    const kept = await db.select().from(presentations).where(eq(presentations.id, id)).get();
    expect(kept).toMatchObject({ authorId: null, deletedAt: null, customerName: 'Shared' });
    // Another admin still manages it.
    expect((await send(`/api/presentations/${id}`, { cookie: otherAdmin.cookie })).status).toBe(200);
    const after = await db.select().from(auditLog).where(eq(auditLog.actorUserId, admin.id)).all();
    expect(after.map((row) => row.id).sort()).toEqual(before.map((row) => row.id).sort());
    expect(after.map((row) => row.ip)).toEqual(after.map(() => null));
  });
});
