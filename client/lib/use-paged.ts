import { useCallback, useMemo, useRef, useState } from 'react';
import { useResource, type Resource } from './use-resource';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export type Paged<T> = Resource<T[]> & {
  /** The first page and every page loaded after it. */
  items: T[];
  hasMore: boolean;
  loadingMore: boolean;
  /** The last "show more" failed; the button offers to try again. */
  moreFailed: boolean;
  loadMore: () => Promise<void>;
};

/**
 * A cursor-paginated list: the first page loads like any resource (loading, error with retry,
 * ready) and reloads when `deps` change; further pages are appended by `loadMore`.
 */
export function usePaged<T>(loadPage: (cursor?: string) => Promise<Page<T>>, deps: readonly unknown[]): Paged<T> {
  const [more, setMore] = useState<T[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const loadRef = useRef(loadPage);
  loadRef.current = loadPage;
  // Pages that arrive after the list was reloaded belong to the old list: drop them.
  const generation = useRef(0);

  const first = useResource(async () => {
    const page = await loadRef.current();
    generation.current += 1;
    setMore([]);
    setMoreFailed(false);
    setCursor(page.nextCursor);
    return page.items;
  }, deps);

  const loadMore = useCallback(async () => {
    if (!cursor) return;
    const current = generation.current;
    setLoadingMore(true);
    setMoreFailed(false);
    try {
      const page = await loadRef.current(cursor);
      if (current !== generation.current) return;
      setMore((m) => [...m, ...page.items]);
      setCursor(page.nextCursor);
    } catch {
      if (current === generation.current) setMoreFailed(true);
    } finally {
      setLoadingMore(false);
    }
  }, [cursor]);

  const firstItems = first.status === 'ready' ? first.data : undefined;
  // Stable between renders, so that it can be an effect's dependency.
  const items = useMemo(() => (firstItems ? [...firstItems, ...more] : []), [firstItems, more]);
  return { ...first, items, hasMore: cursor !== null, loadingMore, moreFailed, loadMore };
}
