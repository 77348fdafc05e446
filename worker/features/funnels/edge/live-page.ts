import type { PageDocument } from '#common/schemas/blocks.ts';
import type { Variant } from '#common/schemas/funnels.ts';
import type { LiveDocument } from '#worker/features/funnels/leads/service.ts';
import type { RenderMedia } from '#worker/features/media/service.ts';
import type { EdgeDeps, EdgeRequest } from '#worker/features/funnels/edge/answer.ts';
import { cacheable, type CachedPage, type EdgeSite, type PageMeta } from '#worker/features/funnels/edge/cache.ts';
import { mediaExpiry, renderLivePage, type RenderInput } from '#worker/features/funnels/edge/render.tsx';
import { liveFunnelPage, type EdgeFunnel, type FunnelKey, type LivePage } from '#worker/features/funnels/edge/repo.ts';
import { drawnAtRequestTime, keepRender, keptRender, knownVersion, liveDocumentOf, renderKey, servedVersion } from '#worker/features/funnels/edge/versions.ts';

/** The live page at an address (its published version, read once per version: versions.ts) and its bytes, kept or rendered. */

function hasForm(document: PageDocument): boolean {
  return document.blocks.some((block) => block.type === 'form');
}

/** A render of the found page's `document` on `site` (with a form's state: sent, or its errors). */
export function renderFound(deps: EdgeDeps, request: EdgeRequest, site: EdgeSite, found: Found, document: PageDocument, form?: RenderInput['form']) {
  const input: RenderInput = { site, funnel: found.funnel, page: found.page, media: found.media, document, ...(form ? { form } : {}) };
  return renderLivePage({ secret: deps.secret, assets: deps.assets, origin: new URL(request.url).origin, now: request.now }, input);
}

export interface Found {
  funnel: EdgeFunnel;
  page: LivePage;
  /** The live media the page's version names (read with it), and their JSON as read (a render's cache key). */
  media: RenderMedia[];
  mediaJson: string | null;
  live: LiveDocument;
  meta: PageMeta;
}

export async function findLive(deps: EdgeDeps, key: FunnelKey, slug: string | null): Promise<Found | undefined> {
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
 * A page's bytes and headers for the cache and the response: the render this isolate already
 * made from the same inputs (versions.ts: the same version, variant, funnel, site, media and
 * day make the same bytes), else a fresh one, kept for the next miss. A form's thank-you state
 * and a page with a countdown are always rendered.
 */
export async function renderedPage(
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
  const rendered = await renderFound(deps, request, site, found, document, sent ? { sent: true, formId: sent } : undefined);
  const page = cacheable(rendered.html, rendered.csp, found.meta, what.build);
  if (key !== undefined) keepRender(key, page);
  return page;
}
