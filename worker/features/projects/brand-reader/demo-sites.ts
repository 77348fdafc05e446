import { encode as encodePng } from 'fast-png';

/**
 * Demo customer websites for the brand-kit reader: a few hosts under `.example`, the top-level
 * domain reserved for examples (RFC 2606: no real site can have it), that the reader answers
 * from here instead of the network, as the sandbox Instagram account stands in for Meta. They
 * let anyone try "Add your first customer" on a fresh install (`npm start` has no customers,
 * and a machine may have no internet) and give the browser test of the first hour a website.
 * Every request still goes through safeFetch's rules first; only the exact hosts below are
 * answered here, everything else goes to the network.
 */

const NORTHWIND_HOME = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Northwind Coffee Roasters &mdash; Small-batch coffee, roasted on Harbour Street</title>
  <meta name="description" content="Small-batch coffee roasted every morning on Harbour Street. Come by for a cup, stay for a chat, take a bag home.">
  <meta property="og:site_name" content="Northwind Coffee Roasters">
  <meta name="theme-color" content="#3b2416">
  <link rel="apple-touch-icon" href="/apple-touch-icon.png">
  <link rel="preconnect" href="https://fonts.gstatic.com">
  <link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Playfair+Display:wght@700&amp;family=Lato:wght@400;700&amp;display=swap">
  <link rel="stylesheet" href="/styles.css">
</head>
<body>
  <header><a href="/"><img src="/apple-touch-icon.png" alt="Northwind Coffee logo" width="48" height="48"></a></header>
  <main><h1>Roasted this morning</h1><p>Beans from three farms we know by name.</p><a class="button" href="/shop">Order beans</a></main>
</body>
</html>`;

const NORTHWIND_CSS = `:root { --brand-primary: #3b2416; --brand-accent: #c8553d; --color-cream: #f4e9dc; --color-sage: #2f5d50; }
body { font-family: 'Lato', Helvetica, Arial, sans-serif; color: #3b2416; background: #f4e9dc; }
h1, h2, h3 { font-family: 'Playfair Display', Georgia, serif; color: #3b2416; }
.button { background: #c8553d; color: #fff; border-radius: 999px; }
.button:hover { background: #a8432f; }
footer { background: #2f5d50; color: #f4e9dc; }`;

/** The logo: a 180 × 180 cup-brown disc with a cream ring (drawn once, on first use). */
let northwindLogo: Uint8Array<ArrayBuffer> | undefined;
function logoPng(): Uint8Array<ArrayBuffer> {
  if (northwindLogo) return northwindLogo;
  const size = 180;
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const r = Math.hypot(x - size / 2 + 0.5, y - size / 2 + 0.5);
      const ring = r > 58 && r < 66;
      const [red, green, blue, alpha] = r > 86 ? [0, 0, 0, 0] : ring ? [0xf4, 0xe9, 0xdc, 255] : [0x3b, 0x24, 0x16, 255];
      data.set([red, green, blue, alpha], (y * size + x) * 4);
    }
  }
  northwindLogo = new Uint8Array(encodePng({ width: size, height: size, data, channels: 4 }));
  return northwindLogo;
}

const withType = (type: string) => (body: BodyInit) => new Response(body, { headers: { 'content-type': type } });
const html = withType('text/html; charset=utf-8');
const css = withType('text/css; charset=utf-8');
const png = withType('image/png');

const SITES: Record<string, Record<string, () => Response>> = {
  'northwind-coffee.example': {
    '/': () => html(NORTHWIND_HOME),
    '/styles.css': () => css(NORTHWIND_CSS),
    '/apple-touch-icon.png': () => png(logoPng()),
  },
};

/** The demo sites' hosts ("Try it with northwind-coffee.example"). */
export const DEMO_SITE_HOSTS = Object.keys(SITES);

/** A fetch that answers the demo sites' hosts from this module and sends everything else to the network. */
export async function demoSiteFetch(url: string, init: RequestInit): Promise<Response> {
  const target = new URL(url);
  const site = Object.hasOwn(SITES, target.hostname) ? SITES[target.hostname] : undefined;
  if (!site) return fetch(url, init);
  const page = Object.hasOwn(site, target.pathname) ? site[target.pathname] : undefined;
  return page ? page() : new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
}
