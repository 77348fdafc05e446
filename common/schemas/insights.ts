import * as z from 'zod/mini';
import type { AdKind } from '#common/ads.ts';

/** How a project's insights table and CSV are ordered. */
export const INSIGHT_SORTS = ['published', 'reach', 'engagement'] as const;
export type InsightSort = (typeof INSIGHT_SORTS)[number];

/** GET /api/projects/{id}/insights(.csv)?sort=… */
export const insightListQuery = z.object({
  sort: z.optional(z.enum(INSIGHT_SORTS, 'Pick an order.')),
});

/**
 * pending: published, not read yet; ok: figures read; gone: the post was deleted on Instagram;
 * reconnect: the connection does not let us read its figures (reconnect the account).
 */
export type InsightState = 'pending' | 'ok' | 'gone' | 'reconnect';

/** One published post's figures (null: not read yet, or no such metric for the post's type, like a story's likes). */
export interface PostInsight {
  postId: string;
  adId: string;
  projectId: string;
  kind: AdKind;
  caption: string;
  permalink: string | null;
  publishedAt: string;
  fetchedAt: string | null;
  state: InsightState;
  reach: number | null;
  likes: number | null;
  comments: number | null;
  saves: number | null;
  shares: number | null;
  views: number | null;
  /** likes + comments + saves + shares (those the post has). */
  engagement: number | null;
}

/** GET /api/ads/{id}/insights: the ad's published post's figures, if any; `reconnect` when the account must be connected again. */
export interface AdInsights {
  insight: PostInsight | null;
  reconnect: boolean;
}

/** The dashboard's best posts of the last 30 days (by engagement, then reach), with their project's name. */
export interface BestPost extends PostInsight {
  projectName: string;
}
