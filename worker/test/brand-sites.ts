import { png } from '#worker/test/files.ts';

/**
 * Customer websites for the brand-kit reader's tests (and the fuzz's outbound fixture), served
 * at the outbound-fetch boundary (worker/test/fetch.ts interceptHosts): each path of a site
 * answers as a real web server would.
 */

export const html = (body: string, init: ResponseInit = {}) =>
  new Response(body, { ...init, headers: { 'content-type': 'text/html; charset=utf-8', ...init.headers } });
export const css = (body: string) => new Response(body, { headers: { 'content-type': 'text/css' } });
export const image = (bytes: Uint8Array<ArrayBuffer>, type = 'image/png') => new Response(bytes, { headers: { 'content-type': type } });
export const redirect = (location: string, status = 302) => new Response(null, { status, headers: { location } });
export const notFound = () => new Response('Not found', { status: 404 });

/** The apple-touch-icon of the normal site: a real PNG (its size readable), unique to it. */
export const ACME_ICON = png(180, 180, 27);

/** A normal small-business home page: what the reader is built for. */
export const ACME_HOME = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Acme Surf &amp; Co &mdash; Boards shaped by hand</title>
  <meta name="description" content="Friendly, handmade surf boards from a family workshop in Cornwall. We&#39;ll help you find yours.">
  <meta property="og:site_name" content="Acme Surf &amp; Co">
  <meta name="theme-color" content="#0A7AFF">
  <link rel="apple-touch-icon" sizes="180x180" href="/icons/touch.png">
  <link rel="icon" href="/favicon.ico">
  <link rel="preconnect" href="https://fonts.gstatic.com">
  <link href="https://fonts.googleapis.com/css2?family=Playfair+Display:wght@700&family=Lato:wght@400;700&display=swap" rel="stylesheet">
  <link rel="stylesheet" href="/css/site.css">
  <style>
    :root { --primary: #0a7aff; --brand-accent: rgb(255, 94, 58); --color-sand: #F4E1C1; --spacing: 4px; }
    body { font-family: 'Lato', Helvetica, sans-serif; color: #222; background: #fff; }
  </style>
</head>
<body>
  <header><img src="/img/hero.jpg" alt="A wave"></header>
  <h1>Boards shaped by hand</h1>
</body>
</html>`;

/** The linked stylesheet: a heading font, more colours (one used often), a near-duplicate of the primary. */
export const ACME_CSS = `/* theme */
h1, h2, .title { font-family: "Playfair Display", Georgia, serif; color: #1b3a4b; }
a { color: #1b3a4b; } a:hover { color: #1b3a4b; border-color: #0b7bfe; }
.badge { background: rgba(46, 204, 113, 0.9); }
.overlay { background: rgba(0, 0, 0, 0); }
`;

/** The normal site, path by path. */
export function acmeSite(path: string): Response {
  if (path === '/') return html(ACME_HOME);
  if (path === '/css/site.css') return css(ACME_CSS);
  if (path === '/icons/touch.png') return image(ACME_ICON);
  return notFound();
}

/** The fuzz's outbound fixture: any https page is a small site with a logo, so that the reader runs to its end. */
export function anySite(request: Request): Response {
  const path = new URL(request.url).pathname;
  if (path === '/logo.png') return image(png(32, 32, 1));
  return html('<title>Fixture</title><meta name="theme-color" content="#123456"><link rel="apple-touch-icon" href="/logo.png">');
}
