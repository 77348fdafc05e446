import { and, asc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Variant } from '#common/schemas/funnels.ts';
import { inList, rawStatement, type Db } from '#worker/db/client.ts';
import { analyticsSalts, funnelPages, pageSources, pageStats, pageVisitors } from '#worker/db/schema.ts';

/**
 * The queries of page statistics (page_stats, page_visitors, page_sources, analytics_salts):
 * the edge's writes (views, visitors, sources, a lead's count), the reports' reads, the purge.
 */

/* ---------- reports ---------- */

/**
 * Views and leads per funnel and day since `fromDay` (both variants) of the pages `pages`
 * selects: the live pages of some funnels (`livePagesOf`), or those of a subquery of page ids
 * (`pagesAmong`: a user's funnels, read in the batch of their list).
 */
export function funnelDailyStats(db: Db, pages: SQL, fromDay: string) {
  return db
    .select({
      funnelId: funnelPages.funnelId,
      day: pageStats.day,
      views: sql<number>`sum(${pageStats.views})`,
      leads: sql<number>`sum(${pageStats.leads})`,
    })
    .from(pageStats)
    .innerJoin(funnelPages, eq(funnelPages.id, pageStats.pageId))
    .where(and(pages, gte(pageStats.day, fromDay)))
    .groupBy(funnelPages.funnelId, pageStats.day);
}

/** The live pages of these funnels, for `funnelDailyStats`. */
export function livePagesOf(funnelIds: readonly string[]): SQL {
  return and(inList(funnelPages.funnelId, funnelIds), isNull(funnelPages.deletedAt))!;
}

/** The pages whose ids a subquery gives, for `funnelDailyStats`. */
export function pagesAmong(pageIds: SQL): SQL {
  return sql`${pageStats.pageId} IN ${pageIds}`;
}

/** Views and leads per page since `fromDay`. */
/** Views and leads per page and day since `fromDay` (both variants together). */
export function pageDailySince(db: Db, pageIds: readonly string[], fromDay: string) {
  if (pageIds.length === 0) return Promise.resolve([]);
  return db
    .select({ pageId: pageStats.pageId, day: pageStats.day, views: sql<number>`sum(${pageStats.views})`, leads: sql<number>`sum(${pageStats.leads})` })
    .from(pageStats)
    .where(and(inList(pageStats.pageId, pageIds), gte(pageStats.day, fromDay)))
    .groupBy(pageStats.pageId, pageStats.day)
    .all();
}

/** The live pages of a funnel in their order, as the report lists them (one row each, with or without visits). */
export function reportPagesOf(db: Db, funnelId: string) {
  return db
    .select({
      id: funnelPages.id,
      slug: funnelPages.slug,
      title: funnelPages.title,
      position: funnelPages.position,
      hasB: sql<boolean>`${funnelPages.draftB} IS NOT NULL`.mapWith(Boolean),
    })
    .from(funnelPages)
    .where(and(eq(funnelPages.funnelId, funnelId), isNull(funnelPages.deletedAt)))
    .orderBy(asc(funnelPages.position), asc(funnelPages.createdAt), asc(funnelPages.id))
    .all();
}

export function statsOfPages(db: Db, pageIds: readonly string[], fromDay: string, toDay: string) {
  if (pageIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(pageStats)
    .where(and(inList(pageStats.pageId, pageIds), gte(pageStats.day, fromDay), sql`${pageStats.day} <= ${toDay}`))
    .all();
}

/** The top `limit` sources per page, variant and kind over the period. */
export function topSourcesOfPages(db: Db, pageIds: readonly string[], fromDay: string, toDay: string, limit = 5) {
  if (pageIds.length === 0) return Promise.resolve([]);
  return db.all<{ pageId: string; variant: 'a' | 'b'; kind: 'referrer' | 'utm_source'; value: string; count: number }>(
    sql`SELECT page_id AS pageId, variant, kind, value, total AS count FROM (
        SELECT page_id, variant, kind, value, sum(count) AS total,
          row_number() OVER (PARTITION BY page_id, variant, kind ORDER BY sum(count) DESC, value) AS rank
        FROM ${pageSources}
        WHERE ${inList(pageSources.pageId, pageIds)} AND day >= ${fromDay} AND day <= ${toDay}
        GROUP BY page_id, variant, kind, value)
      WHERE rank <= ${limit} ORDER BY pageId, variant, kind, count DESC, value`,
  );
}

/* ---------- the edge's writes ---------- */

/** The day's salt: inserted when new, else the stored one (a no-op update returns it: one statement). */
export function upsertSalt(db: Db, day: string, salt: string) {
  return db
    .insert(analyticsSalts)
    .values({ day, salt })
    .onConflictDoUpdate({ target: analyticsSalts.day, set: { salt: sql`${analyticsSalts.salt}` } })
    .returning({ salt: analyticsSalts.salt })
    .get();
}

export interface CountedView {
  pageId: string;
  variant: Variant;
  day: string;
  /** The visitor's daily hash; null when this isolate already stored it (not a new visitor). */
  hash: string | null;
  referrer: string | null;
  utmSource: string | null;
}

/** Distinct values kept per page, variant, day and kind; the rest of the day's values add up in OTHER_SOURCE. */
export const SOURCE_CAP = 100;
export const OTHER_SOURCE = '(other)';

/**
 * A source's count + n, as two statements of the view batch (one transaction, so concurrent
 * batches cannot overshoot): the value's row is inserted only while the (page, variant, day,
 * kind) has fewer than SOURCE_CAP rows, or updated when it exists; when neither happened
 * (`changes()` = 0), the views go to the OTHER_SOURCE row instead. Random `utm_source`
 * values therefore add at most SOURCE_CAP + 1 rows a day (review 12 P2-6).
 */
function sourceUpserts(db: Db, key: { pageId: string; variant: Variant; day: string }, kind: 'referrer' | 'utm_source', value: string, count: number) {
  const { pageId, variant, day } = key;
  return [
    rawStatement(
      db,
      sql`INSERT INTO ${pageSources} (page_id, variant, day, kind, value, count)
          SELECT ${pageId}, ${variant}, ${day}, ${kind}, ${value}, ${count}
          WHERE EXISTS (SELECT 1 FROM ${pageSources} WHERE page_id = ${pageId} AND variant = ${variant} AND day = ${day} AND kind = ${kind} AND value = ${value})
             OR (SELECT count(*) FROM ${pageSources} WHERE page_id = ${pageId} AND variant = ${variant} AND day = ${day} AND kind = ${kind}) < ${SOURCE_CAP}
          ON CONFLICT (page_id, variant, day, kind, value) DO UPDATE SET "count" = "count" + excluded."count"`,
    ),
    rawStatement(
      db,
      sql`INSERT INTO ${pageSources} (page_id, variant, day, kind, value, count)
          SELECT ${pageId}, ${variant}, ${day}, ${kind}, ${OTHER_SOURCE}, ${count} WHERE changes() = 0
          ON CONFLICT (page_id, variant, day, kind, value) DO UPDATE SET "count" = "count" + excluded."count"`,
    ),
  ];
}

/**
 * Views in ONE batch, summed per page, variant and day: each distinct visitor hash is an
 * INSERT OR IGNORE followed by visitors + `changes()` (1 when the hash was new), then views
 * + n, and the referrer hosts and UTM sources + their counts.
 */
export async function countViews(db: Db, views: readonly CountedView[]): Promise<void> {
  const groups = new Map<
    string,
    { key: { pageId: string; variant: Variant; day: string }; views: number; hashes: Set<string>; sources: Map<string, number> }
  >();
  for (const view of views) {
    const id = `${view.pageId}|${view.variant}|${view.day}`;
    let group = groups.get(id);
    if (!group) {
      group = { key: { pageId: view.pageId, variant: view.variant, day: view.day }, views: 0, hashes: new Set(), sources: new Map() };
      groups.set(id, group);
    }
    group.views += 1;
    if (view.hash) group.hashes.add(view.hash);
    if (view.referrer) group.sources.set(`referrer|${view.referrer}`, (group.sources.get(`referrer|${view.referrer}`) ?? 0) + 1);
    if (view.utmSource) group.sources.set(`utm_source|${view.utmSource}`, (group.sources.get(`utm_source|${view.utmSource}`) ?? 0) + 1);
  }
  const statements: D1PreparedStatement[] = [];
  for (const { key, views: count, hashes, sources } of groups.values()) {
    for (const hash of hashes) {
      statements.push(
        rawStatement(db, sql`INSERT OR IGNORE INTO ${pageVisitors} (page_id, variant, day, hash) VALUES (${key.pageId}, ${key.variant}, ${key.day}, ${hash})`),
        rawStatement(
          db,
          sql`INSERT INTO ${pageStats} (page_id, variant, day, views, visitors, leads) VALUES (${key.pageId}, ${key.variant}, ${key.day}, 0, changes(), 0)
              ON CONFLICT (page_id, variant, day) DO UPDATE SET visitors = visitors + excluded.visitors`,
        ),
      );
    }
    statements.push(
      rawStatement(
        db,
        sql`INSERT INTO ${pageStats} (page_id, variant, day, views, visitors, leads) VALUES (${key.pageId}, ${key.variant}, ${key.day}, ${count}, 0, 0)
            ON CONFLICT (page_id, variant, day) DO UPDATE SET views = views + excluded.views`,
      ),
    );
    for (const [source, n] of sources) {
      const bar = source.indexOf('|');
      statements.push(...sourceUpserts(db, key, source.slice(0, bar) as 'referrer' | 'utm_source', source.slice(bar + 1), n));
    }
  }
  if (statements.length > 0) await (db.$client as D1Database).batch(statements);
}

/**
 * The day's lead count + 1, only when the statement just before it in the batch (the lead's
 * insert, which writes nothing for an id it already has) changed a row: a lead written twice
 * (a queued write delivered again) is counted once.
 */
export function leadStatUpsertIfInserted(db: Db, pageId: string, variant: Variant, day: string): D1PreparedStatement {
  return rawStatement(
    db,
    sql`INSERT INTO page_stats (page_id, variant, day, views, visitors, leads) SELECT ${pageId}, ${variant}, ${day}, 0, 0, 1 WHERE changes() = 1
      ON CONFLICT (page_id, variant, day) DO UPDATE SET leads = page_stats.leads + 1`,
  );
}

/** Salts of days before `today`, visitor hashes of days before `yesterday`, sources of days before `sourcesFrom`. */
export async function deletePastAnalytics(db: Db, today: string, yesterday: string, sourcesFrom: string): Promise<void> {
  await db.batch([
    db.delete(analyticsSalts).where(lt(analyticsSalts.day, today)),
    db.delete(pageVisitors).where(lt(pageVisitors.day, yesterday)),
    db.delete(pageSources).where(lt(pageSources.day, sourcesFrom)),
  ]);
}
