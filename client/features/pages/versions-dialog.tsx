import { useState } from 'react';
import type { PageVersion } from '#common/schemas/funnels.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { Dialog } from '#client/components/dialog.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import { useToast } from '#client/components/toast.tsx';
import { errorMessage } from '#client/lib/http.ts';
import { useResource } from '#client/lib/use-resource.ts';
import { pagesApi } from '#client/features/pages/api.ts';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** Every published version, newest first; restoring one asks first. */
export function VersionsDialog({
  open,
  pageId,
  readOnly,
  onClose,
  onRestore,
}: {
  open: boolean;
  pageId: string;
  readOnly: boolean;
  onClose: () => void;
  /** Restores the version (saving pending changes first); throws when it could not. */
  onRestore: (version: PageVersion) => Promise<void>;
}) {
  const toast = useToast();
  const versions = useResource(async () => {
    if (!open) return [];
    const body = await pagesApi.versions(pageId);
    return Array.isArray(body) ? body : body.items;
  }, [open, pageId]);
  const [confirm, setConfirm] = useState<PageVersion | null>(null);
  const [pending, setPending] = useState(false);

  const restore = async () => {
    if (!confirm) return;
    setPending(true);
    try {
      await onRestore(confirm);
      setConfirm(null);
      onClose();
    } catch (error) {
      setConfirm(null);
      toast({ tone: 'error', message: errorMessage(error, 'That version could not be restored.') });
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} title="Published versions" onClose={onClose}>
      {versions.status === 'loading' ? <SkeletonLines lines={3} label="Loading the versions" /> : null}
      {versions.status === 'error' ? <LoadFailed title="The versions could not be loaded" onRetry={versions.reload} /> : null}
      {versions.status === 'ready' && versions.data.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing published yet. Every time you publish, the version is kept here and can be restored.</p>
      ) : null}
      {versions.status === 'ready' && versions.data.length > 0 ? (
        <ul className="max-h-[60vh] divide-y divide-zinc-200 overflow-y-auto dark:divide-zinc-800">
          {versions.data.map((version) => (
            <li key={version.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium">
                  Version {version.number}
                  {version.live ? (
                    <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200 ring-inset dark:bg-emerald-900/30 dark:text-emerald-200">
                      Live
                    </span>
                  ) : null}
                </p>
                <p className="text-xs text-zinc-600 dark:text-zinc-400">
                  {when.format(new Date(version.publishedAt))}
                  {version.publishedBy ? ` · ${version.publishedBy}` : ''}
                  {version.hasVariantB ? ' · with variant B' : ''}
                </p>
              </div>
              {!readOnly ? (
                <Button variant="secondary" size="sm" onClick={() => setConfirm(version)} aria-label={`Restore version ${version.number}`}>
                  Restore
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={confirm !== null}
        title={`Restore version ${confirm?.number ?? ''}?`}
        confirmLabel="Restore and publish"
        pending={pending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => void restore()}
      >
        The draft is replaced by version {confirm?.number} and it goes live at once as a new version. The current draft stays in the list only if it was
        published.
      </ConfirmDialog>
    </Dialog>
  );
}
