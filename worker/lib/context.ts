import type { Context } from 'hono';
import type { AppEnv } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';

type Vars = AppEnv['Variables'];
type Present<K extends keyof Vars> = Exclude<Vars[K], null | undefined>;

/**
 * A value that the access middleware put on the request and the route's rule guarantees:
 * `required(c, 'user')` behind `access('user')`, `required(c, 'membership')` behind a
 * project rule, `required(c, 'creative')` behind `{ creative: role }`… Absent only when a
 * route declared a weaker rule than it needs: then 401 for the user and 404 for the rest,
 * never a crash.
 */
export function required<K extends keyof Vars>(c: { get: Context<AppEnv>['get'] }, key: K): Present<K> {
  const value = c.get(key);
  if (value === null || value === undefined) throw new AppError(key === 'user' || key === 'sessionId' ? 'unauthenticated' : 'not_found');
  return value as Present<K>;
}
