import { DEFAULT_LOCALE } from '#common/i18n/locales.ts';
import { FUNNEL_NAME_RE } from '#common/schemas/funnels.ts';
import type { Db } from '#worker/db/client.ts';
import type { Bindings } from '#worker/env.ts';
import type { Mailer } from '#worker/lib/mailer.ts';
import { NO_SCRIPT_CSP } from '#worker/middleware/security-headers.ts';
import { cleanSource, countsAsView, recordView, referrerHost } from '#worker/features/funnels/analytics/service.ts';
import { hiddenInputs } from '#worker/features/funnels/edge/attribution.ts';
import { isInternalHeader, type CachedPage, type EdgeSite, type PageMeta } from '#worker/features/funnels/edge/cache.ts';
import { funnelForHost } from '#worker/features/funnels/edge/custom-domain.ts';
import { notFoundHtml } from '#worker/features/funnels/edge/render.tsx';
import { liveFunnelByName, type EdgeFunnel } from '#worker/features/funnels/edge/repo.ts';
import { abCookieHeader, type Choice } from '#worker/features/funnels/edge/variant.ts';

/**
 * What the edge's rules read (a request as routes.tsx saw it, what serving needs) and what they
 * answer: a page delivered from its bytes (personalised: cookie, form attribution, the view
 * counted after the response), or the funnel's 404.
 */

/** A request to the edge as the rules see it: what routes.tsx read from it. */
export interface EdgeRequest {
  method: string;
  url: string;
  /** The URL's path (what a custom domain serves). */
  path: string;
  /** The host it was sent to, lower case, without a port (custom-domain.ts `requestHost`). */
  host: string;
  /** The query's parameters (the first value of each). */
  query: Record<string, string>;
  cookies: Record<string, string>;
  /** Who asks and how: user agent and prefetch hints (whether the visit counts), the referer. */
  headers: Headers;
  /** The edge-provided client address (cf-connecting-ip). */
  ip: string;
  now: number;
}

/** What serving needs besides the request. */
export interface EdgeDeps {
  db: Db;
  /** The static assets: the build's stylesheet (also the build a cached copy must match) and fonts. */
  assets: Pick<Bindings, 'ASSETS'>;
  /** SESSION_SECRET: signs the media URLs of a page. */
  secret: string;
  /** The EDGE_CACHE setting: `off` turns the cache off (the bench's uncached measurement; never set in production). */
  edgeCache: string | undefined;
  /** The app's own hosts (APP_HOSTS): never a funnel's, and the only origins of the lead emails' links. */
  appHosts: readonly string[];
  mailer: Mailer;
  /** The WRITES queue: a lead D1 refuses waits there (decision 0043). */
  writes: Queue<unknown>;
  /** For the log line of an unreadable page. */
  requestId: string;
}

/**
 * What to answer, for routes.tsx to write. `after`: work for after the response (the view
 * counted, the copy stored, the members' email).
 */
export type EdgeAnswer = { after?: Promise<unknown>[] } & (
  | {
      kind: 'page';
      status: 200 | 400 | 413 | 415 | 422 | 429;
      /** Set in this order (a later one replaces an earlier one of the same name). */
      headers: [string, string][];
      /** A new A/B cookie, added to the cookies the response already sets. */
      setCookie?: string;
      body: Uint8Array<ArrayBuffer> | ReadableStream | null;
    }
  | { kind: 'redirect'; location: string }
  | { kind: 'html'; status: 404; html: string; headers: Record<string, string> }
  | { kind: 'text'; status: 200; text: string; headers: Record<string, string> }
);

/**
 * The funnel pages' opener policy: `unsafe-none`, not the app's `same-origin`. A page that asks
 * for a policy its opener does not have is put in a new browsing context group, and Chrome
 * commits it in a fresh renderer process: a task that Lighthouse (simulated 4× CPU) counted as
 * 150–450 ms of blocking time on a page with no JavaScript. The pages are public and the same
 * for everyone (cached HTML), so an opener learns nothing from them; the workspace keeps
 * `same-origin` (worker/middleware/security-headers.ts), which severs the opener again on the
 * way in. Decision 0039.
 */
export const FUNNEL_OPENER_POLICY: [string, string] = ['Cross-Origin-Opener-Policy', 'unsafe-none'];

export const PUBLIC_PAGE = 'public, max-age=0, must-revalidate';
export const PERSONAL_PAGE = 'private, no-store';

// ---------------------------------------------------------------------------------------
// Delivery: from the cache or a fresh render, then personalised (cookie, form attribution)

export interface DeliverOptions {
  status?: 200 | 400 | 413 | 415 | 422 | 429;
  hidden: Record<string, string>;
  /** Counted as a view (a GET of the page itself, not a thank-you state or a re-rendered form). */
  count: boolean;
  cacheControl: string;
  /** Headers before the page's own (a refusal's Retry-After). */
  headers?: [string, string][];
  after?: Promise<unknown>[];
}

export function deliver(
  deps: EdgeDeps,
  request: EdgeRequest,
  site: EdgeSite,
  source: CachedPage,
  meta: PageMeta,
  choice: Choice,
  options: DeliverOptions,
): EdgeAnswer {
  const headers: [string, string][] = [...(options.headers ?? [])];
  for (const [name, value] of source.headers) if (!isInternalHeader(name)) headers.push([name, value]);
  headers.push(['Cache-Control', options.cacheControl], FUNNEL_OPENER_POLICY);
  if (meta.hasB) headers.push(['Vary', 'Cookie']);
  const setCookie = choice.assigned ? abCookieHeader(request.url, site, meta.pageId, choice.variant) : undefined;
  // The bytes themselves (workerd writes them out natively; a stream would be pumped through JavaScript).
  let body: Uint8Array<ArrayBuffer> | ReadableStream | null = source.body;
  if (request.method === 'HEAD') body = null;
  else if (meta.hasForm && Object.keys(options.hidden).length > 0) {
    const inputs = hiddenInputs(options.hidden);
    body = new HTMLRewriter()
      .on('form[method="post"]', {
        element(form) {
          form.prepend(inputs, { html: true });
        },
      })
      .transform(new Response(source.body)).body!;
  }
  const after = [...(options.after ?? [])];
  if (options.count && countsAsView(request.method, request.headers)) {
    after.push(
      recordView(deps.db, {
        pageId: meta.pageId,
        variant: choice.variant,
        now: request.now,
        ip: request.ip,
        userAgent: request.headers.get('user-agent') ?? '',
        referrer: referrerHost(request.headers.get('referer'), request.host),
        utmSource: cleanSource(request.query.utm_source),
      }),
    );
  }
  return { kind: 'page', status: options.status ?? 200, headers, setCookie, body, after };
}

/**
 * The funnel's 404: a plain page in the public style, no script, not indexed, in the funnel's
 * language (issue 28). Under `/p/{name}` the funnel is read for it when the caller has not
 * (a page it does not have, or not live); an address of no funnel answers in English.
 */
export async function notFound(deps: EdgeDeps, site: EdgeSite, funnel?: Pick<EdgeFunnel, 'locale'>): Promise<EdgeAnswer> {
  const owner =
    funnel ??
    (site.kind === 'domain'
      ? await funnelForHost(deps.db, site.domain)
      : validName(site.funnelName)
        ? await liveFunnelByName(deps.db, site.funnelName)
        : undefined);
  const html = await notFoundHtml(deps.assets, site, owner?.locale ?? DEFAULT_LOCALE);
  return {
    kind: 'html',
    status: 404,
    html,
    headers: {
      'Cache-Control': 'private, no-cache',
      'Content-Security-Policy': NO_SCRIPT_CSP,
      'X-Robots-Tag': 'noindex',
      [FUNNEL_OPENER_POLICY[0]]: FUNNEL_OPENER_POLICY[1],
    },
  };
}

export function validName(name: string): boolean {
  return name.length >= 3 && name.length <= 48 && FUNNEL_NAME_RE.test(name);
}
