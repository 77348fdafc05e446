import type { ReactNode } from 'react';
import { LoadFailed } from '#client/components/alert.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import type { Resource } from '#client/lib/use-resource.ts';

/**
 * A card's list loaded by `useResource`: skeleton lines while it loads, the failure with a retry,
 * one line when there is nothing (after its icon), else the rows, divided. `children` draws one
 * row (an `<li>` with its key).
 */
export function ResourceList<T>({
  resource,
  words,
  icon,
  className = '',
  children,
}: {
  resource: Resource<{ items: readonly T[] }>;
  words: { loading: string; loadFailed: string; empty: string };
  icon?: ReactNode;
  className?: string;
  children: (item: T) => ReactNode;
}) {
  if (resource.status === 'loading') return <SkeletonLines lines={2} label={words.loading} />;
  if (resource.status === 'error') return <LoadFailed title={words.loadFailed} onRetry={resource.reload} />;
  const { items } = resource.data;
  if (items.length === 0) {
    return (
      <p className={`flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400 ${className}`}>
        {icon}
        {words.empty}
      </p>
    );
  }
  return <ul className={`divide-y divide-zinc-200 dark:divide-zinc-800 ${className}`}>{items.map(children)}</ul>;
}
