import type { ImageRef } from '#common/schemas/blocks.ts';
import type { AdCard, PageCard, PresentationDocument, ResolvedImage } from '#common/schemas/presentations.ts';
import type { Db } from '#worker/db/client.ts';
import { settledCache } from '#worker/lib/settled-cache.ts';
import { livePicturesOf, type projectAds } from '#worker/features/ads/core/service.ts';
import type { projectPages } from '#worker/features/funnels/pages/service.ts';
import { signMediaUrl, type projectImages } from '#worker/features/media/service.ts';
import { creationPath } from '#worker/features/presentations/rules.ts';

/**
 * What a document shows, made ready for a page (service.ts resolve and sources): signed URLs of
 * the linked project's media, the ads as cards with their pictures, the funnel pages as links.
 */

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

/** The creations, ads and funnel pages a document shows. */
export function idsOf(document: PresentationDocument) {
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
