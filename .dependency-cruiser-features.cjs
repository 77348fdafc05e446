/**
 * No cycles between features or sub-features (nor through lib/, jobs/…): a feature that needs
 * another is above it, never beside it. Production code only: a test may use several features to set
 * up its case. Run by `npm run lint` after .dependency-cruiser.cjs.
 */
const { forbidden, options } = require('./.dependency-cruiser.cjs');

/** What counts as a test: the pattern of the main config's 'tests-stay-in-tests' rule. */
const TESTS = forbidden.find((rule) => rule.name === 'tests-stay-in-tests').to.path;

module.exports = {
  forbidden: [
    {
      name: 'no-feature-cycles',
      severity: 'error',
      comment:
        'Features, and the sub-features inside them, must not depend on each other in a circle: move the shared piece to lib/ or common/, or let one call the other.',
      scope: 'folder',
      from: { path: ['^worker/features/[^/]+$', '^worker/features/[^/]+/[^/]+$'] },
      to: { path: ['^worker/features/[^/]+$', '^worker/features/[^/]+/[^/]+$'], circular: true },
    },
  ],
  options: { ...options, exclude: { path: [options.exclude.path, TESTS] } },
};
