import { useCallback, useEffect, useEffectEvent, useState } from 'react';

export type Resource<T> =
  | { status: 'loading'; data: undefined; error: undefined; reload: () => void }
  | { status: 'error'; data: undefined; error: Error; reload: () => void }
  | { status: 'ready'; data: T; error: undefined; reload: () => void };

type State<T> = { status: 'loading' | 'error' | 'ready'; data?: T; error?: Error };

function sameDeps(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => Object.is(value, b[i]));
}

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
  const [state, setState] = useState<State<T>>({ status: 'loading' });
  // Each request: a reload (attempt) or other deps (generation). Deps are compared while
  // rendering, so that the screen shows "loading" for new deps in the same render.
  const [attempt, setAttempt] = useState(0);
  const [seen, setSeen] = useState({ deps, generation: 0 });
  if (!sameDeps(seen.deps, deps)) {
    setSeen({ deps, generation: seen.generation + 1 });
    if (!(state.status === 'ready' && options.keepStale === true)) setState({ status: 'loading' });
  }
  const loadLatest = useEffectEvent(() => load());
  useEffect(() => {
    let live = true;
    loadLatest().then(
      (data) => live && setState({ status: 'ready', data }),
      (error: unknown) => live && setState({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      live = false;
    };
  }, [attempt, seen.generation]);
  const reload = useCallback(() => {
    // After a failure the retry shows "loading"; ready data stays on screen while it reloads.
    setState((s) => (s.status === 'error' ? { status: 'loading' } : s));
    setAttempt((n) => n + 1);
  }, []);
  const setData = useCallback((data: T) => setState({ status: 'ready', data }), []);
  return { ...(state as Resource<T>), reload, setData };
}
