import { createMiddleware } from 'hono/factory';
import type { ApiScope } from '#common/schemas/api-keys.ts';
import type { AppEnv } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';
import { requestMeta } from '#worker/lib/request-meta.ts';
import type { AccessMiddleware } from '#worker/middleware/access.ts';
import { projectArchivedError } from '#worker/lib/archived.ts';
import { callerOf } from '#worker/features/api/keys/service.ts';

/** Longer headers are no key of ours: refused before any work (a key's header is 11 + 47 characters). */
const MAX_HEADER = 128;
const BEARER = /^Bearer ([!-~]+)$/;

/** 401 with the challenge RFC 6750 asks for; `invalid` when a token was sent but is not a valid key. */
function unauthenticated(invalid: boolean): AppError {
  const message = invalid ? 'This API key is not valid, or it was revoked.' : 'Send an API key: Authorization: Bearer adl_…';
  return new AppError('unauthenticated', message, undefined, {
    'WWW-Authenticate': invalid ? 'Bearer realm="adloom", error="invalid_token"' : 'Bearer realm="adloom"',
  });
}

/**
 * The public API's access rule (`{ apiKey: scope }`, issue 31): `Authorization: Bearer adl_…`
 * → the key's project and scopes on `c.get('apiCaller')`. No session cookie is read (a browser's
 * cookie is no key: the API needs no CSRF token), no header or a malformed one → 401, an unknown
 * or revoked key → 401, a key without `scope` → 403, past the key's rate limit → 429.
 */
export function apiAccess(scope: ApiScope): AccessMiddleware {
  const middleware = createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('authorization');
    if (header === undefined || header === '') throw unauthenticated(false);
    const match = header.length <= MAX_HEADER ? BEARER.exec(header) : null;
    if (!match) throw unauthenticated(true);
    const meta = requestMeta(c);
    const caller = await callerOf(c.get('db'), match[1]!, { ip: meta.ip, method: c.req.method, path: c.req.path });
    if (!caller) throw unauthenticated(true);
    if (!caller.scopes.includes(scope)) {
      throw new AppError('forbidden', `This API key lacks the scope “${scope}”.`, undefined, {
        'WWW-Authenticate': `Bearer realm="adloom", error="insufficient_scope", scope="${scope}"`,
      });
    }
    // An archived project is read-only, as in the workspace (worker/middleware/archived.ts).
    if (caller.archived && c.req.method !== 'GET' && c.req.method !== 'HEAD') throw projectArchivedError();
    c.set('apiCaller', caller);
    await next();
  });
  return Object.assign(middleware, { accessRule: { apiKey: scope } as const });
}
