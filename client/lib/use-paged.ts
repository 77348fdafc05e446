import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useResource, type Resource } from './use-resource';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export type Paged<T> = Resource<Page<T>> & {
  /** The first page and every page loaded after it. */
  items: T[];
  hasMore: boolean;
  loadingMore: boolean;
  /** The last "show more" failed; the button offers to try again. */
  moreFailed: boolean;
  loadMore: () => Promise<void>;
  /** Changes or removes (null) loaded items in place, keeping every page shown. */
  patch: (map: (item: T) => T | null) => void;
};

/** Pages loaded after a first page; they belong to that page and go when it is replaced. */
interface More<T> {
  after: Page<T> | undefined;
  items: T[];
  cursor: string | null;
  failed: boolean;
}

const NONE: never[] = [];

/**
 * A cursor-paginated list: the first page loads like any resource (loading, error with retry,
 * ready) and reloads when `deps` change; further pages are appended by `loadMore`. A page that
 * arrives after the list was reloaded belongs to the old list and is dropped.
 */
export function usePaged<T>(loadPage: (cursor?: string) => Promise<Page<T>>, deps: readonly unknown[]): Paged<T> {
  const loadRef = useRef(loadPage);
  const first = useResource(() => loadRef.current(), deps, { keepStale: true });
  const firstPage = first.status === 'ready' ? first.data : undefined;
  const [more, setMore] = useState<More<T>>({ after: undefined, items: NONE, cursor: null, failed: false });
  const [loadingMore, setLoadingMore] = useState(false);

  // Derived, not synchronised: pages loaded after another first page do not count.
  const current: More<T> = more.after === firstPage ? more : { after: firstPage, items: NONE, cursor: firstPage?.nextCursor ?? null, failed: false };
  const cursor = current.cursor;

  const latestFirst = useRef(firstPage);
  // The latest loader and first page for the callbacks, updated once the render is committed.
  useLayoutEffect(() => {
    loadRef.current = loadPage;
    latestFirst.current = firstPage;
  });

  const loadMore = useCallback(async () => {
    const after = firstPage;
    const from = cursor;
    if (!after || !from) return;
    // Applies a result only to the list it was asked for, and only once.
    const settle = (change: (base: More<T>) => More<T>) =>
      setMore((m) => {
        if (latestFirst.current !== after) return m;
        const base = m.after === after ? m : { after, items: NONE, cursor: after.nextCursor, failed: false };
        return base.cursor === from ? change(base) : m;
      });
    setLoadingMore(true);
    try {
      const page = await loadRef.current(from);
      settle((base) => ({ after, items: [...base.items, ...page.items], cursor: page.nextCursor, failed: false }));
    } catch {
      settle((base) => ({ ...base, failed: true }));
    } finally {
      setLoadingMore(false);
    }
  }, [cursor, firstPage]);

  const { setData } = first;
  const patch = useCallback(
    (map: (item: T) => T | null) => {
      if (!firstPage) return;
      const apply = (items: T[]) => items.map(map).filter((item): item is T => item !== null);
      const nextFirst = { ...firstPage, items: apply(firstPage.items) };
      setData(nextFirst);
      setMore((m) =>
        m.after === firstPage
          ? { ...m, after: nextFirst, items: apply(m.items) }
          : { after: nextFirst, items: NONE, cursor: nextFirst.nextCursor, failed: false },
      );
    },
    [firstPage, setData],
  );

  // Stable between renders, so that it can be an effect's or a memo's dependency.
  const items = useMemo(() => (firstPage ? [...firstPage.items, ...current.items] : []), [firstPage, current.items]);
  return { ...first, items, hasMore: cursor !== null, loadingMore, moreFailed: current.failed, loadMore, patch };
}
