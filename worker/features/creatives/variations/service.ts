import { goalOf, toneOf, writeCopy, type CopyBrief } from '#common/creative/copywriter.ts';
import type { CreativeDocument } from '#common/creative/document.ts';
import { paletteMood, variationName } from '#common/creative/naming.ts';
import { buildTemplate, copyOf, DEFAULT_COPY, paletteOf, pictureOf, templateById, templateCopy, TEMPLATES, type Copy } from '#common/creative/templates.ts';
import type { Locale } from '#common/i18n/locales.ts';
import { copyFits, isCopyLayer } from '#common/creative/text-fit.ts';
import { CREDIT_COSTS } from '#common/plans.ts';
import type { BrandKit } from '#common/schemas/projects.ts';
import type { VariationItem, VariationsResult } from '#common/schemas/variations.ts';
import { rawBatch, type Db } from '#worker/db/client.ts';
import type { Bindings } from '#worker/env.ts';
import { auditStatement } from '#worker/lib/audit.ts';
import { AppError } from '#worker/lib/errors.ts';
import { newId } from '#worker/lib/ids.ts';
import { ledgerNote, refund, spend } from '#worker/features/credits/service.ts';
import { abandonedWindow, CANNOT_DRAW, loadImages, undrawable } from '#worker/features/creatives/render/service.ts';
import {
  creativesIn,
  documentOf,
  imagesFor,
  imageUrls,
  insertCreativeStatements,
  reserveVariationNumbers,
  summary,
  toCreationItem,
  type Actor,
  type CreativeRow,
  type Membership,
} from '#worker/features/creatives/core/service.ts';
import * as repo from '#worker/features/creatives/variations/repo.ts';
import { aiCopy } from '#worker/features/creatives/variations/variations-ai.ts';
import { renderVariations } from '#worker/features/creatives/variations/variations-render.ts';

/**
 * Variations (PRODUCT.md §4.3, issue 14 point 7): N new drafts from one creative and the brand
 * kit, each in another layout (template) and palette (the brand colours in another order), with
 * its own headline, body and button — from Workers AI when bound, else from the rule-based
 * copywriter (common/creative/copywriter.ts) — that fit their boxes; each drawn into a PNG
 * creation with a thumbnail to pick from. N credits in one conditional spend; the variations
 * that cannot be drawn are refunded — in the request, or by the scheduled job when the request
 * was stopped before it could (`refundAbandonedVariations`).
 */

/**
 * A batch is known by a random id: its spend's operation key is `variation-batch:<batch>` and its
 * drafts' ids are the batch id and a number, so the spend alone says which drafts the batch made
 * (and which of them were drawn), and the batch's one refund (`refund:<key>`) happens once.
 */
const BATCH_KEY = 'variation-batch:';
export const batchKey = (batch: string): string => `${BATCH_KEY}${batch}`;
export const variationId = (batch: string, index: number): string => `${batch}${String(index).padStart(2, '0')}`;

/** A variation's copy may shrink to fit, but not below this share of the template's own size. */
const MIN_SCALE = 0.6;

interface Slot {
  template: string;
  palette: number;
}

/** The brand colours as the templates see them (at least three). */
function colourCount(brand: BrandKit): number {
  return Math.max(3, brand.colors.length);
}

function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The goal a template is made for (its picker category: sale, launch, event…), when it names one. */
const goalOfTemplate = (id: string): string | undefined => {
  const template = templateById(id);
  return template && 'category' in template && typeof template.category === 'string' ? template.category : undefined;
};

/** The template's own placeholder copy in the content's language (it says nothing about the brand, like DEFAULT_COPY). */
const placeholderOf = (id: string, locale: Locale): Partial<Copy> => templateCopy(id, locale);

/**
 * Layouts and palettes for `count` variations: other templates than the creative's (those made
 * for the same goal first; those that would show an empty picture frame, or say something of
 * their own made for another goal, last; in the seed's order), each once while they last, and palettes turning through the brand colours from where
 * the seed starts.
 */
export function planVariations(doc: CreativeDocument, brand: BrandKit, count: number, seed: number): Slot[] {
  const random = seeded(seed ^ 0x5bd1e995);
  const goal = goalOfTemplate(doc.template);
  const picture = pictureOf(doc);
  const others = TEMPLATES.filter((t) => t.id !== doc.template).map((t) => {
    const built = buildTemplate(t.id, { brand, format: doc.format });
    const sameGoal = goal !== undefined && goalOfTemplate(t.id) === goal;
    // Without a picture, a layout built around one would show an empty frame.
    const emptyFrame = !picture && (built.background.type === 'media' || built.layers.some((l) => l.type === 'image'));
    // A layout with words of its own beside the copy ("-30%", "We're hiring.", "Ends Sunday") says
    // something the creative may not mean: late, and last of all when made for another goal.
    const claims = built.layers.some((l) => l.type === 'text' && l.slot !== 'headline' && l.slot !== 'body' && /[\p{L}\p{N}]/u.test(l.text));
    return { id: t.id, key: (sameGoal ? 0 : 1) + (emptyFrame ? 2 : 0) + (claims ? (sameGoal ? 1.5 : 4) : 0) + random() };
  });
  others.sort((a, b) => a.key - b.key);
  const colours = colourCount(brand);
  const start = Math.floor(random() * colours);
  return Array.from({ length: count }, (_, i) => ({
    template: others[i % others.length]!.id,
    palette: 1 + ((start + i) % colours),
  }));
}

interface Context {
  brand: BrandKit;
  /** The project's language: the templates' own lines are written in it. */
  locale: Locale;
  doc: CreativeDocument;
  picture: string | null;
}

function build(ctx: Context, slot: Slot, copy: Partial<Copy>): CreativeDocument {
  return buildTemplate(slot.template, { brand: ctx.brand, format: ctx.doc.format, copy, palette: slot.palette, imageMediaId: ctx.picture, locale: ctx.locale });
}

/** Whether `copy` fits the slot's boxes at no less than `MIN_SCALE` of the template's own sizes. */
function fitsIn(ctx: Context, slot: Slot, copy: Copy, designed: Map<string, number>): boolean {
  const doc = build(ctx, slot, copy);
  return doc.layers.every((layer) => {
    if (!isCopyLayer(layer)) return true;
    const own = designed.get(layer.id);
    return copyFits(layer, doc.format) && (own === undefined || layer.size >= own * MIN_SCALE - 1e-9);
  });
}

function designedSizes(ctx: Context, slot: Slot): Map<string, number> {
  return new Map(
    build(ctx, slot, DEFAULT_COPY)
      .layers.filter(isCopyLayer)
      .map((l) => [l.id, l.size]),
  );
}

/**
 * The copy of each slot: the model's ads first (each where it fits, none twice), then the
 * rule-based copywriter's for the slots left, every line different from the others in the batch.
 */
async function copiesFor(
  ai: Pick<Ai, 'run'> | undefined,
  ctx: Context,
  brief: CopyBrief,
  extra: { toneOfVoice: string; product: string; about: string },
  slots: Slot[],
  seed: number,
): Promise<{ copy: Copy; source: 'ai' | 'rules' }[]> {
  const designed = slots.map((slot) => designedSizes(ctx, slot));
  const out: ({ copy: Copy; source: 'ai' | 'rules' } | undefined)[] = slots.map(() => undefined);
  const ads = await aiCopy(ai, { ...brief, ...extra }, slots.length);
  const taken = { headline: new Set<string>(), body: new Set<string>(), cta: new Set<string>() };
  for (const ad of ads ?? []) {
    const at = slots.findIndex((slot, i) => out[i] === undefined && fitsIn(ctx, slot, ad, designed[i]!));
    if (at < 0) continue;
    out[at] = { copy: ad, source: 'ai' };
    taken.headline.add(ad.headline);
    taken.body.add(ad.body);
    taken.cta.add(ad.cta);
  }
  const left = slots.map((_, i) => i).filter((i) => out[i] === undefined);
  const rules = writeCopy(
    brief,
    left.length,
    seed,
    (copy, k) =>
      !taken.headline.has(copy.headline) && !taken.body.has(copy.body) && !taken.cta.has(copy.cta) && fitsIn(ctx, slots[left[k]!]!, copy, designed[left[k]!]!),
  );
  left.forEach((i, k) => (out[i] = { copy: rules[k]!, source: 'rules' }));
  return out as { copy: Copy; source: 'ai' | 'rules' }[];
}

export async function generateVariations(
  env: Pick<Bindings, 'AI' | 'ASSETS' | 'MEDIA' | 'RENDERER'>,
  db: Db,
  row: CreativeRow,
  membership: Membership,
  actor: Actor,
  count: number,
  seed: number = Math.floor(Math.random() * 2 ** 31),
): Promise<VariationsResult> {
  const doc = documentOf(row);
  const brand: BrandKit = membership.project.brandKit;
  const ctx: Context = { brand, locale: membership.project.locale, doc, picture: pictureOf(doc) };
  // The pictures the variations will show, loaded before the charge: one that cannot be drawn is refused, not charged.
  const shown = [ctx.picture, brand.logoMediaId].filter((id) => id !== null);
  const pictures: CreativeDocument = {
    ...doc,
    background: { type: 'color', color: '#000000' },
    layers: shown.map((mediaId, i) => ({ id: `picture-${i}`, type: 'logo', x: 0, y: 0, w: 1, h: 1, mediaId })),
  };
  const images = await loadImages(env, db, row.projectId, pictures);
  if (undrawable(images).length > 0) throw new AppError('validation_failed', CANNOT_DRAW, { document: [CANNOT_DRAW] });

  const batch = newId();
  const operationKey = batchKey(batch);
  await spend(db, {
    userId: actor.id,
    amount: CREDIT_COSTS.variation * count,
    operationKey,
    description: ledgerNote({ code: 'variations', count, name: row.name }),
    reference: row.id,
  });
  let created: { id: string; name: string; doc: CreativeDocument; source: 'ai' | 'rules' }[];
  try {
    const copy = copyOf(doc);
    const brief: CopyBrief = {
      headline: copy.headline ?? '',
      body: copy.body,
      cta: copy.cta,
      placeholder: placeholderOf(doc.template, ctx.locale),
      product: membership.project.name,
      goal: goalOf({ templateGoal: goalOfTemplate(doc.template), copy }),
      tone: toneOf(brand.tone),
      locale: ctx.locale,
    };
    const slots = planVariations(doc, brand, count, seed);
    const copies = await copiesFor(
      env.AI,
      ctx,
      brief,
      { toneOfVoice: brand.tone, product: membership.project.name, about: membership.project.description },
      slots,
      seed,
    );
    // Numbered on from the design's earlier variations, each named for what differs (issue 27).
    const numbers = await reserveVariationNumbers(db, row, count);
    const statements = [];
    created = [];
    for (const [i, slot] of slots.entries()) {
      const variant = build(ctx, slot, copies[i]!.copy);
      const name = variationName(
        row.name,
        numbers.first + i,
        { layout: templateById(slot.template)?.name, templateId: slot.template, palette: paletteMood(paletteOf(brand.colors, slot.palette).primary) },
        ctx.locale,
      );
      const insert = await insertCreativeStatements(db, {
        projectId: row.projectId,
        actor,
        name,
        doc: variant,
        id: variationId(batch, i),
        variationOf: numbers.of,
      });
      statements.push(...insert.statements);
      created.push({ id: insert.id, name, doc: variant, source: copies[i]!.source });
    }
    statements.push(
      auditStatement(db, {
        actorUserId: actor.id,
        action: 'creative.variations',
        targetType: 'creative',
        targetId: row.id,
        projectId: row.projectId,
        details: { count, seed, ai: copies.filter((c) => c.source === 'ai').length, template: doc.template },
      }),
    );
    await rawBatch(db, statements);
  } catch (error) {
    await refund(db, operationKey, ledgerNote({ code: 'variationsFailed', name: row.name }));
    throw error;
  }

  // Drawn after they are stored: a variation that cannot be drawn stays a draft, and its credit comes back.
  const rows = await rowsOf(
    db,
    membership,
    created.map((c) => c.id),
  );
  const creations = await renderVariations(
    env,
    db,
    row.projectId,
    actor.id,
    rows.map((r) => ({ creativeId: r.id, revisionId: r.revisionId, revisionNumber: r.revisionNumber, name: r.name, doc: documentOf(r) })),
    images,
  );
  const failed = creations.filter((c) => c === null).length;
  if (failed > 0) await refund(db, operationKey, ledgerNote({ code: 'variationsUndrawn', failed, count, name: row.name }), failed * CREDIT_COSTS.variation);

  const docs = rows.map(documentOf);
  const urls = await imageUrls(db, docs, 'thumbnail');
  const items: VariationItem[] = rows.map((r, i) => {
    const creation = creations[i];
    return {
      ...summary(r, { projectName: membership.project.name, role: membership.role, images: imagesFor(docs[i]!, urls), lastCreationId: creation?.id ?? null }),
      creation: creation ? toCreationItem(creation, { projectName: membership.project.name, role: membership.role, creativeLive: true }) : null,
      copySource: created[i]!.source,
    };
  });
  return { items, nextCursor: null, charged: (count - failed) * CREDIT_COSTS.variation };
}

/** New creatives of one project, in the order of `ids` (one query). */
async function rowsOf(db: Db, membership: Membership, ids: string[]): Promise<CreativeRow[]> {
  const found = new Map((await creativesIn(db, membership.project.id, ids)).map((r) => [r.id, r]));
  return ids.map((id) => found.get(id)).filter((r) => r !== undefined);
}

/**
 * Refunds the variations a stopped request paid for but never drew (a closed tab cancels the
 * request; memory or CPU limits or a deploy stop the isolate; the batch renders for seconds): for a
 * batch spend as old as an abandoned render's (`abandonedWindow`) without a refund, the drafts
 * with no creation — all of it when no draft was stored. Through the batch's one refund key, so a
 * second run, or the request's own refund, gives nothing more. Runs with the scheduled jobs.
 */
export async function refundAbandonedVariations(db: Db, now = new Date()): Promise<number> {
  const { after, before } = abandonedWindow(now);
  const rows = await repo.abandonedVariationSpends(db, BATCH_KEY, after, before, 100);
  let refunded = 0;
  for (const row of rows) {
    if (row.drafts === 0) {
      await refund(db, row.operationKey, ledgerNote({ code: 'variationsInterrupted' }));
      refunded += 1;
      continue;
    }
    const missing = row.drafts - row.drawn;
    const amount = (row.spent * missing) / row.drafts;
    if (!Number.isInteger(amount) || amount <= 0) {
      console.error(JSON.stringify({ level: 'error', message: 'variations_refund_uneven', ...row }));
      continue;
    }
    await refund(db, row.operationKey, ledgerNote({ code: 'variationsPartInterrupted', missing, drafts: row.drafts }), amount);
    refunded += 1;
  }
  return refunded;
}
