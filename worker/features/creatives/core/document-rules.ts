import { canonicalJson, mediaIdsOf, parseCreative, type CreativeDocument } from '#common/creative/document.ts';
import { nameFromHeadline } from '#common/creative/naming.ts';
import { headlineOf, templateById } from '#common/creative/templates.ts';
import type { ProjectRole } from '#common/schemas/projects.ts';
import type { Db } from '#worker/db/client.ts';
import type { projects } from '#worker/db/schema.ts';
import { sha256Hex } from '#worker/lib/crypto.ts';
import { AppError } from '#worker/lib/errors.ts';
import { checkBrandFonts } from '#worker/features/creatives/fonts/service.ts';
import { liveMediaIn } from '#worker/features/media/service.ts';
import type * as repo from '#worker/features/creatives/core/repo.ts';

/**
 * What every job of the creatives sub-feature shares (service.ts is its entry point): who acts,
 * in which membership, and the rules of a stored document (its hash, its pictures and fonts,
 * the name its headline gives).
 */
type Project = typeof projects.$inferSelect;
export type Membership = { project: Project; role: ProjectRole };
export type Actor = { id: string; name: string };

export function documentOf(row: repo.CreativeRow): CreativeDocument {
  return parseCreative(row.document);
}

export async function hashOf(doc: CreativeDocument): Promise<string> {
  return sha256Hex(canonicalJson(doc));
}

/** Every media object a document refers to must be a live object of the project, every uploaded font one of the project's. */
export async function checkMedia(db: Db, projectId: string, doc: CreativeDocument): Promise<void> {
  await checkBrandFonts(db, projectId, doc);
  const ids = mediaIdsOf(doc);
  if (ids.length === 0) return;
  const found = new Set((await liveMediaIn(db, projectId, ids)).map((m) => m.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0)
    throw new AppError('validation_failed', 'Pick images from this project’s media library.', { document: ['Pick images from this project’s media library.'] });
}

/** The name a document's headline gives (issue 27): its template's name when the headline says nothing. */
export function headlineName(doc: CreativeDocument): string {
  return nameFromHeadline(headlineOf(doc), templateById(doc.template)?.name ?? 'Creative');
}
