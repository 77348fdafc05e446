/**
 * The site's own public pages (PRODUCT.md §2) as data: what each is called and says, whether
 * search engines may list it, when its words last changed and its other languages. One list
 * for the pages' heads (render.ts), their social cards (`/og/{page}.png`) and the sitemap, so
 * that a page added here has all three and a page missing here has none of them.
 */

/** A page in another language (issue 28 adds `de`): its `hreflang` and path. */
export interface Alternate {
  hreflang: string;
  path: string;
}

export interface PublicPage {
  path: string;
  title: string;
  description: string;
  /** The headline of its social card; the title when unset. */
  cardTitle?: string;
  /** Kept out of search engines and the sitemap (forms that only make sense from a link). */
  noindex?: boolean;
  /** When its words last changed (W3C date), the sitemap's `lastmod`: set with the change. */
  updated: string;
  /** Its language (`<html lang>`). */
  lang?: string;
  /** Its versions in other languages; `en` and `x-default` (itself) when unset. */
  alternates?: readonly Alternate[];
}

/** A legal page's English and German versions (the English one is `x-default`). */
function legalAlternates(path: string): readonly Alternate[] {
  return [
    { hreflang: 'en', path },
    { hreflang: 'de', path: `/de${path}` },
    { hreflang: 'x-default', path },
  ];
}

export const PUBLIC_PAGES = {
  home: {
    path: '/',
    title: 'Adloom',
    description: 'Creatives, ad approvals, Instagram publishing and fast funnels for marketing teams and small agencies.',
    cardTitle: 'Creatives, ad approvals and fast funnels in one workspace',
    updated: '2026-11-23',
  },
  about: { path: '/about', title: 'About', description: 'Why Adloom exists and how it works for marketing teams and agencies.', updated: '2026-11-23' },
  pricing: { path: '/pricing', title: 'Pricing', description: 'Adloom plans and credit packs: Free, Pro and Agency.', updated: '2026-11-23' },
  playground: {
    path: '/playground',
    title: 'Playground',
    description: 'Try the Adloom creative editor without an account: pick a template, type your text, drop in a picture and download it.',
    cardTitle: 'Try the creative editor, no account needed',
    updated: '2026-11-23',
  },
  contact: { path: '/contact', title: 'Contact', description: 'Questions about Adloom, plans or your account? Write to us.', updated: '2026-11-22' },
  imprint: {
    path: '/imprint',
    title: 'Imprint',
    description: 'Who operates Adloom and how to reach us.',
    updated: '2026-11-30',
    alternates: legalAlternates('/imprint'),
  },
  privacy: {
    path: '/privacy',
    title: 'Privacy policy',
    description: 'Which personal data Adloom processes, why, and your rights.',
    updated: '2026-11-30',
    alternates: legalAlternates('/privacy'),
  },
  terms: {
    path: '/terms',
    title: 'Terms of service',
    description: 'The terms for using Adloom.',
    updated: '2026-11-30',
    alternates: legalAlternates('/terms'),
  },
  'tech-provider': {
    path: '/tech-provider',
    title: 'Meta Tech Provider',
    description: 'Which Instagram permissions Adloom asks for and why, and how the data is used, stored and deleted.',
    updated: '2026-11-30',
    alternates: legalAlternates('/tech-provider'),
  },
  login: { path: '/login', title: 'Sign in', description: 'Sign in to Adloom or create a free account.', noindex: true, updated: '2026-11-29' },
  'password-reset': {
    path: '/password-reset',
    title: 'Reset your password',
    description: 'Choose a new password for your Adloom account.',
    noindex: true,
    updated: '2026-11-23',
  },
  // The legal pages in German (issue 28): client/public/legal/de/*.md.
  'imprint-de': {
    path: '/de/imprint',
    title: 'Impressum',
    description: 'Wer Adloom betreibt und wie Sie uns erreichen.',
    updated: '2026-11-30',
    lang: 'de',
    alternates: legalAlternates('/imprint'),
  },
  'privacy-de': {
    path: '/de/privacy',
    title: 'Datenschutzerklärung',
    description: 'Welche personenbezogenen Daten Adloom verarbeitet, wozu, und Ihre Rechte.',
    updated: '2026-11-30',
    lang: 'de',
    alternates: legalAlternates('/privacy'),
  },
  'terms-de': {
    path: '/de/terms',
    title: 'Nutzungsbedingungen',
    description: 'Die Bedingungen für die Nutzung von Adloom.',
    updated: '2026-11-30',
    lang: 'de',
    alternates: legalAlternates('/terms'),
  },
  'tech-provider-de': {
    path: '/de/tech-provider',
    title: 'Meta Tech Provider',
    description: 'Welche Instagram-Berechtigungen Adloom anfragt und wozu, und wie die Daten genutzt, gespeichert und gelöscht werden.',
    updated: '2026-11-30',
    lang: 'de',
    alternates: legalAlternates('/tech-provider'),
  },
} as const satisfies Record<string, PublicPage>;

export type PublicPageId = keyof typeof PUBLIC_PAGES;

export function isPublicPageId(value: string): value is PublicPageId {
  return Object.hasOwn(PUBLIC_PAGES, value);
}

/** A page's entry, typed as the general shape (the optional fields readable). */
export function publicPage(id: PublicPageId): PublicPage {
  return PUBLIC_PAGES[id];
}

/** The pages search engines may list, with their ids. */
export function indexablePages(): { id: PublicPageId; page: PublicPage }[] {
  return (Object.keys(PUBLIC_PAGES) as PublicPageId[]).map((id) => ({ id, page: publicPage(id) })).filter(({ page }) => !page.noindex);
}

/** A page's versions by language: its own list, or itself as `en` and `x-default` (the only language today). */
export function alternatesOf(page: Pick<PublicPage, 'path' | 'alternates'>): readonly Alternate[] {
  return (
    page.alternates ?? [
      { hreflang: 'en', path: page.path },
      { hreflang: 'x-default', path: page.path },
    ]
  );
}
