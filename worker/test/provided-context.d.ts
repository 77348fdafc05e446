/**
 * What vitest.config.ts hands the tests through `provide` (read with `inject`): declared once,
 * seen by the config (tsconfig.node.json) and by the tests (tsconfig.json).
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The property tests' global seed: fixed, or `FC_SEED` (worker/test/setup.ts, client/test/setup.ts). */
    fcSeed: number;
    /** Generated requests per route in the reliability fuzz: `FUZZ_RUNS` (npm run test:reliability sets 1000), else a fixed slice. */
    fuzzRuns: number;
    /** Changing routes sharing one world and one read-back in the fuzz: `FUZZ_GROUP`, else 4 in `npm test`, 1 in the full run. */
    fuzzGroup: number;
  }
}

export {};
