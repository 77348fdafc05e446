import type { FontId } from '#common/fonts.ts';
import type { SocialImage } from '#worker/ssr/html.ts';
import { publicPage, type PublicPageId } from '#worker/ssr/public-pages.ts';

/**
 * The social card of a public page (the picture a pasted link unfurls as): the page's headline
 * on the brand's gradient under the wordmark, drawn by Adloom's own renderer as a link card
 * (creatives/render `renderCard`) and served from R2 at `/og/{page}.png` (site/seo). The head
 * of every page names it (render.ts), with `?v=` the card's version: a changed title is a new
 * URL, so the picture can be cached for good.
 */

/** The renderer's landscape format (1.91:1, the size Meta and LinkedIn ask for). */
export const SOCIAL_CARD_SIZE = { width: 1200, height: 628 } as const;

const BRAND = { from: '#4f46e5', to: '#312e81', color: '#ffffff' } as const;
const FONT: FontId = 'inter';

/** What the card of a page shows: the fields of the renderer's link card (creatives/render `CardInput`). */
export function siteCard(id: PublicPageId) {
  const page = publicPage(id);
  return {
    kicker: 'Adloom',
    title: page.cardTitle ?? page.title,
    footer: 'Creatives · approvals · publishing · funnels',
    ...BRAND,
    headingFont: FONT,
    bodyFont: FONT,
  };
}

/** FNV-1a, 32 bits, as 8 hex digits: a short, synchronous fingerprint (a collision only keeps an old picture cached). */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

const versions = new Map<PublicPageId, string>();

/** The card's version: changes with anything it shows (title, colours, fonts, lines). */
export function cardVersion(id: PublicPageId): string {
  let version = versions.get(id);
  if (version === undefined) {
    version = fingerprint(JSON.stringify(siteCard(id)));
    versions.set(id, version);
  }
  return version;
}

/** The card of a page as its head names it: an absolute URL with the version, its size and alt text. */
export function siteCardImage(origin: string, id: PublicPageId): SocialImage {
  return { url: `${origin}/og/${id}.png?v=${cardVersion(id)}`, ...SOCIAL_CARD_SIZE, alt: siteCard(id).title };
}
