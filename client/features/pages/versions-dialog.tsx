import { useState } from 'react';
import type { PageVersion } from '#common/schemas/funnels.ts';
import type { PageFinding } from '#common/schemas/page-checks.ts';
import { Alert, LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { Dialog } from '#client/components/dialog.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import { useToast } from '#client/components/toast.tsx';
import { errorMessage } from '#client/lib/http.ts';
import { useResource } from '#client/lib/use-resource.ts';
import { INTL_LOCALES, type Locale } from '#common/i18n/locales.ts';
import { useI18n, useT } from '#client/lib/i18n-context.tsx';
import { pagesApi } from '#client/features/pages/api.ts';
import { refusedFindings } from '#client/features/pages/page-checks.tsx';

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
  /** Restores the version (saving pending changes first), accepting the warnings named; throws when it could not. */
  onRestore: (version: PageVersion, acceptWarnings?: string[]) => Promise<void>;
}) {
  const t = useT();
  const { locale } = useI18n();
  const when = new Intl.DateTimeFormat(INTL_LOCALES[locale as Locale], { dateStyle: 'medium', timeStyle: 'short' });
  const toast = useToast();
  const versions = useResource(async () => {
    if (!open) return [];
    const body = await pagesApi.versions(pageId);
    return Array.isArray(body) ? body : body.items;
  }, [open, pageId]);
  const [confirm, setConfirm] = useState<PageVersion | null>(null);
  const [pending, setPending] = useState(false);
  // The checks before publishing refused the version (issue 30 §3): what they found, and "Restore anyway" when only warnings.
  const [refusal, setRefusal] = useState<{ version: PageVersion; findings: PageFinding[] } | null>(null);

  const restore = async (version: PageVersion | null, acceptWarnings?: string[]) => {
    if (!version) return;
    setPending(true);
    try {
      await onRestore(version, acceptWarnings);
      setConfirm(null);
      setRefusal(null);
      onClose();
    } catch (error) {
      setConfirm(null);
      const findings = refusedFindings(error);
      if (findings) setRefusal({ version, findings });
      else toast({ tone: 'error', message: errorMessage(error, t('funnels.versions.restoreFailed')) });
    } finally {
      setPending(false);
    }
  };
  const close = () => {
    setRefusal(null);
    onClose();
  };
  const blocked = refusal?.findings.some((f) => f.severity === 'error') ?? false;

  return (
    <Dialog open={open} title={t('funnels.versions.title')} onClose={close}>
      {refusal ? (
        <Alert tone={blocked ? 'danger' : 'warning'} className="mb-4">
          <p>
            {blocked
              ? t('funnels.checks.restoreBlocked', { number: refusal.version.number })
              : t('funnels.checks.restoreWarnings', { number: refusal.version.number, count: refusal.findings.length })}
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {refusal.findings
              .filter((f) => !blocked || f.severity === 'error')
              .map((f) => (
                <li key={f.key}>
                  {f.blockId === 'seo'
                    ? `${t(f.message)} (${t('funnels.checks.seo')})`
                    : t('funnels.checks.inBlock', { message: t(f.message), block: f.blockId })}
                </li>
              ))}
          </ul>
          {blocked ? null : (
            <Button
              size="sm"
              className="mt-3"
              pending={pending}
              onClick={() =>
                void restore(
                  refusal.version,
                  refusal.findings.map((f) => f.key),
                )
              }
            >
              {t('funnels.checks.restoreAnyway')}
            </Button>
          )}
        </Alert>
      ) : null}
      {versions.status === 'loading' ? <SkeletonLines lines={3} label={t('funnels.versions.loading')} /> : null}
      {versions.status === 'error' ? <LoadFailed title={t('funnels.versions.loadFailed')} onRetry={versions.reload} /> : null}
      {versions.status === 'ready' && versions.data.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('funnels.versions.empty')}</p>
      ) : null}
      {versions.status === 'ready' && versions.data.length > 0 ? (
        <ul className="max-h-[60vh] divide-y divide-zinc-200 overflow-y-auto dark:divide-zinc-800">
          {versions.data.map((version) => (
            <li key={version.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium">
                  {t('funnels.versions.version', { number: version.number })}
                  {version.live ? (
                    <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200 ring-inset dark:bg-emerald-900/30 dark:text-emerald-200">
                      {t('funnels.versions.live')}
                    </span>
                  ) : null}
                </p>
                <p className="text-xs text-zinc-600 dark:text-zinc-400">
                  {when.format(new Date(version.publishedAt))}
                  {version.publishedBy ? ` · ${version.publishedBy}` : ''}
                  {version.hasVariantB ? t('funnels.versions.withB') : ''}
                </p>
              </div>
              {!readOnly ? (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => setConfirm(version)}
                  aria-label={t('funnels.versions.restoreLabel', { number: version.number })}
                >
                  {t('funnels.versions.restore')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={confirm !== null}
        title={t('funnels.versions.confirmTitle', { number: confirm?.number ?? '' })}
        confirmLabel={t('funnels.versions.confirmLabel')}
        pending={pending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => void restore(confirm)}
      >
        {t('funnels.versions.confirmBody', { number: confirm?.number ?? '' })}
      </ConfirmDialog>
    </Dialog>
  );
}
