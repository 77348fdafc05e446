import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#worker/db/client.ts';
import { keysetPage } from '#worker/db/keyset.ts';
import { funnelPages, leads } from '#worker/db/schema.ts';

/** The queries of leads: the workspace's list, search, CSV and delete, and the edge's new leads. */
export type LeadRow = typeof leads.$inferSelect;

/** `%text%` for LIKE with its wildcards escaped (ESCAPE '\'). */
function containing(value: string): string {
  return `%${value.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export interface LeadListRow {
  lead: LeadRow;
  pageSlug: string;
  pageTitle: string;
}

/** A funnel's leads, newest first, after `before`; `q` searches the email and the submitted values; `since`: those sent at or after it. */
export function listLeads(
  db: Db,
  funnelId: string,
  options: { q?: string; limit: number; before?: { time: number; id: string }; since?: Date },
): Promise<LeadListRow[]> {
  const conditions: (SQL | undefined)[] = [eq(leads.funnelId, funnelId), options.since ? gte(leads.createdAt, options.since) : undefined];
  if (options.q) {
    const pattern = containing(options.q.toLowerCase());
    conditions.push(sql`(${leads.email} LIKE ${pattern} ESCAPE '\\' OR lower(${leads.data}) LIKE ${pattern} ESCAPE '\\')`);
  }
  const query = db
    .select({ lead: leads, pageSlug: funnelPages.slug, pageTitle: funnelPages.title })
    .from(leads)
    .innerJoin(funnelPages, eq(funnelPages.id, leads.pageId))
    .$dynamic();
  return keysetPage(query, { time: leads.createdAt, key: leads.id, conditions, before: options.before, limit: options.limit }).all();
}

/** Every field name the funnel's leads carry, in the order they first appeared. */
export function leadFieldNames(db: Db, funnelId: string): Promise<{ key: string }[]> {
  return db.all<{ key: string }>(
    sql`SELECT j.key AS key FROM leads l, json_each(l.data) j WHERE l.funnel_id = ${funnelId}
      GROUP BY j.key ORDER BY min(l.created_at), min(j.id), j.key LIMIT 200`,
  );
}

export function deleteLead(db: Db, funnelId: string, leadId: string) {
  return db.delete(leads).where(and(eq(leads.id, leadId), eq(leads.funnelId, funnelId)));
}

/** A new lead; an id it already has writes nothing (a queued write delivered again: decision 0043). */
export function insertLead(db: Db, row: typeof leads.$inferInsert) {
  return db.insert(leads).values(row).onConflictDoNothing({ target: leads.id });
}

/** That no lead has this id yet, as a condition of a statement before the lead's insert in its batch (its webhook event: written exactly when the lead is). */
export function leadIsNew(id: string) {
  return sql`NOT EXISTS (SELECT 1 FROM leads WHERE id = ${id})`;
}

/** How many leads a project has, as a subquery for another feature's statement. */
export function leadCount(projectId: string) {
  return sql<number>`(SELECT count(*) FROM leads WHERE project_id = ${projectId})`;
}
