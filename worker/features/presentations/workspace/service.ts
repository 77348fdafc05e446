import { DEFAULT_THEME } from '#common/schemas/blocks-theme.ts';
import { PLANS } from '#common/plans.ts';
import {
  PRESENTATION_LIMITS,
  starterDocument,
  type Presentation,
  type PresentationCreateInput,
  type PresentationDocument,
  type PresentationSources,
  type PresentationStats,
  type PresentationSummary,
  type PresentationUpdateInput,
  type Resolved,
} from '#common/schemas/presentations.ts';
import { rawBatch, type Db } from '#worker/db/client.ts';
import type { SessionUser } from '#worker/env.ts';
import { auditIfChangedStatement, auditStatement } from '#worker/lib/audit.ts';
import { hashPassword } from '#worker/lib/crypto.ts';
import { DAY_MS } from '#worker/lib/days.ts';
import { decodeCursor, encodeCursor, toPage } from '#worker/lib/cursor.ts';
import { AppError } from '#worker/lib/errors.ts';
import { newId } from '#worker/lib/ids.ts';
import { hasRows, run, type Read } from '#worker/lib/reads.ts';
import { isUniqueViolation, staleRevision } from '#worker/lib/write-conflicts.ts';
import { livePicturesOf, projectAds } from '#worker/features/ads/core/service.ts';
import { creationFile, projectCreations } from '#worker/features/creatives/core/service.ts';
import { projectPages } from '#worker/features/funnels/pages/service.ts';
import { projectImages } from '#worker/features/media/service.ts';
import { liveProjectRead, membershipOf } from '#worker/features/projects/scope/service.ts';
import { canManage, creationPath, documentOf, ogPrefix, publicPath } from '#worker/features/presentations/rules.ts';
import { firstDayOf, statsOf, summaryOf } from '#worker/features/presentations/workspace/figures.ts';
import { prefilledDocument } from '#worker/features/presentations/workspace/prefill.ts';
import * as repo from '#worker/features/presentations/workspace/repo.ts';
import { adCards, checkShown, idsOf, mediaIdsOf, pageCard, resolveMedia } from '#worker/features/presentations/workspace/shown.ts';

/**
 * Presentations in the workspace (PRODUCT.md §4.9, issue 13): admins manage all of them,
 * Agency-plan users their own; anyone else gets 404 (and a clear 403 when they try to list or
 * create). Every save is one conditional write at the revision it was made on (409 when
 * stale); slugs are unique among live presentations by a partial unique index (the insert or
 * update is the one conditional write: a taken slug is a 409). Admin actions on someone
 * else's presentation are audited with the address they came from.
 */
export type Row = repo.PresentationWithPeople;
export interface Actor {
  user: SessionUser;
  ip: string;
}

const PLAN_MESSAGE = 'Presentations come with the Agency plan. Upgrade to create your own.';

/** Whether `user` may manage presentations at all (list, create). */
export function mayAuthor(user: Pick<SessionUser, 'role' | 'plan'>): boolean {
  return user.role === 'admin' || PLANS[user.plan].presentations;
}

/** The presentation if `user` may manage it, else 404 (ids cannot be probed). */
export async function presentationFor(db: Db, id: string, user: SessionUser): Promise<Row> {
  const row = await repo.findLive(db, id);
  if (!row || !canManage(user, row.presentation)) throw new AppError('not_found');
  return row;
}

function refusePlan(user: SessionUser): void {
  if (!mayAuthor(user)) throw new AppError('forbidden', PLAN_MESSAGE);
}

/**
 * Every write by an admin is audited (with the address), their own presentations included:
 * through a presentation an admin can link any project (PRODUCT.md §1: every admin action is
 * written to the audit log).
 */
function auditedBy(actor: Actor): boolean {
  return actor.user.role === 'admin';
}

function auditEntry(actor: Actor, action: string, row: repo.PresentationRow, details: Record<string, unknown>) {
  return { actorUserId: actor.user.id, action, targetType: 'presentation', targetId: row.id, projectId: row.projectId, details, ip: actor.ip };
}

function slugTaken(): AppError {
  const message = 'That address is taken: pick another.';
  return new AppError('conflict', message, { slug: [message] });
}

const stalePresentation = (current: number) => staleRevision('presentation', current);

const utf8 = new TextEncoder();
function refuseLargeDocument(document: PresentationDocument): void {
  const bytes = utf8.encode(JSON.stringify(document)).byteLength;
  if (bytes <= PRESENTATION_LIMITS.documentBytes) return;
  const message = `This presentation is too large to save (${Math.ceil(bytes / 1024)} KiB; at most ${PRESENTATION_LIMITS.documentBytes / 1024} KiB). Shorten or remove some sections.`;
  throw new AppError('payload_too_large', message, { document: [message] });
}

// ---------------------------------------------------------------------------------------
// The project link

const EDITING_ROLES = new Set(['editor', 'owner']);

/**
 * The linked project whose content the presentation may show, or null: the project must be
 * live, and its author (unless an admin) still an editor or owner of it. A removed member's or
 * a demoted viewer's presentation shows nothing of the project any more (its own text stays).
 */
export async function linkedProject(db: Db, entry: Row): Promise<string | null> {
  const row = entry.presentation;
  if (!row.projectId || entry.projectName === null || !row.authorId) return null;
  if (entry.authorRole === 'admin') return row.projectId;
  const membership = await membershipOf(db, row.projectId, row.authorId);
  return membership && EDITING_ROLES.has(membership.role) ? row.projectId : null;
}

// ---------------------------------------------------------------------------------------
// Resolving what a document shows

/** Everything the document shows, resolved in its linked project (nothing without a live link: linkedProject). */
export async function resolve(db: Db, secret: string, entry: Row, document: PresentationDocument, now = Date.now()): Promise<Resolved> {
  const row = entry.presentation;
  const resolved: Resolved = { images: {}, creations: {}, ads: {}, pages: {} };
  const projectId = await linkedProject(db, entry);
  if (!projectId) return resolved;
  const ids = idsOf(document);
  const [mediaRows, creationRows, adRows, pageRows] = await Promise.all([
    projectImages(db, projectId, mediaIdsOf(document)),
    projectCreations(db, projectId, ids.creations),
    projectAds(db, projectId, ids.ads),
    projectPages(db, projectId, ids.pages),
  ]);
  const [images, ads] = await Promise.all([resolveMedia(secret, mediaRows, now), adCards(db, secret, row.slug, adRows, now)]);
  for (const [id, image] of Object.entries(images)) {
    const { name: _name, ...rest } = image;
    resolved.images[id] = rest;
  }
  for (const creation of creationRows) {
    resolved.creations[creation.id] = { src: creationPath(row.slug, creation.id), width: creation.width, height: creation.height, name: creation.name };
  }
  for (const ad of ads) resolved.ads[ad.id] = ad;
  for (const page of pageRows) resolved.pages[page.id] = pageCard(page);
  return resolved;
}

/** What the linked project offers the editor's pickers, already resolved. */
export async function sources(db: Db, secret: string, actor: Actor, entry: Row, now = Date.now()): Promise<PresentationSources> {
  const row = entry.presentation;
  const projectId = await linkedProject(db, entry);
  if (!projectId || !entry.projectName) return { project: null, media: [], creations: [], ads: [], pages: [] };
  // An admin reading a project they are not a member of: audited, like the support view's reads.
  if (actor.user.role === 'admin' && !(await membershipOf(db, projectId, actor.user.id))) {
    await auditStatement(db, auditEntry(actor, 'presentation.sources_viewed', row, { projectId }));
  }
  const [mediaRows, creationRows, adRows, pageRows] = await Promise.all([
    projectImages(db, projectId, null),
    projectCreations(db, projectId, null),
    projectAds(db, projectId, null),
    projectPages(db, projectId, null),
  ]);
  const [images, ads] = await Promise.all([resolveMedia(secret, mediaRows, now), adCards(db, secret, row.slug, adRows, now)]);
  return {
    project: { id: projectId, name: entry.projectName },
    media: mediaRows
      .filter((m) => images[m.id])
      .map((m) => {
        const { name: _name, ...image } = images[m.id]!;
        return { id: m.id, name: m.name, image };
      }),
    creations: creationRows.map((c) => ({ id: c.id, name: c.name, image: { src: creationPath(row.slug, c.id), width: c.width, height: c.height } })),
    ads,
    pages: pageRows.map(pageCard),
  };
}

// ---------------------------------------------------------------------------------------
// Shapes

export async function detail(db: Db, secret: string, entry: Row, now = Date.now()): Promise<Presentation> {
  const row = entry.presentation;
  const document = documentOf(row);
  const [daily, resolved] = await Promise.all([repo.dailyStats(db, [row.id], firstDayOf(now, 7)), resolve(db, secret, entry, document, now)]);
  return {
    ...summaryOf(entry, daily, now),
    revision: row.revision,
    createdAt: row.createdAt.toISOString(),
    document,
    resolved,
    ogImageUrl: `${publicPath(row.slug)}/og.png`,
    refCode: entry.authorCode,
  };
}

export async function list(
  db: Db,
  user: SessionUser,
  query: { scope?: 'mine' | 'all'; q?: string; cursor?: string; limit?: number },
  now = Date.now(),
): Promise<{ items: PresentationSummary[]; nextCursor: string | null }> {
  const scope = query.scope ?? 'mine';
  if (scope === 'all' && user.role !== 'admin') throw new AppError('not_found');
  refusePlan(user);
  const limit = query.limit ?? 50;
  const rows = await repo.list(db, { authorId: scope === 'mine' ? user.id : undefined, q: query.q || undefined, before: decodeCursor(query.cursor), limit });
  const page = toPage(rows, limit, (r) => encodeCursor(r.presentation.updatedAt, r.presentation.id));
  const daily = await repo.dailyStats(
    db,
    page.items.map((r) => r.presentation.id),
    firstDayOf(now, 7),
  );
  return { items: page.items.map((r) => summaryOf(r, daily, now)), nextCursor: page.nextCursor };
}

// ---------------------------------------------------------------------------------------
// Creating (prefilled from a project)

/** The project, if the user may show its work: an editor or owner of it, or an admin (audited: the admin area reaches every project). */
async function usableProject(db: Db, user: SessionUser, projectId: string) {
  const project = await run(db, liveProjectRead(db, projectId));
  if (!project) return undefined;
  if (user.role === 'admin') return project;
  const membership = await membershipOf(db, projectId, user.id);
  return membership && EDITING_ROLES.has(membership.role) ? project : undefined;
}

function projectNotFound(field: string): AppError {
  const message = 'That project does not exist, or you are not an editor of it.';
  return new AppError('validation_failed', message, { [field]: [message] });
}

export async function create(db: Db, secret: string, actor: Actor, input: PresentationCreateInput, now = Date.now()): Promise<Presentation> {
  refusePlan(actor.user);
  let projectId: string | null = null;
  // Without a project, in the author's language; from a project, in the project's (the customer's).
  let document = starterDocument(input.customerName, DEFAULT_THEME, actor.user.locale);
  if (input.fromProjectId) {
    const project = await usableProject(db, actor.user, input.fromProjectId);
    if (!project) throw projectNotFound('fromProjectId');
    projectId = project.id;
    document = await prefilledDocument(db, input.customerName, project);
  }
  const id = newId();
  const at = new Date(now);
  const insert = repo.insert(db, {
    id,
    slug: input.slug,
    authorId: actor.user.id,
    projectId,
    customerName: document.customerName,
    customerLogoMediaId: document.logo?.mediaId ?? null,
    headline: document.headline,
    document,
    createdAt: at,
    updatedAt: at,
  });
  try {
    if (auditedBy(actor)) {
      const audit = { actorUserId: actor.user.id, action: 'presentation.create', targetType: 'presentation', targetId: id, projectId, ip: actor.ip };
      await rawBatch(db, [insert, auditStatement(db, { ...audit, details: { slug: input.slug, after: { projectId } } })]);
    } else await insert;
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
  return detail(db, secret, (await repo.findLive(db, id))!, now);
}

// ---------------------------------------------------------------------------------------
// Changing

type Change = Partial<repo.PresentationInsert>;

/**
 * Writes `set` at the row's revision (bumped), with an audit entry in the same batch when an
 * admin changes someone else's presentation; 409 when the row moved on, 409 on a taken slug.
 */
async function writeAt(db: Db, secret: string, actor: Actor, entry: Row, set: Change, action: string, details: Record<string, unknown>, now: number) {
  const row = entry.presentation;
  const at = new Date(now);
  const update = repo.updateIfAt(db, row.id, row.revision, { ...set, revision: row.revision + 1, updatedAt: at });
  let changed: boolean;
  try {
    if (auditedBy(actor)) {
      const [result] = await rawBatch(db, [
        update,
        auditIfChangedStatement(db, auditEntry(actor, action, { ...row, projectId: set.projectId !== undefined ? set.projectId : row.projectId }, details)),
      ]);
      changed = (result?.results?.length ?? 0) > 0;
    } else {
      changed = (await update).length > 0;
    }
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
  const current = await repo.findLive(db, row.id);
  if (!current) throw new AppError('not_found');
  if (!changed) throw stalePresentation(current.presentation.revision);
  return detail(db, secret, current, now);
}

export async function update(db: Db, secret: string, actor: Actor, entry: Row, input: PresentationUpdateInput, now = Date.now()): Promise<Presentation> {
  const row = entry.presentation;
  if (input.baseRevision !== row.revision) throw stalePresentation(row.revision);
  const set: Change = {};
  const changed: string[] = [];
  if (input.slug !== undefined && input.slug !== row.slug) {
    set.slug = input.slug;
    changed.push('slug');
  }
  if (input.projectId !== undefined && input.projectId !== row.projectId) {
    if (input.projectId !== null && !(await usableProject(db, actor.user, input.projectId))) throw projectNotFound('projectId');
    set.projectId = input.projectId;
    changed.push('project');
  }
  if (input.document !== undefined) {
    refuseLargeDocument(input.document);
    // Checked in the project linked after this change; what the stored document shows is kept only within the same project.
    const projectId = set.projectId !== undefined ? set.projectId : row.projectId;
    await checkShown(db, projectId, input.document, projectId === row.projectId ? documentOf(row) : null);
    set.document = input.document;
    set.customerName = input.document.customerName;
    set.headline = input.document.headline;
    set.customerLogoMediaId = input.document.logo?.mediaId ?? null;
    changed.push('document');
  }
  if (input.password !== undefined) {
    set.passwordHash = input.password === null ? null : await hashPassword(input.password);
    changed.push(input.password === null ? 'password removed' : 'password set');
  }
  if (input.expiresAt !== undefined) {
    set.expiresAt = input.expiresAt === null ? null : new Date(Date.parse(input.expiresAt));
    changed.push('expiry');
  }
  const before = {
    slug: row.slug,
    projectId: row.projectId,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    hasPassword: row.passwordHash !== null,
    revision: row.revision,
  };
  const after = {
    slug: set.slug ?? row.slug,
    projectId: set.projectId !== undefined ? set.projectId : row.projectId,
    expiresAt: set.expiresAt !== undefined ? (set.expiresAt?.toISOString() ?? null) : before.expiresAt,
    hasPassword: set.passwordHash !== undefined ? set.passwordHash !== null : before.hasPassword,
    revision: row.revision + 1,
  };
  const action = set.projectId !== undefined && set.projectId !== null ? 'presentation.project_linked' : 'presentation.update';
  return writeAt(db, secret, actor, entry, set, action, { changed, before, after }, now);
}

export async function publish(db: Db, secret: string, actor: Actor, entry: Row, now = Date.now()): Promise<Presentation> {
  return writeStatus(db, secret, actor, entry, { status: 'published', publishedAt: new Date(now) }, 'presentation.publish', now);
}

export async function unpublish(db: Db, secret: string, actor: Actor, entry: Row, now = Date.now()): Promise<Presentation> {
  return writeStatus(db, secret, actor, entry, { status: 'draft' }, 'presentation.unpublish', now);
}

/** How long "Extend" adds (the expired page's "Ask for a new link" email leads here). */
export const EXTEND_MS = 30 * DAY_MS;

/**
 * One click in the workspace: 30 more days from the later of now and its expiry (an expired
 * link works again at once); a presentation that never expires stays so. Audited like saves.
 */
export async function extend(db: Db, secret: string, actor: Actor, entry: Row, now = Date.now()): Promise<Presentation> {
  const row = entry.presentation;
  if (row.expiresAt === null) return detail(db, secret, entry, now);
  const expiresAt = new Date(Math.max(now, row.expiresAt.getTime()) + EXTEND_MS);
  const details = { slug: row.slug, before: { expiresAt: row.expiresAt.toISOString() }, after: { expiresAt: expiresAt.toISOString() } };
  return writeAt(db, secret, actor, entry, { expiresAt }, 'presentation.extend', details, now);
}

/**
 * A visitor's request granted by the author's one-click link (presentations/talk, decision
 * 0056): an expired presentation opens again for EXTEND_MS from now (one conditional write: two
 * clicks extend once). Not audited: only its author holds the link, signed for that request.
 */
export async function reopenForRequest(db: Db, presentationId: string, now = Date.now()): Promise<boolean> {
  return (await repo.reopenIfExpired(db, presentationId, new Date(now), new Date(now + EXTEND_MS))).length > 0;
}

/** The live presentation by id, whoever asks (the talk sub-feature's signed links check their own rights). */
export function byId(db: Db, id: string): Promise<Row | undefined> {
  return repo.findLive(db, id);
}

/** A change of status (publish, unpublish), audited with the status before and after. */
function writeStatus(db: Db, secret: string, actor: Actor, entry: Row, set: Change & { status: 'published' | 'draft' }, action: string, now: number) {
  const row = entry.presentation;
  return writeAt(db, secret, actor, entry, set, action, { slug: row.slug, before: { status: row.status }, after: { status: set.status } }, now);
}

/** A free slug for a copy: `{slug}-copy`, then `-copy-2`, … (the insert still decides). */
async function copySlug(db: Db, slug: string): Promise<string> {
  // Room for '-copy' and a suffix up to '-999' (64 characters at most, PRESENTATION_SLUG_RE).
  const base = `${slug.slice(0, 64 - 9).replace(/-+$/, '')}-copy`;
  const taken = new Set((await repo.slugsLike(db, base)).map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; n < 1000; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  return `${base.slice(0, 56)}-${newId(4)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x')}`;
}

/** A draft copy (no password, no expiry), authored by whoever copied it. */
export async function duplicate(db: Db, secret: string, actor: Actor, entry: Row, now = Date.now()): Promise<Presentation> {
  const row = entry.presentation;
  const id = newId();
  const at = new Date(now);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const slug = await copySlug(db, row.slug);
    const insert = repo.insert(db, {
      id,
      slug,
      authorId: actor.user.id,
      projectId: row.projectId,
      customerName: row.customerName,
      customerLogoMediaId: row.customerLogoMediaId,
      headline: row.headline,
      document: row.document,
      createdAt: at,
      updatedAt: at,
    });
    try {
      if (auditedBy(actor)) await rawBatch(db, [insert, auditStatement(db, auditEntry(actor, 'presentation.duplicate', row, { slug: row.slug, copy: slug }))]);
      else await insert;
      return detail(db, secret, (await repo.findLive(db, id))!, now);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw slugTaken();
}

export async function remove(db: Db, actor: Actor, entry: Row, now = Date.now()): Promise<void> {
  const row = entry.presentation;
  const statement = repo.softDelete(db, row.id, new Date(now));
  if (auditedBy(actor))
    await rawBatch(db, [statement, auditIfChangedStatement(db, auditEntry(actor, 'presentation.delete', row, { slug: row.slug, customer: row.customerName }))]);
  else await statement;
}

// ---------------------------------------------------------------------------------------
// Statistics

export async function stats(db: Db, entry: Row, days: 7 | 30, now = Date.now()): Promise<PresentationStats> {
  const row = entry.presentation;
  const from = firstDayOf(now, days);
  const [daily, reach] = await Promise.all([repo.dailyStats(db, [row.id], from), repo.sectionReach(db, row.id, from)]);
  return statsOf(documentOf(row), daily, reach, days, now);
}

/** Deletes a presentation's stored cards except `keep`. */
export async function deleteOgCards(bucket: R2Bucket, presentationId: string, keep?: string): Promise<void> {
  const listed = await bucket.list({ prefix: ogPrefix(presentationId) });
  const stale = listed.objects.map((object) => object.key).filter((key) => key !== keep);
  if (stale.length > 0) await bucket.delete(stale);
}

/** Presentations deleted 30 days ago: their Open Graph cards (which carry the customer's name), then the rows (statistics cascade). */
export async function purgeDeleted(db: Db, bucket: R2Bucket, before: Date): Promise<void> {
  const rows = await repo.deletedBefore(db, before);
  for (const row of rows) await deleteOgCards(bucket, row.id);
  await repo.purgeDeleted(db, before);
}

// ---------------------------------------------------------------------------------------
// The public side's lookups

/** A live presentation by its address (any status: the public page decides what to show). */
export function bySlug(db: Db, slug: string): Promise<Row | undefined> {
  return repo.findLiveBySlug(db, slug);
}

/** The R2 key of a creation the document shows (a creative or a picture of one of its ads) in its live linked project, or undefined. */
export async function creationKey(db: Db, entry: Row, creationId: string): Promise<string | undefined> {
  const projectId = await linkedProject(db, entry);
  if (!projectId) return undefined;
  const ids = idsOf(documentOf(entry.presentation));
  let shown = ids.creations.includes(creationId);
  if (!shown && ids.ads.length > 0) {
    const ads = await projectAds(db, projectId, ids.ads);
    const pictures = await livePicturesOf(
      db,
      ads.map((ad) => ad.id),
    );
    shown = pictures.some((picture) => picture.creationId === creationId);
  }
  if (!shown) return undefined;
  return creationFile(db, projectId, creationId);
}

/** Whether the user wrote a presentation. */
export function anyPresentationRead(db: Db, userId: string): Read<boolean> {
  return hasRows(() => repo.anyPresentationQuery(db, userId));
}
