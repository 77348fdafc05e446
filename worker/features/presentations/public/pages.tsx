import type { ReactElement } from 'react';
import { I18nRoot } from '#client/lib/i18n-context.tsx';
import { i18nFor } from '#worker/lib/i18n.ts';
import { renderToString } from 'react-dom/server';
import type { FunnelTheme } from '#common/schemas/blocks-theme.ts';
import { sectionLabels } from '#common/schemas/presentations.ts';
import { themeFontFaces } from '#common/theme-fonts.ts';
import { themeCss } from '#client/blocks/page-view.tsx';
import { BEACON_SCRIPT } from '#client/presentations/beacon-script.ts';
import { PresentationView, SectionView } from '#client/presentations/presentation-view.tsx';
import { contextFromResolved, type PresentationContext } from '#client/presentations/types.ts';
import { inlinePageCsp, sha256Source } from '#worker/ssr/csp.ts';
import { escapeHtml, socialImageTags } from '#worker/ssr/html.ts';
import type { PageAssets } from '#worker/ssr/manifest.ts';
import { PERSONAL, type Card, type GalleryPage, type PresentationPage } from '#worker/features/presentations/public/service.ts';

/**
 * The HTML of the public side (service.ts decides which page): complete pages with no
 * JavaScript but the view beacon (≤ 2 KB gzip, allowed by its hash), each with a Content
 * Security Policy that allows exactly its own <style> and that script.
 */

/** No script but the beacon (by hash), the page's own <style> by hash, everything else from this origin. */
async function csp(html: string, withBeacon: boolean): Promise<string> {
  return inlinePageCsp(html, withBeacon ? await sha256Source(BEACON_SCRIPT) : "'none'");
}

interface Shell {
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
  const html = `<!doctype html><html lang="en"><head>${head}</head><body>${shell.body}${beacon}</body></html>`;
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

/** The cards' one button (the password form's, the expired page's). */
const BUTTON =
  'min-h-11 rounded-lg bg-zinc-900 px-4 py-2 font-semibold text-white hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-zinc-900';

/** A small centred card in the public style (404, expired, password, the bots' card). */
function card(inner: string): string {
  return `<main id="main" class="mx-auto flex min-h-screen max-w-xl flex-col justify-center gap-4 px-6 py-16">${inner}</main>`;
}

function cardPage(assets: PageAssets, answer: Card, origin: string): Promise<HtmlPage> {
  switch (answer.card) {
    case 'not-found':
      return page(
        assets,
        {
          title: 'Presentation not found',
          description: 'This presentation does not exist.',
          body: card(
            '<p class="text-sm font-semibold text-zinc-600">404</p><h1 class="text-3xl font-bold tracking-tight text-balance">This presentation does not exist</h1><p class="text-zinc-700">The link may be mistyped, or the presentation is no longer shared. Ask the person who sent it for a new link.</p>',
          ),
        },
        404,
      );
    case 'expired': {
      const name = answer.authorName ? escapeHtml(answer.authorName) : '';
      const author = name && !answer.ask ? ` Ask ${name} for a new one.` : '';
      const ask =
        name && answer.ask
          ? `<form method="post" action="${escapeHtml(answer.ask)}" class="mt-2"><button type="submit" class="${BUTTON}">Ask ${name} for a new link</button></form>`
          : '';
      return page(
        assets,
        {
          title: 'This presentation has expired',
          description: 'The link to this presentation has expired.',
          body: card(
            `<p class="text-sm font-semibold text-zinc-600">Expired</p><h1 class="text-3xl font-bold tracking-tight text-balance">This presentation has expired</h1><p class="text-zinc-700">It was shared for a limited time, and that time is over.${author}</p>${ask}`,
          ),
        },
        410,
      );
    }
    case 'asked':
      return page(assets, {
        title: 'We told the author',
        description: 'The author of this presentation was asked for a new link.',
        body: card(
          `<p class="text-sm font-semibold text-zinc-600">Expired</p><h1 class="text-3xl font-bold tracking-tight text-balance">We told ${escapeHtml(answer.authorName)}</h1><p class="text-zinc-700">${escapeHtml(answer.authorName)} got an email asking for a new link. When they extend the presentation, the link you have works again.</p>`,
        ),
      });
    case 'ask-limited':
      return page(
        assets,
        {
          title: 'Too many requests',
          description: 'Too many requests for new links.',
          body: card(
            '<p class="text-sm font-semibold text-zinc-600">429</p><h1 class="text-3xl font-bold tracking-tight text-balance">Too many requests</h1><p class="text-zinc-700">This network asked for many new links in a short time. Wait an hour and try again.</p>',
          ),
        },
        429,
        { 'Retry-After': answer.retryAfter },
      );
    case 'bot':
      return page(assets, {
        title: answer.title,
        description: answer.description,
        image: { url: `${origin}${answer.image.path}`, alt: answer.image.alt },
        body: card(
          `<h1 class="text-3xl font-bold tracking-tight text-balance">${escapeHtml(answer.title)}</h1><p class="text-zinc-700">Open the link in a browser to see it.</p>`,
        ),
      });
    case 'password': {
      const action = escapeHtml(answer.action);
      const errorHtml = answer.error ? `<p id="password-error" class="text-sm font-medium text-red-700" role="alert">${escapeHtml(answer.error)}</p>` : '';
      const described = answer.error ? ' aria-describedby="password-error" aria-invalid="true"' : '';
      return page(
        assets,
        {
          title: 'A private presentation',
          description: 'This presentation is protected by a password.',
          body: card(
            `<p class="text-sm font-semibold text-zinc-600">Private</p><h1 class="text-3xl font-bold tracking-tight text-balance">This presentation is protected</h1><p class="text-zinc-700">Enter the password you were given to open it.</p><form method="post" action="${action}" class="mt-2 flex flex-col gap-3"><label for="password" class="text-sm font-medium text-zinc-800">Password</label><input id="password" name="password" type="password" required autocomplete="current-password" autofocus class="min-h-11 rounded-lg border border-zinc-300 px-3 py-2 text-base"${described}>${errorHtml}<button type="submit" class="${BUTTON}">Open the presentation</button></form>`,
          ),
        },
        answer.status,
        answer.retryAfter ? { 'Retry-After': answer.retryAfter } : {},
      );
    }
  }
}

function presentationPage(assets: PageAssets, answer: PresentationPage, origin: string): Promise<HtmlPage> {
  const { document } = answer;
  const ctx = contextFromResolved('edge', answer.resolved, { refCode: answer.refCode, authorName: answer.authorName, now: answer.now });
  const banner =
    answer.banner !== null
      ? `<p class="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950" role="status">${escapeHtml(answer.banner)}</p>`
      : '';
  return page(assets, {
    title: answer.title,
    description: answer.description,
    theme: document.theme,
    image: { url: `${origin}${answer.image.path}`, alt: answer.image.alt },
    body: banner + renderToString(withWords(<PresentationView document={document} ctx={ctx} />)),
    beacon: answer.beacon,
  });
}

/**
 * The blocks inside a presentation read Adloom's own words (an image's placeholder) from the
 * i18n context: English until presentations have a language of their own (issue 28).
 */
function withWords(element: ReactElement): ReactElement {
  return <I18nRoot i18n={i18nFor('en')}>{element}</I18nRoot>;
}

function galleryPage(assets: PageAssets, answer: GalleryPage): Promise<HtmlPage> {
  const { document } = answer;
  const ctx: PresentationContext = contextFromResolved('sheet', answer.resolved, { refCode: answer.refCode, authorName: answer.authorName });
  const parts = answer.sections
    .map((section) => {
      const label = sectionLabels[section.type];
      return `<div class="border-t-4 border-zinc-200"><p class="bg-zinc-100 px-5 py-2 font-mono text-xs text-zinc-700"><strong class="font-sans text-sm text-zinc-900">${escapeHtml(label.label)}</strong> · ${escapeHtml(section.type)} — ${escapeHtml(label.description)}</p>${renderToString(withWords(<SectionView section={section} doc={document} ctx={ctx} />))}</div>`;
    })
    .join('');
  const body = `<header class="bg-zinc-900 px-5 py-4 text-white"><h1 class="text-lg font-semibold">Components of “${escapeHtml(document.customerName)}”</h1><p class="text-sm text-zinc-300">Every section type in this presentation’s theme. <a class="underline" href="${escapeHtml(answer.path)}">Open the presentation</a></p></header><div class="fp-root bg-(--fp-bg) font-(family-name:--fp-body-font) text-(--fp-text)">${parts}</div>`;
  return page(assets, {
    title: `Components · ${document.customerName}`,
    description: 'The presentation’s section types in its theme.',
    theme: document.theme,
    body,
  });
}

/** The page of an answer of service.ts; `origin` makes the Open Graph picture's address absolute. */
export function htmlOf(answer: Card | PresentationPage | GalleryPage, assets: PageAssets, origin: string): Promise<HtmlPage> {
  if (answer.card === 'presentation') return presentationPage(assets, answer, origin);
  if (answer.card === 'gallery') return galleryPage(assets, answer);
  return cardPage(assets, answer, origin);
}
