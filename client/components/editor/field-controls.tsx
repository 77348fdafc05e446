import { useId, type ReactNode } from 'react';
import { useSayEnglish } from '#client/lib/i18n-context.tsx';

export const inputClass =
  'block w-full rounded-[var(--radius-control)] border bg-white px-2.5 text-sm text-zinc-900 shadow-sm focus:outline-2 focus:outline-accent-600 disabled:opacity-60 dark:bg-zinc-900 dark:text-zinc-100';

export function borderOf(error: string | undefined): string {
  return error ? 'border-red-500' : 'border-zinc-300 dark:border-zinc-700';
}

/** A label, the control (given its id and describedby), a counter, a hint and an inline error. */
export function Labelled({
  label,
  error,
  hint,
  count,
  children,
}: {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** Characters used and allowed, shown beside the label. */
  count?: { used: number; max: number } | undefined;
  children: (id: string, describedBy: string | undefined) => ReactNode;
}) {
  const id = useId();
  // A schema's English message, in the reader's language (the editors pass issues as they came).
  const say = useSayEnglish();
  const ids = [error ? `${id}-error` : '', hint ? `${id}-hint` : '', count ? `${id}-count` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="min-w-0">
      <div className="mb-1 flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="block text-xs font-medium text-zinc-700 dark:text-zinc-300">
          {label}
        </label>
        {count ? (
          <span
            id={`${id}-count`}
            className={`text-xs tabular-nums ${count.used > count.max ? 'text-red-700 dark:text-red-400' : 'text-zinc-500 dark:text-zinc-400'}`}
          >
            {count.used}/{count.max}
          </span>
        ) : null}
      </div>
      {children(id, ids)}
      {hint && !error ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700 dark:text-red-400">
          {say(error)}
        </p>
      ) : null}
    </div>
  );
}

/** A section of the side panel with its heading. */
export function PanelSection({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section className="border-b border-zinc-200 px-4 py-4 dark:border-zinc-800">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{title}</h2>
        {action}
      </div>
      <div className="space-y-3">{children}</div>
    </section>
  );
}
