import type { ReactNode } from 'react';
import { useT } from '#client/lib/i18n-context.tsx';

type Tone = 'info' | 'success' | 'warning' | 'danger';

const tones: Record<Tone, string> = {
  info: 'border-accent-200 bg-accent-50 text-accent-800 dark:border-accent-800 dark:bg-accent-800/20 dark:text-accent-100',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-800 dark:bg-emerald-900/30 dark:text-emerald-100',
  warning: 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-900/30 dark:text-amber-100',
  danger: 'border-red-200 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-900/30 dark:text-red-100',
};

/** An inline message. Danger and warning are announced to screen readers at once. */
export function Alert({ tone = 'info', title, children, className = '' }: { tone?: Tone; title?: string; children?: ReactNode; className?: string }) {
  const urgent = tone === 'danger' || tone === 'warning';
  return (
    <div role={urgent ? 'alert' : 'status'} className={`rounded-[var(--radius-control)] border px-4 py-3 text-sm ${tones[tone]} ${className}`}>
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? 'mt-1' : ''}>{children}</div> : null}
    </div>
  );
}

/** What a screen shows when its data could not be loaded: what failed, and a way to try again. */
export function LoadFailed({ title, onRetry }: { title: string; onRetry: () => void }) {
  const t = useT();
  return (
    <Alert tone="danger" title={title}>
      <button type="button" className="font-medium underline" onClick={onRetry}>
        {t('action.tryAgain')}
      </button>
    </Alert>
  );
}
