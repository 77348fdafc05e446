import { useT } from '#client/lib/i18n-context.tsx';
/** Placeholder shapes while content loads (skeletons, not spinners on blank pages). */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-[var(--radius-control)] bg-zinc-200 dark:bg-zinc-800 ${className}`} />;
}

export function SkeletonLines({ lines = 3, label }: { lines?: number; label?: string }) {
  const t = useT();
  return (
    <div role="status" aria-label={label ?? t('state.loading')} className="space-y-3">
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} className={`h-4 ${i === lines - 1 ? 'w-2/3' : 'w-full'}`} />
      ))}
    </div>
  );
}

/** A list of rows loading (ads, pages): three cards of a title and a line, after a thumbnail when the rows have one. */
export function RowsSkeleton({ label, thumbnail = false }: { label: string; thumbnail?: boolean }) {
  const card = 'rounded-[var(--radius-card)] border border-zinc-200 p-3 dark:border-zinc-800';
  const lines = (
    <>
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-3 w-3/4" />
    </>
  );
  return (
    <div role="status" aria-label={label} className="space-y-3">
      {Array.from({ length: 3 }, (_, i) =>
        thumbnail ? (
          <div key={i} className={`flex items-center gap-3 ${card}`}>
            <Skeleton className="size-16 shrink-0" />
            <div className="flex-1 space-y-2">{lines}</div>
          </div>
        ) : (
          <div key={i} className={`space-y-2 ${card}`}>
            {lines}
          </div>
        ),
      )}
    </div>
  );
}
