import type { Locale } from '#common/i18n/locales.ts';
import { and, asc, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { preparedOnce, type Db } from '#worker/db/client.ts';
import { funnelPageVersions, funnelPages, funnels } from '#worker/db/schema.ts';
import { liveMediaJson, parseRenderMedia, type RenderMedia } from '#worker/features/media/service.ts';
import { isActiveProject, isLiveProject } from '#worker/features/projects/scope/service.ts';

/** The queries of the public edge: live funnels and their published pages (the workspace's are in ../core, ../pages; the media are media's). */

const funnelColumns = {
  id: funnels.id,
  projectId: funnels.projectId,
  name: funnels.name,
  title: funnels.title,
  theme: funnels.theme,
  customDomain: funnels.customDomain,
  notifyLeads: funnels.notifyLeads,
  locale: funnels.locale,
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
  /** Its pages' language (issue 28). */
  locale: Locale;
};

/**
 * A published page: the live version and its document's stored JSON ({ a, b, splitB }; parsed
 * once per version: versions.ts), null when it is the version the caller said it has.
 */
export interface LivePage {
  pageId: string;
  slug: string;
  position: number;
  title: string;
  versionId: string;
  documentJson: string | null;
}

const pageColumns = {
  pageId: funnelPages.id,
  slug: funnelPages.slug,
  position: funnelPages.position,
  title: funnelPageVersions.title,
  versionId: funnelPageVersions.id,
  // The stored text, not drizzle's JSON.parse of it on every read (a version's document is parsed once per isolate:
  // versions.ts), and none at all when it is the version the caller already has (`known`).
  documentJson: sql<string | null>`CASE WHEN ${funnelPageVersions.id} = ${sql.placeholder('known')} THEN NULL ELSE ${funnelPageVersions.document} END`,
};

/** Live funnels of live projects (a deleted project's pages are gone from the web at once). */
function liveFunnel(db: Db, where: ReturnType<typeof eq>) {
  return db
    .select(funnelColumns)
    .from(funnels)
    .where(and(where, isNull(funnels.deletedAt), isLiveProject(funnels.projectId)))
    .get();
}

export function liveFunnelByName(db: Db, name: string): Promise<EdgeFunnel | undefined> {
  return liveFunnel(db, eq(funnels.name, name));
}

export function liveFunnelByDomain(db: Db, domain: string): Promise<EdgeFunnel | undefined> {
  return liveFunnel(db, eq(funnels.customDomain, domain));
}

/** How a request names its funnel: by `/p/{name}` or by its custom domain. */
export type FunnelKey = { name: string } | { domain: string };

/**
 * The media ids a published version names (`{ mediaId }` anywhere, a video block's `file`): a
 * superset of what its render shows (both variants), matched only against the project's live media.
 */
const versionMediaIds = sql`(SELECT value FROM json_tree(CASE WHEN ${funnelPageVersions.id} = ${sql.placeholder('known')} THEN ${sql.placeholder('knownRefs')} ELSE ${funnelPageVersions.document} END) WHERE key IN ('mediaId', 'file') AND type = 'text')`;

/**
 * The version a caller already has the document of: the query then answers no document and
 * reads that version's media ids from `refs` (`{ mediaId }` objects of the same ids, versions.ts
 * `mediaRefsJson`) instead of walking the stored document.
 */
export interface KnownVersion {
  versionId: string;
  refs: string;
}

type LiveRow = { funnel: EdgeFunnel; page: LivePage; media: string | null };

/** The query of `liveFunnelPage` for a funnel named by `name` or `domain`, of one slug or its first page; built once per isolate. */
function livePageQuery(by: 'name' | 'domain', withSlug: boolean) {
  return preparedOnce<LiveRow>((db) =>
    db
      .select({ funnel: funnelColumns, page: pageColumns, media: liveMediaJson(funnels.projectId, versionMediaIds) })
      .from(funnels)
      .innerJoin(funnelPages, eq(funnelPages.funnelId, funnels.id))
      .innerJoin(funnelPageVersions, eq(funnelPageVersions.id, funnelPages.publishedVersionId))
      .where(
        and(
          by === 'name' ? eq(funnels.name, sql.placeholder('key')) : eq(funnels.customDomain, sql.placeholder('key')),
          isNull(funnels.deletedAt),
          isLiveProject(funnels.projectId),
          isNull(funnelPages.deletedAt),
          isNotNull(funnelPages.publishedVersionId),
          ...(withSlug ? [eq(funnelPages.slug, sql.placeholder('slug'))] : []),
        ),
      )
      .orderBy(asc(funnelPages.position), asc(funnelPages.id))
      .limit(1),
  );
}

const livePageQueries = {
  name: { slug: livePageQuery('name', true), first: livePageQuery('name', false) },
  domain: { slug: livePageQuery('domain', true), first: livePageQuery('domain', false) },
};

/**
 * A live funnel, its live page with `slug` (or its first published page when null) and the
 * live media that page's version names, in ONE query: a page render reads the database once.
 * With `known`, the version the caller has: its document is not sent again if it is still the live one.
 * The hottest query of the public pages: its SQL is built once per isolate (`preparedOnce`).
 */
export async function liveFunnelPage(
  db: Db,
  key: FunnelKey,
  slug: string | null,
  known?: KnownVersion,
): Promise<{ funnel: EdgeFunnel; page: LivePage; media: RenderMedia[]; mediaJson: string | null } | undefined> {
  const queries = 'name' in key ? livePageQueries.name : livePageQueries.domain;
  const values = { key: 'name' in key ? key.name : key.domain, known: known?.versionId ?? '', knownRefs: known?.refs ?? '[]' };
  const row = await (slug === null ? queries.first(db, values) : queries.slug(db, { ...values, slug }));
  return row && { funnel: row.funnel, page: row.page, media: parseRenderMedia(row.media), mediaJson: row.media };
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

/**
 * The published pages search engines may list (the sitemap): of live funnels without a custom
 * domain (a page on one has its canonical URL there) in live, unarchived projects; with when
 * their live version was published. At most `limit`, by funnel and position.
 */
export function listablePages(db: Db, limit: number): Promise<{ funnelName: string; slug: string; publishedAt: Date }[]> {
  return db
    .select({ funnelName: funnels.name, slug: funnelPages.slug, publishedAt: funnelPageVersions.createdAt })
    .from(funnelPages)
    .innerJoin(funnels, eq(funnels.id, funnelPages.funnelId))
    .innerJoin(funnelPageVersions, eq(funnelPageVersions.id, funnelPages.publishedVersionId))
    .where(
      and(
        isNull(funnels.deletedAt),
        isNull(funnels.customDomain),
        isActiveProject(funnels.projectId),
        isNull(funnelPages.deletedAt),
        isNotNull(funnelPages.publishedVersionId),
      ),
    )
    .orderBy(asc(funnels.name), asc(funnelPages.position), asc(funnelPages.id))
    .limit(limit)
    .all();
}
