import type { BrandProposal } from '#common/schemas/brand-reader.ts';
import type { Db } from '#worker/db/client.ts';
import { AppError } from '#worker/lib/errors.ts';
import { consume, RATE_LIMITS } from '#worker/lib/rate-limit.ts';
import { FetchRefused, UpstreamFailed, fetchErrorToAppError, safeFetch } from '#worker/lib/safe-fetch.ts';
import { demoSiteFetch } from '#worker/features/projects/brand-reader/demo-sites.ts';
import { googleFontFamilies, proposeColors, proposeFonts } from '#worker/features/projects/brand-reader/css.ts';
import { logoCandidates, storeLogo } from '#worker/features/projects/brand-reader/logo.ts';
import { isHtml, readPage } from '#worker/features/projects/brand-reader/page.ts';
import { siteName, toneDraft } from '#worker/features/projects/brand-reader/words.ts';

/** Linked stylesheets read besides the inline ones: the first few hold a site's theme; more would only cost time. */
const MAX_STYLESHEETS = 3;
/**
 * One deadline for the whole read: each fetch has its own 5 s, but a read makes up to nine
 * (the page, three stylesheets at once, then logo candidates one by one). What is not read by
 * then is left out with a warning; the page itself always has its full 5 s.
 */
export const BRAND_READ_DEADLINE_MS = 12_000;

export interface BrandReadRequest {
  projectId: string;
  user: { id: string; name: string };
  /** Validated by brandReadInput (https:// added to a bare domain). */
  url: string;
}

/** A safe fetch whose failure is the API's answer about the address the user gave. */
async function fetchOrThrow(url: string, accept: string, signal: AbortSignal) {
  try {
    return await safeFetch(url, { fetcher: demoSiteFetch, accept, signal });
  } catch (error) {
    if (error instanceof FetchRefused || error instanceof UpstreamFailed) throw fetchErrorToAppError(error);
    throw error;
  }
}

/** The CSS of up to MAX_STYLESHEETS linked stylesheets (Google Fonts' own left out: it names fonts, not colours), read at once; the failed ones counted. */
async function readStylesheets(hrefs: string[], base: string, signal: AbortSignal): Promise<{ css: string; failed: number }> {
  const urls = [
    ...new Set(
      hrefs
        .filter((href) => URL.canParse(href, base))
        .map((href) => new URL(href, base).href)
        .filter((href) => new URL(href).hostname !== 'fonts.googleapis.com'),
    ),
  ].slice(0, MAX_STYLESHEETS);
  const results = await Promise.allSettled(urls.map((url) => safeFetch(url, { fetcher: demoSiteFetch, accept: 'text/css,*/*;q=0.1', signal })));
  const css = results.map((r) => (r.status === 'fulfilled' ? new TextDecoder().decode(r.value.body) : '')).join('\n');
  const failed = results.filter((r) => r.status === 'rejected').length;
  return { css, failed };
}

/**
 * Reads a customer's website and proposes a brand kit (issue 27): the page through safeFetch
 * (public https only, redirects checked, 2 MB, 5 s), its linked stylesheets, and a logo that
 * is stored into the project's media library at once (so it can be previewed). Nothing else is
 * saved: the user reviews each proposal. Counted against the user's hourly allowance first,
 * as each read makes several outbound requests.
 */
export async function readBrand(db: Db, bucket: R2Bucket, request: BrandReadRequest): Promise<BrandProposal> {
  await consume(db, `brand-read:${request.user.id}`, RATE_LIMITS.brandReads);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), BRAND_READ_DEADLINE_MS);
  try {
    return await readWithin(db, bucket, request, deadline.signal);
  } finally {
    clearTimeout(timer);
  }
}

async function readWithin(db: Db, bucket: R2Bucket, request: BrandReadRequest, signal: AbortSignal): Promise<BrandProposal> {
  // We only read secure addresses; a site typed with http:// is read over https://.
  const asked = request.url.replace(/^http:\/\//i, 'https://');
  const page = await fetchOrThrow(asked, 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1', signal);
  if (!isHtml(page.headers.get('content-type'), page.body)) {
    const type = page.headers.get('content-type')?.split(';')[0]?.trim();
    const message = `That address is not a web page${type ? ` (it is ${type})` : ''}. Enter the address of the site’s home page.`;
    throw new AppError('validation_failed', message, { url: [message] });
  }
  const facts = await readPage(page.body);
  const base = facts.base && URL.canParse(facts.base, page.url) ? new URL(facts.base, page.url).href : page.url;
  const stylesheets = await readStylesheets(facts.stylesheets, base, signal);
  const css = `${facts.inlineCss}\n${stylesheets.css}`;
  const googleFamilies = [
    ...new Set(facts.stylesheets.filter((href) => URL.canParse(href, base)).flatMap((href) => googleFontFamilies(new URL(href, base).href))),
  ];
  const host = new URL(page.url).hostname;
  const { logo, warnings } = await storeLogo(db, bucket, { projectId: request.projectId, uploader: request.user, host }, logoCandidates(facts, base), signal);
  if (stylesheets.failed > 0) warnings.push({ code: 'stylesheets', count: stylesheets.failed });
  return {
    url: page.url,
    name: siteName(facts.siteName, facts.title, host),
    tone: toneDraft(facts.description),
    logo,
    colors: proposeColors(facts.themeColor, css),
    fonts: proposeFonts(googleFamilies, css),
    warnings,
  };
}
