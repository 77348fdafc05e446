import type { Context } from 'hono';

/** Who is asking, as the services that record or limit it see it. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  country: string | null;
}

/** Who is asking: the edge-provided IP and country (never forwarded headers a client can forge). */
export function requestMeta(c: Context): RequestMeta {
  const cf = (c.req.raw as Request & { cf?: { country?: unknown } }).cf;
  return {
    ip: c.req.header('cf-connecting-ip') ?? 'unknown',
    userAgent: c.req.header('user-agent') ?? null,
    country: typeof cf?.country === 'string' ? cf.country : null,
  };
}

export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}
