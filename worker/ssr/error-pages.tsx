import type { Context } from 'hono';
import { ErrorPage, NotFoundPage } from '#client/public/pages/status.tsx';
import type { AppEnv } from '#worker/env.ts';
import { i18nFor } from '#worker/lib/i18n.ts';
import { errorPageLocale, publicChrome } from '#worker/ssr/chrome.ts';
import { renderPage, renderStaticPage } from '#worker/ssr/render.ts';

/** The 404 page, or the friendly error page with the request id as reference, in the request's language (`/de/…`, else the reader's). */
export async function renderErrorPage(c: Context<AppEnv>, status: number): Promise<Response> {
  const chrome = publicChrome(c, { interactive: false });
  const locale = errorPageLocale(c);
  const i18n = i18nFor(locale);
  try {
    if (status === 404) {
      // The 404 page does not show the path: one cached copy per language, whatever was asked for.
      return await renderStaticPage(
        c,
        `not-found|${locale}|${chrome.signedIn}`,
        { title: i18n._('page.notFound.title'), description: i18n._('page.notFound.description'), noindex: true, locale },
        () => <NotFoundPage chrome={chrome} />,
        404,
      );
    }
    const page = await renderPage(
      c,
      { title: i18n._('page.error.title'), description: i18n._('page.error.description'), noindex: true, locale },
      <ErrorPage chrome={chrome} reference={c.get('requestId')} />,
      500,
    );
    return new Response(page.body, { status, headers: page.headers });
  } catch {
    // The page itself could not render (e.g. the client build is missing): plain text.
    const text =
      status === 404 ? i18n._('page.notFound.title') : `${i18n._('page.error.title')}. ${i18n._('error.reference', { reference: c.get('requestId') })}`;
    return new Response(text, {
      status,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
}
