import type { ImageRef } from '#common/schemas/blocks.ts';
import type { AdCard, PageCard, PresentationDocument, ResolvedImage } from '#common/schemas/presentations.ts';
import type { Db } from '#worker/db/client.ts';
import { refuseMissingReferences, type Reference } from '#worker/lib/references.ts';
import { settledCache } from '#worker/lib/settled-cache.ts';
import { livePicturesOf, projectAds } from '#worker/features/ads/core/service.ts';
import { projectCreations } from '#worker/features/creatives/core/service.ts';
import { projectPages } from '#worker/features/funnels/pages/service.ts';
import { projectImages, signMediaUrl } from '#worker/features/media/service.ts';
import { creationPath } from '#worker/features/presentations/rules.ts';

/**
 * What a document shows: checked when it is saved (checkShown), and made ready for a page
 * (service.ts resolve and sources): signed URLs of the linked project's media, the ads as cards
 * with their pictures, the funnel pages as links.
 */

const signed = settledCache<string, string>(2_000);

/** Signed media URLs valid until the end of the next UTC day (the same all day: browser caches), made once per isolate. */
function signedMediaUrl(secret: string, id: string, variant: 'file' | 'thumbnail', now: number): Promise<string> {
  const nowSeconds = Math.floor(now / 1000);
  const expires = (Math.floor(nowSeconds / 86_400) + 2) * 86_400;
  return signed.get(`${id}|${variant}|${expires}`, () => signMediaUrl(secret, id, variant, expires - nowSeconds, now));
}

const THUMB_WIDTH = 480;

/** What a document refers to by kind, each reference with its path (`document.sections.2.props.items.0.adId`). */
export interface DocumentRefs {
  media: Reference[];
  creations: Reference[];
  ads: Reference[];
  pages: Reference[];
}

/** The references of a document: the logo, the hero's picture, screenshots, avatars; the creations, ads and funnel pages its sections show. */
export function refsOf(document: PresentationDocument): DocumentRefs {
  const refs: DocumentRefs = { media: [], creations: [], ads: [], pages: [] };
  const image = (ref: ImageRef | null, path: string) => {
    if (ref) refs.media.push({ path: `${path}.mediaId`, id: ref.mediaId });
  };
  image(document.logo, 'document.logo');
  document.sections.forEach((section, s) => {
    const at = `document.sections.${s}.props`;
    if (section.type === 'hero') image(section.props.image, `${at}.image`);
    if (section.type === 'testimonials') section.props.items.forEach((item, i) => image(item.avatar, `${at}.items.${i}.avatar`));
    if (section.type === 'creatives')
      section.props.items.forEach((item, i) => refs.creations.push({ path: `${at}.items.${i}.creationId`, id: item.creationId }));
    if (section.type === 'adPreviews') section.props.items.forEach((item, i) => refs.ads.push({ path: `${at}.items.${i}.adId`, id: item.adId }));
    if (section.type === 'funnelPages') {
      section.props.items.forEach((item, i) => {
        refs.pages.push({ path: `${at}.items.${i}.pageId`, id: item.pageId });
        image(item.screenshot, `${at}.items.${i}.screenshot`);
      });
    }
  });
  return refs;
}

const idSet = (refs: readonly Reference[]) => [...new Set(refs.map((ref) => ref.id))];

/** The media ids a document shows. */
export function mediaIdsOf(document: PresentationDocument): string[] {
  return idSet(refsOf(document).media);
}

/** The creations, ads and funnel pages a document shows. */
export function idsOf(document: PresentationDocument) {
  const refs = refsOf(document);
  return { creations: idSet(refs.creations), ads: idSet(refs.ads), pages: idSet(refs.pages) };
}

/** The owning features' lookups of a project's live things among ids, by the kind of reference, and what a refusal says. */
const SHOWN: Record<keyof DocumentRefs, { lookup: typeof projectAds | typeof projectImages | typeof projectCreations | typeof projectPages; message: string }> =
  {
    media: { lookup: projectImages, message: 'Pick images from the linked project’s media library.' },
    creations: { lookup: projectCreations, message: 'Pick creatives rendered in the linked project.' },
    ads: { lookup: projectAds, message: 'Pick ads of the linked project.' },
    pages: { lookup: projectPages, message: 'Pick funnel pages of the linked project.' },
  };
const NO_PROJECT = 'Link a project to show its pictures, creatives, ads and pages.';

/**
 * Refuses (422, naming each field) what a saved document newly shows unless it is live in the
 * project the presentation links (`projectId`): another project's ids, and made-up ones, would
 * be stored yet never shown. What the stored document (`stored`, of the same project) already
 * shows may stay, a picture deleted since among it: refusing it would stop every save.
 */
export async function checkShown(db: Db, projectId: string | null, document: PresentationDocument, stored: PresentationDocument | null): Promise<void> {
  const refs = refsOf(document);
  const before = stored ? refsOf(stored) : undefined;
  const kinds = Object.keys(SHOWN) as (keyof DocumentRefs)[];
  const checks = await Promise.all(
    kinds.map(async (kind) => {
      const kept = new Set(before?.[kind].map((ref) => ref.id));
      const fresh = refs[kind].filter((ref) => !kept.has(ref.id));
      const ids = [...new Set(fresh.map((ref) => ref.id))];
      const rows = projectId && ids.length > 0 ? await SHOWN[kind].lookup(db, projectId, ids, ids.length) : [];
      return { refs: fresh, found: new Set(rows.map((row) => row.id)), message: projectId ? SHOWN[kind].message : NO_PROJECT };
    }),
  );
  refuseMissingReferences(checks);
}

export type MediaRow = Awaited<ReturnType<typeof projectImages>>[number];
type AdRow = Awaited<ReturnType<typeof projectAds>>[number];
type PageRow = Awaited<ReturnType<typeof projectPages>>[number];

export async function resolveMedia(secret: string, rows: MediaRow[], now: number): Promise<Record<string, ResolvedImage & { name: string }>> {
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

export function pageCard(row: PageRow): PageCard {
  let url: string | null = null;
  if (row.published) url = row.customDomain ? `https://${row.customDomain}/${row.slug}` : `/p/${row.funnelName}/${row.slug}`;
  return { id: row.id, title: row.title, funnelTitle: row.funnelTitle, url };
}

export async function adCards(db: Db, secret: string, slug: string, rows: AdRow[], now: number): Promise<AdCard[]> {
  const pictures = await livePicturesOf(
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
