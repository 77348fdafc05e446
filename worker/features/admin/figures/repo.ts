import { and, eq, gte, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#worker/db/client.ts';
import { creations, funnelPageVersions, projects, scheduledPosts, users } from '#worker/db/schema.ts';

/**
 * The system's figures (admins only): counts over the accounts, projects, renders and
 * publishes of every feature, in one batch of reads. The one admin module that reads other
 * features' tables (worker/db/owners.ts allows it): totals over everyone's rows are no one
 * feature's question.
 */

const day = (column: SQL) => sql<string>`date(${column} / 1000, 'unixepoch')`;

/** Everything the figures show, as one batch of reads. */
export function figures(db: Db, since: Date) {
  const t = since.getTime();
  return db.batch([
    db
      .select({
        total: sql<number>`count(*)`,
        disabled: sql<number>`coalesce(sum(${users.disabledAt} IS NOT NULL), 0)`,
        admins: sql<number>`coalesce(sum(${users.role} = 'admin'), 0)`,
      })
      .from(users)
      .where(isNull(users.deletedAt)),
    db
      .select({ total: sql<number>`count(*)` })
      .from(projects)
      .where(isNull(projects.deletedAt)),
    db
      .select({ day: day(sql`${users.createdAt}`), n: sql<number>`count(*)` })
      .from(users)
      .where(and(gte(users.createdAt, since), isNull(users.deletedAt)))
      .groupBy(day(sql`${users.createdAt}`)),
    db
      .select({ day: day(sql`${projects.createdAt}`), n: sql<number>`count(*)` })
      .from(projects)
      .where(gte(projects.createdAt, since))
      .groupBy(day(sql`${projects.createdAt}`)),
    db
      .select({ day: day(sql`${creations.createdAt}`), n: sql<number>`count(*)` })
      .from(creations)
      .where(gte(creations.createdAt, since))
      .groupBy(day(sql`${creations.createdAt}`)),
    db
      .select({ day: day(sql`${scheduledPosts.publishedAt}`), n: sql<number>`count(*)` })
      .from(scheduledPosts)
      .where(and(eq(scheduledPosts.status, 'published'), sql`${scheduledPosts.publishedAt} >= ${t}`))
      .groupBy(day(sql`${scheduledPosts.publishedAt}`)),
    db
      .select({ day: day(sql`${funnelPageVersions.createdAt}`), n: sql<number>`count(*)` })
      .from(funnelPageVersions)
      .where(gte(funnelPageVersions.createdAt, since))
      .groupBy(day(sql`${funnelPageVersions.createdAt}`)),
  ]);
}
