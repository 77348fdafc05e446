import type { BrandProposal, BrandWarning, LogoSource } from '#common/schemas/brand-reader.ts';
import { MAX_BYTES, MEDIA_TYPES } from '#common/schemas/media.ts';
import type { Db } from '#worker/db/client.ts';
import { AppError } from '#worker/lib/errors.ts';
import { probe } from '#worker/lib/media-probe.ts';
import { FetchRefused, SAFE_FETCH_LIMITS, UpstreamFailed, safeFetch } from '#worker/lib/safe-fetch.ts';
import { demoSiteFetch } from '#worker/features/projects/brand-reader/demo-sites.ts';
import { upload } from '#worker/features/media/service.ts';
import type { PageFacts } from '#worker/features/projects/brand-reader/page.ts';

export interface LogoCandidate {
  url: string;
  source: LogoSource;
}

/** Each one costs a fetch of up to 5 s: a page with a dozen "logo" images should not hold the request for a minute. */
const MAX_TRIED = 5;

/**
 * Where a logo may be, best first: the apple-touch-icon (a square, usually 180 px: made to stand
 * for the brand), the og:image (often a banner, but chosen by the site), an <img> named or
 * described as a logo, then the favicon (small, but nearly always the brand's mark). Addresses
 * resolved against the page (or its <base>); duplicates and what cannot be an address dropped.
 */
export function logoCandidates(facts: PageFacts, base: string): LogoCandidate[] {
  const found: LogoCandidate[] = [];
  const add = (href: string, source: LogoSource) => {
    if (!URL.canParse(href, base) || href.startsWith('data:')) return;
    const url = new URL(href, base).href;
    if (!found.some((c) => c.url === url)) found.push({ url, source });
  };
  for (const icon of facts.appleTouchIcons) add(icon.href, 'apple-touch-icon');
  if (facts.ogImage) add(facts.ogImage, 'og:image');
  for (const src of facts.logoImages) add(src, 'img');
  for (const href of facts.icons) add(href, 'favicon');
  if (!found.some((c) => c.source === 'favicon')) add('/favicon.ico', 'favicon');
  return found.slice(0, MAX_TRIED);
}

/** Whether bytes are an SVG document (by their first bytes: the Content-Type may say anything). */
export function isSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder()
    .decode(bytes.subarray(0, 1024))
    .replace(/^\uFEFF/, '')
    .trimStart();
  return /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype svg[^>]*>\s*)?<svg[\s>/]/i.test(head);
}

/** An SVG that can run code when opened: scripts, event handlers, javascript: links, embedded HTML. */
export function isHostileSvg(text: string): boolean {
  return /<script[\s>/]/i.test(text) || /\son[a-z]+\s*=/i.test(text) || /javascript\s*:/i.test(text) || /<foreignObject[\s>/]/i.test(text);
}

export interface LogoResult {
  logo: BrandProposal['logo'];
  warnings: BrandWarning[];
}

export interface LogoTarget {
  projectId: string;
  uploader: { id: string; name: string };
  /** For the file's name in the library ("logo-acme.example.png"). */
  host: string;
}

/**
 * Tries the candidates in order and stores the first usable picture into the project's media
 * library through the media service (its type checks, pixel limit and storage quota; the same
 * bytes already there are answered with the existing file).
 *
 * SVG logos are refused, not sanitised: the library takes no SVG at all (the media service
 * answers 415: a file served from our origin that can carry script), and a sanitiser safe
 * against every trick (entities, namespaces, CSS, <use> of remote documents) is a parser's
 * job, not a few regular expressions'. So an SVG makes way for the next candidate, with a
 * warning that says whether it also carried scripts.
 */
export async function storeLogo(db: Db, bucket: R2Bucket, target: LogoTarget, candidates: LogoCandidate[], signal: AbortSignal): Promise<LogoResult> {
  const warnings: BrandWarning[] = [];
  let svgSeen = false;
  for (const candidate of candidates) {
    if (signal.aborted) {
      warnings.push({ code: 'logoSlow' });
      return { logo: null, warnings };
    }
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = (
        await safeFetch(candidate.url, { fetcher: demoSiteFetch, accept: 'image/*', maxBytes: Math.min(SAFE_FETCH_LIMITS.maxBytes, MAX_BYTES.image), signal })
      ).body;
    } catch (error) {
      if (error instanceof FetchRefused || error instanceof UpstreamFailed) continue;
      throw error;
    }
    if (isSvg(bytes)) {
      if (isHostileSvg(new TextDecoder().decode(bytes))) warnings.push({ code: 'svgScripts' });
      svgSeen = true;
      continue;
    }
    const probed = await probe(bytes.subarray(0, 256 * 1024));
    if (probed?.kind !== 'image') continue;
    try {
      const { media } = await upload(db, bucket, {
        projectId: target.projectId,
        uploader: target.uploader,
        filename: `logo-${target.host.slice(0, 100)}.${MEDIA_TYPES[probed.mime].ext}`,
        contentLength: bytes.byteLength,
        body: new Response(bytes).body,
      });
      if (svgSeen) warnings.push({ code: 'svgReplaced' });
      return { logo: { mediaId: media.id, url: media.fileUrl, source: candidate.source }, warnings };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === 'plan_limit_reached') {
        warnings.push({ code: 'logoNotStored', reason: error.message });
        return { logo: null, warnings };
      }
      // Too many pixels, a size that cannot be read: the next candidate may do.
    }
  }
  warnings.push({ code: svgSeen ? 'svgOnly' : 'noLogo' });
  return { logo: null, warnings };
}
