import { AppError } from '#worker/lib/errors.ts';
import type { Db } from '#worker/db/client.ts';
import { liveMediaIn } from '#worker/features/media/service.ts';
import * as repo from '#worker/features/creatives/core/repo.ts';

/**
 * Creatives as documents (PRODUCT.md §4.3): create, list, edit with revisions, restore,
 * delete; and the creations they were rendered into, listed and deleted. Rendering is in
 * render/service.ts, variations in variations/service.ts, linked formats in formats/service.ts:
 * they reach the creatives, revisions and creations tables through this module, the
 * sub-feature's entry point. Each job is a file of its own: creatives.ts, revisions.ts,
 * creations.ts, of-document.ts (the public API's creative of a document), document-rules.ts
 * (what they share).
 */
export type { CreationFilters, CreationRow, CreativeRow } from '#worker/features/creatives/core/repo.ts';
export { documentOf, type Actor, type Membership } from '#worker/features/creatives/core/document-rules.ts';
export {
  anyCreativeRead,
  createCreative,
  creativeForMember,
  deleteCreative,
  detail,
  imagesFor,
  imageUrls,
  insertCreativeStatements,
  isLiveCreative,
  listCreatives,
  projectCreativesPage,
  summary,
} from '#worker/features/creatives/core/creatives.ts';
export { listRevisions, restoreRevision, updateCreative } from '#worker/features/creatives/core/revisions.ts';
export {
  creationDetail,
  creationFileUrl,
  creationForMember,
  creationsRead,
  deleteCreation,
  listCreations,
  signedCreation,
  signedCreationUrl,
  toCreationItem,
} from '#worker/features/creatives/core/creations.ts';
export { creativeOfDocument } from '#worker/features/creatives/core/of-document.ts';

/** Creatives deleted before `before` go for good, with their revisions (the purge job). */
export async function purgeDeletedCreatives(db: Db, before: Date): Promise<void> {
  await repo.purgeDeletedCreatives(db, before);
}

/*
 * ---------- for the sibling sub-features ----------
 * Render, variations and formats store and read creatives and creations through these (this
 * sub-feature writes them); batch statements are handed back unrun, for the caller's batch.
 */

/** The live media objects of a project among `ids`, with what the renderer needs (media's, for render and formats). */
export function projectMediaIn(db: Db, projectId: string, ids: readonly string[]) {
  return liveMediaIn(db, projectId, ids);
}

/** One field of a creation, and whether it is live, inside another feature's statement (an ad's pictures). */
export { creationField, isLiveCreation } from '#worker/features/creatives/core/repo.ts';

/** The live creations of a project among `ids` (the pictures an ad may show). */
export function liveCreationsIn(db: Db, projectId: string, ids: readonly string[]) {
  return repo.liveCreationsIn(db, projectId, ids);
}

/** The creations of a project among `ids`, live or not, with their deletion (a scheduled post's pictures). */
export function creationsIn(db: Db, projectId: string, ids: readonly string[]) {
  return repo.creationsIn(db, projectId, ids);
}

/** A project's live creations (those among `ids` when given), newest first, at most `limit`, with their creative's status (a presentation's). */
export function projectCreations(db: Db, projectId: string, ids: readonly string[] | null, limit = 60) {
  return repo.projectCreations(db, projectId, ids, limit);
}

/** The file of a live creation of the project, if there is one. */
export async function creationFile(db: Db, projectId: string, id: string): Promise<string | undefined> {
  return (await repo.creationFile(db, projectId, id))?.r2Key;
}

/** The live creatives of a project among `ids`. */
export function creativesIn(db: Db, projectId: string, ids: readonly string[]) {
  return repo.creativesIn(db, projectId, ids);
}

/** The insert of a revision, written only if the creative now points at it (a copy that lost its race leaves none behind). */
export function insertRevisionIfCurrent(db: Db, revision: Parameters<typeof repo.insertRevisionIfCurrent>[1]) {
  return repo.insertRevisionIfCurrent(db, revision);
}

/**
 * The numbers of `count` new variations of `row` and the creative they are numbered on: a
 * variation's own variations count on with its source's (no two "variation 2" of one design),
 * or on the variation itself once the source is gone for good.
 */
export async function reserveVariationNumbers(db: Db, row: repo.CreativeRow, count: number): Promise<{ first: number; of: string }> {
  for (const of of row.variationOf ? [row.variationOf, row.id] : [row.id]) {
    const reserved = await repo.reserveVariationNumbers(db, of, count);
    if (reserved) return { first: reserved.last - count + 1, of };
  }
  throw new AppError('not_found');
}

/** The live creation of a revision, if it was rendered. */
export function findLiveCreationOfRevision(db: Db, revisionId: string) {
  return repo.findLiveCreationOfRevision(db, revisionId);
}

/** A render's creation; none when a live creation of the revision exists already (the partial unique index). */
export function insertCreationUnlessRendered(db: Db, values: repo.CreationInsert) {
  return repo.insertCreationUnlessRendered(db, values);
}

/** Creations whose own deletion, or their project's, is older than `before`, and their removal (the purge job). */
export function purgeableCreations(db: Db, before: Date, limit: number) {
  return repo.purgeableCreations(db, before, limit);
}

export function deleteCreationRows(db: Db, ids: string[]) {
  return repo.deleteCreationRows(db, ids);
}

/** The admin's support view of a project: its newest creatives and creations (queries for one batch) and their counts (subqueries). */
export { creativeUsage, newestCreationsQuery, newestCreativesQuery } from '#worker/features/creatives/core/repo.ts';
