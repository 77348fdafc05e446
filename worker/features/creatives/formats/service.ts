import { canonicalJson, FORMAT_IDS, FORMATS, mediaIdsOf, withoutMedia, type FormatId } from '#common/creative/document.ts';
import { formatCopyName, withoutFormat } from '#common/creative/naming.ts';
import { adaptToFormat } from '#common/creative/resize.ts';
import { CREDIT_COSTS, type PlanId } from '#common/plans.ts';
import type { LinkedFormat, LinkedFormats, RenderAllItem, RenderAllResult, ResizeResult } from '#common/schemas/formats.ts';
import { countOf } from '#common/plural.ts';
import { rawBatch, type Db } from '#worker/db/client.ts';
import type { Bindings } from '#worker/env.ts';
import { auditStatement } from '#worker/lib/audit.ts';
import { sha256Hex } from '#worker/lib/crypto.ts';
import { AppError } from '#worker/lib/errors.ts';
import { newId } from '#worker/lib/ids.ts';
import { getCreditSummary } from '#worker/features/credits/service.ts';
import { safeFileName, zipStream } from '#worker/lib/zip-stream.ts';
import { renderCreative } from '#worker/features/creatives/render/service.ts';
import {
  creativesIn,
  documentOf,
  imagesFor,
  imageUrls,
  insertRevisionIfCurrent,
  liveCreationsIn,
  projectMediaIn,
  summary,
  type Actor,
  type CreativeRow,
  type Membership,
} from '#worker/features/creatives/core/service.ts';
import * as repo from '#worker/features/creatives/formats/repo.ts';

/**
 * Every format at once (issue 14, point 5): "Resize" makes linked copies of a creative in
 * other formats (one link group, the layout adapted by `adaptToFormat`); the group renders
 * in one action (1 credit per format whose current version has no PNG yet, each a render of
 * its own: charged by one conditional write, refunded if it fails) and downloads as one
 * streamed ZIP.
 */

const formatOrder = (format: FormatId) => FORMAT_IDS.indexOf(format);

type Member = Awaited<ReturnType<typeof repo.groupMembers>>[number];

async function membersOf(db: Db, row: CreativeRow): Promise<Member[]> {
  const members = await repo.groupMembers(db, row.projectId, row.id, row.linkGroup);
  // One of each format (the creative's own first, then the oldest, should an edit have changed a copy's format), in the product's order.
  const ordered = [...members.filter((m) => m.creative.id === row.id), ...members.filter((m) => m.creative.id !== row.id)];
  const seen = new Set<FormatId>();
  return ordered
    .filter((m) => {
      if (seen.has(m.creative.format)) return false;
      seen.add(m.creative.format);
      return true;
    })
    .sort((a, b) => formatOrder(a.creative.format) - formatOrder(b.creative.format));
}

function toLinkedFormat(m: Member): LinkedFormat {
  return {
    id: m.creative.id,
    name: m.creative.name,
    format: m.creative.format,
    status: m.creative.status,
    revisionNumber: m.creative.revisionNumber,
    currentCreationId: m.currentCreationId,
    lastCreationId: m.lastCreationId,
  };
}

/** The creative's linked formats (`GET /api/creatives/{id}/formats`). */
export async function linkedFormats(db: Db, row: CreativeRow): Promise<LinkedFormats> {
  const members = await membersOf(db, row);
  return {
    linkGroup: row.linkGroup,
    items: members.map(toLinkedFormat),
    renderAllCost: members.filter((m) => m.currentCreationId === null).length * CREDIT_COSTS.render,
  };
}

/**
 * Linked copies of the creative in `formats` (`POST /api/creatives/{id}/resize`), drafts with
 * the creative's content laid out for each format. A format the group has already (or the
 * creative's own) is skipped, also when two resizes run at once. Free, like creating a creative.
 */
export async function resize(db: Db, row: CreativeRow, membership: Membership, actor: Actor, formats: readonly FormatId[]): Promise<ResizeResult> {
  const group = row.linkGroup ?? row.id;
  const present = new Set((await membersOf(db, row)).map((m) => m.creative.format));
  const wanted = FORMAT_IDS.filter((f) => formats.includes(f) && !present.has(f));
  const skipped = FORMAT_IDS.filter((f) => formats.includes(f) && present.has(f));
  if (wanted.length === 0) return { items: [], skipped, nextCursor: null };

  // A picture deleted since the creative was saved leaves an empty frame in the copies, as a restore does.
  const source = documentOf(row);
  const live = new Set((await projectMediaIn(db, row.projectId, mediaIdsOf(source))).map((m) => m.id));
  const doc = withoutMedia(source, (id) => !live.has(id));
  const now = new Date();
  const copies = await Promise.all(
    wanted.map(async (format) => {
      const adapted = adaptToFormat(doc, format, membership.project.brandKit);
      return { id: newId(), revisionId: newId(), format, doc: adapted, hash: await sha256Hex(canonicalJson(adapted)) };
    }),
  );
  const results = await rawBatch(db, [
    repo.joinOwnGroup(db, row.id),
    ...copies.flatMap((copy) => [
      repo.insertLinkedCopy(db, {
        id: copy.id,
        projectId: row.projectId,
        createdBy: actor.id,
        name: formatCopyName(row.name, copy.format, membership.project.locale),
        status: 'draft',
        format: copy.format,
        template: copy.doc.template,
        document: copy.doc,
        revisionId: copy.revisionId,
        revisionNumber: 1,
        revisionHash: copy.hash,
        linkGroup: group,
        createdAt: now,
        updatedAt: now,
      }),
      insertRevisionIfCurrent(db, {
        id: copy.revisionId,
        creativeId: copy.id,
        number: 1,
        document: copy.doc,
        hash: copy.hash,
        createdBy: actor.id,
        reason: 'created',
        createdAt: now,
      }),
    ]),
    auditStatement(db, {
      actorUserId: actor.id,
      action: 'creative.resize',
      targetType: 'creative',
      targetId: row.id,
      projectId: row.projectId,
      details: { formats: wanted },
    }),
  ]);
  const made = copies.filter((_, i) => (results[1 + i * 2]?.meta.changes ?? 0) > 0);
  const lost = copies.filter((c) => !made.includes(c)).map((c) => c.format);
  const rows = new Map(
    (
      await creativesIn(
        db,
        row.projectId,
        made.map((c) => c.id),
      )
    ).map((r) => [r.id, r]),
  );
  const created = made.map((c) => rows.get(c.id)).filter((r) => r !== undefined);
  const docs = created.map(documentOf);
  const urls = await imageUrls(db, docs, 'thumbnail');
  return {
    items: created.map((r, i) =>
      summary(r, { projectName: membership.project.name, role: membership.role, images: imagesFor(docs[i]!, urls), lastCreationId: null }),
    ),
    skipped: FORMAT_IDS.filter((f) => skipped.includes(f) || lost.includes(f)),
    nextCursor: null,
  };
}

export const zipUrlOf = (creativeId: string) => `/api/creatives/${creativeId}/formats/zip`;

/**
 * Renders the group's creatives in `formats` (`POST /api/creatives/{id}/render-all`): a format
 * whose current version has its PNG costs nothing; each other one is a render of its own (1
 * credit in one conditional write, refunded if drawing fails: `renderCreative`). A balance that
 * cannot pay for them all is refused before anything is drawn; should the balance run out while
 * they render (another request spending at the same time), the formats left over are reported
 * as failed, never charged. Returns whether anything new was made.
 */
export async function renderAll(
  env: Pick<Bindings, 'ASSETS' | 'MEDIA' | 'RENDERER'>,
  db: Db,
  row: CreativeRow,
  membership: Membership,
  actor: Actor & { plan: PlanId },
  formats: readonly FormatId[],
): Promise<{ result: RenderAllResult; created: boolean }> {
  const members = await membersOf(db, row);
  const missing = formats.filter((f) => !members.some((m) => m.creative.format === f));
  if (missing.length > 0) {
    const message = `This creative has no ${missing.map((f) => FORMATS[f].label.toLowerCase()).join(' or ')} format yet: resize it first.`;
    throw new AppError('validation_failed', message, { formats: [message] });
  }
  const chosen = members.filter((m) => formats.includes(m.creative.format));
  const cost = chosen.filter((m) => m.currentCreationId === null).length * CREDIT_COSTS.render;
  if (cost > 0) {
    const { total } = await getCreditSummary(db, actor.id, actor.plan);
    if (total < cost) {
      throw new AppError(
        'insufficient_credits',
        `Rendering these formats needs ${countOf(cost, 'credit')} and you have ${total}. Buy a credit pack or render fewer formats.`,
        { _: [`needed:${cost}`, `available:${total}`] },
      );
    }
  }
  const items: RenderAllItem[] = [];
  const errors: AppError[] = [];
  for (const m of chosen) {
    try {
      const { creation, created } = await renderCreative(env, db, m.creative, membership, actor);
      items.push({ creativeId: m.creative.id, format: m.creative.format, outcome: created ? 'rendered' : 'existing', creation });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      errors.push(error);
      items.push({ creativeId: m.creative.id, format: m.creative.format, outcome: 'failed', creation: null, error: error.message });
    }
  }
  // Nothing to show for it: the request failed as its first render did (402, 413, 422, 429 or 500).
  if (items.every((i) => i.outcome === 'failed') && errors[0]) throw errors[0];
  const rendered = items.filter((i) => i.outcome === 'rendered').length;
  return {
    result: { items, charged: rendered * CREDIT_COSTS.render, zipUrl: zipUrlOf(row.id) },
    created: rendered > 0,
  };
}

/**
 * The newest PNG of each of the group's formats as one ZIP (`GET /api/creatives/{id}/formats/zip`),
 * streamed from R2 as it is read. 404 when nothing of the group is rendered yet.
 */
export async function formatsZip(db: Db, bucket: R2Bucket, row: CreativeRow): Promise<{ body: ReadableStream<Uint8Array>; filename: string }> {
  const members = await membersOf(db, row);
  const ids = members.map((m) => m.lastCreationId).filter((id) => id !== null);
  const found = new Map((await liveCreationsIn(db, row.projectId, ids)).map((c) => [c.id, c]));
  const creations = members.map((m) => (m.lastCreationId ? found.get(m.lastCreationId) : undefined)).filter((c) => c !== undefined);
  if (creations.length === 0) throw new AppError('not_found', 'Nothing of this creative is rendered yet: render its formats first.');
  const base = safeFileName(withoutFormat(row.name), 'creative');
  const used = new Set<string>();
  const entries = creations.map((c) => {
    let name = `${base} - ${FORMATS[c.format].label.toLowerCase()} ${c.width}x${c.height}.png`;
    for (let n = 2; used.has(name); n += 1) name = `${base} - ${FORMATS[c.format].label.toLowerCase()} ${c.width}x${c.height} (${n}).png`;
    used.add(name);
    return {
      name,
      modified: c.createdAt,
      open: async () => (await bucket.get(c.r2Key))?.body ?? null,
    };
  });
  return { body: zipStream(entries), filename: `${base} - all formats.zip` };
}
