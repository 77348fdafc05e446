import { clip } from '#common/schemas/fields.ts';
import { buildTemplate, copyOf, DEFAULT_COPY, headlineOf, pictureOf, TEMPLATES } from '#common/creative/templates.ts';
import { CREDIT_COSTS } from '#common/plans.ts';
import type { CreativeSummary } from '#common/schemas/creatives.ts';
import type { BrandKit } from '#common/schemas/projects.ts';
import { rawBatch, type Db } from '#worker/db/client.ts';
import type { Bindings } from '#worker/env.ts';
import { auditStatement } from '#worker/lib/audit.ts';
import { newId } from '#worker/lib/ids.ts';
import { copyVariants } from '#worker/features/ai/service.ts';
import { refund, spend } from '#worker/features/credits/service.ts';
import { documentOf, imagesFor, imageUrls, insertCreativeStatements, summary, type Actor, type Membership } from '#worker/features/creatives/service.ts';
import * as repo from '#worker/features/creatives/repo.ts';

/**
 * N new draft creatives from one (PRODUCT.md §4.3): other templates, shifted brand
 * palettes and headline variants; N credits in one spend and one batch of inserts, so
 * that it is all or nothing.
 */
export async function generateVariations(
  env: Pick<Bindings, 'AI'>,
  db: Db,
  row: repo.CreativeRow,
  membership: Membership,
  actor: Actor,
  count: number,
): Promise<CreativeSummary[]> {
  const doc = documentOf(row);
  const brand: BrandKit = membership.project.brandKit;
  const operationKey = `variations:${row.id}:${newId(8)}`;
  await spend(db, {
    userId: actor.id,
    amount: CREDIT_COSTS.variation * count,
    operationKey,
    description: `${count} variation${count === 1 ? '' : 's'} of “${row.name}”`,
    reference: row.id,
  });
  try {
    const copy = copyOf(doc);
    const { items } = await copyVariants(env.AI, { headline: headlineOf(doc), body: copy.body, placeholderBody: DEFAULT_COPY.body, tone: brand.tone, count });
    const others = TEMPLATES.filter((t) => t.id !== doc.template);
    const picture = pictureOf(doc);
    const created: string[] = [];
    const statements = [];
    for (let i = 0; i < count; i += 1) {
      const template = others[i % others.length]!;
      const variant = buildTemplate(template.id, { brand, format: doc.format, copy: { ...copy, ...items[i] }, palette: i + 1, imageMediaId: picture });
      const name = clip(`${row.name.replace(/ — variation \d+$/, '')} — variation ${i + 1}`, 80);
      const insert = await insertCreativeStatements(db, { projectId: row.projectId, actor, name, doc: variant });
      statements.push(...insert.statements);
      created.push(insert.id);
    }
    statements.push(
      auditStatement(db, {
        actorUserId: actor.id,
        action: 'creative.variations',
        targetType: 'creative',
        targetId: row.id,
        projectId: row.projectId,
        details: { count },
      }),
    );
    await rawBatch(db, statements);
    return await summariesOf(db, membership, created);
  } catch (error) {
    await refund(db, operationKey, `Variations of “${row.name}” failed: refunded`);
    throw error;
  }
}

/** New creatives of one project, in the order of `ids` (one query). */
async function summariesOf(db: Db, membership: Membership, ids: string[]): Promise<CreativeSummary[]> {
  const found = new Map((await repo.creativesIn(db, membership.project.id, ids)).map((row) => [row.id, row]));
  const rows = ids.map((id) => found.get(id)).filter((row) => row !== undefined);
  const docs = rows.map(documentOf);
  const urls = await imageUrls(db, docs, 'thumbnail');
  return rows.map((row, i) =>
    summary(row, { projectName: membership.project.name, role: membership.role, images: imagesFor(docs[i]!, urls), lastCreationId: null }),
  );
}
