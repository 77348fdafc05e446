import { mediaFileUrl, mediaThumbnailUrl } from '#common/media-urls.ts';
import type { AdItem, AdPost, AdReview, AdSummary } from '#common/schemas/ads.ts';
import type { Placement } from '#common/ads.ts';
import type { Db } from '#worker/db/client.ts';
import { newId } from '#worker/lib/ids.ts';
import { creationFileUrl } from '#worker/features/creatives/core/service.ts';
import { postsFor } from '#worker/features/instagram/publish/service.ts';
import { projectImage } from '#worker/features/media/service.ts';
import * as repo from '#worker/features/ads/core/repo.ts';

/** How ads are answered with (service.ts): their pictures, summaries with review counts and posts, reviews, the overview's counts. */

export type ItemRow = Awaited<ReturnType<typeof repo.itemsOf>>[number];

export function toItem(row: ItemRow): AdItem {
  return {
    position: row.position,
    creationId: row.creationId,
    name: row.name,
    format: row.format,
    width: row.width,
    height: row.height,
    url: creationFileUrl(row.creationId),
    deleted: row.deletedAt !== null,
  };
}

export function toSummary(row: repo.AdRow, items: ItemRow[], reviewCount: number, post: AdPost | null): AdSummary {
  const first = items.find((item) => item.deletedAt === null);
  return {
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    kind: row.kind,
    status: row.status,
    headline: row.headline,
    placements: row.placements as Placement[],
    revision: row.revision,
    thumbnailUrl: first ? creationFileUrl(first.creationId) : null,
    itemCount: items.length,
    reviewCount,
    post,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function summariesOf(db: Db, rows: repo.AdRow[]): Promise<{ summaries: AdSummary[]; items: Map<string, ItemRow[]> }> {
  const ids = rows.map((row) => row.id);
  const [itemRows, counts, posts] = await Promise.all([repo.itemsOf(db, ids), repo.reviewCounts(db, ids), postsFor(db, ids)]);
  const items = new Map<string, ItemRow[]>();
  for (const item of itemRows) items.set(item.adId, [...(items.get(item.adId) ?? []), item]);
  const reviewCount = new Map(counts.map((c) => [c.adId, Number(c.count)]));
  return {
    summaries: rows.map((row) => toSummary(row, items.get(row.id) ?? [], reviewCount.get(row.id) ?? 0, posts.get(row.id) ?? null)),
    items,
  };
}

export async function avatarUrlOf(db: Db, projectId: string, mediaId: string | null): Promise<string | null> {
  if (!mediaId) return null;
  const image = await projectImage(db, projectId, mediaId);
  if (!image) return null;
  return image.thumbnailKey ? mediaThumbnailUrl(image.id, image.thumbnailKey) : mediaFileUrl(image.id);
}

/** Preview link secrets: 24 random bytes (192 bits), 32 base64url characters. */
const PREVIEW_ID_BYTES = 24;
export const newPreviewId = () => newId(PREVIEW_ID_BYTES);

/** An ad's preview link. */
export const previewUrlOf = (origin: string, previewId: string) => `${origin}/preview/${previewId}`;

export function toReview(row: repo.AdReviewRow): AdReview {
  return {
    id: row.id,
    reviewerName: row.reviewerName,
    reviewerEmail: row.reviewerEmail,
    member: row.userId !== null,
    decision: row.decision,
    comment: row.comment,
    revision: row.revision,
    level: row.levelName,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A project's ads that need someone (waiting for the customer, scheduled or failed posts, the
 * reviews received), and its published posts (the dashboard's Instagram card counts them).
 */
export interface AdOverviewRow {
  projectId: string;
  projectName: string;
  inReview: number;
  scheduled: number;
  published: number;
  failed: number;
  reviews: number;
}

export interface AdOverview {
  projects: AdOverviewRow[];
  totals: Omit<AdOverviewRow, 'projectId' | 'projectName'>;
}

/**
 * The overview from the counts per project and status (repo.adCountsForUser). The totals count
 * every project; the list leaves out projects where nothing waits for anyone (published posts
 * alone are done).
 */
export function overviewOf(rows: { projectId: string; projectName: string; status: string; ads: number; reviews: number }[]): AdOverview {
  const byProject = new Map<string, AdOverviewRow>();
  for (const row of rows) {
    const entry = byProject.get(row.projectId) ?? {
      projectId: row.projectId,
      projectName: row.projectName,
      inReview: 0,
      scheduled: 0,
      published: 0,
      failed: 0,
      reviews: 0,
    };
    const count = Number(row.ads);
    if (row.status === 'in_review') entry.inReview += count;
    if (row.status === 'scheduled') entry.scheduled += count;
    if (row.status === 'published') entry.published += count;
    if (row.status === 'failed') entry.failed += count;
    entry.reviews += Number(row.reviews);
    byProject.set(row.projectId, entry);
  }
  const all = [...byProject.values()];
  const projects = all
    .filter((p) => p.inReview + p.scheduled + p.failed + p.reviews > 0)
    .sort((a, b) => b.inReview + b.failed - (a.inReview + a.failed) || a.projectName.localeCompare(b.projectName));
  const sum = (key: keyof AdOverview['totals']) => all.reduce((total, p) => total + p[key], 0);
  return {
    projects,
    totals: { inReview: sum('inReview'), scheduled: sum('scheduled'), published: sum('published'), failed: sum('failed'), reviews: sum('reviews') },
  };
}
