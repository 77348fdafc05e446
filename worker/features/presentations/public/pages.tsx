import type { I18n } from '@lingui/core';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Locale } from '#common/i18n/locales.ts';
import type { FunnelTheme } from '#common/schemas/blocks-theme.ts';
import type { SectionType } from '#common/schemas/presentations.ts';
import { I18nRoot } from '#client/lib/i18n-root.tsx';
import { i18nFor } from '#worker/lib/i18n.ts';
import { themeFontFaces } from '#common/theme-fonts.ts';
import { themeCss } from '#client/blocks/page-view.tsx';
import { BEACON_SCRIPT } from '#client/presentations/beacon-script.ts';
import { PresentationView, SectionView } from '#client/presentations/presentation-view.tsx';
import { contextFromResolved, type PresentationContext } from '#client/presentations/types.ts';
import { inlinePageCsp, sha256Source } from '#worker/ssr/csp.ts';
import { escapeHtml, socialImageTags } from '#worker/ssr/html.ts';
import type { PageAssets } from '#worker/ssr/manifest.ts';
import { PERSONAL, type Card, type GalleryPage, type PresentationPage } from '#worker/features/presentations/public/service.ts';
import { BUTTON, askSection, talkCard } from '#worker/features/presentations/public/talk-cards.ts';

/**
 * The HTML of the public side (service.ts decides which page): complete pages with no
 * JavaScript but the view beacon (≤ 2 KB gzip, allowed by its hash), each with a Content
 * Security Policy that allows exactly its own <style> and that script. Every word is in the
 * presentation's language (its document's `locale`, issue 28), not the visitor's; a card with no
 * presentation behind it (not found) speaks the visitor's.
 */

/** No script but the beacon (by hash), the page's own <style> by hash, everything else from this origin. */
async function csp(html: string, withBeacon: boolean): Promise<string> {
  return inlinePageCsp(html, withBeacon ? await sha256Source(BEACON_SCRIPT) : "'none'");
}

interface Shell {
  /** The language of the page (the presentation's): `<html lang>`. */
  locale: Locale;
  title: string;
  description: string;
  theme?: FunnelTheme;
  /** The Open Graph picture (absolute URL) and its alt text. */
  image?: { url: string; alt: string };
  body: string;
  beacon?: { token: string; url: string };
}

/** A page as routes.tsx sends it. */
export interface HtmlPage {
  html: string;
  status: 200 | 404 | 410 | 422 | 429;
  headers: Record<string, string>;
}

/** A complete page: head, the presentation's theme (when given), the body and the beacon. */
async function page(assets: PageAssets, shell: Shell, status: HtmlPage['status'] = 200, extra: Record<string, string> = {}): Promise<HtmlPage> {
  const theme = shell.theme;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(shell.title)}</title>`,
    `<meta name="description" content="${escapeHtml(shell.description)}">`,
    '<meta name="robots" content="noindex">',
    `<meta property="og:title" content="${escapeHtml(shell.title)}">`,
    `<meta property="og:description" content="${escapeHtml(shell.description)}">`,
    '<meta property="og:type" content="website">',
    shell.image ? socialImageTags({ url: shell.image.url, width: 1200, height: 628, alt: shell.image.alt }) : '',
    theme ? `<meta name="theme-color" content="${escapeHtml(theme.colors.primary)}">` : '',
    '<link rel="icon" href="data:,">',
    assets.font ? `<link rel="preload" href="${assets.font}" as="font" type="font/woff2" crossorigin>` : '',
    `<link rel="stylesheet" href="${assets.stylesheet}">`,
    theme ? `<style>${themeCss(theme)}${themeFontFaces(theme)}</style>` : '',
  ].join('');
  const beacon = shell.beacon
    ? `<div hidden data-view="${escapeHtml(shell.beacon.token)}" data-beacon="${escapeHtml(shell.beacon.url)}"></div><script>${BEACON_SCRIPT}</script>`
    : '';
  // eslint-disable-next-line lingui/no-unlocalized-strings -- the document's markup; its words are the shell's
  const html = `<!doctype html><html lang="${shell.locale}"><head>${head}</head><body>${shell.body}${beacon}</body></html>`;
  return {
    html,
    status,
    headers: {
      ...extra,
      'Cache-Control': PERSONAL,
      'Content-Security-Policy': await csp(html, shell.beacon !== undefined),
      'X-Robots-Tag': 'noindex',
    },
  };
}

/** A small centred card in the public style (404, expired, password, the bots' card). */
function card(inner: string): string {
  return `<main id="main" class="mx-auto flex min-h-screen max-w-xl flex-col justify-center gap-4 px-6 py-16">${inner}</main>`;
}

const eyebrow = (text: string) => `<p class="text-sm font-semibold text-zinc-600">${escapeHtml(text)}</p>`;
const h1 = (text: string) => `<h1 class="text-3xl font-bold tracking-tight text-balance">${escapeHtml(text)}</h1>`;
const para = (text: string) => `<p class="text-zinc-700">${escapeHtml(text)}</p>`;

function cardPage(assets: PageAssets, answer: Card, origin: string, locale: Locale): Promise<HtmlPage> {
  const i18n = i18nFor(locale);
  const t = i18n._.bind(i18n);
  switch (answer.card) {
    case 'not-found':
      return page(
        assets,
        {
          locale,
          title: t('content.presentation.notFound.title'),
          description: t('content.presentation.notFound.description'),
          body: card(eyebrow('404') + h1(t('content.presentation.notFound.heading')) + para(t('content.presentation.notFound.text'))),
        },
        404,
      );
    case 'expired': {
      const author = answer.authorName;
      const text = t('content.presentation.expired.text') + (author && !answer.ask ? ` ${t('content.presentation.expired.askAuthor', { author })}` : '');
      const ask = author && answer.ask ? askSection(t, answer.ask, author, answer, t('content.presentation.expired.askButton', { author })) : '';
      return page(
        assets,
        {
          locale,
          title: t('content.presentation.expired.title'),
          description: t('content.presentation.expired.description'),
          body: card(eyebrow(t('content.presentation.expired.eyebrow')) + h1(t('content.presentation.expired.title')) + para(text) + ask),
        },
        answer.errors ? 422 : 410,
      );
    }
    case 'interest-form':
    case 'interest-sent':
    case 'grant': {
      const parts = talkCard(t, answer);
      return page(assets, { locale, title: parts.title, description: parts.description, body: card(parts.body) }, parts.status);
    }
    case 'asked': {
      const author = answer.authorName;
      return page(assets, {
        locale,
        title: t('content.presentation.asked.title'),
        description: t('content.presentation.asked.description'),
        body: card(
          eyebrow(t('content.presentation.expired.eyebrow')) +
            h1(t('content.presentation.asked.heading', { author })) +
            para(t('content.presentation.asked.text', { author })),
        ),
      });
    }
    case 'ask-limited':
      return page(
        assets,
        {
          locale,
          title: t('content.presentation.limited.title'),
          description: t('content.presentation.limited.description'),
          body: card(eyebrow('429') + h1(t('content.presentation.limited.title')) + para(t('content.presentation.limited.text'))),
        },
        429,
        { 'Retry-After': answer.retryAfter },
      );
    case 'bot': {
      const title = answer.open ? t('content.presentation.bot.title', { customer: answer.customerName }) : t('content.presentation.bot.private');
      return page(assets, {
        locale,
        title,
        description: answer.open && answer.authorName ? t('content.presentation.bot.by', { author: answer.authorName }) : t('content.presentation.bot.open'),
        image: { url: `${origin}${answer.image.path}`, alt: title },
        body: card(h1(title) + para(t('content.presentation.bot.text'))),
      });
    }
    case 'password': {
      const action = escapeHtml(answer.action);
      const error =
        answer.error === 'wrong' ? t('content.presentation.password.wrong') : answer.error === 'limited' ? t('content.presentation.password.limited') : '';
      const errorHtml = error ? `<p id="password-error" class="text-sm font-medium text-red-700" role="alert">${escapeHtml(error)}</p>` : '';
      const described = error ? ' aria-describedby="password-error" aria-invalid="true"' : '';
      const form = `<form method="post" action="${action}" class="mt-2 flex flex-col gap-3"><label for="password" class="text-sm font-medium text-zinc-800">${escapeHtml(t('content.presentation.password.label'))}</label><input id="password" name="password" type="password" required autocomplete="current-password" autofocus class="min-h-11 rounded-lg border border-zinc-300 px-3 py-2 text-base"${described}>${errorHtml}<button type="submit" class="${BUTTON}">${escapeHtml(t('content.presentation.password.button'))}</button></form>`;
      return page(
        assets,
        {
          locale,
          title: t('content.presentation.password.title'),
          description: t('content.presentation.password.description'),
          body: card(
            eyebrow(t('content.presentation.password.eyebrow')) +
              h1(t('content.presentation.password.heading')) +
              para(t('content.presentation.password.text')) +
              form +
              (answer.authorName && answer.ask
                ? askSection(t, answer.ask, answer.authorName, answer, t('content.presentation.talk.noPassword', { author: answer.authorName }))
                : ''),
          ),
        },
        answer.status,
        answer.retryAfter ? { 'Retry-After': answer.retryAfter } : {},
      );
    }
  }
}

/** What its author or an admin reads above the page (a draft, their visits not counted, the password). */
function bannerText(i18n: I18n, banner: NonNullable<PresentationPage['banner']>): string {
  const state = i18n._(banner.draft ? 'content.presentation.banner.draft' : 'content.presentation.banner.manager');
  return banner.password ? `${state} ${i18n._('content.presentation.banner.password')}` : state;
}

function presentationPage(assets: PageAssets, answer: PresentationPage, origin: string): Promise<HtmlPage> {
  const { document } = answer;
  const i18n = i18nFor(document.locale);
  const customer = document.customerName;
  const ctx = contextFromResolved('edge', answer.resolved, {
    refCode: answer.refCode,
    authorName: answer.authorName,
    now: answer.now,
    interestAction: answer.interestAction,
  });
  const banner =
    answer.banner !== null
      ? `<p data-presentation-banner class="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950" role="status">${escapeHtml(bannerText(i18n, answer.banner))}</p>`
      : '';
  return page(assets, {
    locale: document.locale,
    title: `${document.headline} · ${customer}`,
    description: answer.authorName
      ? i18n._('content.presentation.page.descriptionBy', { customer, author: answer.authorName })
      : i18n._('content.presentation.page.description', { customer }),
    theme: document.theme,
    image: {
      url: `${origin}${answer.image.path}`,
      alt: answer.locked ? i18n._('content.presentation.page.imageAltLocked') : i18n._('content.presentation.page.imageAlt', { customer }),
    },
    body: banner + renderToString(withWords(i18n, <PresentationView document={document} ctx={ctx} />)),
    beacon: answer.beacon,
  });
}

/** The blocks inside a presentation read Adloom's own words (placeholders, the footer) from the i18n context: the presentation's language. */
function withWords(i18n: I18n, element: ReactElement): ReactElement {
  return <I18nRoot i18n={i18n}>{element}</I18nRoot>;
}

/** A section type's name and what it is for, in the gallery. */
function typeLabel(i18n: I18n, type: SectionType): { label: string; description: string } {
  return { label: i18n._(`content.presentation.type.${type}`), description: i18n._(`content.presentation.type.${type}.description`) };
}

function galleryPage(assets: PageAssets, answer: GalleryPage): Promise<HtmlPage> {
  const { document } = answer;
  const i18n = i18nFor(document.locale);
  const customer = document.customerName;
  const ctx: PresentationContext = contextFromResolved('sheet', answer.resolved, { refCode: answer.refCode, authorName: answer.authorName });
  const parts = answer.sections
    .map((section) => {
      const label = typeLabel(i18n, section.type);
      return `<div class="border-t-4 border-zinc-200"><p class="bg-zinc-100 px-5 py-2 font-mono text-xs text-zinc-700"><strong class="font-sans text-sm text-zinc-900">${escapeHtml(label.label)}</strong> · ${escapeHtml(section.type)} — ${escapeHtml(label.description)}</p>${renderToString(withWords(i18n, <SectionView section={section} doc={document} ctx={ctx} />))}</div>`;
    })
    .join('');
  const heading = escapeHtml(i18n._('content.presentation.gallery.heading', { customer }));
  const text = escapeHtml(i18n._('content.presentation.gallery.text'));
  const open = escapeHtml(i18n._('content.presentation.gallery.open'));
  const body = `<header class="bg-zinc-900 px-5 py-4 text-white"><h1 class="text-lg font-semibold">${heading}</h1><p class="text-sm text-zinc-300">${text} <a class="underline" href="${escapeHtml(answer.path)}">${open}</a></p></header><div class="fp-root bg-(--fp-bg) font-(family-name:--fp-body-font) text-(--fp-text)">${parts}</div>`;
  return page(assets, {
    locale: document.locale,
    title: i18n._('content.presentation.gallery.title', { customer }),
    description: i18n._('content.presentation.gallery.description'),
    theme: document.theme,
    body,
  });
}

/**
 * The page of an answer of service.ts; `origin` makes the Open Graph picture's address absolute;
 * `visitorLocale` is the language of a card that has no presentation behind it.
 */
export function htmlOf(answer: Card | PresentationPage | GalleryPage, assets: PageAssets, origin: string, visitorLocale: Locale): Promise<HtmlPage> {
  if (answer.card === 'presentation') return presentationPage(assets, answer, origin);
  if (answer.card === 'gallery') return galleryPage(assets, answer);
  return cardPage(assets, answer, origin, answer.locale ?? visitorLocale);
}
