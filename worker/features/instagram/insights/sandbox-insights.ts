/**
 * The sandbox account's insights: the same interface as the Graph API, with plausible
 * numbers that are the same for a post at the same age (seeded by the post's id) and grow
 * with it, quickly in the first day and then more slowly, as a real post's do. A story has
 * no likes, comments or saves, as on Instagram. A post the sandbox no longer holds answers as
 * Meta does for a deleted media (code 100, subcode 33).
 */
import type { Db } from '#worker/db/client.ts';
import { sandboxMediaExists } from '#worker/features/instagram/publish/service.ts';
import { InsightsError, type Figures, type InsightsReader, type InsightsRequest } from '#worker/features/instagram/insights/graph-insights.ts';

const HOUR = 60 * 60 * 1000;

/** A 32-bit FNV-1a hash: the post's own fixed random numbers. */
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** mulberry32: a small deterministic generator from the seed. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The figures of a post `ageMs` after it was published. */
export function sandboxFigures(postId: string, kind: InsightsRequest['kind'], ageMs: number): Figures {
  const random = generator(seedOf(postId));
  const between = (low: number, high: number) => low + (high - low) * random();
  // Every draw happens whatever the age, so that each figure keeps its own rate.
  const finalReach = Math.round(between(400, 4000));
  const likeRate = between(0.04, 0.12);
  const commentRate = between(0.04, 0.14);
  const saveRate = between(0.08, 0.3);
  const shareRate = between(0.04, 0.2);
  const viewRate = between(1.2, 2);
  // The followers who see a post at once count from the first minute (half an hour's worth); most
  // of its reach comes in its first day (a story's in its first hours).
  const hours = Math.max(0, ageMs) / HOUR + 0.5;
  const grown = 1 - Math.exp(-hours / (kind === 'story' ? 4 : 20));
  const reach = Math.round(finalReach * grown * (kind === 'story' ? 0.35 : 1));
  const likes = Math.round(reach * likeRate);
  return {
    reach,
    likes: kind === 'story' ? null : likes,
    comments: kind === 'story' ? null : Math.round(likes * commentRate),
    saves: kind === 'story' ? null : Math.round(likes * saveRate),
    shares: Math.round(likes * shareRate),
    views: Math.round(reach * viewRate),
  };
}

export function sandboxInsights(db: Db, igUserId: string, now: () => Date = () => new Date()): InsightsReader {
  return {
    sandbox: true,
    async mediaInsights(request) {
      if (!(await sandboxMediaExists(db, igUserId, request.mediaId))) {
        throw new InsightsError(
          'gone',
          `Unsupported get request. Object with ID '${request.mediaId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
          100,
          33,
        );
      }
      return sandboxFigures(request.postId, request.kind, now().getTime() - request.publishedAt.getTime());
    },
  };
}
