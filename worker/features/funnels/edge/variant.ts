import type { Variant } from '#common/schemas/funnels.ts';
import type { EdgeSite, PageMeta } from '#worker/features/funnels/edge/cache.ts';
import { DAY_SECONDS } from '#worker/features/funnels/edge/render.tsx';

/** A/B variants: a visitor's variant of a page, drawn once and kept by a sticky cookie. */

const AB_COOKIE_DAYS = 90;

/** Where the visitor's variant comes from; tests replace it with a seeded generator. */
export const edgeRandom = { next: Math.random };

/** The variant of a page with B shown to `splitB`% of visitors, for a uniform draw `r` in [0, 1). */
export function assignVariant(splitB: number, r: number): Variant {
  return r * 100 < splitB ? 'b' : 'a';
}

export interface Choice {
  variant: Variant;
  /** A new assignment: the cookie is written with the response. */
  assigned: boolean;
}

export function abCookie(pageId: string): string {
  return `ab_${pageId}`;
}

export function chooseVariant(cookies: Record<string, string>, meta: Pick<PageMeta, 'pageId' | 'hasB' | 'splitB'>): Choice {
  if (!meta.hasB) return { variant: 'a', assigned: false };
  const kept = cookies[abCookie(meta.pageId)];
  if (kept === 'a' || kept === 'b') return { variant: kept, assigned: false };
  return { variant: assignVariant(meta.splitB, edgeRandom.next()), assigned: true };
}

function cookiePath(site: EdgeSite): string {
  return site.kind === 'path' ? `/p/${site.funnelName}` : '/';
}

/** The cookie that keeps a new assignment, for a page requested at `url`. */
export function abCookieHeader(url: string, site: EdgeSite, pageId: string, variant: Variant): string {
  const secure = new URL(url).protocol === 'https:';
  return `${abCookie(pageId)}=${variant}; Max-Age=${AB_COOKIE_DAYS * DAY_SECONDS}; Path=${cookiePath(site)}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
