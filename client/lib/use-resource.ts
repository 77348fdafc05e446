import { useCallback, useEffect, useRef, useState } from 'react';

export type Resource<T> =
  | { status: 'loading'; data: undefined; error: undefined; reload: () => void }
  | { status: 'error'; data: undefined; error: Error; reload: () => void }
  | { status: 'ready'; data: T; error: undefined; reload: () => void };

/** Loads data for a screen with loading, error (with retry) and ready states. */
export function useResource<T>(load: () => Promise<T>, deps: readonly unknown[] = []): Resource<T> & { setData: (data: T) => void } {
  const [state, setState] = useState<{ status: 'loading' | 'error' | 'ready'; data?: T; error?: Error }>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    let live = true;
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }));
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
