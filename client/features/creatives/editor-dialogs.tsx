import { ExternalLink, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { MAX_VARIATIONS, type RevisionItem } from '#common/schemas/creatives.ts';
import type { VariationsResult } from '#common/schemas/variations.ts';
import { CREDIT_COSTS } from '#common/plans.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { Dialog } from '#client/components/dialog.tsx';
import { MessageAlert } from '#client/components/message-alert.tsx';
import { CreativePreview } from '#client/creative/preview.tsx';
import { ApiError, errorMessage } from '#client/lib/http.ts';
import { useFormat } from '#client/lib/format.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { useResource } from '#client/lib/use-resource.ts';
import { whenSubmitted } from '#client/lib/when-submitted.ts';
import { creativesApi } from '#client/features/creatives/api.ts';
import { VariationPicker } from '#client/features/creatives/variation-picker.tsx';
import { RenderProgress, SpendError, useWaitProgress } from '#client/features/creatives/render-progress.tsx';

export function VariationsDialog({
  open,
  creativeId,
  available,
  onClose,
  onCreated,
}: {
  open: boolean;
  creativeId: string;
  available: number | null;
  onClose: () => void;
  onCreated: () => void;
}) {
  const t = useT();
  const [wanted, setCount] = useState(3);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ message: string; credits: boolean } | null>(null);
  const [created, setCreated] = useState<VariationsResult | null>(null);
  const { progress, track } = useWaitProgress();
  // No more than the balance pays for (the server would refuse the rest), and at least one to choose.
  const max = available === null ? MAX_VARIATIONS : Math.max(1, Math.min(MAX_VARIATIONS, Math.floor(available / CREDIT_COSTS.variation)));
  const count = Math.min(wanted, max);
  const cost = count * CREDIT_COSTS.variation;
  const close = () => {
    setCreated(null);
    setError(null);
    onClose();
  };
  const generate = async () => {
    setPending(true);
    setError(null);
    try {
      const result = await track(() => creativesApi.variations(creativeId, count));
      setCreated(result);
      onCreated();
    } catch (e) {
      setError({ message: errorMessage(e, t('creativeEditor.variations.failed')), credits: e instanceof ApiError && e.code === 'insufficient_credits' });
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog open={open} title={t('creativeEditor.variations.title')} onClose={close} wide={created !== null}>
      {created ? (
        <div className="space-y-4">
          <p className="text-sm" role="status">
            {t('creativeEditor.variations.created', { count: created.items.length, charged: created.charged })}
          </p>
          <VariationPicker items={created.items} onOpen={close} />
          <div className="flex justify-end">
            <Button variant="secondary" onClick={() => setCreated(null)}>
              {t('creativeEditor.variations.makeMore')}
            </Button>
          </div>
        </div>
      ) : (
        <form className="space-y-4" onSubmit={whenSubmitted(generate)}>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('creativeEditor.variations.intro')}</p>
          <label className="block text-sm font-medium" htmlFor="variation-count">
            {t('creativeEditor.variations.howMany')}
          </label>
          <div className="flex items-center gap-3">
            <input
              id="variation-count"
              type="range"
              min={1}
              max={max}
              value={count}
              onChange={(event) => setCount(Number(event.target.value))}
              className="flex-1 accent-accent-600"
            />
            <output htmlFor="variation-count" className="w-6 text-right font-semibold tabular-nums">
              {count}
            </output>
          </div>
          <p className="text-sm">
            {t('creativeEditor.variations.costs')} <strong>{t('creativeEditor.credits', { count: cost })}</strong>
            {available !== null ? <> {t('creativeEditor.variations.youHave', { available })}</> : null}.
          </p>
          {error ? <SpendError error={error} /> : null}
          {progress !== null ? (
            <div className="space-y-2">
              <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('creativeEditor.variations.writing', { count })}</p>
              <RenderProgress progress={progress} />
            </div>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              {t('creativeEditor.cancel')}
            </Button>
            <Button type="submit" pending={pending} pendingLabel={t('creativeEditor.rendering')}>
              {t('creativeEditor.variations.generate', { count })}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

export function RevisionsDialog({
  open,
  creativeId,
  readOnly,
  images,
  onClose,
  onRestore,
}: {
  open: boolean;
  creativeId: string;
  readOnly: boolean;
  images: Record<string, string | undefined>;
  onClose: () => void;
  onRestore: (revision: RevisionItem) => Promise<void>;
}) {
  const t = useT();
  const format = useFormat();
  const revisions = useResource(() => (open ? creativesApi.revisions(creativeId) : Promise.resolve({ items: [], nextCursor: null })), [open, creativeId]);
  const [restoring, setRestoring] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Older pages extend the first page they were loaded after; a reloaded first page starts over.
  const [olderPages, setOlder] = useState<{ after: unknown; items: RevisionItem[]; nextCursor: string | null } | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const older = olderPages && olderPages.after === revisions.data ? olderPages : null;
  const items = revisions.status === 'ready' ? [...revisions.data.items, ...(older?.items ?? [])] : [];
  const nextCursor = older ? older.nextCursor : revisions.status === 'ready' ? revisions.data.nextCursor : null;
  const loadOlder = async () => {
    if (!nextCursor) return;
    setLoadingOlder(true);
    try {
      const page = await creativesApi.revisions(creativeId, nextCursor);
      const after = revisions.data;
      setOlder((o) => ({ after, items: [...(o && o.after === after ? o.items : []), ...page.items], nextCursor: page.nextCursor }));
    } catch (e) {
      setError(errorMessage(e, t('creativeEditor.revisions.olderFailed')));
    } finally {
      setLoadingOlder(false);
    }
  };
  return (
    <Dialog open={open} title={t('creativeEditor.revisions.title')} onClose={onClose} wide>
      {revisions.status === 'loading' ? <p role="status">{t('creativeEditor.revisions.loading')}</p> : null}
      {revisions.status === 'error' ? <LoadFailed title={t('creativeEditor.revisions.loadFailed')} onRetry={revisions.reload} /> : null}
      <MessageAlert message={error} className="mb-3" />
      {revisions.status === 'ready' ? (
        <ul className="grid max-h-[65vh] grid-cols-2 gap-4 overflow-y-auto sm:grid-cols-4">
          {items.map((revision) => (
            <li key={revision.id} className="rounded-lg border border-zinc-200 p-2 text-xs dark:border-zinc-700">
              <CreativePreview
                doc={revision.document}
                images={images}
                width={180}
                label={t('creativeEditor.revisions.version', { number: revision.number })}
                className="mx-auto"
              />
              <p className="mt-2 font-medium">
                {t('creativeEditor.revisions.version', { number: revision.number })}
                {revision.current ? (
                  <span className="ml-1 rounded bg-accent-50 px-1 text-accent-800 dark:bg-accent-800/30 dark:text-accent-100">
                    {t('creativeEditor.revisions.current')}
                  </span>
                ) : null}
              </p>
              <p className="text-zinc-500">
                {t(revision.reason === 'restored' ? 'creativeEditor.revisions.metaRestored' : 'creativeEditor.revisions.meta', {
                  date: format.date(revision.createdAt),
                  author: revision.authorName ?? t('creativeEditor.revisions.formerMember'),
                })}
              </p>
              {!readOnly && !revision.current ? (
                <Button
                  variant="secondary"
                  size="sm"
                  className="mt-2 w-full"
                  pending={restoring === revision.id}
                  pendingLabel={t('creativeEditor.revisions.restoring')}
                  onClick={async () => {
                    setRestoring(revision.id);
                    setError(null);
                    try {
                      await onRestore(revision);
                      onClose();
                    } catch (e) {
                      setError(errorMessage(e, t('creativeEditor.revisions.restoreFailed')));
                    } finally {
                      setRestoring(null);
                    }
                  }}
                >
                  <RotateCcw className="size-3.5" aria-hidden="true" /> {t('creativeEditor.revisions.restore')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {revisions.status === 'ready' && nextCursor ? (
        <div className="mt-4 flex justify-center">
          <Button
            variant="secondary"
            size="sm"
            pending={loadingOlder}
            pendingLabel={t('creativeEditor.revisions.loadingOlder')}
            onClick={() => void loadOlder()}
          >
            {t('creativeEditor.revisions.older')}
          </Button>
        </div>
      ) : null}
      <p className="mt-4 text-xs text-zinc-500">
        <ExternalLink className="mr-1 inline size-3" aria-hidden="true" />
        {t('creativeEditor.revisions.note')}
      </p>
    </Dialog>
  );
}
