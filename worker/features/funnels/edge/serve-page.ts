import { BLOCK_ID } from '#common/schemas/blocks.ts';
import { PAGE_SLUG_RE } from '#common/schemas/funnels.ts';
import { pageAssets } from '#worker/ssr/manifest.ts';
import { PERSONAL_PAGE, PUBLIC_PAGE, deliver, notFound, type EdgeAnswer, type EdgeDeps, type EdgeRequest } from '#worker/features/funnels/edge/answer.ts';
import { attributionOfView } from '#worker/features/funnels/edge/attribution.ts';
import { EDGE_HEADERS, cachedPage, edgeCacheUrl, headerOf, metaOf, storePage, type EdgeSite } from '#worker/features/funnels/edge/cache.ts';
import { findLive, renderedPage } from '#worker/features/funnels/edge/live-page.ts';
import type { FunnelKey } from '#worker/features/funnels/edge/repo.ts';
import { chooseVariant, type Choice } from '#worker/features/funnels/edge/variant.ts';

/**
 * GET (and HEAD) of a page: the variant's cached copy when there is one (no database read),
 * else a render that is cached for the next visitor. `EDGE_CACHE=off` in the environment
 * turns the cache off (the bench's uncached measurement; never set in production). `?sent={blockId}` is the thank-you state
 * of a form (never cached, not counted).
 */
export async function servePage(deps: EdgeDeps, request: EdgeRequest, site: EdgeSite, slug: string | null, key: FunnelKey): Promise<EdgeAnswer> {
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
