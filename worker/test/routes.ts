import { isValidationMiddleware, type ValidationTag } from '#worker/lib/validate.ts';
import { isAccessMiddleware, type AccessRule } from '#worker/middleware/access.ts';

/** What Hono's `app.routes` lists: one entry per handler (middleware included) of every registered route. */
export interface RouterEntry {
  method: string;
  path: string;
  handler: unknown;
}

/** One registered route: its `METHOD /path` key and every handler registered for it, in order. */
export interface RegisteredRoute {
  key: string;
  method: string;
  path: string;
  handlers: unknown[];
  /** The rule of its `access()` middleware, undefined when it declares none. */
  access?: AccessRule;
  /** Its `validate()` middlewares: which targets it reads, with their schemas. */
  validations: ValidationTag['validation'][];
}

/**
 * The app's routes as the router holds them, grouped by `METHOD /path` (global `app.use('*')`
 * middleware left out). The authorization matrix and the reliability fuzz both walk this
 * list, so a route added anywhere is checked by both without being named.
 */
export function registeredRoutes(app: { routes: readonly RouterEntry[] }): RegisteredRoute[] {
  const groups = new Map<string, RegisteredRoute>();
  for (const entry of app.routes) {
    if (entry.method === 'ALL' && entry.path === '/*') continue; // global middleware
    const key = `${entry.method} ${entry.path}`;
    let route = groups.get(key);
    if (!route) {
      route = { key, method: entry.method, path: entry.path, handlers: [], validations: [] };
      groups.set(key, route);
    }
    route.handlers.push(entry.handler);
    if (isAccessMiddleware(entry.handler)) route.access ??= entry.handler.accessRule;
    if (isValidationMiddleware(entry.handler)) route.validations.push(entry.handler.validation);
  }
  return [...groups.values()];
}

export interface CoverageGaps {
  /** Registered routes the matrix has no entry for. */
  missing: string[];
  /** Matrix entries whose route no longer exists. */
  stale: string[];
  /** Registered routes without an `access()` rule. */
  undeclared: string[];
}

/** Compares the app's routes with the matrix's `METHOD /path` keys (ARCHITECTURE.md §6): all three lists must be empty. */
export function coverageGaps(app: { routes: readonly RouterEntry[] }, matrixKeys: Iterable<string>): CoverageGaps {
  const routes = registeredRoutes(app);
  const registered = new Set(routes.map((route) => route.key));
  const keys = new Set(matrixKeys);
  return {
    missing: routes.filter((route) => !keys.has(route.key)).map((route) => route.key),
    stale: [...keys].filter((key) => !registered.has(key)),
    undeclared: routes.filter((route) => route.access === undefined).map((route) => route.key),
  };
}
