import { AD_LIMITS, type AdKind, type Placement } from '#common/ads.ts';
import type { Db } from '#worker/db/client.ts';
import type { projects } from '#worker/db/schema.ts';
import { AppError } from '#worker/lib/errors.ts';
import { liveCreationsIn } from '#worker/features/creatives/core/service.ts';
import { projectImage } from '#worker/features/media/service.ts';

/** What an ad's pictures and copy must be (service.ts checks them before writing). */

export function invalid(field: string, message: string): AppError {
  return new AppError('validation_failed', message, { [field]: [message] });
}

/** The kind for `count` pictures: the one asked for if it fits, else 422; by default 1 → single, 2–10 → carousel. */
export function kindFor(count: number, asked: AdKind | undefined, field = 'creationIds'): AdKind {
  const kind = asked ?? (count > 1 ? 'carousel' : 'single');
  if (kind === 'carousel' && (count < AD_LIMITS.carouselMin || count > AD_LIMITS.carouselMax)) {
    throw invalid(field, `A carousel holds ${AD_LIMITS.carouselMin} to ${AD_LIMITS.carouselMax} pictures.`);
  }
  if (kind === 'story' && count !== 1) throw invalid(field, 'A story shows exactly one picture.');
  if (kind === 'single' && count !== 1) throw invalid(field, 'A single-image ad shows exactly one picture. Pick carousel for more.');
  return kind;
}

/** Every id must be a live creation of the project, each once. */
export async function checkCreations(db: Db, projectId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (new Set(ids).size !== ids.length) throw invalid('creationIds', 'Pick each picture once.');
  const found = await liveCreationsIn(db, projectId, ids);
  if (found.length !== ids.length) throw invalid('creationIds', 'Pick pictures rendered in this project.');
  return new Map(found.map((c) => [c.id, c.name]));
}

export async function checkAvatar(db: Db, projectId: string, mediaId: string): Promise<void> {
  if (!(await projectImage(db, projectId, mediaId))) throw invalid('avatarMediaId', 'Pick an image from this project’s media library.');
}

/** The brand kit's logo as the avatar, when it is still a live image of the project. */
export async function brandAvatar(db: Db, project: typeof projects.$inferSelect): Promise<string | null> {
  const id = project.brandKit.logoMediaId;
  return id && (await projectImage(db, project.id, id)) ? id : null;
}

export const defaultPlacements = (kind: AdKind): Placement[] => (kind === 'story' ? ['instagram_story'] : ['instagram_feed']);
