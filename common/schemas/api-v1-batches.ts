/* eslint-disable no-restricted-syntax -- the answers' schemas describe what the API sends, which nothing stores (as api-v1.ts). */
import * as z from 'zod/mini';
import { FORMAT_IDS } from '#common/creative/document.ts';
import { TEMPLATE_IDS } from '#common/creative/template-ids.ts';
import { BATCH_ROW_STATUSES, BATCH_STATUSES, batchRow, MAX_BATCH_ROWS } from '#common/schemas/batches.ts';
import type { V1Route } from '#common/schemas/api-v1.ts';
import { v1Creation } from '#common/schemas/api-v1-creation.ts';
import { idField } from '#common/schemas/fields.ts';

/**
 * Bulk creatives through the public API (issue 31 point 6, decision 0046): `POST /api/v1/batches`
 * starts a run of a creative or a template with one set of modifications per row (as
 * `POST /renders` takes them), drawn in the background; `GET /api/v1/batches/{id}` reads it with
 * each done row's creation. A render with `async: true` is such a run of one row.
 */

const isoTime = z.string().check(z.iso.datetime());

export const v1BatchRequest = z
  .object({
    creativeId: z.optional(idField()),
    template: z.optional(z.enum(TEMPLATE_IDS, 'Pick a template from GET /api/v1/templates.')),
    /** The template's format (default square), or the creative laid out again in another. */
    format: z.optional(z.enum(FORMAT_IDS, 'Pick a format.')),
    rows: z.array(batchRow).check(z.minLength(1, 'Add at least one row.'), z.maxLength(MAX_BATCH_ROWS, `Use at most ${MAX_BATCH_ROWS} rows.`)),
  })
  .check(
    z.refine((body) => (body.creativeId === undefined) !== (body.template === undefined), {
      message: 'Name a creative or a template, not both.',
      path: ['creativeId'],
    }),
  );
export type V1BatchRequest = z.infer<typeof v1BatchRequest>;

export const v1BatchRow = z.object({
  index: z.int(),
  status: z.enum(BATCH_ROW_STATUSES),
  /** A failed row's reason. */
  error: z.nullable(z.string()),
  /** A done row's picture (null until then, or when it was deleted since). */
  creation: z.nullable(v1Creation),
});

export const v1Batch = z.object({
  id: z.string(),
  creativeId: z.nullable(z.string()),
  name: z.string(),
  format: z.enum(FORMAT_IDS),
  /** `queued`/`running` while rows wait; `done` when each is drawn or failed (then `batch.completed` is sent). */
  status: z.enum(BATCH_STATUSES),
  total: z.int(),
  done: z.int(),
  failed: z.int(),
  /** Credits spent (a row whose picture existed costs none; failed rows none). */
  credits: z.int(),
  createdAt: isoTime,
  finishedAt: z.nullable(isoTime),
  /** Every row in order (GET only; the POST's answer has none yet). */
  rows: z.optional(z.array(v1BatchRow)),
});
export type V1Batch = z.infer<typeof v1Batch>;

export const V1_BATCH_ROUTES: readonly V1Route[] = [
  {
    method: 'post',
    path: '/batches',
    operationId: 'createBatch',
    summary:
      'Starts a run of a creative or a template with one set of modifications per row (at most 1,000), drawn in the background: 202 with the run. A credit is held per row (402 when the balance cannot pay for all); rows that fail and pictures that existed are refunded at the end, when the batch.completed webhook is sent.',
    scope: 'render',
    body: v1BatchRequest,
    status: 202,
    response: v1Batch,
  },
  {
    method: 'get',
    path: '/batches/{id}',
    operationId: 'getBatch',
    summary: 'A run and its rows in order: each done row with its creation (a signed, expiring link), each failed row with its reason.',
    scope: 'render',
    response: v1Batch,
  },
];
