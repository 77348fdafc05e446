import type { Db } from '#worker/db/client.ts';
import { safeFileName, textStream, zipStream, type ZipStreamEntry } from '#worker/lib/zip-stream.ts';
import { liveCreationsIn } from '#worker/features/creatives/core/service.ts';
import { csvRow } from '#worker/features/funnels/leads/service.ts';
import * as repo from '#worker/features/creatives/batches/repo.ts';

/**
 * A run's pictures as one streamed ZIP (decision 0046): each done row's PNG as `001-name.png`
 * (its row's number in the spreadsheet, from 1), read from R2 when the archive reaches it, and a
 * `rows.csv` of every row's outcome (the house's CSV cells). A picture deleted since is left out.
 */
export async function batchZip(
  db: Db,
  bucket: R2Bucket,
  run: repo.BatchRow,
  said: (error: string) => string,
): Promise<{ body: ReadableStream<Uint8Array>; filename: string }> {
  const rows = await repo.rowsOf(db, run.id);
  const ids = [...new Set(rows.map((r) => r.creationId).filter((id) => id !== null))];
  const creations = new Map((await liveCreationsIn(db, run.projectId, ids)).map((c) => [c.id, c]));
  const base = safeFileName(run.name, 'creative');
  const width = Math.max(3, String(rows.length).length);
  const number = (index: number) => String(index + 1).padStart(width, '0');
  const entries: ZipStreamEntry[] = [];
  for (const row of rows) {
    const creation = row.status === 'done' && row.creationId ? creations.get(row.creationId) : undefined;
    if (!creation) continue;
    entries.push({
      name: `${number(row.index)}-${base}.png`,
      modified: creation.createdAt,
      open: async () => (await bucket.get(creation.r2Key))?.body ?? null,
    });
  }
  const csv =
    csvRow(['row', 'status', 'error', 'creation_id']) +
    rows.map((r) => csvRow([String(r.index + 1), r.status, r.error ? said(r.error) : '', r.creationId ?? ''])).join('');
  entries.push({ name: 'rows.csv', modified: run.finishedAt ?? run.createdAt, deflate: true, open: async () => textStream(csv) });
  return { body: zipStream(entries), filename: `${base} - ${run.id}.zip` };
}
