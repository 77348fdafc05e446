import { DEFAULT_THEME, themeFromBrandKit, type ImageRef } from '#common/schemas/blocks.ts';
import { PLANS } from '#common/plans.ts';
import {
  PRESENTATION_LIMITS,
  newSection,
  presentationDocumentSchema,
  sectionSamples,
  sectionTitle,
  starterDocument,
  type AdCard,
  type PageCard,
  type Presentation,
  type PresentationCreateInput,
  type PresentationDocument,
  type PresentationSources,
  type PresentationStats,
  type PresentationSummary,
  type PresentationUpdateInput,
  type Resolved,
  type ResolvedImage,
  type Section,
} from '#common/schemas/presentations.ts';
import type { BrandKit } from '#common/schemas/projects.ts';
import * as z from 'zod/mini';
import { rawBatch, type Db } from '#worker/db/client.ts';
import type { SessionUser } from '#worker/env.ts';
import { auditIfChangedStatement, auditStatement } from '#worker/lib/audit.ts';
import { hashPassword } from '#worker/lib/crypto.ts';
import { decodeCursor, encodeCursor, toPage } from '#worker/lib/cursor.ts';
import { AppError } from '#worker/lib/errors.ts';
import { newId } from '#worker/lib/ids.ts';
import { settledCache } from '#worker/lib/settled-cache.ts';
import { signMediaUrl } from '#worker/features/media/service.ts';
import { membershipOf } from '#worker/features/projects/service.ts';
import * as repo from '#worker/features/presentations/repo.ts';

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

const DAY_MS = 86_400_000;
const PLAN_MESSAGE = 'Presentations come with the Agency plan. Upgrade to create your own.';

export const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

function lastDays(now: number, n: number): string[] {
  const days: string[] = [];
  for (let i = n - 1; i >= 0; i -= 1) days.push(dayOf(now - i * DAY_MS));
  return days;
}

/** Whether `user` may manage presentations at all (list, create). */
export function mayAuthor(user: SessionUser): boolean {
  return user.role === 'admin' || PLANS[user.plan].presentations;
}

/** Whether `user` may manage this presentation: admins all, Agency-plan authors their own. */
export function canManage(user: SessionUser | null | undefined, row: Pick<repo.PresentationRow, 'authorId'>): boolean {
  if (!user) return false;
  if (user.role === 'admin') return true;
  return row.authorId === user.id && PLANS[user.plan].presentations;
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

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    if (/UNIQUE constraint failed/.test(e instanceof Error ? e.message : String(e))) return true;
  }
  return false;
}

function slugTaken(): AppError {
  const message = 'That address is taken: pick another.';
  return new AppError('conflict', message, { slug: [message] });
}

function staleRevision(current: number): AppError {
  return new AppError('conflict', 'Someone saved a newer version of this presentation. Reload to see it; your change was not saved.', {
    _: [`revision:${current}`],
  });
}

const utf8 = new TextEncoder();
function refuseLargeDocument(document: PresentationDocument): void {
  const bytes = utf8.encode(JSON.stringify(document)).byteLength;
  if (bytes <= PRESENTATION_LIMITS.documentBytes) return;
  const message = `This presentation is too large to save (${Math.ceil(bytes / 1024)} KiB; at most ${PRESENTATION_LIMITS.documentBytes / 1024} KiB). Shorten or remove some sections.`;
  throw new AppError('payload_too_large', message, { document: [message] });
}

/** A stored document, checked again (an older or damaged one falls back to a starter document of its customer). */
export function documentOf(row: repo.PresentationRow): PresentationDocument {
  const parsed = z.safeParse(presentationDocumentSchema, row.document);
  if (parsed.success) return parsed.data;
  return starterDocument(row.customerName);
}

export const publicPath = (slug: string) => `/presents/${slug}`;

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

const signed = settledCache<string, string>(2_000);

/** Signed media URLs valid until the end of the next UTC day (the same all day: browser caches), made once per isolate. */
function signedMediaUrl(secret: string, id: string, variant: 'file' | 'thumbnail', now: number): Promise<string> {
  const nowSeconds = Math.floor(now / 1000);
  const expires = (Math.floor(nowSeconds / 86_400) + 2) * 86_400;
  return signed.get(`${id}|${variant}|${expires}`, () => signMediaUrl(secret, id, variant, expires - nowSeconds, now));
}

const THUMB_WIDTH = 480;

/** The media ids a document shows: the logo, the hero's picture, screenshots, testimonial avatars. */
export function mediaIdsOf(document: PresentationDocument): string[] {
  const refs: (ImageRef | null)[] = [document.logo];
  for (const section of document.sections) {
    if (section.type === 'hero') refs.push(section.props.image);
    if (section.type === 'funnelPages') refs.push(...section.props.items.map((item) => item.screenshot));
    if (section.type === 'testimonials') refs.push(...section.props.items.map((item) => item.avatar));
  }
  return [...new Set(refs.filter((ref): ref is ImageRef => ref !== null).map((ref) => ref.mediaId))];
}

function idsOf(document: PresentationDocument) {
  const creations = new Set<string>();
  const ads = new Set<string>();
  const pages = new Set<string>();
  for (const section of document.sections) {
    if (section.type === 'creatives') for (const item of section.props.items) creations.add(item.creationId);
    if (section.type === 'adPreviews') for (const item of section.props.items) ads.add(item.adId);
    if (section.type === 'funnelPages') for (const item of section.props.items) pages.add(item.pageId);
  }
  return { creations: [...creations], ads: [...ads], pages: [...pages] };
}

/** Where the public page serves a creation of the presentation's project (gated like the page itself). */
export const creationPath = (slug: string, creationId: string) => `/presents/${slug}/creation/${creationId}`;

type MediaRow = Awaited<ReturnType<typeof repo.projectMedia>>[number];
type AdRow = Awaited<ReturnType<typeof repo.projectAds>>[number];
type PageRow = Awaited<ReturnType<typeof repo.projectPages>>[number];

async function resolveMedia(secret: string, rows: MediaRow[], now: number): Promise<Record<string, ResolvedImage & { name: string }>> {
  const out: Record<string, ResolvedImage & { name: string }> = {};
  await Promise.all(
    rows.map(async (row) => {
      if (!row.width || !row.height) return;
      const src = await signedMediaUrl(secret, row.id, 'file', now);
      let srcSet: string | undefined;
      if (row.thumbnailKey && row.width > THUMB_WIDTH)
        srcSet = `${await signedMediaUrl(secret, row.id, 'thumbnail', now)} ${THUMB_WIDTH}w, ${src} ${row.width}w`;
      out[row.id] = { src, width: row.width, height: row.height, name: row.name, ...(srcSet ? { srcSet } : {}) };
    }),
  );
  return out;
}

function handleOf(pageName: string): string {
  const handle = pageName
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9._]/g, '');
  return handle.slice(0, 30) || 'yourbrand';
}

function pageCard(row: PageRow): PageCard {
  let url: string | null = null;
  if (row.published) url = row.customDomain ? `https://${row.customDomain}/${row.slug}` : `/p/${row.funnelName}/${row.slug}`;
  return { id: row.id, title: row.title, funnelTitle: row.funnelTitle, url };
}

async function adCards(db: Db, secret: string, slug: string, rows: AdRow[], now: number): Promise<AdCard[]> {
  const pictures = await repo.adPictures(
    db,
    rows.map((row) => row.id),
  );
  const avatarIds = [...new Set(rows.map((row) => row.avatarMediaId).filter((id): id is string => id !== null))];
  const avatars = new Map<string, string>();
  await Promise.all(avatarIds.map(async (id) => avatars.set(id, await signedMediaUrl(secret, id, 'file', now))));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    status: row.status,
    kind: row.kind,
    pageName: row.pageName || row.name,
    handle: handleOf(row.pageName || row.name),
    avatarUrl: row.avatarMediaId ? (avatars.get(row.avatarMediaId) ?? null) : null,
    primaryText: row.primaryText,
    headline: row.headline,
    description: row.description,
    cta: row.cta,
    destinationUrl: row.destinationUrl,
    placements: row.placements as AdCard['placements'],
    items: pictures
      .filter((picture) => picture.adId === row.id)
      .map((picture) => ({ url: creationPath(slug, picture.creationId), width: picture.width, height: picture.height, alt: picture.name })),
    // Never the ad's shareable preview: it is the customer's approval link (anyone holding it can approve the ad).
    previewUrl: null,
  }));
}

/** Everything the document shows, resolved in its linked project (nothing without a live link: linkedProject). */
export async function resolve(db: Db, secret: string, entry: Row, document: PresentationDocument, now = Date.now()): Promise<Resolved> {
  const row = entry.presentation;
  const resolved: Resolved = { images: {}, creations: {}, ads: {}, pages: {} };
  const projectId = await linkedProject(db, entry);
  if (!projectId) return resolved;
  const ids = idsOf(document);
  const [mediaRows, creationRows, adRows, pageRows] = await Promise.all([
    repo.projectMedia(db, projectId, mediaIdsOf(document)),
    repo.projectCreations(db, projectId, ids.creations),
    repo.projectAds(db, projectId, ids.ads),
    repo.projectPages(db, projectId, ids.pages),
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
    repo.projectMedia(db, projectId, null),
    repo.projectCreations(db, projectId, null),
    repo.projectAds(db, projectId, null),
    repo.projectPages(db, projectId, null),
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

function isExpired(row: repo.PresentationRow, now: number): boolean {
  return row.expiresAt !== null && row.expiresAt.getTime() <= now;
}

type Daily = Awaited<ReturnType<typeof repo.dailyStats>>;

function summaryOf(entry: Row, daily: Daily, now: number): PresentationSummary {
  const row = entry.presentation;
  const days = lastDays(now, 7);
  const mine = daily.filter((d) => d.presentationId === row.id);
  const daily7d = days.map((day) => {
    const found = mine.find((d) => d.day === day);
    return { day, visitors: found?.visitors ?? 0, views: found?.views ?? 0 };
  });
  return {
    id: row.id,
    slug: row.slug,
    customerName: row.customerName,
    headline: row.headline,
    status: row.status,
    expired: isExpired(row, now),
    url: publicPath(row.slug),
    author: row.authorId && entry.authorName !== null ? { id: row.authorId, name: entry.authorName } : null,
    projectId: entry.projectName !== null ? row.projectId : null,
    projectName: entry.projectName,
    hasPassword: row.passwordHash !== null,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    views7d: daily7d.reduce((sum, d) => sum + d.views, 0),
    visitors7d: daily7d.reduce((sum, d) => sum + d.visitors, 0),
    daily7d,
  };
}

export async function detail(db: Db, secret: string, entry: Row, now = Date.now()): Promise<Presentation> {
  const row = entry.presentation;
  const document = documentOf(row);
  const [daily, resolved] = await Promise.all([repo.dailyStats(db, [row.id], dayOf(now - 6 * DAY_MS)), resolve(db, secret, entry, document, now)]);
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
    dayOf(now - 6 * DAY_MS),
  );
  return { items: page.items.map((r) => summaryOf(r, daily, now)), nextCursor: page.nextCursor };
}

// ---------------------------------------------------------------------------------------
// Creating (prefilled from a project)

/** The project, if the user may show its work: an editor or owner of it, or an admin (audited: the admin area reaches every project). */
async function usableProject(db: Db, user: SessionUser, projectId: string) {
  const project = await repo.liveProject(db, projectId);
  if (!project) return undefined;
  if (user.role === 'admin') return project;
  const membership = await membershipOf(db, projectId, user.id);
  return membership && EDITING_ROLES.has(membership.role) ? project : undefined;
}

function projectNotFound(field: string): AppError {
  const message = 'That project does not exist, or you are not an editor of it.';
  return new AppError('validation_failed', message, { [field]: [message] });
}

const GOOD_CREATIVES = new Set(['approved']);
const SHOWN_ADS = ['published', 'scheduled', 'approved', 'in_review'];

/** A document for the project's customer: its brand, its best creatives (approved first), ads and published pages. */
export async function prefilledDocument(
  db: Db,
  customerName: string,
  project: { id: string; name: string; brandKit: BrandKit },
): Promise<PresentationDocument> {
  const theme = themeFromBrandKit(project.brandKit);
  const doc = starterDocument(customerName, theme);
  const [creationRows, adRows, pageRows, logo] = await Promise.all([
    repo.projectCreations(db, project.id, null, 30),
    repo.projectAds(db, project.id, null, 30),
    repo.projectPages(db, project.id, null, 10),
    project.brandKit.logoMediaId ? repo.projectMedia(db, project.id, [project.brandKit.logoMediaId]) : Promise.resolve([]),
  ]);
  if (logo[0]) doc.logo = { mediaId: logo[0].id, alt: `${customerName} logo` };
  const best = [...creationRows.filter((c) => GOOD_CREATIVES.has(c.status ?? '')), ...creationRows.filter((c) => !GOOD_CREATIVES.has(c.status ?? ''))].slice(
    0,
    6,
  );
  const shownAds = adRows
    .filter((ad) => SHOWN_ADS.includes(ad.status))
    .sort((a, b) => SHOWN_ADS.indexOf(a.status) - SHOWN_ADS.indexOf(b.status))
    .slice(0, 3);
  const livePages = pageRows.filter((page) => page.published).slice(0, 3);
  const sections: Section[] = [newSection('hero', 'hero'), newSection('intro', 'intro')];
  if (best.length > 0) {
    const section = newSection('creatives', 'creatives');
    section.props.items = best.map((c) => ({ creationId: c.id, caption: c.name }));
    sections.push(section);
  }
  if (shownAds.length > 0) {
    const section = newSection('adPreviews', 'ads');
    section.props.items = shownAds.map((ad) => ({ adId: ad.id }));
    sections.push(section);
  }
  if (livePages.length > 0) {
    const section = newSection('funnelPages', 'pages');
    section.props.items = livePages.map((page) => ({ pageId: page.id, caption: '', screenshot: null }));
    sections.push(section);
  }
  sections.push({ id: 'pricing', type: 'pricing', props: structuredClone(sectionSamples.pricing) }, newSection('cta', 'cta'));
  doc.sections = sections;
  doc.intro = `Dear ${customerName} team,\n\nwe put together what we would do for ${project.name} this season: the creatives, the ads as your customers would see them, and the pages they lead to.`;
  return doc;
}

export async function create(db: Db, secret: string, actor: Actor, input: PresentationCreateInput, now = Date.now()): Promise<Presentation> {
  refusePlan(actor.user);
  let projectId: string | null = null;
  let document = starterDocument(input.customerName, DEFAULT_THEME);
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
  if (!changed) throw staleRevision(current.presentation.revision);
  return detail(db, secret, current, now);
}

export async function update(db: Db, secret: string, actor: Actor, entry: Row, input: PresentationUpdateInput, now = Date.now()): Promise<Presentation> {
  const row = entry.presentation;
  if (input.baseRevision !== row.revision) throw staleRevision(row.revision);
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
  const row = entry.presentation;
  return writeAt(
    db,
    secret,
    actor,
    entry,
    { status: 'published', publishedAt: new Date(now) },
    'presentation.publish',
    { slug: row.slug, before: { status: row.status }, after: { status: 'published' } },
    now,
  );
}

export async function unpublish(db: Db, secret: string, actor: Actor, entry: Row, now = Date.now()): Promise<Presentation> {
  const row = entry.presentation;
  return writeAt(
    db,
    secret,
    actor,
    entry,
    { status: 'draft' },
    'presentation.unpublish',
    { slug: row.slug, before: { status: row.status }, after: { status: 'draft' } },
    now,
  );
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
  const range = lastDays(now, days);
  const [daily, reach] = await Promise.all([repo.dailyStats(db, [row.id], range[0]!), repo.sectionReach(db, row.id, range[0]!)]);
  const series = range.map((day) => {
    const found = daily.find((d) => d.day === day);
    return { day, visitors: found?.visitors ?? 0, views: found?.views ?? 0, seconds: found?.seconds ?? 0 };
  });
  const totals = series.reduce((sum, d) => ({ visitors: sum.visitors + d.visitors, views: sum.views + d.views, seconds: sum.seconds + d.seconds }), {
    visitors: 0,
    views: 0,
    seconds: 0,
  });
  const reached = new Map(reach.map((r) => [r.sectionId, Number(r.reached)]));
  const document = documentOf(row);
  return {
    days,
    totals: { ...totals, avgSeconds: totals.views > 0 ? Math.round(totals.seconds / totals.views) : 0 },
    series,
    sections: document.sections.map((section) => ({ id: section.id, type: section.type, title: sectionTitle(section), reached: reached.get(section.id) ?? 0 })),
  };
}

/** Where a presentation's Open Graph cards are kept in R2 (one object per id: the newest replaces the others). */
export const ogPrefix = (presentationId: string) => `presentations/og/${presentationId}/`;

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
    const ads = await repo.projectAds(db, projectId, ids.ads);
    const pictures = await repo.adPictures(
      db,
      ads.map((ad) => ad.id),
    );
    shown = pictures.some((picture) => picture.creationId === creationId);
  }
  if (!shown) return undefined;
  return (await repo.creationFile(db, projectId, creationId))?.r2Key;
}

export { isExpired };
