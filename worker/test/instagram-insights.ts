import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { ads, insightPauses, instagramSandboxMedia, postInsights, scheduledPosts } from '#worker/db/schema.ts';
import { newId } from '#worker/lib/ids.ts';
import { db, type Setup } from '#worker/test/instagram-publish.ts';

/** Test fixtures for insights: published posts (rows as the publishing job leaves them) and what the insights job wrote. */

export async function publishedPost(s: Setup, options: { kind?: 'single' | 'carousel' | 'story'; publishedAt: Date; mediaId?: string; caption?: string }) {
  const id = newId();
  // An ad has one live post: each post its own published ad.
  const adId = newId();
  await db()
    .insert(ads)
    .values({
      id: adId,
      projectId: s.projectId,
      createdBy: s.owner.id,
      name: 'Spring sale',
      kind: options.kind ?? 'single',
      status: 'published',
      primaryText: options.caption ?? 'Spring is here ☕ #coffee',
      placements: ['instagram_feed'],
      createdAt: options.publishedAt,
      updatedAt: options.publishedAt,
    });
  const mediaId = options.mediaId ?? `1790${Math.floor(Math.random() * 1e12)}`;
  await db()
    .insert(scheduledPosts)
    .values({
      id,
      projectId: s.projectId,
      adId,
      accountId: s.accountId || null,
      kind: options.kind ?? 'single',
      creationIds: s.creationIds,
      caption: options.caption ?? 'Spring is here ☕ #coffee',
      scheduledAt: options.publishedAt,
      status: 'published',
      nextAttemptAt: options.publishedAt,
      mediaId,
      permalink: `https://www.instagram.com/p/${mediaId}/`,
      publishedAt: options.publishedAt,
      createdAt: options.publishedAt,
      updatedAt: options.publishedAt,
    });
  return { postId: id, mediaId, adId };
}

export function insightOf(postId: string) {
  return db().select().from(postInsights).where(eq(postInsights.postId, postId)).get();
}

export function pauseOf(accountId: string) {
  return db().select().from(insightPauses).where(eq(insightPauses.accountId, accountId)).get();
}

/** Meta's insights answer: `{ data: [{ name, period, values: [{ value }], title, description, id }] }`. */
export function insightsBody(mediaId: string, figures: Record<string, number>) {
  return {
    data: Object.entries(figures).map(([name, value]) => ({
      name,
      period: 'lifetime',
      values: [{ value }],
      title: name[0]!.toUpperCase() + name.slice(1),
      description: `The number of ${name} on this post.`,
      id: `${mediaId}/insights/${name}/lifetime`,
    })),
  };
}

/** The file shares one database: every test starts with no post the job would read. */
export async function forgetInsights(): Promise<void> {
  await env.DB.batch([
    env.DB.prepare('DELETE FROM post_insights'),
    env.DB.prepare('DELETE FROM insight_pauses'),
    env.DB.prepare("UPDATE scheduled_posts SET status = 'canceled'"),
  ]);
}

/** A published post of the sandbox account: its media on the sandbox feed (which the sandbox's insights read), then the post. */
export async function publishedSandboxPost(s: Setup, publishedAt: Date, caption?: string) {
  const post = await publishedPost(s, { publishedAt, mediaId: `sbx${crypto.randomUUID().replaceAll('-', '')}`, ...(caption ? { caption } : {}) });
  await db().insert(instagramSandboxMedia).values({
    id: crypto.randomUUID(),
    igUserId: s.igUserId,
    mediaType: 'IMAGE',
    statusCode: 'PUBLISHED',
    mediaId: post.mediaId,
    publishedAt,
    createdAt: publishedAt,
  });
  return post;
}
