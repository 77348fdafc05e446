import * as z from 'zod/mini';
import type { PageDocument } from '#common/schemas/blocks.ts';
import type { Variant } from '#common/schemas/funnels.ts';
import { lru } from '#worker/lib/lru.ts';
import type { LiveDocument } from '#worker/features/funnels/leads/service.ts';
import type { CachedPage } from '#worker/features/funnels/edge/cache.ts';
import type { EdgeFunnel, KnownVersion, LivePage } from '#worker/features/funnels/edge/repo.ts';

/**
 * What the edge keeps per published version in this isolate (decision 0037). A version is
 * never changed once published (publish and restore insert a new one; nothing updates
 * `funnel_page_versions`), so neither cache needs invalidating: a new version has a new id.
 * Both are read only after the request's own query has found the version live for the funnel
 * it names, so a request never gets another funnel's (or tenant's) document or page.
 */

const liveDocumentSchema = z.object({
  a: z.object({ blocks: z.array(z.looseObject({ id: z.string(), type: z.string() })), seo: z.looseObject({}) }),
  b: z.nullable(z.object({ blocks: z.array(z.looseObject({ id: z.string(), type: z.string() })), seo: z.looseObject({}) })),
  splitB: z.number(),
});

interface KeptDocument {
  live: LiveDocument;
  /** Its media ids as `{ mediaId }` objects (JSON), for the page's query instead of the stored document (repo.ts `KnownVersion`). */
  refs: string;
}

/** Parsed, shape-checked documents by version id: the stored JSON is parsed and checked once per isolate, not on every render. */
const documents = lru<string, KeptDocument>(500);

/** Which version each page address (funnel and slug) had when this isolate last served it. */
const versionsByAddress = lru<string, string>(2_000);

/**
 * Every string the page's query takes for a media id (repo.ts `versionMediaIds`: the text
 * value of any member named `mediaId` or `file`, at any depth), as `{ mediaId }` objects.
 */
export function mediaRefsJson(document: unknown): string {
  const ids = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) walk(item);
    else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if ((key === 'mediaId' || key === 'file') && typeof item === 'string') ids.add(item);
        else walk(item);
      }
    }
  };
  walk(document);
  return JSON.stringify([...ids].map((mediaId) => ({ mediaId })));
}

/** The version this isolate served last at `address` (a funnel's name or domain and the slug), while its document is still kept. */
export function knownVersion(address: string): KnownVersion | undefined {
  const versionId = versionsByAddress.get(address);
  const kept = versionId === undefined ? undefined : documents.get(versionId);
  return versionId !== undefined && kept ? { versionId, refs: kept.refs } : undefined;
}

/** Notes the version served at `address` (the next request's `knownVersion`). */
export function servedVersion(address: string, versionId: string): void {
  versionsByAddress.set(address, versionId);
}

/**
 * The version's document as stored by publish (validated there with pageDocumentSchema); null
 * when unreadable; `'not kept'` when the query sent none (the caller had it) and it has since
 * been pushed out of this isolate's cache (read the page again without `known`).
 */
export function liveDocumentOf(page: Pick<LivePage, 'versionId' | 'documentJson'>): LiveDocument | null | 'not kept' {
  const kept = documents.get(page.versionId);
  if (kept) return kept.live;
  if (page.documentJson === null) return 'not kept';
  let parsed: unknown;
  try {
    parsed = JSON.parse(page.documentJson);
  } catch {
    return null;
  }
  if (!z.safeParse(liveDocumentSchema, parsed).success) return null;
  const live = parsed as LiveDocument;
  documents.set(page.versionId, { live, refs: mediaRefsJson(parsed) });
  return live;
}

/**
 * Rendered pages (the bytes and headers a miss stores in the edge cache) by everything the
 * render reads: the version and its variant, the funnel's row (theme, title, language, names),
 * the page's slug and title, where it is served, the live media's row (as the query answered
 * it), the day the signed media URLs expire with, and the build's stylesheet and font. The
 * same inputs make the same bytes, so a kept one is what a render would make. Not kept: a
 * form's state (errors, the thank-you) and a page with a countdown (drawn at the request's
 * minute). Bounded by count and bytes.
 */
const rendered = lru<string, CachedPage>(300, { maxWeight: 8 * 1024 * 1024, weigh: (page) => page.body.byteLength });

export interface RenderKey {
  page: LivePage;
  variant: Variant;
  funnel: EdgeFunnel;
  /** Where it is served: the request's origin, and the site (path or custom domain). */
  origin: string;
  site: string;
  /** The live media's JSON as the page's query read it. */
  media: string | null;
  /** The day the signed media URLs expire with (render.tsx `resolveImages`). */
  expiresDay: number;
  build: string;
}

/** Whether a document's render depends on the request's time (a countdown is drawn at the request's minute). */
export function drawnAtRequestTime(document: PageDocument): boolean {
  return document.blocks.some((block) => block.type === 'countdown');
}

/** The cache key of a render: every input of it, in a fixed order. */
export function renderKey(key: RenderKey): string {
  const { page, funnel } = key;
  return JSON.stringify([
    page.versionId,
    key.variant,
    page.pageId,
    page.slug,
    page.title,
    funnel.id,
    funnel.projectId,
    funnel.name,
    funnel.title,
    funnel.customDomain,
    funnel.notifyLeads,
    funnel.locale,
    funnel.theme,
    key.origin,
    key.site,
    key.media,
    key.expiresDay,
    key.build,
  ]);
}

export function keptRender(key: string): CachedPage | undefined {
  return rendered.get(key);
}

export function keepRender(key: string, page: CachedPage): void {
  rendered.set(key, page);
}

/** How many renders and documents this isolate keeps (tests: the caches stay bounded). */
export function versionCacheSizes(): { renders: number; renderBytes: number; documents: number; addresses: number } {
  return { renders: rendered.size, renderBytes: rendered.weight, documents: documents.size, addresses: versionsByAddress.size };
}

/** Forgets everything kept (tests); `documents` only: the parsed documents, as when they are pushed out. */
export function clearVersionCaches(which: 'all' | 'documents' = 'all'): void {
  documents.clear();
  if (which === 'documents') return;
  rendered.clear();
  versionsByAddress.clear();
}
