import * as z from 'zod/mini';
import { FORMAT_IDS, type FormatId } from '#common/creative/document.ts';
import { MAX_MODIFICATIONS } from '#common/creative/modifications.ts';
import { v1BackgroundModification, v1LayerModification } from '#common/schemas/api-v1-renders.ts';
import { idField } from '#common/schemas/fields.ts';

/**
 * Bulk creatives from a spreadsheet (issue 31 point 6): a run of one creative with one set of
 * modifications per row (common/creative/modifications.ts, the same as a render through
 * `/api/v1/renders`), rendered in the background through the `BATCHES` queue. The workspace
 * reads a CSV in the browser and sends its rows already mapped to layers; `/api/v1/batches`
 * takes the same rows as JSON. The contract between the workspace's screens and the worker.
 */

/** At most this many rows in one run. */
export const MAX_BATCH_ROWS = 1000;

/** One row: the changes to the creative for one picture (a `mediaId`, or an `imageUrl` the worker fetches). */
export const batchRow = z.object({
  modifications: z.optional(z.array(v1LayerModification).check(z.maxLength(MAX_MODIFICATIONS, `Use at most ${MAX_MODIFICATIONS} modifications.`))),
  background: z.optional(v1BackgroundModification),
});
export type BatchRow = z.infer<typeof batchRow>;

const rowsField = z.array(batchRow).check(z.minLength(1, 'Add at least one row.'), z.maxLength(MAX_BATCH_ROWS, `Use at most ${MAX_BATCH_ROWS} rows.`));

/** `POST /api/projects/:projectId/batches`: start a run of one of the project's creatives. */
export const batchStartInput = z.object({
  creativeId: idField(),
  /** The creative laid out again in another format (default: its own). */
  format: z.optional(z.enum(FORMAT_IDS, 'Pick a format.')),
  rows: rowsField,
});
export type BatchStartInput = z.infer<typeof batchStartInput>;

export const BATCH_STATUSES = ['queued', 'running', 'done', 'cancelled'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

export const BATCH_ROW_STATUSES = ['waiting', 'done', 'failed'] as const;
export type BatchRowStatus = (typeof BATCH_ROW_STATUSES)[number];

/** A run as its progress bar and the editor's list show it. */
export interface BatchItem {
  id: string;
  projectId: string;
  creativeId: string | null;
  /** The source creative's name when the run started. */
  name: string;
  format: FormatId;
  status: BatchStatus;
  /** Rows in the run; `done + failed` of them are settled, the rest wait. */
  total: number;
  done: number;
  failed: number;
  /** Credits spent so far (a row whose picture existed already costs none). */
  credits: number;
  createdAt: string;
  finishedAt: string | null;
}

/** One row's outcome, in the order of the spreadsheet (`index` from 0). */
export interface BatchRowItem {
  index: number;
  status: BatchRowStatus;
  /** The creation drawn for it (null until done). */
  creationId: string | null;
  thumbnailUrl: string | null;
  /** A failed row's reason, in the reader's language. */
  error: string | null;
}

/** `GET /api/projects/:projectId/batches/:batchId`: the run and all its rows (at most 1,000). */
export interface BatchDetail {
  batch: BatchItem;
  rows: BatchRowItem[];
}

/** `GET /api/projects/:projectId/batches?creativeId=`: the runs of a creative (or the project), newest first. */
export interface BatchList {
  items: BatchItem[];
}

/** A run that still has rows waiting: its progress is polled. */
export const isBatchActive = (batch: Pick<BatchItem, 'status'>): boolean => batch.status === 'queued' || batch.status === 'running';

/** `GET /api/projects/:projectId/batches?creativeId=`: the runs of one creative, or of the project. */
export const batchListQuery = z.object({ creativeId: z.optional(idField()) });
