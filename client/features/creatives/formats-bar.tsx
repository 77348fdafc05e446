import { Copy, Download, Layers, Wand2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { FORMAT_IDS, type FormatId } from '#common/creative/document.ts';
import { Button, buttonClass } from '#client/components/button.tsx';
import { useResource } from '#client/lib/use-resource.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { creativesApi } from '#client/features/creatives/api.ts';
import { FormatShape } from '#client/features/creatives/format-shape.tsx';

export const zipHref = (creativeId: string) => `/api/creatives/${creativeId}/formats/zip`;

// "Resize" and "Render all formats" load when opened (formats-dialogs.tsx).
const ResizeDialog = lazy(() => import('#client/features/creatives/formats-dialogs.tsx').then((m) => ({ default: m.ResizeDialog })));
const RenderAllDialog = lazy(() => import('#client/features/creatives/formats-dialogs.tsx').then((m) => ({ default: m.RenderAllDialog })));

/**
 * Every format at once (issue 14, point 5), in the editor: the creative's linked formats to
 * switch between, "Resize" to make linked copies in other formats, "Render all formats" with
 * its cost said first, and the ZIP of every format's PNG.
 */

export function FormatsBar({
  variant = 'bar',
  creativeId,
  format,
  readOnly,
  available,
  revision,
  onBeforeRender,
  onRendered,
}: {
  /** 'toolbar': one compact, unwrapped group for the canvas toolbar's row (the editor); 'bar': a bar of its own. */
  variant?: 'bar' | 'toolbar';
  creativeId: string;
  format: FormatId;
  readOnly: boolean;
  /** The balance, when known. */
  available: number | null;
  /** The editor's saved revision: the group is read again when it changes (a new version costs a credit again). */
  revision: number;
  /** Saves pending edits first (the renders use the saved versions); false when that failed. */
  onBeforeRender: () => Promise<boolean>;
  /** After a render-all: this creative's new PNG (if it was among them), and the balance changed. */
  onRendered: (currentCreationId: string | null) => void;
}) {
  const t = useT();
  const group = useResource(() => creativesApi.formats(creativeId), [creativeId, revision], { keepStale: true });
  const [dialog, setDialog] = useState<'resize' | 'render' | null>(null);
  const items = group.status === 'ready' ? group.data.items : [];
  const linked = items.length > 1;
  const rendered = items.some((i) => i.lastCreationId !== null);
  const missing = FORMAT_IDS.filter((f) => !items.some((i) => i.format === f));
  const compact = variant === 'toolbar';
  const chip = compact ? 'h-7 px-2.5' : 'h-8 px-3';
  // In the toolbar the longer actions show their icon (name kept for assistive technology, and as a tooltip).
  const longLabel = compact ? 'sr-only' : '';

  return (
    <div
      className={
        compact
          ? 'flex flex-nowrap items-center gap-1.5 border-x border-zinc-200 px-2 dark:border-zinc-800'
          : 'flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-zinc-200 bg-white px-4 py-2 dark:border-zinc-800 dark:bg-zinc-950'
      }
    >
      <nav aria-label={t('creativeEditor.formats.linked')} className={`flex min-w-0 items-center gap-1.5 ${compact ? 'flex-nowrap' : 'flex-wrap'}`}>
        <span
          className="mr-1 inline-flex items-center gap-1 text-xs font-medium text-zinc-600 dark:text-zinc-400"
          title={compact ? t('creativeEditor.formats.title') : undefined}
        >
          <Layers aria-hidden="true" className="size-3.5" /> <span className={longLabel}>{t('creativeEditor.formats.title')}</span>
        </span>
        {group.status === 'ready' ? (
          <ul className={`flex items-center gap-1.5 ${compact ? 'flex-nowrap' : 'flex-wrap'}`}>
            {items.map((item) => (
              <li key={item.id}>
                {item.id === creativeId ? (
                  <span
                    aria-current="page"
                    className={`inline-flex ${chip} items-center gap-1.5 rounded-full border border-accent-600 bg-accent-50 text-xs font-medium text-accent-800 dark:bg-accent-800/30 dark:text-accent-100`}
                  >
                    <FormatShape format={item.format} /> {t('creativeEditor.format.label', { format: item.format })}
                  </span>
                ) : (
                  <Link
                    to={`/creatives/${item.id}`}
                    title={item.name}
                    className={`inline-flex ${chip} items-center gap-1.5 rounded-full border border-zinc-300 text-xs font-medium text-zinc-700 hover:border-zinc-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 dark:border-zinc-700 dark:text-zinc-200`}
                  >
                    <FormatShape format={item.format} /> {t('creativeEditor.format.label', { format: item.format })}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <span className="inline-flex h-8 items-center gap-1.5 px-1 text-xs text-zinc-600 dark:text-zinc-400">
            <FormatShape format={format} /> {t('creativeEditor.format.label', { format })}
          </span>
        )}
        {group.status === 'error' ? (
          <button type="button" className="text-xs font-medium text-zinc-700 underline dark:text-zinc-300" onClick={group.reload}>
            {t('creativeEditor.formats.reload')}
          </button>
        ) : null}
      </nav>
      <div className={compact ? 'flex flex-nowrap items-center gap-1' : 'ml-auto flex flex-wrap items-center gap-1.5'}>
        {!readOnly && group.status === 'ready' && missing.length > 0 ? (
          <Button variant="secondary" size="sm" onClick={() => setDialog('resize')}>
            <Copy className="size-4" aria-hidden="true" /> {t('creativeEditor.formats.resize')}
          </Button>
        ) : null}
        {!readOnly && linked ? (
          <Button variant="secondary" size="sm" title={compact ? t('creativeEditor.formats.renderAll') : undefined} onClick={() => setDialog('render')}>
            <Wand2 className="size-4" aria-hidden="true" /> <span className={longLabel}>{t('creativeEditor.formats.renderAll')}</span>
          </Button>
        ) : null}
        {linked && rendered ? (
          <a href={zipHref(creativeId)} download title={compact ? t('creativeEditor.formats.zip') : undefined} className={buttonClass('ghost', 'sm')}>
            <Download className="size-4" aria-hidden="true" /> <span className={longLabel}>{t('creativeEditor.formats.zip')}</span>
          </a>
        ) : null}
      </div>
      {group.status === 'ready' && dialog !== null ? (
        <Suspense fallback={null}>
          <ResizeDialog
            open={dialog === 'resize'}
            creativeId={creativeId}
            items={items}
            onClose={() => setDialog(null)}
            onResized={() => {
              setDialog(null);
              group.reload();
            }}
          />
          <RenderAllDialog
            open={dialog === 'render'}
            creativeId={creativeId}
            items={items}
            available={available}
            onClose={() => {
              setDialog(null);
              group.reload();
            }}
            onBeforeRender={onBeforeRender}
            onRendered={(result) => {
              onRendered(result.items.find((i) => i.creativeId === creativeId)?.creation?.id ?? null);
              group.reload();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
