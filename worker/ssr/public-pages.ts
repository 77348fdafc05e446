/**
 * The site's own public pages (PRODUCT.md §2) as data: what each is called and says, whether
 * search engines may list it, when its words last changed and its other languages. One list
 * for the pages' heads (render.ts), their social cards (`/og/{page}.png`) and the sitemap, so
 * that a page added here has all three and a page missing here has none of them.
 */

import { DEFAULT_LOCALE, type Locale } from '#common/i18n/locales.ts';
import { localePath } from '#common/i18n/paths.ts';
import type { MessageIds } from '#common/i18n/register.ts';
import { en as text } from '#common/locales/public/en.ts';
import { i18nFor } from '#worker/lib/i18n.ts';

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
  /** The languages it is written in, each at its language's prefix (`/de/pricing`); English only when unset. */
  languages?: readonly Locale[];
  /** The language of a page written in one language only, at its own path (the German imprint, `/de/imprint`); English when unset. */
  lang?: Locale;
  /** Its versions in other languages; derived from `languages` (with `x-default`, the English) when unset. */
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

/** Both languages (issue 28): the English page at its path, the German one under `/de`. */
const BILINGUAL = ['en', 'de'] as const satisfies readonly Locale[];

export const PUBLIC_PAGES = {
  home: {
    path: '/',
    title: text['page.home.title'],
    description: text['page.home.description'],
    cardTitle: text['page.home.cardTitle'],
    updated: '2026-11-30',
    languages: BILINGUAL,
  },
  about: { path: '/about', title: text['page.about.title'], description: text['page.about.description'], updated: '2026-11-30', languages: BILINGUAL },
  pricing: { path: '/pricing', title: text['page.pricing.title'], description: text['page.pricing.description'], updated: '2026-11-30', languages: BILINGUAL },
  playground: {
    path: '/playground',
    title: text['page.playground.title'],
    description: text['page.playground.description'],
    cardTitle: text['page.playground.cardTitle'],
    updated: '2026-11-30',
    languages: BILINGUAL,
  },
  'api-docs': {
    path: '/docs/api',
    title: text['page.api-docs.title'],
    description: text['page.api-docs.description'],
    updated: '2026-11-30',
    languages: BILINGUAL,
  },
  contact: { path: '/contact', title: text['page.contact.title'], description: text['page.contact.description'], updated: '2026-11-30', languages: BILINGUAL },
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
  login: {
    path: '/login',
    title: text['page.login.title'],
    description: text['page.login.description'],
    noindex: true,
    updated: '2026-11-29',
    languages: BILINGUAL,
  },
  'password-reset': {
    path: '/password-reset',
    title: text['page.password-reset.title'],
    description: text['page.password-reset.description'],
    noindex: true,
    updated: '2026-11-23',
    languages: BILINGUAL,
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

/** The languages a page is written in. */
export function languagesOf(page: Pick<PublicPage, 'path' | 'languages'>): readonly Locale[] {
  return page.languages ?? [DEFAULT_LOCALE];
}

/** A page's versions by language: its own list, or each of its languages at its address and `x-default`, the English. */
export function alternatesOf(page: Pick<PublicPage, 'path' | 'alternates' | 'languages'>): readonly Alternate[] {
  return (
    page.alternates ?? [
      ...languagesOf(page).map((locale) => ({ hreflang: locale, path: localePath(locale, page.path) })),
      { hreflang: 'x-default', path: page.path },
    ]
  );
}

/**
 * A page as written in a language: its address there and its title and description from the
 * `public` catalog (`page.{id}.title`) when the catalog has them, else the entry's own (English).
 */
export function localizedPage(id: PublicPageId, locale: Locale): PublicPage {
  const page = publicPage(id);
  if (locale === DEFAULT_LOCALE) return page;
  const i18n = i18nFor(locale);
  const translated = (field: 'title' | 'description', fallback: string) => {
    const key = `page.${id}.${field}`;
    return Object.hasOwn(text, key) ? i18n._(key as MessageIds) : fallback;
  };
  return { ...page, path: localePath(locale, page.path), title: translated('title', page.title), description: translated('description', page.description) };
}
