import { useEffect, useReducer } from 'react';

/**
 * A module a screen needs soon but not for its first paint (rules, tables), loaded by `import()`
 * outside the screen's chunk, once: `useModule(wanted)` asks for it after the render that wants
 * it and draws again when it has come (undefined until then); `load()` waits for it. A failed load
 * is tried again on the next ask.
 */
export function lazyModule<M>(importer: () => Promise<M>) {
  let module: M | undefined;
  let pending: Promise<M> | undefined;
  const load = (): Promise<M> =>
    (pending ??= importer().then(
      (loaded) => (module = loaded),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  function useModule(wanted = true): M | undefined {
    const [, loaded] = useReducer((n: number) => n + 1, 0);
    const missing = wanted && module === undefined;
    useEffect(() => {
      if (missing) load().then(loaded, () => undefined);
    }, [missing]);
    return module;
  }
  return { load, useModule };
}
