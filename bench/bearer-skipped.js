// The bench's stand-in for worker/features/api/v1/bearer.ts (issue 31 point 7): `apiAccess`
// with the authentication left out, bundled in its place (`wrangler deploy --alias`) into the
// `adloom-unauthenticated` worker only (bench/build.ts bundleUnauthenticatedWorker; production
// never loads this file). Every request is a caller of the project `x-bench-project` names with
// every scope: no header check, no hash of the key, no lookup, no rate limit, no last-used record.
// The same route on the real bundle less this one is what authentication costs (bench/api.ts).
const SCOPES = ['read', 'render', 'ads', 'leads'];

export function apiAccess(scope) {
  const middleware = async (c, next) => {
    c.set('apiCaller', { keyId: 'bench', projectId: c.req.header('x-bench-project') ?? '', scopes: SCOPES, archived: false });
    await next();
  };
  return Object.assign(middleware, { accessRule: { apiKey: scope } });
}
