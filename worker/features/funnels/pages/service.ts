import { newBlock } from '#common/schemas/blocks-defaults.ts';
import type { Locale } from '#common/i18n/locales.ts';
import type { FunnelTheme } from '#common/schemas/blocks-theme.ts';
import type { PageDocument } from '#common/schemas/blocks.ts';
import { clip } from '#common/schemas/fields.ts';
import { checkPage, refusingFindings } from '#common/schemas/page-checks.ts';
import { buildFunnelTemplate, buildPageTemplate } from '#common/templates/pages/build.ts';
import type { FunnelTemplateId } from '#common/templates/pages/ids.ts';
import {
  FUNNEL_LIMITS,
  PAGE_SLUG_MAX,
  type PageCreateInput,
  type PageDetail,
  type PageStatus,
  type PageSummary,
  type PageUpdateInput,
  type PageVersion,
  type VersionDocument,
} from '#common/schemas/funnels.ts';
import type { ProjectRole } from '#common/schemas/projects.ts';
import { rawBatch, type Db } from '#worker/db/client.ts';
import { auditIfChangedStatement } from '#worker/lib/audit.ts';
import { AppError } from '#worker/lib/errors.ts';
import { newId } from '#worker/lib/ids.ts';
import { hasRows, read, run, type Read } from '#worker/lib/reads.ts';
import { isUniqueViolation, staleRevision } from '#worker/lib/write-conflicts.ts';
import { refuseMissingReferences } from '#worker/lib/references.ts';
import { liveMediaIn } from '#worker/features/media/service.ts';
import { forMember } from '#worker/features/projects/scope/service.ts';
import { pageWeeks } from '#worker/features/funnels/analytics/service.ts';
import { purgePageCopies } from '#worker/features/funnels/edge/service.ts';
import { mediaRefsOf, withoutMedia } from '#worker/features/funnels/media-refs.ts';
import { uniqueRefusal } from '#worker/features/funnels/refusals.ts';
import type { Actor, FunnelRow, PageRow, PageWithFunnel } from '#worker/features/funnels/types.ts';
import { templateBrand } from '#worker/features/funnels/pages/template-brand.ts';
import { ensurePictureSizes } from '#worker/features/funnels/pages/picture-sizes.ts';
import * as repo from '#worker/features/funnels/pages/repo.ts';

/**
 * The pages of funnels in the workspace (PRODUCT.md §4.5): their draft (variant A and B),
 * publishing (a numbered version, atomically), restoring, "make B the winner", duplicating
 * and deleting. Every change to what visitors see purges the edge cache of the request's
 * data centre (edge/service.ts).
 */

const utf8 = new TextEncoder();

/** Refuses (413) a document whose stored JSON is over FUNNEL_LIMITS.documentBytes: D1 refuses rows over 2 MB with a 500. */
function refuseLargeDocument(field: 'document' | 'documentB', document: unknown): void {
  if (document === null || document === undefined) return;
  const bytes = utf8.encode(JSON.stringify(document)).byteLength;
  if (bytes <= FUNNEL_LIMITS.documentBytes) return;
  const which = field === 'documentB' ? 'Variant B' : 'This page';
  const message = `${which} is too large to save (${Math.ceil(bytes / 1024)} KiB; at most ${FUNNEL_LIMITS.documentBytes / 1024} KiB). Shorten or remove some blocks.`;
  throw new AppError('payload_too_large', message, { [field]: [message] });
}

const stalePage = (current: number) => staleRevision('page', current);

const MEDIA_MESSAGE = 'Pick images and videos from this project’s media library.';

/**
 * Refuses (422, naming each field) media that a saved draft newly refers to unless they are live
 * media of the page's project: another project's ids are never served, and made-up ones neither.
 * References the stored draft already has may stay (a picture deleted since, or kept from before
 * this rule): refusing them would stop every save of the page.
 */
async function checkMedia(
  db: Db,
  page: PageRow,
  documents: { document?: PageDocument | undefined; documentB?: PageDocument | null | undefined },
): Promise<void> {
  const kept = new Set([page.draft, page.draftB].flatMap((stored) => (stored ? mediaRefsOf(stored as PageDocument).map((ref) => ref.id) : [])));
  const refs = Object.entries(documents)
    .flatMap(([field, document]) => (document ? mediaRefsOf(document, field) : []))
    .filter((ref) => !kept.has(ref.id));
  if (refs.length === 0) return;
  const found = await liveMediaIn(db, page.projectId, [...new Set(refs.map((ref) => ref.id))]);
  refuseMissingReferences([{ refs, found: new Set(found.map((row) => row.id)), message: MEDIA_MESSAGE }]);
}

/* ---------- access ---------- */

/** The page and its funnel, if both are live and the user is a member of their live project (the access rule `{ page: role }`): one batch. */
export function pageForMember(db: Db, id: string, userId: string) {
  const page = read(repo.livePageQuery(db, id), ([row]): PageWithFunnel | undefined => row && { page: row.page, funnel: row.funnel });
  return run(db, forMember(db, page, repo.projectOfPage(id), userId));
}

/* ---------- reading ---------- */

const pageUrl = (origin: string, funnelName: string, slug: string) => `${origin}/p/${funnelName}/${slug}`;

export function statusOf(page: Pick<PageRow, 'publishedVersionId' | 'publishedRevision' | 'revision'>): PageStatus {
  if (page.publishedVersionId === null) return 'draft';
  return page.publishedRevision === page.revision ? 'published' : 'changed';
}

/** Pages as their lists show them: status, variant B, the week of views and leads, their URLs. */
export async function pageSummaries(db: Db, rows: repo.PageListRow[], origin: string, now: Date): Promise<PageSummary[]> {
  const weekOf = await pageWeeks(
    db,
    rows.map((row) => row.page.id),
    now,
  );
  return rows.map(({ page, funnel }) => {
    const daily7d = weekOf(page.id);
    return {
      id: page.id,
      funnelId: funnel.id,
      funnelName: funnel.name,
      funnelTitle: funnel.title,
      projectId: funnel.projectId,
      slug: page.slug,
      title: page.title,
      position: page.position,
      status: statusOf(page),
      hasVariantB: page.draftB !== null,
      splitB: page.splitB,
      views7d: daily7d.reduce((sum, d) => sum + d.views, 0),
      leads7d: daily7d.reduce((sum, d) => sum + d.leads, 0),
      daily7d,
      publishedAt: page.publishedAt?.toISOString() ?? null,
      url: pageUrl(origin, funnel.name, page.slug),
      customUrl: funnel.customDomain ? `https://${funnel.customDomain}/${page.slug}` : null,
      updatedAt: page.updatedAt.toISOString(),
    };
  });
}

export async function listPages(
  db: Db,
  userId: string,
  filters: { funnelId?: string; projectId?: string },
  origin: string,
  now = new Date(),
): Promise<{ items: PageSummary[] }> {
  return { items: await pageSummaries(db, await repo.pagesForUser(db, userId, filters), origin, now) };
}

export async function pageDetail(db: Db, { page, funnel }: PageWithFunnel, role: ProjectRole, origin: string, now = new Date()): Promise<PageDetail> {
  const [[summary], versions] = await Promise.all([pageSummaries(db, [{ page, funnel }], origin, now), repo.versionCountOf(db, page.id)]);
  return {
    ...summary!,
    draft: page.draft as PageDocument,
    draftB: (page.draftB as PageDocument | null) ?? null,
    revision: page.revision,
    publishedRevision: page.publishedRevision,
    theme: funnel.theme as FunnelTheme,
    funnel: { id: funnel.id, name: funnel.name, title: funnel.title, customDomain: funnel.customDomain, locale: funnel.locale },
    versionCount: Number(versions?.count ?? 0),
    role,
  };
}

async function freshPage(db: Db, id: string, funnel: FunnelRow): Promise<PageWithFunnel> {
  const page = await repo.findLivePage(db, id);
  if (!page) throw new AppError('not_found');
  return { page, funnel };
}

/** A project's live pages (those among `ids` when given), published first, at most `limit`, with their funnel's name, title and domain (a presentation's). */
export function projectPages(db: Db, projectId: string, ids: readonly string[] | null, limit = 30) {
  return repo.projectPages(db, projectId, ids, limit);
}

/** The live pages of a funnel in their order. */
export function pagesOf(db: Db, funnelId: string): Promise<PageRow[]> {
  return repo.pagesOfFunnel(db, funnelId);
}

/** Live and published pages per funnel. */
export function pageCountsOf(db: Db, funnelIds: readonly string[]) {
  return repo.pageCountsOf(db, funnelIds);
}

/** New positions for exactly the funnel's live pages (core/service.ts checked the ids), in one batch. */
export async function setPageOrder(db: Db, funnelId: string, pageIds: readonly string[], now: Date): Promise<void> {
  const [first, ...rest] = repo.setPositionStatements(db, funnelId, pageIds, now);
  await db.batch([first!, ...rest]);
}

/** The scheduled purge's statement for pages deleted before `before` (with their versions, leads and statistics). */
export function deletedPagesPurge(db: Db, before: Date) {
  return repo.deletedPagesPurge(db, before);
}

/** Purges one page's URLs (under `slug`, the old one after a slug change); its funnel's root too when it is (or was) the first live page. */
async function purgePageOf(db: Db, funnel: FunnelRow, pageId: string, slug: string, origin: string): Promise<void> {
  const pages = await repo.pagesOfFunnel(db, funnel.id);
  const first = pages.find((p) => p.publishedVersionId !== null || p.id === pageId);
  // A page just deleted is no longer listed: it may have been the first one.
  const gone = !pages.some((p) => p.id === pageId);
  await purgePageCopies({ origin, funnelName: funnel.name, customDomain: funnel.customDomain, slug, isFirst: gone || !first || first.id === pageId });
}

/* ---------- pages ---------- */

/** What a new page starts with: a hero and a text block in the funnel's language, the title as its SEO title. */
export function starterDocument(title: string, locale: Locale = 'en'): PageDocument {
  const hero = newBlock('hero', `hero-${newId(6)}`, locale);
  const body = newBlock('text', `text-${newId(6)}`, locale);
  return { blocks: [hero, body], seo: { title: clip(title, 70), description: '', image: null } };
}

/** The project a template takes its name, logo and Instagram handle from. */
type BrandProject = Parameters<typeof templateBrand>[1];

/**
 * A new page at the end of the funnel: the starter page, or the template `input.template` in
 * the funnel's language and the project's brand (common/templates/pages).
 */
export async function createPage(
  db: Db,
  funnel: FunnelRow,
  project: BrandProject,
  role: ProjectRole,
  input: PageCreateInput,
  origin: string,
): Promise<PageDetail> {
  const id = newId();
  const now = new Date();
  const draft = input.template
    ? buildPageTemplate(input.template, funnel.locale, await templateBrand(db, project, now)).document
    : starterDocument(input.title, funnel.locale);
  refuseLargeDocument('document', draft);
  try {
    return await addPage(db, funnel, role, origin, { id, funnelId: funnel.id, projectId: funnel.projectId, slug: input.slug, title: input.title, draft, now });
  } catch (error) {
    throw uniqueRefusal(error) ?? error;
  }
}

/**
 * The statements that add a funnel template's two pages (common/templates/pages) to the funnel
 * being created (core/service.ts writes them in its batch, after the funnel's own insert).
 */
export async function funnelTemplateStatements(
  db: Db,
  funnel: { id: string; projectId: string; locale: Locale },
  project: BrandProject,
  template: FunnelTemplateId,
  now: Date,
) {
  const pages = buildFunnelTemplate(template, funnel.locale, await templateBrand(db, project, now));
  return pages.map((page) =>
    repo.insertPageIfRoom(db, { id: newId(), funnelId: funnel.id, projectId: funnel.projectId, slug: page.slug, title: page.title, draft: page.document, now }),
  );
}

/**
 * Adds a page at the end of the funnel if it has room (else 409) and returns its detail; a
 * slug taken (the unique index) throws the database's error, for the caller to refuse or retry.
 */
async function addPage(db: Db, funnel: FunnelRow, role: ProjectRole, origin: string, values: repo.NewPage): Promise<PageDetail> {
  const [result] = await rawBatch(db, [repo.insertPageIfRoom(db, values)]);
  if (result?.meta.changes !== 1) throw new AppError('conflict', `A funnel holds at most ${FUNNEL_LIMITS.pagesPerFunnel} pages.`);
  return pageDetail(db, await freshPage(db, values.id, funnel), role, origin, values.now);
}

/** Saves the draft on top of `baseRevision` (else 409); every change bumps the revision. */
export async function updatePage(db: Db, ctx: PageWithFunnel, role: ProjectRole, input: PageUpdateInput, origin: string): Promise<PageDetail> {
  const { page, funnel } = ctx;
  if (input.baseRevision !== page.revision) throw stalePage(page.revision);
  refuseLargeDocument('document', input.document);
  refuseLargeDocument('documentB', input.documentB);
  await checkMedia(db, page, { document: input.document, documentB: input.documentB });
  const set: Partial<repo.PageInsert> = {};
  if (input.title !== undefined && input.title !== page.title) set.title = input.title;
  if (input.slug !== undefined && input.slug !== page.slug) set.slug = input.slug;
  if (input.document !== undefined) set.draft = input.document;
  if (input.documentB !== undefined) {
    set.draftB = input.documentB;
    // A new variant B without a split: half the visitors.
    if (input.documentB !== null && page.draftB === null && input.splitB === undefined && page.splitB === 0) set.splitB = 50;
  }
  if (input.splitB !== undefined) set.splitB = input.splitB;
  if (Object.keys(set).length === 0) return pageDetail(db, ctx, role, origin);
  const now = new Date();
  let rows: PageRow[];
  try {
    rows = await repo.updatePageIfAt(db, page.id, page.revision, set, now);
  } catch (error) {
    throw uniqueRefusal(error) ?? error;
  }
  const updated = rows[0];
  if (!updated) {
    const current = await repo.findLivePage(db, page.id);
    if (!current) throw new AppError('not_found');
    throw stalePage(current.revision);
  }
  // The live page's address changed: the old URLs must not keep serving it from the cache.
  if (set.slug !== undefined && page.publishedVersionId !== null) await purgePageOf(db, funnel, page.id, page.slug, origin);
  return pageDetail(db, { page: updated, funnel }, role, origin, now);
}

/** The audit entry of a change to the page, written only if the statement before it in the batch changed it. */
function pageAudit(db: Db, page: PageRow, actor: Actor, action: string, details?: Record<string, unknown>) {
  return auditIfChangedStatement(db, { actorUserId: actor.id, action, targetType: 'funnel_page', targetId: page.id, projectId: page.projectId, details });
}

export async function deletePage(db: Db, { page, funnel }: PageWithFunnel, actor: Actor, origin: string): Promise<void> {
  const now = new Date();
  const [result] = await rawBatch(db, [repo.softDeletePage(db, page.id, now), pageAudit(db, page, actor, 'funnel_page.delete')]);
  if (result?.meta.changes !== 1) throw new AppError('not_found');
  if (page.publishedVersionId !== null) await purgePageOf(db, funnel, page.id, page.slug, origin);
}

/** A copy of the page as a new draft at the end of the funnel: "slug-copy" (or -copy-2, …). */
export async function duplicatePage(db: Db, { page, funnel }: PageWithFunnel, role: ProjectRole, origin: string): Promise<PageDetail> {
  const now = new Date();
  const title = clip(`${page.title} (copy)`, FUNNEL_LIMITS.pageTitle);
  // Drafts saved before the size limit may be over it: a copy would not save either.
  refuseLargeDocument('document', page.draft);
  refuseLargeDocument('documentB', page.draftB);
  for (let attempt = 1; attempt <= 20; attempt += 1) {
    const suffix = attempt === 1 ? '-copy' : `-copy-${attempt}`;
    const slug = `${page.slug.slice(0, PAGE_SLUG_MAX - suffix.length)}${suffix}`;
    if (await repo.slugTaken(db, funnel.id, slug)) continue;
    const values = {
      id: newId(),
      funnelId: funnel.id,
      projectId: page.projectId,
      slug,
      title,
      draft: page.draft,
      draftB: page.draftB,
      splitB: page.splitB,
      now,
    };
    try {
      return await addPage(db, funnel, role, origin, values);
    } catch (error) {
      if (isUniqueViolation(error)) continue; // taken at the same moment: the next suffix
      throw error;
    }
  }
  throw new AppError('conflict', 'This page has too many copies. Rename one and try again.');
}

/* ---------- versions ---------- */

/**
 * Refuses (422 `page_checks_failed`) what the checks before publishing (common/schemas/page-checks.ts)
 * find in `version`: every error, and the warnings `accepted` does not name. `details` lists the
 * keys of both (`errors`, `warnings`), for the editor's checklist. Links to pages of the same
 * funnel are checked against its live pages as they are now.
 */
async function refuseFailedChecks(db: Db, { page, funnel }: PageWithFunnel, version: VersionDocument, accepted: readonly string[] = []): Promise<void> {
  const pages = await repo.pagesOfFunnel(db, funnel.id);
  const findings = checkPage(version, {
    funnelName: funnel.name,
    selfSlug: page.slug,
    pages: pages.map((p) => ({ slug: p.slug, published: p.publishedVersionId !== null })),
  });
  const refusing = refusingFindings(findings, accepted);
  if (refusing.length === 0) return;
  throw new AppError('page_checks_failed', undefined, {
    errors: refusing.filter((f) => f.severity === 'error').map((f) => f.key),
    warnings: refusing.filter((f) => f.severity === 'warning').map((f) => f.key),
  });
}

/** Runs a "go live" batch: a new version written only at `revision`, then the page pointed at it. */
async function goLive(
  db: Db,
  ctx: PageWithFunnel,
  actor: Actor,
  v: {
    title: string;
    document: VersionDocument;
    bump: boolean;
    publishedRevision: number;
    set?: Partial<repo.PageInsert>;
    action: string;
    /** Only while this version (null: none) is still the live one: set when the new version is made from what was live. */
    liveVersionId?: string | null;
  },
): Promise<void> {
  const { page } = ctx;
  const versionId = newId();
  const now = new Date();
  let results: D1Result[];
  try {
    results = await rawBatch(db, [
      repo.insertVersionIfAt(db, {
        id: versionId,
        pageId: page.id,
        revision: page.revision,
        liveVersionId: v.liveVersionId,
        title: v.title,
        slug: page.slug,
        document: v.document,
        publishedBy: actor.id,
        now,
      }),
      repo.goLiveStatement(db, { pageId: page.id, versionId, revision: page.revision, bump: v.bump, publishedRevision: v.publishedRevision, set: v.set, now }),
      pageAudit(db, page, actor, v.action, { versionId }),
    ]);
  } catch (error) {
    // Two publishes that computed the same number: the unique index refused the second.
    if (isUniqueViolation(error)) throw new AppError('conflict', 'This page was published at the same moment. Reload and try again.');
    throw error;
  }
  if (results[0]?.meta.changes !== 1 || results[1]?.meta.changes !== 1) throw await refusalAfter(db, page, v.liveVersionId);
}

/** Why a write guarded by the page's revision (and live version) did not happen: 404, or 409 saying what changed. */
async function refusalAfter(db: Db, page: PageRow, liveVersionId: string | null | undefined): Promise<AppError> {
  const current = await repo.findLivePage(db, page.id);
  if (!current) return new AppError('not_found');
  if (current.revision === page.revision && liveVersionId !== undefined && current.publishedVersionId !== liveVersionId) {
    return new AppError('conflict', 'Someone published or unpublished this page meanwhile. Reload to see it; nothing was changed.', {
      _: [`revision:${current.revision}`],
    });
  }
  return stalePage(current.revision);
}

/**
 * Publishes the draft at `baseRevision` as the next version, atomically; the edge serves it at
 * once. The checks before publishing run first (errors and unaccepted warnings refuse).
 */
export async function publishPage(
  db: Db,
  ctx: PageWithFunnel,
  role: ProjectRole,
  actor: Actor,
  input: { baseRevision: number; acceptWarnings?: readonly string[] | undefined },
  origin: string,
  /** The media bucket: the pictures get their phone size (picture-sizes.ts) before the page goes live. */
  bucket?: R2Bucket,
): Promise<PageDetail> {
  const { page, funnel } = ctx;
  if (input.baseRevision !== page.revision) throw stalePage(page.revision);
  const document: VersionDocument = { a: page.draft as PageDocument, b: (page.draftB as PageDocument | null) ?? null, splitB: page.splitB };
  await refuseFailedChecks(db, ctx, document, input.acceptWarnings);
  if (bucket) await ensurePictureSizes(db, bucket, page.projectId, [document.a, document.b]);
  await goLive(db, ctx, actor, {
    title: page.title,
    document,
    bump: false,
    publishedRevision: page.revision,
    action: 'funnel_page.publish',
  });
  await purgePageOf(db, funnel, page.id, page.slug, origin);
  return pageDetail(db, await freshPage(db, page.id, funnel), role, origin);
}

/** Takes the page offline (404 at the edge); its versions stay. */
export async function unpublishPage(db: Db, ctx: PageWithFunnel, role: ProjectRole, actor: Actor, origin: string): Promise<PageDetail> {
  const { page, funnel } = ctx;
  const now = new Date();
  const [result] = await rawBatch(db, [repo.unpublishPage(db, page.id, now), pageAudit(db, page, actor, 'funnel_page.unpublish')]);
  if (result?.meta.changes !== 1) throw new AppError('conflict', 'This page is not published.');
  await purgePageOf(db, funnel, page.id, page.slug, origin);
  return pageDetail(db, await freshPage(db, page.id, funnel), role, origin, now);
}

export async function versionsOf(db: Db, page: PageRow): Promise<{ items: PageVersion[] }> {
  const rows = await repo.versionsOf(db, page.id);
  return {
    items: rows.map(({ version, publisher }) => ({
      id: version.id,
      number: version.number,
      title: version.title,
      slug: version.slug,
      publishedAt: version.createdAt.toISOString(),
      publishedBy: publisher,
      hasVariantB: (version.document as VersionDocument).b !== null,
      live: version.id === page.publishedVersionId,
    })),
  };
}

/**
 * A version as it can be restored: media deleted since (or of another project, stored before
 * drafts were checked) leave an empty place rather than blocking the restore, as a creative's do.
 */
async function liveMediaOnly(db: Db, projectId: string, version: VersionDocument): Promise<VersionDocument> {
  const ids = [version.a, version.b].flatMap((document) => (document ? mediaRefsOf(document).map((ref) => ref.id) : []));
  if (ids.length === 0) return version;
  const live = new Set((await liveMediaIn(db, projectId, [...new Set(ids)])).map((row) => row.id));
  const drop = (id: string) => !live.has(id);
  return { ...version, a: withoutMedia(version.a, drop), b: version.b ? withoutMedia(version.b, drop) : null };
}

/**
 * The draft becomes the version again, and is published as a new version (number + 1), in one
 * batch; the same checks as publishing run on it first (a version published before the checks, or
 * linking to a page unpublished since, is refused as a publish would be).
 */
export async function restoreVersion(
  db: Db,
  ctx: PageWithFunnel,
  role: ProjectRole,
  actor: Actor,
  versionId: string,
  acceptWarnings: readonly string[] | undefined,
  origin: string,
  bucket?: R2Bucket,
): Promise<PageDetail> {
  const { page, funnel } = ctx;
  const version = await repo.findVersion(db, page.id, versionId);
  if (!version) throw new AppError('not_found');
  const document = await liveMediaOnly(db, page.projectId, version.document as VersionDocument);
  await refuseFailedChecks(db, ctx, document, acceptWarnings);
  if (bucket) await ensurePictureSizes(db, bucket, page.projectId, [document.a, document.b]);
  await goLive(db, ctx, actor, {
    title: version.title,
    document,
    bump: true,
    publishedRevision: page.revision + 1,
    set: { draft: document.a, draftB: document.b, splitB: document.splitB, title: version.title },
    action: 'funnel_page.restore',
    liveVersionId: page.publishedVersionId,
  });
  await purgePageOf(db, funnel, page.id, page.slug, origin);
  return pageDetail(db, await freshPage(db, page.id, funnel), role, origin);
}

/**
 * "Make B the winner": B's draft becomes the draft, B is removed and the split is 0; when
 * the live version has a B, a new live version serves that B to everyone.
 */
export async function makeBWinner(db: Db, ctx: PageWithFunnel, role: ProjectRole, actor: Actor, origin: string): Promise<PageDetail> {
  const { page, funnel } = ctx;
  if (page.draftB === null) throw new AppError('conflict', 'This page has no variant B.');
  const set: Partial<repo.PageInsert> = { draft: page.draftB, draftB: null, splitB: 0 };
  const live = page.publishedVersionId ? await repo.findVersionById(db, page.publishedVersionId) : undefined;
  const liveDocument = live?.document as VersionDocument | undefined;
  if (live && liveDocument?.b) {
    // The draft matches the new live version only if B's draft is what visitors saw as B.
    const same = JSON.stringify(liveDocument.b) === JSON.stringify(page.draftB) && live.title === page.title;
    await goLive(db, ctx, actor, {
      title: live.title,
      document: { a: liveDocument.b, b: null, splitB: 0 },
      bump: true,
      publishedRevision: same ? page.revision + 1 : (page.publishedRevision ?? page.revision),
      set,
      action: 'funnel_page.winner',
      // B as it was live when this request read it: a publish since then (same revision) is not overwritten with it.
      liveVersionId: live.id,
    });
    await purgePageOf(db, funnel, page.id, page.slug, origin);
  } else {
    // Not live with a B: only the draft changes, while nobody saved or published since.
    const [updated] = await repo.updatePageIfAt(db, page.id, page.revision, set, new Date(), page.publishedVersionId);
    if (!updated) throw await refusalAfter(db, page, page.publishedVersionId);
  }
  return pageDetail(db, await freshPage(db, page.id, funnel), role, origin);
}

/** The admin's support view of a project: its newest pages (a query for one batch). */
export { newestPagesQuery } from '#worker/features/funnels/pages/repo.ts';

/** Whether a page of the user's funnels is live. */
export function anyLivePageRead(db: Db, userId: string): Read<boolean> {
  return hasRows(() => repo.anyLivePageQuery(db, userId));
}
