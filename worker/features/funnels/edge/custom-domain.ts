import type { Db } from '#worker/db/client.ts';
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

/** The request's host name (its Host header, else its URL's), lower case, without a port. */
export function requestHost(hostHeader: string | undefined, url: string): string {
  const raw = hostHeader ?? new URL(url).host;
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

/** What a custom domain passes on to the app: the page's stylesheet, fonts, signed media, the favicon and the site's social card (a page without its own picture). */
const PASS_THROUGH = /^\/(?:assets\/|fonts\/|api\/media\/[A-Za-z0-9_-]+\/(?:file|thumbnail)$|favicon\.svg$|og\/[a-z0-9-]+\.png$)/;

/** The app's own hosts (APP_HOSTS) and their subdomains are never a funnel's, whatever the table says. */
export function isAppHost(host: string, appHosts: readonly string[]): boolean {
  return appHosts.some((own) => host === own || host.endsWith(`.${own}`));
}

/** What a request on a funnel's domain is for: the app (static files, signed media), robots.txt, a page, a page's form, or nothing (404). */
export type DomainTarget = { kind: 'app' } | { kind: 'robots' } | { kind: 'page'; slug: string | null } | { kind: 'form'; slug: string } | { kind: 'notFound' };

/**
 * On a funnel's domain, `GET /` is the first page, `GET /{slug}` a page, `POST /{slug}` its
 * form; static files and signed media go on to their routes; anything else is the funnel's 404.
 */
export function domainTarget(method: string, path: string): DomainTarget {
  const reads = method === 'GET' || method === 'HEAD';
  if (reads && PASS_THROUGH.test(path)) return { kind: 'app' };
  if (reads && path === '/robots.txt') return { kind: 'robots' };
  const slug = /^\/([^/]+)$/.exec(path)?.[1] ?? null;
  if (reads) {
    if (path === '/') return { kind: 'page', slug: null };
    if (slug !== null) return { kind: 'page', slug };
  } else if (method === 'POST' && slug !== null) {
    return { kind: 'form', slug };
  }
  return { kind: 'notFound' };
}
