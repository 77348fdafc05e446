import { and, asc, desc, eq, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { inList, type Db } from '#worker/db/client.ts';
import {
  adItems,
  adReviews,
  ads,
  affiliateClicks,
  brandFonts,
  commissions,
  contactMessages,
  creations,
  creatives,
  creditBalances,
  creditLedger,
  emailOutbox,
  funnelPages,
  funnels,
  instagramAccounts,
  media,
  oauthStates,
  passwordResetTokens,
  payments,
  payouts,
  presentations,
  projectInvites,
  projectMembers,
  projects,
  referrals,
  sessions,
  subscriptions,
  users,
} from '#worker/db/schema.ts';

export type ProjectRow = typeof projects.$inferSelect;

// ---------------------------------------------------------------------------------------
// Export: what the schema holds about one user, read a project at a time.

export function findUser(db: Db, userId: string) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .get();
}

export function sessionsOf(db: Db, userId: string) {
  return db
    .select({
      userAgent: sessions.userAgent,
      country: sessions.country,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastSeenAt))
    .all();
}

/** Every live project the user is a member of, with their role. */
export function membershipsOf(db: Db, userId: string) {
  return db
    .select({ project: projects, role: projectMembers.role, joinedAt: projectMembers.createdAt })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(and(eq(projectMembers.userId, userId), isNull(projects.deletedAt)))
    .orderBy(asc(projectMembers.createdAt))
    .all();
}

/** The members as the owner sees them in the project (names and roles; no one's address beyond the list the owner sees). */
export function membersOf(db: Db, projectId: string) {
  return db
    .select({ userId: projectMembers.userId, name: users.name, role: projectMembers.role, joinedAt: projectMembers.createdAt })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(eq(projectMembers.projectId, projectId))
    .orderBy(asc(projectMembers.createdAt))
    .all();
}

export function mediaOf(db: Db, projectId: string) {
  return db
    .select()
    .from(media)
    .where(and(eq(media.projectId, projectId), isNull(media.deletedAt)))
    .orderBy(asc(media.createdAt))
    .all();
}

export function fontsOf(db: Db, projectId: string) {
  return db
    .select()
    .from(brandFonts)
    .where(and(eq(brandFonts.projectId, projectId), isNull(brandFonts.deletedAt)))
    .orderBy(asc(brandFonts.createdAt))
    .all();
}

export function creativesOf(db: Db, projectId: string) {
  return db
    .select()
    .from(creatives)
    .where(and(eq(creatives.projectId, projectId), isNull(creatives.deletedAt)))
    .orderBy(asc(creatives.createdAt))
    .all();
}

export function creationsOf(db: Db, projectId: string) {
  return db
    .select()
    .from(creations)
    .where(and(eq(creations.projectId, projectId), isNull(creations.deletedAt)))
    .orderBy(asc(creations.createdAt))
    .all();
}

export function adsOf(db: Db, projectId: string) {
  return db
    .select()
    .from(ads)
    .where(and(eq(ads.projectId, projectId), isNull(ads.deletedAt)))
    .orderBy(asc(ads.createdAt))
    .all();
}

export function adItemsOf(db: Db, adIds: string[]) {
  if (adIds.length === 0) return Promise.resolve([]);
  return db.select().from(adItems).where(inList(adItems.adId, adIds)).orderBy(asc(adItems.adId), asc(adItems.position)).all();
}

/** Reviews on the ads (the reviewer's name as the project shows it; never their address). */
export function adReviewsOf(db: Db, adIds: string[]) {
  if (adIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      adId: adReviews.adId,
      reviewerName: adReviews.reviewerName,
      decision: adReviews.decision,
      comment: adReviews.comment,
      revision: adReviews.revision,
      createdAt: adReviews.createdAt,
    })
    .from(adReviews)
    .where(inList(adReviews.adId, adIds))
    .orderBy(asc(adReviews.createdAt))
    .all();
}

export function funnelsOf(db: Db, projectId: string) {
  return db
    .select()
    .from(funnels)
    .where(and(eq(funnels.projectId, projectId), isNull(funnels.deletedAt)))
    .orderBy(asc(funnels.createdAt))
    .all();
}

export function funnelPagesOf(db: Db, projectId: string) {
  return db
    .select()
    .from(funnelPages)
    .where(and(eq(funnelPages.projectId, projectId), isNull(funnelPages.deletedAt)))
    .orderBy(asc(funnelPages.funnelId), asc(funnelPages.position))
    .all();
}

export function instagramOf(db: Db, projectId: string) {
  return db
    .select({
      username: instagramAccounts.username,
      sandbox: instagramAccounts.sandbox,
      status: instagramAccounts.status,
      createdAt: instagramAccounts.createdAt,
    })
    .from(instagramAccounts)
    .where(eq(instagramAccounts.projectId, projectId))
    .get();
}

export function presentationsBy(db: Db, userId: string) {
  return db
    .select()
    .from(presentations)
    .where(and(eq(presentations.authorId, userId), isNull(presentations.deletedAt)))
    .orderBy(asc(presentations.createdAt))
    .all();
}

export function ledgerOf(db: Db, userId: string) {
  return db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(asc(creditLedger.seq)).all();
}

export function balanceOf(db: Db, userId: string) {
  return db.select().from(creditBalances).where(eq(creditBalances.userId, userId)).get();
}

export function paymentsOf(db: Db, userId: string) {
  return db.select().from(payments).where(eq(payments.userId, userId)).orderBy(asc(payments.createdAt)).all();
}

export function subscriptionOf(db: Db, userId: string) {
  return db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).get();
}

/** The user's referrals as their affiliate: when, never who (another user's account). */
export function referralsBy(db: Db, userId: string) {
  return db.select({ createdAt: referrals.createdAt }).from(referrals).where(eq(referrals.affiliateUserId, userId)).orderBy(asc(referrals.createdAt)).all();
}

export function referredBy(db: Db, userId: string) {
  return db.select({ createdAt: referrals.createdAt }).from(referrals).where(eq(referrals.referredUserId, userId)).get();
}

export function commissionsOf(db: Db, userId: string) {
  return db
    .select({ amountCents: commissions.amountCents, status: commissions.status, availableAt: commissions.availableAt, createdAt: commissions.createdAt })
    .from(commissions)
    .where(eq(commissions.affiliateUserId, userId))
    .orderBy(asc(commissions.createdAt))
    .all();
}

export function payoutsOf(db: Db, userId: string) {
  return db
    .select({ amountCents: payouts.amountCents, status: payouts.status, decidedAt: payouts.decidedAt, note: payouts.note, createdAt: payouts.createdAt })
    .from(payouts)
    .where(eq(payouts.affiliateUserId, userId))
    .orderBy(asc(payouts.createdAt))
    .all();
}

export function affiliateClickCount(db: Db, userId: string) {
  return db
    .select({ count: sql<number>`count(*)` })
    .from(affiliateClicks)
    .where(eq(affiliateClicks.affiliateUserId, userId))
    .get()
    .then((row) => Number(row?.count ?? 0));
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
 * connection attempts under way.
 */
export function revokeAccessStatements(db: Db, userId: string) {
  return [
    db.delete(sessions).where(eq(sessions.userId, userId)),
    db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)),
    db.delete(instagramAccounts).where(eq(instagramAccounts.connectedBy, userId)),
    db.delete(oauthStates).where(eq(oauthStates.userId, userId)),
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
      others: sql<number>`(SELECT count(*) FROM project_members o WHERE o.project_id = ${projects.id} AND o.user_id <> ${userId})`,
    })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(and(eq(projectMembers.userId, userId), eq(projectMembers.role, 'owner'), isNull(projects.deletedAt)))
    .all();
}

/**
 * Projects only the user is in go the way of a deleted project, dated back to the deletion
 * request so that the content purge (media, renders, fonts, R2 objects, then the rows) takes
 * them in the same run.
 */
export function deleteProjectsStatement(db: Db, projectIds: string[], deletedAt: Date) {
  return db
    .update(projects)
    .set({ deletedAt, updatedAt: new Date() })
    .where(and(inList(projects.id, projectIds), isNull(projects.deletedAt)));
}

/** The presentations the user wrote go with the account (dated back like their projects). */
export function deletePresentationsStatement(db: Db, userId: string, deletedAt: Date) {
  return db
    .update(presentations)
    .set({ deletedAt, updatedAt: new Date() })
    .where(and(eq(presentations.authorId, userId), isNull(presentations.deletedAt)));
}

/** The outbox rows to an address (the last email to a deleted account: once sent, nothing of it is kept). */
export async function forgetMailTo(db: Db, address: string): Promise<void> {
  await db.delete(emailOutbox).where(eq(emailOutbox.toAddress, address));
}

/**
 * The personal data goes; the rows accounting needs (ledger, payments, commissions, payouts,
 * referrals) stay, tied to an account that no longer names anyone. The account row itself stays
 * as that anonymous anchor (its foreign keys would otherwise delete those rows).
 */
export function anonymiseStatements(db: Db, user: { id: string; email: string }, now: Date) {
  return [
    ...revokeAccessStatements(db, user.id),
    // Memberships left (the projects they owned with others were handed over before this runs).
    db.delete(projectMembers).where(eq(projectMembers.userId, user.id)),
    db.delete(creditBalances).where(eq(creditBalances.userId, user.id)),
    db.delete(subscriptions).where(eq(subscriptions.userId, user.id)),
    db.delete(affiliateClicks).where(eq(affiliateClicks.affiliateUserId, user.id)),
    db.delete(contactMessages).where(or(eq(contactMessages.userId, user.id), eq(contactMessages.email, user.email))),
    db.delete(emailOutbox).where(eq(emailOutbox.toAddress, user.email)),
    db.delete(projectInvites).where(and(eq(projectInvites.email, user.email), isNull(projectInvites.acceptedAt))),
    // Their reviews stay in the projects they were given in, without a name or address.
    db.update(adReviews).set({ reviewerName: 'Deleted user', reviewerEmail: null }).where(eq(adReviews.userId, user.id)),
    db
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
      .where(and(eq(users.id, user.id), isNull(users.deletedAt))),
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
