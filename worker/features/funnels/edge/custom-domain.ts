import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Db } from '#worker/db/client.ts';
import { appHosts, type AppEnv } from '#worker/env.ts';
import { liveFunnelByDomain, type EdgeFunnel } from '#worker/features/funnels/edge/repo.ts';

/**
 * Funnels on their own domains (issue 12 point 1): in production the domain is a Cloudflare
 * for SaaS custom hostname routed to this worker (README → Custom domains), so the request
 * arrives with `Host: offers.example.com`. Locally the same routing is tested with a Host
 * header. Which funnel a host belongs to is kept per isolate for a minute (hits and misses),
 * so the app's own pages cost one lookup per host and minute, not one per request.
 */

const TTL_MS = 60_000;
const MAX_HOSTS = 500;
const hosts = new Map<string, { funnel: EdgeFunnel | null; until: number }>();

/** The request's host name, lower case, without a port. */
export function requestHost(c: Context): string {
  const raw = c.req.header('host') ?? new URL(c.req.url).host;
  return raw.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

const HOSTNAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/** A name that could be a funnel's domain (what the API accepts): not localhost, not an IP. */
function mayBeCustomDomain(host: string): boolean {
  return host.length <= 253 && HOSTNAME.test(host);
}

/** The live funnel served on `host`, from the isolate's memory when looked up in the last minute. */
export async function funnelForHost(db: Db, host: string, now = Date.now()): Promise<EdgeFunnel | undefined> {
  if (!mayBeCustomDomain(host)) return undefined;
  const known = hosts.get(host);
  if (known && known.until > now) return known.funnel ?? undefined;
  const funnel = (await liveFunnelByDomain(db, host)) ?? null;
  if (hosts.size >= MAX_HOSTS) hosts.delete(hosts.keys().next().value!);
  hosts.set(host, { funnel, until: now + TTL_MS });
  return funnel ?? undefined;
}

/**
 * Forgets what this isolate knows about a domain: call it when a funnel's domain changes or
 * the funnel is deleted (other isolates see the change within a minute).
 */
export function forgetCustomDomain(domain: string | null | undefined): void {
  if (domain) hosts.delete(domain.toLowerCase());
}

/** What a custom domain passes on to the app: the page's stylesheet, fonts, signed media and the favicon. */
const PASS_THROUGH = /^\/(?:assets\/|fonts\/|api\/media\/[A-Za-z0-9_-]+\/(?:file|thumbnail)$|favicon\.svg$)/;

export type DomainHandler = (c: Context<AppEnv>, funnel: EdgeFunnel, slug: string | null) => Promise<Response>;

/**
 * The middleware (mounted before the routes in app.ts): on a funnel's domain, `GET /` is the
 * first page, `GET /{slug}` a page, `POST /{slug}` its form; static files and signed media go
 * on to their routes; anything else is the funnel's 404. Other hosts, and always the app's
 * own (APP_HOSTS), go on untouched.
 */
export function customDomains(handlers: { page: DomainHandler; submit: DomainHandler; notFound: DomainHandler; robots: DomainHandler }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const host = requestHost(c);
    // The app's own hosts (APP_HOSTS) and their subdomains are never a funnel's, whatever the table says.
    if (appHosts(c.env).some((own) => host === own || host.endsWith(`.${own}`))) return next();
    const funnel = await funnelForHost(c.get('db'), host);
    if (!funnel) return next();
    const path = c.req.path;
    const method = c.req.method;
    if ((method === 'GET' || method === 'HEAD') && PASS_THROUGH.test(path)) return next();
    if ((method === 'GET' || method === 'HEAD') && path === '/robots.txt') return handlers.robots(c, funnel, null);
    const slug = /^\/([^/]+)$/.exec(path)?.[1] ?? null;
    if (method === 'GET' || method === 'HEAD') {
      if (path === '/') return handlers.page(c, funnel, null);
      if (slug !== null) return handlers.page(c, funnel, slug);
    } else if (method === 'POST' && slug !== null) {
      return handlers.submit(c, funnel, slug);
    }
    return handlers.notFound(c, funnel, null);
  });
}
