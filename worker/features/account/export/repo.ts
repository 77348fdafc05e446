import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { inList, type Db } from '#worker/db/client.ts';
import { liveRowsWhere } from '#worker/db/live-rows.ts';
import {
  adItems,
  adPins,
  adReviews,
  ads,
  affiliateClicks,
  brandFonts,
  commissions,
  creations,
  creatives,
  creditBalances,
  creditLedger,
  funnelPages,
  funnels,
  instagramAccounts,
  media,
  payments,
  payouts,
  presentationRecipients,
  presentationRequests,
  presentationVisits,
  presentations,
  projectMembers,
  projects,
  referrals,
  sessions,
  users,
} from '#worker/db/schema.ts';

export type ProjectRow = typeof projects.$inferSelect;

// ---------------------------------------------------------------------------------------
// Export: what the schema holds about one user, read a project at a time.

/** A table of work whose rows are soft-deleted. */
type Work = SQLiteTable & { id: SQLiteColumn; deletedAt: SQLiteColumn; createdAt: SQLiteColumn };

/** The live rows of one table whose `owner` column is `ownerId` (a project, an author), oldest first: deleted work is not the user's data any more. */
function liveRowsOf<T extends Work>(db: Db, table: T, owner: SQLiteColumn, ownerId: string) {
  return liveRowsWhere(db, table, eq(owner, ownerId), asc(table.createdAt));
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
  return liveRowsOf(db, media, media.projectId, projectId);
}

export function fontsOf(db: Db, projectId: string) {
  return liveRowsOf(db, brandFonts, brandFonts.projectId, projectId);
}

export function creativesOf(db: Db, projectId: string) {
  return liveRowsOf(db, creatives, creatives.projectId, projectId);
}

export function creationsOf(db: Db, projectId: string) {
  return liveRowsOf(db, creations, creations.projectId, projectId);
}

export function adsOf(db: Db, projectId: string) {
  return liveRowsOf(db, ads, ads.projectId, projectId);
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

/** The comments pinned on the ads and their replies (author and resolver by the names the project shows). */
export function adPinsOf(db: Db, adIds: string[]) {
  if (adIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: adPins.id,
      adId: adPins.adId,
      parentId: adPins.parentId,
      number: adPins.number,
      item: adPins.item,
      x: adPins.x,
      y: adPins.y,
      start: adPins.start,
      end: adPins.end,
      quote: adPins.quote,
      revision: adPins.revision,
      authorName: adPins.authorName,
      body: adPins.body,
      resolvedAt: adPins.resolvedAt,
      resolvedBy: adPins.resolvedBy,
      createdAt: adPins.createdAt,
    })
    .from(adPins)
    .where(inList(adPins.adId, adIds))
    .orderBy(asc(adPins.createdAt), sql`rowid`)
    .all();
}

export function funnelsOf(db: Db, projectId: string) {
  return liveRowsOf(db, funnels, funnels.projectId, projectId);
}

export function funnelPagesOf(db: Db, projectId: string) {
  return liveRowsWhere(db, funnelPages, eq(funnelPages.projectId, projectId), asc(funnelPages.funnelId), asc(funnelPages.position));
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
  return liveRowsOf(db, presentations, presentations.authorId, userId);
}

/** Who a user's presentations were shared with, who asked for access or was interested, and each visit (decision 0056): theirs too. */
export function presentationTalkOf(db: Db, presentationIds: string[]) {
  if (presentationIds.length === 0) return Promise.resolve({ recipients: [], requests: [], visits: [] });
  return Promise.all([
    db
      .select({
        id: presentationRecipients.id,
        presentationId: presentationRecipients.presentationId,
        name: presentationRecipients.name,
        email: presentationRecipients.email,
        createdAt: presentationRecipients.createdAt,
        revokedAt: presentationRecipients.revokedAt,
      })
      .from(presentationRecipients)
      .where(inList(presentationRecipients.presentationId, presentationIds))
      .orderBy(asc(presentationRecipients.createdAt))
      .all(),
    db
      .select({
        presentationId: presentationRequests.presentationId,
        kind: presentationRequests.kind,
        name: presentationRequests.name,
        email: presentationRequests.email,
        message: presentationRequests.message,
        createdAt: presentationRequests.createdAt,
        grantedAt: presentationRequests.grantedAt,
      })
      .from(presentationRequests)
      .where(inList(presentationRequests.presentationId, presentationIds))
      .orderBy(asc(presentationRequests.createdAt))
      .all(),
    db
      .select({
        presentationId: presentationVisits.presentationId,
        recipientId: presentationVisits.recipientId,
        startedAt: presentationVisits.startedAt,
        seconds: presentationVisits.seconds,
        sections: presentationVisits.sections,
      })
      .from(presentationVisits)
      .where(inList(presentationVisits.presentationId, presentationIds))
      .orderBy(asc(presentationVisits.startedAt))
      .all(),
  ]).then(([recipients, requests, visits]) => ({ recipients, requests, visits }));
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
