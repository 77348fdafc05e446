import { DEFAULT_LOCALE } from '#common/i18n/locales.ts';
import { BLOCK_ID, type PageDocument } from '#common/schemas/blocks.ts';
import { FUNNEL_NAME_RE, PAGE_SLUG_RE, type Variant } from '#common/schemas/funnels.ts';
import type { Db } from '#worker/db/client.ts';
import type { Bindings } from '#worker/env.ts';
import { failureReason } from '#worker/lib/deferred-writes.ts';
import { formFailure } from '#worker/lib/forms.ts';
import { i18nFor } from '#worker/lib/i18n.ts';
import type { Mailer } from '#worker/lib/mailer.ts';
import { NO_SCRIPT_CSP } from '#worker/middleware/security-headers.ts';
import { pageAssets } from '#worker/ssr/manifest.ts';
import { cleanSource, countsAsView, recordView, referrerHost } from '#worker/features/funnels/analytics/service.ts';
import { attributionOfPost, attributionOfView, hiddenInputs, hiddenValue } from '#worker/features/funnels/edge/attribution.ts';
import { formOf, notifyMembers, submitLead, type LiveDocument } from '#worker/features/funnels/leads/service.ts';
import type { RenderMedia } from '#worker/features/media/service.ts';
import {
  EDGE_HEADERS,
  cacheable,
  cachedPage,
  edgeCacheUrl,
  headerOf,
  isInternalHeader,
  metaOf,
  pagePath,
  purgeFunnel,
  purgePage,
  storePage,
  type CachedPage,
  type EdgeSite,
  type PageMeta,
  type PurgeFunnelTarget,
  type PurgePageTarget,
} from '#worker/features/funnels/edge/cache.ts';
import { domainTarget, forgetCustomDomain as forgetHost, funnelForHost, isAppHost } from '#worker/features/funnels/edge/custom-domain.ts';
import { DAY_SECONDS, mediaExpiry, notFoundHtml, renderLivePage, type RenderInput } from '#worker/features/funnels/edge/render.tsx';
import {
  listablePages,
  liveFunnelByName,
  liveFunnelPage,
  nextLivePage,
  type EdgeFunnel,
  type FunnelKey,
  type LivePage,
} from '#worker/features/funnels/edge/repo.ts';
import { drawnAtRequestTime, keepRender, keptRender, knownVersion, liveDocumentOf, renderKey, servedVersion } from '#worker/features/funnels/edge/versions.ts';

/**
 * The public edge of funnels (issue 12 point 5): published pages at `/p/{funnel}/{slug}` and
 * on custom domains (custom-domain.ts), cached at the edge (cache.ts), A/B variants by a
 * sticky cookie, views counted after the response (analytics/service.ts), forms turned into
 * leads (leads/service.ts). A page ships no JavaScript unless it has a form, a countdown or a
 * video facade, and then one small inline script (page-script.ts). The rules are here: which
 * page and variant to serve, from the cache or a render (render.tsx), whether the visit
 * counts, what a form post stores; routes.tsx only reads the request and writes the answer.
 */

const AB_COOKIE_DAYS = 90;

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

/** Where the visitor's variant comes from; tests replace it with a seeded generator. */
export const edgeRandom = { next: Math.random };

/** The variant of a page with B shown to `splitB`% of visitors, for a uniform draw `r` in [0, 1). */
export function assignVariant(splitB: number, r: number): Variant {
  return r * 100 < splitB ? 'b' : 'a';
}

interface Choice {
  variant: Variant;
  /** A new assignment: the cookie is written with the response. */
  assigned: boolean;
}

function abCookie(pageId: string): string {
  return `ab_${pageId}`;
}

function chooseVariant(cookies: Record<string, string>, meta: Pick<PageMeta, 'pageId' | 'hasB' | 'splitB'>): Choice {
  if (!meta.hasB) return { variant: 'a', assigned: false };
  const kept = cookies[abCookie(meta.pageId)];
  if (kept === 'a' || kept === 'b') return { variant: kept, assigned: false };
  return { variant: assignVariant(meta.splitB, edgeRandom.next()), assigned: true };
}

function cookiePath(site: EdgeSite): string {
  return site.kind === 'path' ? `/p/${site.funnelName}` : '/';
}

function abCookieHeader(request: EdgeRequest, site: EdgeSite, pageId: string, variant: Variant): string {
  const secure = new URL(request.url).protocol === 'https:';
  return `${abCookie(pageId)}=${variant}; Max-Age=${AB_COOKIE_DAYS * DAY_SECONDS}; Path=${cookiePath(site)}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

// ---------------------------------------------------------------------------------------
// The live document

function hasForm(document: PageDocument): boolean {
  return document.blocks.some((block) => block.type === 'form');
}

function render(deps: EdgeDeps, request: EdgeRequest, input: RenderInput) {
  return renderLivePage({ secret: deps.secret, assets: deps.assets, origin: new URL(request.url).origin, now: request.now }, input);
}

// ---------------------------------------------------------------------------------------
// Delivery: from the cache or a fresh render, then personalised (cookie, form attribution)

interface DeliverOptions {
  status?: 200 | 400 | 413 | 415 | 422 | 429;
  hidden: Record<string, string>;
  /** Counted as a view (a GET of the page itself, not a thank-you state or a re-rendered form). */
  count: boolean;
  cacheControl: string;
  /** Headers before the page's own (a refusal's Retry-After). */
  headers?: [string, string][];
  after?: Promise<unknown>[];
}

function deliver(
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
  const setCookie = choice.assigned ? abCookieHeader(request, site, meta.pageId, choice.variant) : undefined;
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

function pathSite(request: EdgeRequest, funnelName: string): EdgeSite {
  return { kind: 'path', origin: new URL(request.url).origin, funnelName };
}

function domainSite(funnel: EdgeFunnel): EdgeSite {
  return { kind: 'domain', domain: funnel.customDomain ?? '' };
}

interface Found {
  funnel: EdgeFunnel;
  page: LivePage;
  /** The live media the page's version names (read with it), and their JSON as read (a render's cache key). */
  media: RenderMedia[];
  mediaJson: string | null;
  live: LiveDocument;
  meta: PageMeta;
}

async function findLive(deps: EdgeDeps, key: FunnelKey, slug: string | null): Promise<Found | undefined> {
  // The version served last at this address: its document is not sent again while it is the live one (versions.ts).
  const address = JSON.stringify(['name' in key ? key.name : null, 'domain' in key ? key.domain : null, slug]);
  let row = await liveFunnelPage(deps.db, key, slug, knownVersion(address));
  if (!row) return undefined;
  let live = liveDocumentOf(row.page);
  if (live === 'not kept') {
    // Pushed out of this isolate's cache since the query was sent: read it again, with its document.
    row = await liveFunnelPage(deps.db, key, slug);
    if (!row) return undefined;
    live = liveDocumentOf(row.page);
  }
  const { funnel, page, media, mediaJson } = row;
  if (!live || live === 'not kept') {
    console.error(`[${deps.requestId}] unreadable published document of page ${page.pageId}`);
    return undefined;
  }
  servedVersion(address, page.versionId);
  const meta: PageMeta = {
    pageId: page.pageId,
    funnelId: funnel.id,
    hasB: live.b !== null,
    splitB: live.splitB,
    hasForm: hasForm(live.a) || (live.b !== null && hasForm(live.b)),
    notify: funnel.notifyLeads,
  };
  return { funnel, page, media, mediaJson, live, meta };
}

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

const PUBLIC_PAGE = 'public, max-age=0, must-revalidate';
const PERSONAL_PAGE = 'private, no-store';

/**
 * A page's bytes and headers for the cache and the response: the render this isolate already
 * made from the same inputs (versions.ts: the same version, variant, funnel, site, media and
 * day make the same bytes), else a fresh one, kept for the next miss. A form's thank-you state
 * and a page with a countdown are always rendered.
 */
async function renderedPage(
  deps: EdgeDeps,
  request: EdgeRequest,
  site: EdgeSite,
  found: Found,
  what: { document: PageDocument; variant: Variant; build: string; sent: string | undefined },
): Promise<CachedPage> {
  const { document, sent } = what;
  const key =
    sent || drawnAtRequestTime(document)
      ? undefined
      : renderKey({
          page: found.page,
          variant: what.variant,
          funnel: found.funnel,
          origin: new URL(request.url).origin,
          site: JSON.stringify(site),
          media: found.mediaJson,
          expiresDay: mediaExpiry(request.now),
          build: what.build,
        });
  const kept = key === undefined ? undefined : keptRender(key);
  if (kept) return kept;
  const rendered = await render(deps, request, {
    site,
    funnel: found.funnel,
    page: found.page,
    media: found.media,
    document,
    ...(sent ? { form: { sent: true, formId: sent } } : {}),
  });
  const page = cacheable(rendered.html, rendered.csp, found.meta, what.build);
  if (key !== undefined) keepRender(key, page);
  return page;
}

/**
 * GET (and HEAD) of a page: the variant's cached copy when there is one (no database read),
 * else a render that is cached for the next visitor. `EDGE_CACHE=off` in the environment
 * turns the cache off (the bench's uncached measurement; never set in production). `?sent={blockId}` is the thank-you state
 * of a form (never cached, not counted).
 */
async function servePage(deps: EdgeDeps, request: EdgeRequest, site: EdgeSite, slug: string | null, key: FunnelKey): Promise<EdgeAnswer> {
  if (slug !== null && !PAGE_SLUG_RE.test(slug)) return notFound(deps, site);
  const sentParam = request.query.sent;
  const sent = sentParam !== undefined && BLOCK_ID.test(sentParam) ? sentParam : undefined;
  const build = (await pageAssets(deps.assets)).stylesheet;
  const hidden = attributionOfView({ url: request.url, query: request.query, referer: request.headers.get('referer'), host: request.host });

  const cacheOn = deps.edgeCache !== 'off';
  // The variant drawn on the cache path (B chosen, B not cached): the miss path reuses it, so a
  // new visitor is drawn once and B gets exactly split_b % (a second draw gave it split_b²).
  let drawn: { pageId: string; choice: Choice } | undefined;
  if (!sent && cacheOn) {
    const hitA = await cachedPage(edgeCacheUrl(site, slug, 'a'));
    const metaA = hitA && headerOf(hitA, EDGE_HEADERS.build) === build ? metaOf(hitA) : undefined;
    if (hitA && metaA) {
      const choice = chooseVariant(request.cookies, metaA);
      if (choice.variant === 'a') return deliver(deps, request, site, hitA, metaA, choice, { hidden, count: true, cacheControl: PUBLIC_PAGE });
      drawn = { pageId: metaA.pageId, choice };
      const hitB = await cachedPage(edgeCacheUrl(site, slug, 'b'));
      if (hitB && headerOf(hitB, EDGE_HEADERS.build) === build) {
        return deliver(deps, request, site, hitB, metaA, choice, { hidden, count: true, cacheControl: PUBLIC_PAGE });
      }
    }
  }

  const found = await findLive(deps, key, slug);
  if (!found) return notFound(deps, site);
  // The page may have changed since the cached copy (B removed): the earlier draw holds only for the same page with a B.
  const choice = drawn && drawn.pageId === found.meta.pageId && found.meta.hasB ? drawn.choice : chooseVariant(request.cookies, found.meta);
  const document = (choice.variant === 'b' ? found.live.b : found.live.a) ?? found.live.a;
  const response = await renderedPage(deps, request, site, found, { document, variant: choice.variant, build, sent });
  if (sent) return deliver(deps, request, site, response, found.meta, choice, { hidden, count: false, cacheControl: PERSONAL_PAGE });
  // The same bytes for the response and the cache (both only read them).
  const stored = cacheOn ? [storePage(edgeCacheUrl(site, slug, choice.variant), { body: response.body, headers: response.headers as [string, string][] })] : [];
  return deliver(deps, request, site, response, found.meta, choice, { hidden, count: true, cacheControl: PUBLIC_PAGE, after: stored });
}

// ---------------------------------------------------------------------------------------
// Forms

/** The posted fields: read (415, 413, 400 for bodies that are not a readable form) only once the address is a page's. */
export type ReadFields = () => Promise<Record<string, string>>;

/**
 * POST of a page's form: the honeypot (`website`) filled → the usual answer and nothing stored;
 * invalid → 422 with the page, the messages and what was typed; valid → a lead (variant of the
 * visitor's cookie), the page's lead count, an email to the members when the funnel asks for
 * it, and 303 to the next published page of the funnel, or the page's thank-you state.
 */
async function submitForm(deps: EdgeDeps, request: EdgeRequest, site: EdgeSite, slug: string, key: FunnelKey, readFields: ReadFields): Promise<EdgeAnswer> {
  if (!PAGE_SLUG_RE.test(slug)) return notFound(deps, site);
  const fields = await readFields();
  const found = await findLive(deps, key, slug);
  if (!found) return notFound(deps, site);
  const formId = fields.formId ?? fields.form_id ?? '';
  const cookie = request.cookies[abCookie(found.page.pageId)];
  const target = formOf(found.live, formId, cookie === 'a' || cookie === 'b' ? cookie : undefined);
  if (!target) return notFound(deps, site, found.funnel);
  const hidden = attributionOfPost(request.host, fields);

  const location = await nextLocation(deps, site, found, target.block.id);
  if (fields.website) return { kind: 'redirect', location };

  const after: Promise<unknown>[] = [];
  try {
    const { funnel } = found;
    const link = site.kind === 'path' ? `${site.origin}/funnels/${funnel.id}` : null;
    const notice = { funnel: { id: funnel.id, projectId: funnel.projectId, title: funnel.title, locale: funnel.locale }, pageTitle: found.page.title, link };
    const lead = await submitLead(deps.db, {
      funnel,
      pageId: found.page.pageId,
      variant: target.variant,
      form: target.block.props,
      fields,
      attribution: hidden,
      ip: request.ip,
      now: request.now,
      writes: deps.writes,
      notice: funnel.notifyLeads ? notice : null,
    });
    // A queued lead's email goes when it is written (worker/queues/writes.ts).
    if (funnel.notifyLeads && lead.outcome === 'created') {
      after.push(notifyMembers(deps.db, deps.mailer, { ...notice, form: target.block.props, lead, appHosts: deps.appHosts }));
    }
  } catch (error) {
    const failure = formFailure(error, found.funnel.locale);
    if (!failure) throw error;
    const values: Record<string, string> = {};
    for (const field of target.block.props.fields) if (fields[field.name] !== undefined) values[field.name] = hiddenValue(fields[field.name]);
    const errors = { ...failure.errors };
    if (Object.keys(errors).length === 0) errors._ = failure.status === 429 ? tooManyMessage(found.funnel, failure.headers) : failure.message;
    const document = target.variant === 'b' && found.live.b ? found.live.b : found.live.a;
    const rendered = await render(deps, request, {
      site,
      funnel: found.funnel,
      page: found.page,
      media: found.media,
      document,
      form: { errors, values, formId: target.block.id },
    });
    const response = cacheable(rendered.html, rendered.csp, found.meta, '');
    return deliver(
      deps,
      request,
      site,
      response,
      found.meta,
      { variant: target.variant, assigned: false },
      { hidden, count: false, cacheControl: PERSONAL_PAGE, status: failure.status, headers: Object.entries(failure.headers ?? {}) },
    );
  }
  return { kind: 'redirect', location, after };
}

/**
 * Where a sent form leads: the funnel's next published page, else the page's thank-you state.
 * When D1 cannot say which page is next, the thank-you state: the visitor is not kept from it
 * by a read that failed (decision 0043).
 */
async function nextLocation(deps: EdgeDeps, site: EdgeSite, found: Found, formId: string): Promise<string> {
  const thanks = `${pagePath(site, found.page.slug)}?sent=${encodeURIComponent(formId)}`;
  try {
    const next = await nextLivePage(deps.db, found.funnel.id, found.page);
    return next ? pagePath(site, next.slug) : thanks;
  } catch (error) {
    console.warn(JSON.stringify({ level: 'warn', message: 'next_page_unread', requestId: deps.requestId, reason: failureReason(error) }));
    return thanks;
  }
}

/** A refused burst of submissions, in the funnel's language (the limit's own message is the app's). */
function tooManyMessage(funnel: EdgeFunnel, headers: Record<string, string> | undefined): string {
  const seconds = Number(headers?.['Retry-After'] ?? 60);
  return i18nFor(funnel.locale)._('content.lead.tooMany', { minutes: Math.max(1, Math.ceil(seconds / 60)) });
}

// ---------------------------------------------------------------------------------------
// Not found, robots, the ways in

/**
 * The funnel's 404: a plain page in the public style, no script, not indexed, in the funnel's
 * language (issue 28). Under `/p/{name}` the funnel is read for it when the caller has not
 * (a page it does not have, or not live); an address of no funnel answers in English.
 */
async function notFound(deps: EdgeDeps, site: EdgeSite, funnel?: Pick<EdgeFunnel, 'locale'>): Promise<EdgeAnswer> {
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

const ROBOTS: EdgeAnswer = { kind: 'text', status: 200, text: 'User-agent: *\nAllow: /\n', headers: { 'Cache-Control': 'public, max-age=3600' } };

function validName(name: string): boolean {
  return name.length >= 3 && name.length <= 48 && FUNNEL_NAME_RE.test(name);
}

/** GET or HEAD of `/p/{funnelName}` (its first page: `slug` null) or `/p/{funnelName}/{slug}`. */
export function servePathPage(deps: EdgeDeps, request: EdgeRequest, funnelName: string, slug: string | null): Promise<EdgeAnswer> {
  const site = pathSite(request, funnelName);
  if (!validName(funnelName)) return notFound(deps, site);
  return servePage(deps, request, site, slug, { name: funnelName });
}

/** POST of a form to `/p/{funnelName}/{slug}`. */
export function submitPathForm(deps: EdgeDeps, request: EdgeRequest, funnelName: string, slug: string, readFields: ReadFields): Promise<EdgeAnswer> {
  const site = pathSite(request, funnelName);
  if (!validName(funnelName)) return notFound(deps, site);
  return submitForm(deps, request, site, slug, { name: funnelName }, readFields);
}

/**
 * A request on a funnel's custom domain: `GET /` is the first page, `GET /{slug}` a page,
 * `POST /{slug}` its form, `/robots.txt` allows everything, anything else is the funnel's 404.
 * Undefined where the app answers: the app's own hosts (APP_HOSTS) and their subdomains
 * (never a funnel's, whatever the table says), hosts of no funnel, and on a funnel's domain
 * the static files and signed media its pages use.
 */
export async function serveOnCustomDomain(deps: EdgeDeps, request: EdgeRequest, readFields: ReadFields): Promise<EdgeAnswer | undefined> {
  if (isAppHost(request.host, deps.appHosts)) return undefined;
  const funnel = await funnelForHost(deps.db, request.host);
  if (!funnel) return undefined;
  const target = domainTarget(request.method, request.path);
  // The funnel is read again on a miss: the host's entry may be up to a minute old (theme, title).
  const site = domainSite(funnel);
  const key = { domain: funnel.customDomain ?? '' };
  switch (target.kind) {
    case 'app':
      return undefined;
    case 'robots':
      return ROBOTS;
    case 'page':
      return servePage(deps, request, site, target.slug, key);
    case 'form':
      return submitForm(deps, request, site, target.slug, key, readFields);
    case 'notFound':
      return notFound(deps, site, funnel);
  }
}

// ---------------------------------------------------------------------------------------
// For the workspace: purges after a change

async function safely(work: Promise<void>): Promise<void> {
  try {
    await work;
  } catch (error) {
    // A purge that fails leaves an old copy for at most EDGE_TTL_SECONDS: never a failed save.
    console.error(JSON.stringify({ level: 'error', message: 'edge_purge_failed', error: error instanceof Error ? error.message : String(error) }));
  }
}

/** Deletes the cached copies of one page (cache.ts `purgePage`); a purge that fails is logged, never a failed save. */
export function purgePageCopies(target: PurgePageTarget): Promise<void> {
  return safely(purgePage(target));
}

/** Deletes every cached page of a funnel (cache.ts `purgeFunnel`); a purge that fails is logged, never a failed save. */
export function purgeFunnelCopies(target: PurgeFunnelTarget): Promise<void> {
  return safely(purgeFunnel(target));
}

/** Forgets what this isolate knows about a custom domain (its funnel changed it or was deleted): other isolates see it within a minute. */
export function forgetCustomDomain(domain: string | null | undefined): void {
  forgetHost(domain);
}

/** A published page for the sitemap: its path under the app's origin and when it was published. */
export interface ListedPage {
  path: string;
  publishedAt: Date;
}

/** The published pages search engines may list (repo `listablePages`), at most `limit`: the sitemap's funnel part. */
export async function listedPages(db: Db, limit: number): Promise<ListedPage[]> {
  const rows = await listablePages(db, limit);
  return rows.map((row) => ({ path: `/p/${encodeURIComponent(row.funnelName)}/${encodeURIComponent(row.slug)}`, publishedAt: row.publishedAt }));
}
