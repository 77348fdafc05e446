/**
 * The import rules of ARCHITECTURE.md, enforced by `npm test` (`npm run lint`);
 * docs/decisions/0009-enforced-boundaries.md explains them. A rule that fails names the
 * import; fix the import, not the rule. Cycles between feature folders are checked by
 * .dependency-cruiser-features.cjs (without the tests, which may cross features).
 */
/** Test code: test files, their helpers, and the reliability fuzz (worker/reliability: runs only under vitest). */
const TESTS = '(\\.test\\.tsx?$|^common/test/|^worker/test/|^worker/reliability/|^client/test/|^e2e/)';
/** A feature's entry points for other features: its service.ts, or a sub-feature's (features/<feature>/<sub>/service.ts). */
const SERVICE = ['^worker/features/[^/]+/service\\.ts$', '^worker/features/[^/]+/[^/]+/service\\.ts$'];
/**
 * The render core the renderer Worker runs: the pure modules of worker/features/creatives/render/
 * (render.ts, render-prep.ts, fonts-render.ts, images.ts, png-fast.ts, png-samples.ts, jpeg.ts, thumbnail.ts), not
 * the sub-feature's routes, service or repo, which need the app's database and requests.
 */
const RENDER_CORE = ['^worker/features/creatives/render/(?!(repo|routes|service)\\.ts$)[^/]+$'];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules must not import each other in a circle.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'common-is-isomorphic',
      severity: 'error',
      comment: 'common/ runs in the browser and in workerd: it imports neither worker/ nor client/.',
      from: { path: '^common/' },
      to: { path: '^(worker|client)/' },
    },
    {
      name: 'client-imports-worker-types-only',
      severity: 'error',
      comment: 'The browser bundle never contains worker code: client/ imports only types from worker/ (AppType).',
      from: { path: '^client/' },
      to: { path: '^worker/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'worker-renders-only-public-client-code',
      severity: 'error',
      comment:
        'The worker imports from client/ only what it renders: public pages and islands (client/public), the creative tree (client/creative), the funnel blocks (client/blocks) and the presentation sections (client/presentations), and the i18n context they read their words from (client/lib/i18n-context.tsx: a React context, it loads nothing; client/lib/i18n-root.tsx: its provider, with the validation matcher).',
      from: { path: '^worker/', pathNot: TESTS },
      to: { path: '^client/', pathNot: ['^client/(public|creative|blocks|presentations)/', '^client/lib/i18n-(context|root)\\.tsx$'] },
    },
    {
      name: 'worker-reaches-no-workspace-code',
      severity: 'error',
      comment:
        "Not even through public client modules does the worker reach the workspace: client/features and client/app are the SPA, and client/lib/api.ts (the typed client) carries the worker's route types into the browser. Islands call the worker with fetchJson (client/lib/http.ts). Nor the workspace's catalog loader (client/lib/i18n.tsx: import.meta.glob, which only Vite understands; what the worker renders reads its words through client/lib/i18n-context.tsx). (reachable: true in a forbidden rule flags the modules `from` reaches.)",
      from: { path: '^worker/(index|app)\\.ts$' },
      to: { path: ['^client/features/', '^client/app/', '^client/lib/api\\.ts$', '^client/lib/i18n\\.tsx$'], reachable: true },
    },
    {
      name: 'client-features-are-independent',
      severity: 'error',
      comment:
        'A client feature (client/features/<feature>/) imports no other feature and nothing of client/app (router, routes, shell): from client/ only its own folder and the shared layers (components, lib, creative, blocks, presentations). What two features share moves to client/components (UI) or client/lib (logic); a screen that joins features is a route in client/app. (Tests may render a screen through its route.)',
      from: { path: '^client/features/([^/]+)/', pathNot: TESTS },
      to: { path: '^client/', pathNot: ['^client/features/$1/', '^client/(components|lib|creative|blocks|presentations)/'] },
    },
    {
      name: 'client-shared-layers-know-no-feature',
      severity: 'error',
      comment:
        'components, lib, the creative tree, the blocks, the presentation sections and the public pages serve every feature and know none: they import neither client/features nor client/app (client/app imports features, never the other way).',
      from: { path: '^client/(components|lib|creative|blocks|presentations|public)/' },
      to: { path: '^client/(features|app)/' },
    },
    {
      name: 'renderer-is-standalone',
      severity: 'error',
      comment:
        'worker/renderer/ is a Worker of its own (wrangler.renderer.toml): of the app it imports only the creatives render core it runs (RENDER_CORE), no other feature module, not worker/app.ts, the middleware or client code.',
      from: { path: '^worker/renderer/', pathNot: TESTS },
      to: { path: ['^worker/features/', '^worker/app\\.ts$', '^worker/middleware/', '^client/'], pathNot: RENDER_CORE },
    },
    {
      name: 'shared-layers-import-no-feature',
      severity: 'error',
      comment: 'lib/, middleware/, ssr/ and db/ serve every feature and know none: features register what these layers need.',
      from: { path: '^worker/(lib|middleware|ssr|db)/' },
      to: { path: '^worker/features/' },
    },
    {
      name: 'feature-reaches-another-only-through-its-service',
      severity: 'error',
      comment: 'A feature uses another feature only through its service.ts (never its repo, routes or helpers).',
      from: { path: '^worker/features/([^/]+)/', pathNot: TESTS },
      to: { path: '^worker/features/', pathNot: ['^worker/features/$1/', ...SERVICE] },
    },
    {
      name: 'sub-feature-reaches-a-sibling-only-through-its-service',
      severity: 'error',
      comment: 'Inside a feature, a sub-feature (features/<feature>/<sub>/) uses a sibling only through its service.ts.',
      from: { path: '^worker/features/([^/]+)/([^/]+)/[^/]+$', pathNot: TESTS },
      to: { path: '^worker/features/$1/[^/]+/', pathNot: ['^worker/features/$1/$2/', ...SERVICE] },
    },
    {
      name: 'feature-root-uses-sub-features-through-their-services',
      severity: 'error',
      comment: "The modules at a feature's root (what its sub-features share) use a sub-feature only through its service.ts.",
      from: { path: '^worker/features/([^/]+)/[^/]+$', pathNot: TESTS },
      to: { path: '^worker/features/$1/[^/]+/', pathNot: SERVICE },
    },
    {
      name: 'jobs-use-services',
      severity: 'error',
      comment: 'Scheduled jobs call features through their services.',
      from: { path: '^worker/jobs/', pathNot: TESTS },
      to: { path: '^worker/features/', pathNot: SERVICE },
    },
    {
      name: 'queries-only-in-repos',
      severity: 'error',
      comment:
        'Queries are built only in repo.ts files (a feature that keeps several is cut into sub-features, each with its repo.ts): services, routes and jobs call repos. (lib/ modules that own a table of their own — rate limits, the outbox, the audit log — query it themselves.)',
      from: { path: '^worker/(features|jobs|middleware|ssr)/', pathNot: [TESTS, '/repo\\.ts$'] },
      to: { path: ['^node_modules/drizzle-orm/', '^worker/db/schema\\.ts$'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'tests-stay-in-tests',
      severity: 'error',
      comment: 'Production code does not import test helpers.',
      from: { pathNot: TESTS },
      to: { path: TESTS },
    },
    {
      name: 'no-dev-dependencies-in-production-code',
      severity: 'error',
      comment: 'worker/, client/ and common/ ship: they import only dependencies, not devDependencies.',
      from: { path: '^(worker|client|common)/', pathNot: TESTS },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|bench/\\.build|node_modules|\\.wrangler)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.d.ts'],
    },
  },
};
