import { join } from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig, type Plugin } from 'vitest/config';
import { bundleRenderer, RENDERER_NAME, rendererModules, rendererSettings } from './scripts/renderer-bundle.mjs';

/** Markdown as text, as wrangler.toml's `[[rules]] type = "Text"` bundles it. */
const markdownAsText: Plugin = {
  name: 'markdown-as-text',
  transform(code, id) {
    if (!id.endsWith('.md')) return undefined;
    return { code: `export default ${JSON.stringify(code)};`, map: null };
  },
};

/** Bindings for tests: fixed secrets, and every optional provider off unless a test turns it on. */
const TEST_BINDINGS = {
  SESSION_SECRET: 'test-session-secret-0123456789abcdef0123456789',
  TOKEN_ENCRYPTION_KEY: 'dGVzdC10b2tlbi1lbmNyeXB0aW9uLWtleS0wMDAwMDA=',
  SENTRY_DSN: '',
  RESEND_API_KEY: '',
  MAIL_FROM: 'Adloom <no-reply@example.com>',
  STRIPE_SECRET_KEY: '',
  STRIPE_WEBHOOK_SECRET: '',
  INSTAGRAM_APP_ID: '',
  INSTAGRAM_APP_SECRET: '',
  UNSPLASH_ACCESS_KEY: '',
  PEXELS_API_KEY: '',
};

const RENDERER_TEST_DIR = join(import.meta.dirname, 'node_modules', '.cache', 'adloom-renderer-test');
let rendererBundled = false;

/**
 * The renderer Worker (wrangler.renderer.toml) as an auxiliary worker of the worker tests: the
 * main worker's RENDERER binding reaches it through Workers RPC, as in production. The plugin
 * runs auxiliary workers from bundled JavaScript only, so it is bundled from the current sources
 * once per vitest run (the pool asks for its options each time it starts a workerd).
 */
function rendererWorker(name = RENDERER_NAME) {
  const dir = RENDERER_TEST_DIR;
  if (!rendererBundled) {
    bundleRenderer(dir, { minify: false });
    rendererBundled = true;
  }
  const { compatibilityDate, vars, r2Buckets } = rendererSettings();
  return {
    name,
    modulesRoot: dir,
    modules: rendererModules(dir),
    compatibilityDate,
    compatibilityFlags: ['nodejs_compat'],
    bindings: vars,
    // The main worker's MEDIA (wrangler.toml) under the same bucket name: one store, as in production.
    r2Buckets,
  };
}

/** The renderer behind the tests' SOLO_RENDERER binding: no API request reaches it. */
const SOLO_RENDERER_NAME = `${RENDERER_NAME}-solo`;

/** Property tests' seed: fixed, so that every run checks the same cases; `FC_SEED=<n> npm test` explores others. */
const FC_SEED = Number(process.env.FC_SEED ?? 20261124) | 0;
/** Requests per route in the reliability fuzz (worker/reliability/): a fixed slice in `npm test`, `npm run test:reliability` sets 1000. */
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 0) | 0;
/** Changing routes that share a world and its read-back in the fuzz: `FUZZ_GROUP`, else 4 in `npm test` and 1 in the full run. */
const FUZZ_GROUP = Number(process.env.FUZZ_GROUP ?? 0) | 0;

/**
 * Three projects: worker tests inside workerd with the real migrations on D1 and a
 * real R2 binding, the renderer Worker beside them; client component tests in happy-dom; browser tests in Debian's
 * chromium against `wrangler dev`. `npm test` runs the worker and client projects in one vitest and the browser
 * tests in another beside it (scripts/run-tests.mjs); a plain `vitest run` runs the three in this order
 * (`sequence.groupOrder`).
 */
export default defineConfig({
  test: {
    sequence: { groupOrder: 0 },
    projects: [
      {
        plugins: [
          markdownAsText,
          cloudflareTest(async () => ({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              bindings: { ...TEST_BINDINGS, TEST_MIGRATIONS: await readD1Migrations('./migrations') },
              // A second, empty database: worker/db/upgrades.test.ts migrates it one level at a time with data in it.
              d1Databases: { UPGRADE_DB: 'adloom-upgrade-test' },
              // A second renderer from the same bundle, for tests that call the renderer directly and
              // need its in-flight count to be their own (renderer.test.ts, variations.test.ts).
              workers: [rendererWorker(), rendererWorker(SOLO_RENDERER_NAME)],
              serviceBindings: { SOLO_RENDERER: { name: SOLO_RENDERER_NAME, entrypoint: 'Renderer' } },
            },
          })),
        ],
        test: {
          name: 'worker',
          include: ['worker/**/*.test.{ts,tsx}', 'common/**/*.test.ts'],
          // One workerd per vitest worker, reused by its files (each starts from empty storage:
          // worker/test/setup.ts). A workerd per file cost ≈ 15 s of CPU each, most of the suite.
          isolate: false,
          setupFiles: ['./worker/test/setup.ts'],
          // A guard against hangs, not a speed limit: on a 2-core machine with the other lanes
          // running, property tests, 20 concurrent uploads or every template in every format
          // went past vitest's default 5 s (issue 26).
          testTimeout: 30_000,
          provide: { fcSeed: FC_SEED, fuzzRuns: FUZZ_RUNS, fuzzGroup: FUZZ_GROUP },
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'client',
          include: ['client/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // One window for the files of a vitest worker (client/test/setup.ts resets what they touch).
          isolate: false,
          setupFiles: ['./client/test/setup.ts'],
          provide: { fcSeed: FC_SEED },
          // After the worker project: run before it in the same vitest process, the client files
          // made every later worker file start 5–15 s slower (measured: worker 243 s after, > 550 s before).
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./e2e/global-setup.ts'],
          setupFiles: ['./e2e/setup.ts'],
          // e2e/d1.ts reads the local database with node:sqlite, which warns that it is experimental.
          execArgv: ['--disable-warning=ExperimentalWarning'],
          // Browser flows on a busy 2-core machine: the longest took 63 s with one core taken (issue 26).
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // One Node process for the files, one after another: a fork per file started vitest's
          // runner and imported playwright-core again each time. Files share no state but
          // e2e/browser.ts's counters (visitor addresses, unique emails), which only go up.
          isolate: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
