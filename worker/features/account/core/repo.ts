import { and, asc, eq, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#worker/db/client.ts';
import { liveRow } from '#worker/db/live-rows.ts';
import {
  adPins,
  adReviews,
  affiliateClicks,
  auditLog,
  contactMessages,
  creditBalances,
  emailOutbox,
  instagramAccounts,
  oauthStates,
  passwordResetTokens,
  presentations,
  projectInvites,
  projectMembers,
  projects,
  sessions,
  subscriptions,
  users,
} from '#worker/db/schema.ts';

// ---------------------------------------------------------------------------------------
// The account

export function findUser(db: Db, userId: string) {
  return liveRow(db, users, userId).get();
}

export function subscriptionOf(db: Db, userId: string) {
  return db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).get();
}

// ---------------------------------------------------------------------------------------
// Deletion: the request (signed out at once), the sign-in that cancels it, the purge.

/** Marks the account for deletion, once (a replay changes nothing); returns the row when this call marked it. */
export function markForDeletion(db: Db, userId: string, now: Date) {
  return db
    .update(users)
    .set({ deletionRequestedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.deletionRequestedAt), isNull(users.deletedAt)))
    .returning({ id: users.id });
}

/**
 * Signed out at once: sessions, password-reset links, and the Instagram connections they made
 * (the sealed tokens go with the rows; posts queued on them fail with "reconnect") and the
 * connection attempts under way. With `guard`, only while it holds (the purge batch).
 */
export function revokeAccessStatements(db: Db, userId: string, guard?: SQL) {
  return [
    db.delete(sessions).where(and(eq(sessions.userId, userId), guard)),
    db.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, userId), guard)),
    db.delete(instagramAccounts).where(and(eq(instagramAccounts.connectedBy, userId), guard)),
    db.delete(oauthStates).where(and(eq(oauthStates.userId, userId), guard)),
  ] as const;
}

/** Accounts whose grace period ended before `before`, oldest first. */
export function dueForPurge(db: Db, before: Date, limit: number) {
  return db
    .select()
    .from(users)
    .where(and(isNotNull(users.deletionRequestedAt), lt(users.deletionRequestedAt, before), isNull(users.deletedAt)))
    .orderBy(asc(users.deletionRequestedAt))
    .limit(limit)
    .all();
}

/** The live projects the user owns, with how many other people are members. */
export function ownedProjects(db: Db, userId: string) {
  return db
    .select({
      id: projects.id,
      name: projects.name,
      others: sql<number>`(SELECT count(*) FROM project_members o WHERE o.project_id = "projects"."id" AND o.user_id <> ${userId})`,
    })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(and(eq(projectMembers.userId, userId), eq(projectMembers.role, 'owner'), isNull(projects.deletedAt)))
    .all();
}

/** One shared project of a purged account: the member who becomes its owner, and the role they have now. */
export interface HandOver {
  projectId: string;
  toUserId: string;
  role: string;
}

/**
 * The purge batch's condition for every statement after its first: that first statement
 * (claimPurgeStatement) anonymised this account in this run, i.e. the deletion was still the
 * one the purge read. A sign-in that cancelled it in the meantime leaves the claim without
 * effect, and then nothing else in the batch happens either.
 */
export function purgedInThisRun(userId: string, requestedAt: Date, now: Date): SQL {
  return sql`EXISTS (SELECT 1 FROM users purged WHERE purged.id = ${userId} AND purged.deleted_at = ${now.getTime()} AND purged.deletion_requested_at = ${requestedAt.getTime()})`;
}

/**
 * The first statement of the purge batch: strips the account row of personal data, only if
 * (a) its deletion is still pending with the request date the purge read (a sign-in clears
 * it) and its role is the one read, (b) every project it owns with other people is in the
 * hand-over plan, and (c) each planned new owner is still a member with the role read, and
 * the account still owns that project. Otherwise it changes nothing and the account waits for
 * the next run, which reads everything again. The row stays as the anonymous anchor of the
 * rows accounting needs (ledger, payments, commissions, payouts, referrals: their foreign keys
 * would otherwise delete them).
 */
export function claimPurgeStatement(db: Db, user: Pick<typeof users.$inferSelect, 'id' | 'role'>, requestedAt: Date, handOvers: HandOver[], now: Date) {
  const plan = JSON.stringify(handOvers.map((h) => ({ p: h.projectId, u: h.toUserId, r: h.role })));
  return db
    .update(users)
    .set({
      email: `deleted-${user.id}@deleted.invalid`,
      name: 'Deleted user',
      // No password matches an empty hash (verifyPassword refuses what it cannot parse).
      passwordHash: '',
      affiliateCode: null,
      role: 'user',
      plan: 'free',
      deletedAt: now,
      updatedAt: now,
    })
    .where(
      and(
        eq(users.id, user.id),
        eq(users.deletionRequestedAt, requestedAt),
        isNull(users.deletedAt),
        eq(users.role, user.role),
        sql`NOT EXISTS (SELECT 1 FROM project_members pm JOIN projects p ON p.id = pm.project_id
          WHERE pm.user_id = ${user.id} AND pm.role = 'owner' AND p.deleted_at IS NULL
            AND EXISTS (SELECT 1 FROM project_members o WHERE o.project_id = pm.project_id AND o.user_id <> ${user.id})
            AND pm.project_id NOT IN (SELECT json_extract(value, '$.p') FROM json_each(${plan})))`,
        sql`NOT EXISTS (SELECT 1 FROM json_each(${plan}) j
          WHERE NOT EXISTS (SELECT 1 FROM project_members h
              WHERE h.project_id = json_extract(j.value, '$.p') AND h.user_id = json_extract(j.value, '$.u') AND h.role = json_extract(j.value, '$.r'))
            OR NOT EXISTS (SELECT 1 FROM project_members o
              WHERE o.project_id = json_extract(j.value, '$.p') AND o.user_id = ${user.id} AND o.role = 'owner'))`,
      ),
    );
}

/**
 * The projects the account still owns once the hand-overs of the batch ran (only they are in
 * them, the claim made sure) go the way of a deleted project, dated back to the deletion
 * request so that the content purge (media, renders, fonts, R2 objects, then the rows) takes
 * them in the same run.
 */
export function deleteOwnedProjectsStatement(db: Db, userId: string, deletedAt: Date, guard: SQL) {
  return db
    .update(projects)
    .set({ deletedAt, updatedAt: new Date() })
    .where(
      and(
        isNull(projects.deletedAt),
        sql`${projects.id} IN (SELECT project_id FROM project_members WHERE user_id = ${userId} AND role = 'owner')`,
        // Never a project someone else is in (the claim made sure there is none left; this keeps it so).
        sql`NOT EXISTS (SELECT 1 FROM project_members o WHERE o.project_id = "projects"."id" AND o.user_id <> ${userId})`,
        guard,
      ),
    );
}

/**
 * The presentations the user wrote. An Agency author's go with the account (dated back like
 * their projects: only they could manage them). An admin's are shared: every admin manages
 * all presentations, so they stay, without an author.
 */
export function presentationsStatement(db: Db, userId: string, admin: boolean, deletedAt: Date, guard: SQL) {
  if (admin)
    return db
      .update(presentations)
      .set({ authorId: null, updatedAt: new Date() })
      .where(and(eq(presentations.authorId, userId), guard));
  return db
    .update(presentations)
    .set({ deletedAt, updatedAt: new Date() })
    .where(and(eq(presentations.authorId, userId), isNull(presentations.deletedAt), guard));
}

/** The outbox rows to an address (the last email to a deleted account: once sent, nothing of it is kept). */
export async function forgetMailTo(db: Db, address: string): Promise<void> {
  await db.delete(emailOutbox).where(eq(emailOutbox.toAddress, address));
}

/**
 * The rest of the personal data, each statement only while `guard` holds: access, memberships
 * (the projects they owned with others were handed over earlier in the batch), balance,
 * subscription mirror, affiliate clicks, contact messages, outbox, pending invitations; their
 * ad reviews lose name and address, their pinned comments and replies their name, and the pins
 * they resolved the resolver's name; the audit log keeps its trail (actor id) without their IP
 * addresses. The accounting rows stay.
 */
export function anonymiseStatements(db: Db, user: { id: string; email: string }, guard: SQL) {
  return [
    ...revokeAccessStatements(db, user.id, guard),
    db.delete(projectMembers).where(and(eq(projectMembers.userId, user.id), guard)),
    db.delete(creditBalances).where(and(eq(creditBalances.userId, user.id), guard)),
    db.delete(subscriptions).where(and(eq(subscriptions.userId, user.id), guard)),
    db.delete(affiliateClicks).where(and(eq(affiliateClicks.affiliateUserId, user.id), guard)),
    db.delete(contactMessages).where(and(or(eq(contactMessages.userId, user.id), eq(contactMessages.email, user.email)), guard)),
    db.delete(emailOutbox).where(and(eq(emailOutbox.toAddress, user.email), guard)),
    db.delete(projectInvites).where(and(eq(projectInvites.email, user.email), isNull(projectInvites.acceptedAt), guard)),
    // Their reviews stay in the projects they were given in, without a name or address.
    db
      .update(adReviews)
      .set({ reviewerName: 'Deleted user', reviewerEmail: null })
      .where(and(eq(adReviews.userId, user.id), guard)),
    // Their pinned comments stay in the threads too, under no name (decision 0052).
    db
      .update(adPins)
      .set({ authorName: 'Deleted user' })
      .where(and(eq(adPins.userId, user.id), guard)),
    db
      .update(adPins)
      .set({ resolvedBy: 'Deleted user' })
      .where(and(eq(adPins.resolvedByUserId, user.id), guard)),
    db
      .update(auditLog)
      .set({ ip: null })
      .where(and(eq(auditLog.actorUserId, user.id), isNotNull(auditLog.ip), guard)),
  ] as const;
}

/** Members of a project other than `userId`, longest-standing first (the successor is the first editor, else the first viewer). */
export function otherMembers(db: Db, projectId: string, userId: string) {
  return db
    .select({
      userId: projectMembers.userId,
      role: projectMembers.role,
      name: users.name,
      email: users.email,
      locale: users.locale,
      createdAt: projectMembers.createdAt,
      /** Leaving too (deletion pending) or disabled by an admin: a successor only when nobody else is there. */
      away: sql<number>`(${users.deletionRequestedAt} IS NOT NULL OR ${users.disabledAt} IS NOT NULL)`,
    })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(and(eq(projectMembers.projectId, projectId), ne(projectMembers.userId, userId)))
    .orderBy(asc(projectMembers.createdAt))
    .all();
}
