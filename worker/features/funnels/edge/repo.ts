import { and, asc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { inList, rawStatement, type Db } from '#worker/db/client.ts';
import {
  analyticsSalts,
  funnelPageVersions,
  funnelPages,
  funnels,
  leads,
  media,
  pageSources,
  pageStats,
  pageVisitors,
  projectMembers,
  projects,
  users,
} from '#worker/db/schema.ts';

/** The queries of the public edge (published pages, leads, analytics writes); the workspace's are in ../repo.ts. */

type Variant = 'a' | 'b';

const funnelColumns = {
  id: funnels.id,
  projectId: funnels.projectId,
  name: funnels.name,
  title: funnels.title,
  theme: funnels.theme,
  customDomain: funnels.customDomain,
  notifyLeads: funnels.notifyLeads,
};

/** A live funnel as the edge sees it. */
export type EdgeFunnel = {
  id: string;
  projectId: string;
  name: string;
  title: string;
  theme: unknown;
  customDomain: string | null;
  notifyLeads: boolean;
};

/** A published page: the live version's document ({ a, b, splitB }). */
export interface LivePage {
  pageId: string;
  slug: string;
  position: number;
  title: string;
  versionId: string;
  document: unknown;
}

const pageColumns = {
  pageId: funnelPages.id,
  slug: funnelPages.slug,
  position: funnelPages.position,
  title: funnelPageVersions.title,
  versionId: funnelPageVersions.id,
  document: funnelPageVersions.document,
};

/** Live funnels of live projects (a deleted project's pages are gone from the web at once). */
function liveFunnel(db: Db, where: ReturnType<typeof eq>) {
  return db
    .select(funnelColumns)
    .from(funnels)
    .innerJoin(projects, eq(projects.id, funnels.projectId))
    .where(and(where, isNull(funnels.deletedAt), isNull(projects.deletedAt)))
    .get();
}

export function liveFunnelByName(db: Db, name: string): Promise<EdgeFunnel | undefined> {
  return liveFunnel(db, eq(funnels.name, name));
}

export function liveFunnelByDomain(db: Db, domain: string): Promise<EdgeFunnel | undefined> {
  return liveFunnel(db, eq(funnels.customDomain, domain));
}

/** The live page of a funnel with `slug` (or its first published page when null). */
export function livePage(db: Db, funnelId: string, slug: string | null): Promise<LivePage | undefined> {
  const query = db
    .select(pageColumns)
    .from(funnelPages)
    .innerJoin(funnelPageVersions, eq(funnelPageVersions.id, funnelPages.publishedVersionId))
    .where(
      and(
        eq(funnelPages.funnelId, funnelId),
        isNull(funnelPages.deletedAt),
        isNotNull(funnelPages.publishedVersionId),
        ...(slug === null ? [] : [eq(funnelPages.slug, slug)]),
      ),
    );
  return query.orderBy(asc(funnelPages.position), asc(funnelPages.id)).limit(1).get();
}

/** How a request names its funnel: by `/p/{name}` or by its custom domain. */
export type FunnelKey = { name: string } | { domain: string };

/**
 * A live funnel and its live page with `slug` (or its first published page when null) in ONE
 * query: a page render reads the database twice (this, then the page's media), not three times.
 */
export function liveFunnelPage(db: Db, key: FunnelKey, slug: string | null): Promise<{ funnel: EdgeFunnel; page: LivePage } | undefined> {
  return db
    .select({ funnel: funnelColumns, page: pageColumns })
    .from(funnels)
    .innerJoin(projects, eq(projects.id, funnels.projectId))
    .innerJoin(funnelPages, eq(funnelPages.funnelId, funnels.id))
    .innerJoin(funnelPageVersions, eq(funnelPageVersions.id, funnelPages.publishedVersionId))
    .where(
      and(
        'name' in key ? eq(funnels.name, key.name) : eq(funnels.customDomain, key.domain),
        isNull(funnels.deletedAt),
        isNull(projects.deletedAt),
        isNull(funnelPages.deletedAt),
        isNotNull(funnelPages.publishedVersionId),
        ...(slug === null ? [] : [eq(funnelPages.slug, slug)]),
      ),
    )
    .orderBy(asc(funnelPages.position), asc(funnelPages.id))
    .limit(1)
    .get();
}

/** The published page after `position` (the form's "next page"), or undefined for the last one. */
export function nextLivePage(db: Db, funnelId: string, page: { position: number; pageId: string }) {
  return db
    .select({ slug: funnelPages.slug })
    .from(funnelPages)
    .where(
      and(
        eq(funnelPages.funnelId, funnelId),
        isNull(funnelPages.deletedAt),
        isNotNull(funnelPages.publishedVersionId),
        or(gt(funnelPages.position, page.position), and(eq(funnelPages.position, page.position), gt(funnelPages.id, page.pageId))),
      ),
    )
    .orderBy(asc(funnelPages.position), asc(funnelPages.id))
    .limit(1)
    .get();
}

/** The project's live media among `ids` (images on a page, with their sizes). */
export function liveMediaOf(db: Db, projectId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: media.id, kind: media.kind, mime: media.mime, width: media.width, height: media.height, thumbnailKey: media.thumbnailKey })
    .from(media)
    .where(and(eq(media.projectId, projectId), inList(media.id, ids), isNull(media.deletedAt)))
    .all();
}

export function insertLead(db: Db, row: typeof leads.$inferInsert) {
  return db.insert(leads).values(row);
}

/** Who a new lead is announced to: the project's members. */
export function membersOf(db: Db, projectId: string) {
  return db
    .select({ userId: users.id, name: users.name, email: users.email })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(and(eq(projectMembers.projectId, projectId), isNull(users.deletedAt)))
    .all();
}

// ---------------------------------------------------------------------------------------
// Analytics writes

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

/** The day's lead count + 1 (in the lead's own batch). */
export function leadStatUpsert(db: Db, pageId: string, variant: Variant, day: string) {
  return db
    .insert(pageStats)
    .values({ pageId, variant, day, views: 0, visitors: 0, leads: 1 })
    .onConflictDoUpdate({ target: [pageStats.pageId, pageStats.variant, pageStats.day], set: { leads: sql`${pageStats.leads} + 1` } });
}

/** Salts of days before `today`, visitor hashes of days before `yesterday`, sources of days before `sourcesFrom`. */
export async function deletePastAnalytics(db: Db, today: string, yesterday: string, sourcesFrom: string): Promise<void> {
  await db.batch([
    db.delete(analyticsSalts).where(lt(analyticsSalts.day, today)),
    db.delete(pageVisitors).where(lt(pageVisitors.day, yesterday)),
    db.delete(pageSources).where(lt(pageSources.day, sourcesFrom)),
  ]);
}
