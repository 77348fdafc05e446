import { useCallback, useEffect, useRef, useState } from 'react';

export type Resource<T> =
  | { status: 'loading'; data: undefined; error: undefined; reload: () => void }
  | { status: 'error'; data: undefined; error: Error; reload: () => void }
  | { status: 'ready'; data: T; error: undefined; reload: () => void };

/**
 * Loads data for a screen with loading, error (with retry) and ready states. A reload keeps
 * showing the data it replaces; new `deps` (another object) start from loading, unless
 * `keepStale` (a list being filtered: no flash of skeletons at every keystroke).
 */
export function useResource<T>(
  load: () => Promise<T>,
  deps: readonly unknown[] = [],
  options: { keepStale?: boolean } = {},
): Resource<T> & { setData: (data: T) => void } {
  const [state, setState] = useState<{ status: 'loading' | 'error' | 'ready'; data?: T; error?: Error }>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const lastAttempt = useRef(attempt);
  const keepStale = options.keepStale === true;
  useEffect(() => {
    let live = true;
    const reloading = lastAttempt.current !== attempt;
    lastAttempt.current = attempt;
    setState((s) => (s.status === 'ready' && (reloading || keepStale) ? s : { status: 'loading' }));
    loadRef.current().then(
      (data) => live && setState({ status: 'ready', data }),
      (error: unknown) => live && setState({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt, ...deps]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const setData = useCallback((data: T) => setState({ status: 'ready', data }), []);
  return { ...(state as Resource<T>), reload, setData };
}
