import { describe, expect, it } from 'vitest';
import { en as islandsEn } from '#common/locales/islands/en.ts';
import { homeRedirect, switchTarget } from '#worker/features/site/language/service.ts';
import { createUser } from '#worker/test/factories.ts';
import { ORIGIN, cookieFrom, send } from '#worker/test/http.ts';

/** Issue 28: the public site in German under `/de`, how a visitor gets there, and how they switch. */

const GERMAN = { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' };
const CHROME_EN = ['Skip to content', '>Log in<', '>Start free<', 'aria-label="Adloom home"', '>Imprint<', '>Tech provider<'];

/** Each German page with a sentence only it says, and whether search engines list it. */
const PAGES = [
  { path: '/de', text: 'Vom Markenkit über die freigegebene Anzeige zum Live-Funnel.', title: '<title>Adloom</title>', indexed: true },
  { path: '/de/about', text: 'Werbearbeit ohne verstreute Werkzeuge', title: '<title>Über uns · Adloom</title>', indexed: true },
  { path: '/de/pricing', text: 'Sie zahlen, was Sie rendern', title: '<title>Preise · Adloom</title>', indexed: true },
  { path: '/de/contact', text: 'Sprechen Sie mit den Menschen, die Adloom bauen', title: '<title>Kontakt · Adloom</title>', indexed: true },
  { path: '/de/login', text: 'Willkommen zurück', title: '<title>Anmelden · Adloom</title>', indexed: false },
  { path: '/de/password-reset', text: 'Link zum Zurücksetzen senden', title: '<title>Passwort zurücksetzen · Adloom</title>', indexed: false },
];

describe('the German pages', () => {
  it.each(PAGES)('$path is German, with its own title and no English chrome', async ({ path, text, title, indexed }) => {
    const response = await send(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html.startsWith('<!doctype html><html lang="de">')).toBe(true);
    expect(html).toContain(text);
    expect(html).toContain(title);
    for (const english of CHROME_EN) expect(html, english).not.toContain(english);
    const english = path === '/de' ? '/' : path.slice(3);
    if (indexed) {
      expect(html).toContain(`<link rel="canonical" href="${ORIGIN}${path}">`);
      expect(html).toContain(
        `<link rel="alternate" hreflang="en" href="${ORIGIN}${english}"><link rel="alternate" hreflang="de" href="${ORIGIN}${path}"><link rel="alternate" hreflang="x-default" href="${ORIGIN}${english}">`,
      );
      // The English twin names the same pair.
      const twin = await (await send(english)).text();
      expect(twin).toContain(`<link rel="alternate" hreflang="de" href="${ORIGIN}${path}">`);
    } else {
      expect(html).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('links inside a German page stay German, and the switcher offers English', async () => {
    const html = await (await send('/de/about')).text();
    for (const link of ['href="/de/pricing"', 'href="/de/contact"', 'href="/de"', 'href="/de/login"', 'href="/de/imprint"']) expect(html, link).toContain(link);
    expect(html).toContain('<a href="/language/en?next=%2Fabout" hrefLang="en" lang="en" rel="nofollow"');
    expect(html).toContain('>English</a>');
    // The English page offers German, the same way.
    expect(await (await send('/about')).text()).toContain('<a href="/language/de?next=%2Fde%2Fabout" hrefLang="de" lang="de" rel="nofollow"');
  });

  it('prices in German formats, net plus VAT, on both languages', async () => {
    const german = await (await send('/de/pricing')).text();
    expect(german).toContain('29\u00a0€');
    expect(german).toContain('>2.500</strong> Credits jeden Monat');
    expect(german).toContain('2.000 Credits kaufen');
    expect(german).toContain('0,09\u00a0€ pro Credit, gerundet');
    expect(german).toContain('10 eigene Domains');
    expect(german).toContain('zzgl. der gesetzlichen USt. (in Deutschland 19 %)');
    const english = await (await send('/pricing')).text();
    expect(english).toContain('29 €');
    expect(english).toContain('All prices are net, plus VAT where it applies (19 % in Germany).');
  });

  it('the islands get their German words once, as data, and render German on the server', async () => {
    const html = await (await send('/de/login')).text();
    const data = /<script type="application\/json" id="island-text">(.*?)<\/script>/.exec(html)?.[1];
    expect(data).toBeDefined();
    const text = JSON.parse(data!) as { prefix: string; messages: Record<string, unknown> };
    expect(text.prefix).toBe('/de');
    expect(
      Object.keys(text.messages)
        .filter((key) => key in islandsEn)
        .sort(),
    ).toEqual(Object.keys(islandsEn).sort());
    // …and, keyed by their English, the messages the forms write while checking in the browser.
    expect(text.messages['Enter your email address.']).toBe('Geben Sie Ihre E-Mail-Adresse ein.');
    expect(text.messages['Use at least 10 characters.']).toBe('Verwenden Sie mindestens 10 Zeichen.');
    expect(text.messages['Write a message.']).toBe('Schreiben Sie eine Nachricht.');
    expect(html).toContain('Kostenloses Konto erstellen');
    expect(html).toContain('action="/de/login"');
    expect(html).toContain('href="/de/password-reset"');
    // English pages carry no such block (the English ships with the islands).
    expect(await (await send('/login')).text()).not.toContain('id="island-text"');
  });

  it('a refused no-JavaScript form answers in German at its German address', async () => {
    const response = await send('/de/contact', { method: 'POST', form: { name: '', email: 'no', message: '' } });
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('Nachricht senden');
    expect(html).toContain('action="/de/contact"');
  });

  it('the 404 page under /de is German, and English elsewhere for an English reader', async () => {
    const german = await send('/de/no-such-page');
    expect(german.status).toBe(404);
    const html = await german.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('Seite nicht gefunden');
    const english = await (await send('/no-such-page')).text();
    expect(english).toContain('<html lang="en">');
    expect(english).toContain('Page not found');
  });
});

describe('the playground’s German page', () => {
  it('/de/playground starts the app in German, with its German head and the hreflang pair; /playground names the same pair', async () => {
    const response = await send('/de/playground');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html.startsWith('<!doctype html><html lang="de">')).toBe(true);
    expect(html).toContain('Probieren Sie den Creative-Editor von Adloom ohne Konto aus');
    expect(html).toContain('"locale":"de"');
    const pair = `<link rel="alternate" hreflang="en" href="${ORIGIN}/playground"><link rel="alternate" hreflang="de" href="${ORIGIN}/de/playground"><link rel="alternate" hreflang="x-default" href="${ORIGIN}/playground">`;
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/de/playground">`);
    expect(html).toContain(pair);
    const english = await (await send('/playground')).text();
    expect(english).toContain(`<link rel="canonical" href="${ORIGIN}/playground">`);
    expect(english).toContain(pair);
    expect(english).toContain('"locale":"en"');
  });

  it('is German whoever asks (the prefix wins over an English account or browser), and the sitemap lists both', async () => {
    const user = await createUser();
    expect(await (await send('/de/playground', { cookie: user.cookie, headers: { 'accept-language': 'en' } })).text()).toContain('"locale":"de"');
    const sitemap = await (await send('/sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>${ORIGIN}/de/playground</loc>`);
    expect(sitemap).toContain(`<loc>${ORIGIN}/playground</loc>`);
  });

  it('the German pages link to it', async () => {
    expect(await (await send('/de')).text()).toContain('href="/de/playground"');
    expect(await (await send('/de/pricing')).text()).toContain('href="/de/playground"');
  });
});

describe('the home page greets a German browser in German', () => {
  it('a German browser without a choice is sent to /de', async () => {
    const response = await send('/', { headers: GERMAN });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/de');
    expect(response.headers.get('vary')).toContain('Accept-Language, Cookie');
  });

  it('an English browser stays, and the answer still varies', async () => {
    const response = await send('/', { headers: { 'accept-language': 'en-GB,en;q=0.9,de;q=0.5' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('vary')).toContain('Accept-Language, Cookie');
  });

  it('a chosen English (the lang cookie) stays on English', async () => {
    const response = await send('/', { headers: GERMAN, cookie: 'lang=en' });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<html lang="en">');
  });

  it('a crawler is never redirected', async () => {
    const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    const response = await send('/', { headers: { ...GERMAN, 'user-agent': googlebot } });
    expect(response.status).toBe(200);
  });

  it('a German visitor on another page is not bounced around', async () => {
    for (const path of ['/pricing', '/about', '/contact', '/login']) {
      const response = await send(path, { headers: GERMAN });
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain('<html lang="en">');
    }
  });

  it('someone signed in is not redirected', async () => {
    const user = await createUser();
    const response = await send('/', { headers: GERMAN, cookie: user.cookie });
    expect(response.status).toBe(200);
  });

  it('the rule itself', () => {
    const browser = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
    expect(homeRedirect({ locale: 'de', signedIn: false, userAgent: browser })).toBe('/de');
    expect(homeRedirect({ locale: 'de', signedIn: false, userAgent: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' })).toBeNull();
    expect(homeRedirect({ locale: 'de', signedIn: true, userAgent: browser })).toBeNull();
    expect(homeRedirect({ locale: 'en', signedIn: false, userAgent: browser })).toBeNull();
  });
});

describe('the language switcher', () => {
  it('remembers the choice and goes to the page in that language', async () => {
    const response = await send('/language/de?next=/pricing');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/de/pricing');
    expect(cookieFrom(response, 'lang')).toBe('lang=de');
    expect(response.headers.get('cache-control')).toBe('no-store');
    // Chosen German, the home page follows (even for an English browser).
    const home = await send('/', { cookie: 'lang=de', headers: { 'accept-language': 'en' } });
    expect(home.headers.get('location')).toBe('/de');
  });

  it('back to English from a German page', async () => {
    const response = await send('/language/en?next=%2Fde%2Fpricing%3Ftab%3Dx');
    expect(response.headers.get('location')).toBe('/pricing?tab=x');
    expect(cookieFrom(response, 'lang')).toBe('lang=en');
    const home = await send('/', { cookie: 'lang=en', headers: GERMAN });
    expect(home.status).toBe(200);
  });

  it.each(['//evil.com', 'https://evil.com', '/\\evil', '%2F%2Fevil.com', 'javascript:alert(1)', '', '/de//evil.com', '/de/%2F/evil.com', '/de/\\evil.com'])(
    'refuses next=%s and goes home',
    async (next) => {
      const response = await send(`/language/de?next=${encodeURIComponent(next)}`);
      expect(response.status).toBe(302);
      // Going to German keeps a same-site path under /de (never a host); going to English can never leave the site either.
      expect(response.headers.get('location')).toMatch(/^\/de(\/|$)/);
      for (const target of [response.headers.get('location')!, switchTarget('en', next)]) {
        expect(target).toMatch(/^\/(?![/\\])/);
        expect(new URL(target, 'https://adloom.test').host).toBe('adloom.test');
      }
    },
  );

  it('an unknown language is the 404 page, not a server error', async () => {
    const response = await send('/language/fr?next=/pricing');
    expect(response.status).toBe(404);
    expect(cookieFrom(response, 'lang')).toBeUndefined();
  });
});

describe('the sitemap', () => {
  it('lists both languages of a page, each naming the pair', async () => {
    const xml = await (await send('/sitemap.xml')).text();
    const links = `<xhtml:link rel="alternate" hreflang="en" href="${ORIGIN}/pricing"/><xhtml:link rel="alternate" hreflang="de" href="${ORIGIN}/de/pricing"/><xhtml:link rel="alternate" hreflang="x-default" href="${ORIGIN}/pricing"/>`;
    expect(xml).toMatch(new RegExp(`<url><loc>${ORIGIN}/pricing</loc><lastmod>[^<]+</lastmod>${escape(links)}</url>`));
    expect(xml).toMatch(new RegExp(`<url><loc>${ORIGIN}/de/pricing</loc><lastmod>[^<]+</lastmod>${escape(links)}</url>`));
    expect(xml).toContain(`<loc>${ORIGIN}/de</loc>`);
    expect(xml).not.toContain('/de/login');
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
