import type { Db } from '#worker/db/client.ts';
import { newId } from '#worker/lib/ids.ts';
import { GraphError, type Graph } from '#worker/features/instagram/publish/graph.ts';
import { creationsIn } from '#worker/features/creatives/core/service.ts';
import * as repo from '#worker/features/instagram/publish/repo.ts';

/** The sandbox's publishing limit per 24 hours (Instagram's own is of the same order). */
export const SANDBOX_QUOTA = 50;

/** Where a sandbox post is shown: the account's sandbox feed, at the post's anchor. */
export function sandboxPermalink(origin: string, accountId: string, mediaId: string): string {
  return `${origin}/instagram/sandbox/${encodeURIComponent(accountId)}#${encodeURIComponent(mediaId)}`;
}

/**
 * The local Graph implementation of a sandbox account: containers and posts are rows of
 * instagram_sandbox_media with the same states as Meta's (a container is FINISHED at once,
 * publishing it assigns a media id and a permalink on the sandbox feed). A picture whose
 * creation is gone cannot be "fetched", as with Meta (2207052).
 */
export function sandboxGraph(db: Db, account: { id: string; igUserId: string; projectId: string }, origin: string, now: () => Date = () => new Date()): Graph {
  async function ownContainer(id: string) {
    const row = await repo.findSandboxMedia(db, id);
    if (!row || row.igUserId !== account.igUserId) throw new GraphError('unknown', 'Instagram does not know this prepared post.', 100, 33);
    return row;
  }

  return {
    sandbox: true,
    async createImageContainer(input) {
      const [creation] = await creationsIn(db, account.projectId, [input.creationId]);
      if (!creation || creation.deletedAt) {
        throw new GraphError('media', 'Instagram could not fetch the picture. Check that the creation still exists and try again.', 9004, 2207052);
      }
      const row = await repo.insertSandboxMedia(db, {
        id: newId(),
        igUserId: account.igUserId,
        mediaType: input.story ? 'STORIES' : 'IMAGE',
        isCarouselItem: input.carouselItem ?? false,
        imageUrl: input.imageUrl,
        creationIds: [input.creationId],
        caption: input.carouselItem || input.story ? null : (input.caption ?? ''),
        statusCode: 'FINISHED',
        createdAt: now(),
      });
      return row.id;
    },
    async createCarouselContainer(children, caption) {
      const items = await Promise.all(children.map(ownContainer));
      if (items.some((item) => !item.isCarouselItem))
        throw new GraphError('media', 'Instagram could not build the carousel from these pictures.', 36003, 2207028);
      const row = await repo.insertSandboxMedia(db, {
        id: newId(),
        igUserId: account.igUserId,
        mediaType: 'CAROUSEL',
        children,
        creationIds: items.flatMap((item) => item.creationIds ?? []),
        caption,
        statusCode: 'FINISHED',
        createdAt: now(),
      });
      return row.id;
    },
    async containerStatus(containerId) {
      const row = await ownContainer(containerId);
      return { statusCode: row.statusCode, status: row.statusCode === 'ERROR' ? 'ERROR' : null };
    },
    async publishingLimit() {
      const at = now();
      const usage = await repo.sandboxPublishedSince(db, account.igUserId, new Date(at.getTime() - 24 * 60 * 60 * 1000));
      return { usage, total: SANDBOX_QUOTA };
    },
    async publish(containerId) {
      const row = await ownContainer(containerId);
      if (row.isCarouselItem) throw new GraphError('unknown', 'A carousel item cannot be published on its own.', 100);
      const mediaId = `sbx${Date.now().toString(36)}${newId(6)}`.replace(/[^A-Za-z0-9]/g, '');
      const published = await repo.publishSandboxMedia(db, containerId, account.igUserId, {
        mediaId,
        permalink: sandboxPermalink(origin, account.id, mediaId),
        now: now(),
      });
      // Meta refuses to publish a container twice (or one that is not FINISHED).
      if (!published) throw new GraphError('unknown', 'Instagram refused to publish this prepared post again.', 9007, 2207027);
      return mediaId;
    },
    async permalink(mediaId) {
      const row = await repo.findSandboxMediaByMediaId(db, mediaId);
      return row?.permalink ?? null;
    },
    async publishedMediaOf(containerId) {
      const row = await ownContainer(containerId);
      return row.mediaId ? { mediaId: row.mediaId, permalink: row.permalink } : undefined;
    },
  };
}
