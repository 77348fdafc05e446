import { useCallback, useEffect, useRef, useState } from 'react';
import { isBatchActive, type BatchItem } from '#common/schemas/batches.ts';
import { batchesApi } from '#client/features/creatives/batches/api.ts';

/** The first wait between two looks at a run's progress, and the longest the waits grow to. */
export const POLL_MS = 1500;
export const POLL_MAX_MS = 15_000;

export interface Runs {
  /** The creative's runs, newest first (null until first read). */
  items: BatchItem[] | null;
  failed: boolean;
  /** Reads the list again (and polls again while a run is active). */
  reload: () => void;
  /** A run the screen learnt of (started, cancelled, retried) in the list at once. */
  put: (item: BatchItem) => void;
}

/** What changes from one look to the next while a run makes progress. */
const progressOf = (items: readonly BatchItem[]) =>
  items
    .filter(isBatchActive)
    .map((b) => `${b.id}:${b.status}:${b.done}:${b.failed}:${b.total}`)
    .join();

/**
 * The creative's runs from spreadsheets, read when the editor opens and polled while one of
 * them is active: every 1.5 s while the rows move, waiting half as long again after each look that
 * saw no change (up to 15 s), not at all while the tab is hidden (a look as soon as it shows
 * again), and stopped once every run has settled. So a run started before a reload shows its
 * progress again.
 */
export function useRuns(projectId: string, creativeId: string): Runs {
  const [items, setItems] = useState<BatchItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const itemsRef = useRef<BatchItem[] | null>(null);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay = POLL_MS;
    let seen = '';
    let waitingForView = false;
    const look = async () => {
      timer = undefined;
      if (document.hidden) {
        waitingForView = true;
        return;
      }
      let active = false;
      try {
        const list = await batchesApi.list(projectId, creativeId);
        if (!live) return;
        itemsRef.current = list.items;
        setItems(list.items);
        setFailed(false);
        const progress = progressOf(list.items);
        active = progress !== '';
        delay = progress === seen ? Math.min(delay * 1.5, POLL_MAX_MS) : POLL_MS;
        seen = progress;
      } catch {
        if (!live) return;
        setFailed(true);
        // A failed look is tried again only while a run was known to be active.
        active = (itemsRef.current ?? []).some(isBatchActive);
        delay = Math.min(delay * 2, POLL_MAX_MS);
      }
      if (active) timer = setTimeout(() => void look(), delay);
    };
    const onVisible = () => {
      if (!document.hidden && waitingForView) {
        waitingForView = false;
        void look();
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    void look();
    return () => {
      live = false;
      if (timer !== undefined) clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [projectId, creativeId, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const put = useCallback((item: BatchItem) => {
    setItems((all) => {
      const next = [item, ...(all ?? []).filter((b) => b.id !== item.id)].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
      itemsRef.current = next;
      return next;
    });
  }, []);
  return { items, failed, reload, put };
}
