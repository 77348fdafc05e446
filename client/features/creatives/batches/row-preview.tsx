import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import type { CreativeDocument } from '#common/creative/document.ts';
import type { BatchRow } from '#common/schemas/batches.ts';
import { Button } from '#client/components/button.tsx';
import { CreativePreview } from '#client/creative/preview.tsx';
import { useT } from '#client/lib/i18n-context.tsx';
import { rowDocument } from '#client/features/creatives/batches/mapping.ts';

/** How many rows the preview draws at once. */
export const PREVIEW_PAGE = 3;

/**
 * The rows that will be drawn, a few at a time, each drawn live on the editor's document by the
 * creative renderer the editor's stage uses; a picture given by its address is named under the
 * row, fetched by the worker when the row is drawn (the preview shows it when the browser may load it).
 */
export function RowPreview({
  doc,
  images,
  rows,
  lines,
}: {
  doc: CreativeDocument;
  images: Readonly<Record<string, string | undefined>>;
  rows: readonly BatchRow[];
  lines: readonly number[];
}) {
  const t = useT();
  const [wanted, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(rows.length / PREVIEW_PAGE));
  const page = Math.min(wanted, pages - 1);
  const from = page * PREVIEW_PAGE;
  const shown = rows.slice(from, from + PREVIEW_PAGE);
  if (rows.length === 0) return null;
  return (
    <section aria-label={t('batches.preview.title')} className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium">{t('batches.preview.title')}</h3>
        <div className="flex items-center gap-1">
          <p className="text-xs text-zinc-600 tabular-nums dark:text-zinc-400" aria-live="polite">
            {t('batches.preview.range', { from: from + 1, to: from + shown.length, total: rows.length })}
          </p>
          <Button variant="ghost" size="sm" aria-label={t('batches.preview.previous')} disabled={page === 0} onClick={() => setPage(page - 1)}>
            <ChevronLeft className="size-4" aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="sm" aria-label={t('batches.preview.next')} disabled={page >= pages - 1} onClick={() => setPage(page + 1)}>
            <ChevronRight className="size-4" aria-hidden="true" />
          </Button>
        </div>
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {shown.map((row, i) => {
          const line = lines[from + i]!;
          const drawn = rowDocument(doc, row);
          if (!drawn.ok) return null;
          const addresses = Object.values(drawn.addresses);
          return (
            <li key={line} className="min-w-0 space-y-1 text-xs">
              <CreativePreview
                doc={drawn.doc}
                images={{ ...images, ...drawn.addresses }}
                width={160}
                label={t('batches.preview.row', { line })}
                className="mx-auto max-w-full rounded shadow-sm"
              />
              <p className="text-center font-medium">{t('batches.preview.row', { line })}</p>
              {addresses.map((address) => (
                <p key={address} className="break-all text-zinc-600 dark:text-zinc-400">
                  {t('batches.preview.address', { address })}
                </p>
              ))}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
