import { AlertCircle, Check, Loader2 } from 'lucide-react';
import { Alert } from '#client/components/alert.tsx';
import type { SaveState } from '#client/lib/use-revision-save.ts';
import { useT } from '#client/lib/i18n-context.tsx';

const ROW = 'inline-flex items-center gap-1 text-xs';

/**
 * How an autosaving screen stands, in its header (the editors) or under its fields (the brand
 * kit): Saved, Unsaved changes, Saving…, or why it is not saved, with a Retry after a failure
 * when `onRetry` is given. A live region: screen readers hear each change.
 */
export function SaveIndicator({
  state,
  error,
  onRetry,
  label,
  className = ROW,
}: {
  state: SaveState | 'readonly';
  /** What went wrong, shown for `error` ("Not saved" when null). */
  error?: string | null;
  onRetry?: () => void;
  /** The live region's name, where a screen has several. */
  label?: string;
  className?: string;
}) {
  const t = useT();
  return (
    <span role="status" aria-live="polite" aria-label={label} className={className}>
      {state === 'readonly' ? <span className="text-zinc-500">{t('editor.save.viewOnly')}</span> : null}
      {state === 'saved' ? (
        <span className={`${ROW} text-emerald-700 dark:text-emerald-400`}>
          <Check className="size-3.5" aria-hidden="true" />
          {t('editor.save.saved')}
        </span>
      ) : null}
      {state === 'pending' ? <span className="text-zinc-500 dark:text-zinc-400">{t('editor.save.pending')}</span> : null}
      {state === 'invalid' ? <span className="text-amber-700 dark:text-amber-400">{t('editor.save.invalid')}</span> : null}
      {state === 'saving' ? (
        <span className={`${ROW} text-zinc-600 dark:text-zinc-400`}>
          <Loader2 className="size-3.5 animate-spin" aria-hidden="true" />
          {t('editor.save.saving')}
        </span>
      ) : null}
      {state === 'error' || state === 'conflict' ? (
        <span className={`${ROW} text-red-700 dark:text-red-400`}>
          <AlertCircle className="size-3.5" aria-hidden="true" />
          {state === 'conflict' ? t('editor.save.conflict') : (error ?? t('editor.save.failed'))}
          {state === 'error' && onRetry ? (
            <button type="button" className="ml-1 font-medium underline" onClick={onRetry}>
              {t('editor.save.retry')}
            </button>
          ) : null}
        </span>
      ) : null}
    </span>
  );
}

/** Under an editor's header once a save met a newer version (`conflict`): nothing more is saved from this screen. */
export function SaveConflict({ what }: { what: string }) {
  const t = useT();
  return (
    <Alert tone="danger" className="m-4 mb-0" title={t('editor.conflict.title')}>
      {t('editor.conflict.body', { what })}{' '}
      <button type="button" className="font-medium underline" onClick={() => window.location.reload()}>
        {t('editor.conflict.reload')}
      </button>
    </Alert>
  );
}
