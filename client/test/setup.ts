import { cleanup, configure } from '@testing-library/react';
import { afterEach, inject, vi } from 'vitest';
import fc from 'fast-check';

// Property tests run from one fixed seed, so that a run passes or fails the same way every
// time (CI included). `FC_SEED=<n>` explores other cases; a failure prints its seed to replay.
fc.configureGlobal({ seed: inject('fcSeed') });

// findBy*/waitFor give up after this long: ample on a busy machine, and a passing test never waits it out.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
