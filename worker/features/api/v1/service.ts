import { FORMATS, type CreativeDocument } from '#common/creative/document.ts';
import type { V1Creation, V1Creative, V1CreativePage } from '#common/schemas/api-v1.ts';
import type { Db } from '#worker/db/client.ts';
import { AppError } from '#worker/lib/errors.ts';
import { looksLikeId } from '#worker/lib/ids.ts';
import {
  creativesIn,
  documentOf,
  liveCreationsIn,
  projectCreativesPage,
  signedCreationUrl,
  type CreationRow,
  type CreativeRow,
} from '#worker/features/creatives/core/service.ts';

/**
 * The public API's answers (issue 31): a key stands for one project, every read is of that
 * project only (another project's id is a 404, like one that does not exist), through the
 * creatives service.
 */

/** How long a creation's signed link stays valid. */
export const SIGNED_LINK_SECONDS = 3600;

/** What callers can fill: each layer's id, name, type and role. */
export function v1LayersOf(doc: CreativeDocument): V1Creative['layers'] {
  return doc.layers.map((layer) => ({ id: layer.id, name: layer.name ?? null, type: layer.type, slot: layer.slot ?? null }));
}

function toV1Creative(row: CreativeRow): V1Creative {
  const doc = documentOf(row);
  const { width, height } = FORMATS[row.format];
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    format: row.format,
    width,
    height,
    template: row.template,
    revision: row.revisionNumber,
    linkGroup: row.linkGroup,
    layers: v1LayersOf(doc),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listCreatives(db: Db, projectId: string, limit: number, cursor: string | undefined): Promise<V1CreativePage> {
  const page = await projectCreativesPage(db, projectId, limit, cursor);
  return { items: page.items.map(toV1Creative), nextCursor: page.nextCursor };
}

export async function getCreative(db: Db, projectId: string, id: string): Promise<V1Creative> {
  const [row] = looksLikeId(id) ? await creativesIn(db, projectId, [id]) : [];
  if (!row) throw new AppError('not_found');
  return toV1Creative(row);
}

export async function getCreation(
  db: Db,
  env: { SESSION_SECRET: string },
  origin: string,
  projectId: string,
  id: string,
  now = Date.now(),
): Promise<V1Creation> {
  const [row] = looksLikeId(id) ? await liveCreationsIn(db, projectId, [id]) : [];
  if (!row) throw new AppError('not_found');
  return toV1Creation(env, origin, row, now);
}

/** A live creation as the API answers it, with a signed link valid for SIGNED_LINK_SECONDS. */
export async function toV1Creation(env: { SESSION_SECRET: string }, origin: string, row: CreationRow, now = Date.now()): Promise<V1Creation> {
  const expiresAt = new Date(Math.floor(now / 1000) * 1000 + SIGNED_LINK_SECONDS * 1000);
  return {
    id: row.id,
    creativeId: row.creativeId,
    name: row.name,
    format: row.format,
    width: row.width,
    height: row.height,
    url: await signedCreationUrl(env, origin, row.id, expiresAt, 'png'),
    expiresAt: expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The human reference of /docs/api (decision 0045), made from the OpenAPI document. */
export { apiReference, KEY_VARIABLE } from '#worker/features/api/v1/reference.ts';
