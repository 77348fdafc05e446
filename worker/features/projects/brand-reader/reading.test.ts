import { describe, expect, it } from 'vitest';
import { declaredFonts, googleFontFamilies, normaliseColor, proposeColors, proposeFonts } from '#worker/features/projects/brand-reader/css.ts';
import { isHostileSvg, isSvg, logoCandidates } from '#worker/features/projects/brand-reader/logo.ts';
import { decodeEntities, isHtml, readPage } from '#worker/features/projects/brand-reader/page.ts';
import { siteName, TONE_LENGTH, toneDraft } from '#worker/features/projects/brand-reader/words.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('colours', () => {
  it.each([
    ['#abc', '#aabbcc'],
    ['#AABBCC', '#aabbcc'],
    [' #abcd ', '#aabbcc'],
    ['#aabbccff', '#aabbcc'],
    ['#aabbcc00', null],
    ['#abc0', null],
    ['rgb(255, 0, 0)', '#ff0000'],
    ['rgba(255,0,0,0.5)', '#ff0000'],
    ['rgb(100% 0% 0% / 50%)', '#ff0000'],
    ['rgba(0, 0, 0, 0)', null],
    ['rgb(0 0 0 / 0%)', null],
    ['rgb(300, -5, 0)', '#ff0000'],
    ['rgb(1, 2)', null],
    ['rgb(a, b, c)', null],
    ['red', null],
    ['transparent', null],
    ['#ggg', null],
  ])('normalises %s to %s', (value, expected) => {
    expect(normaliseColor(value)).toBe(expected);
  });

  it('ranks theme-color, brand variables, then the most used colours; no greys by count, no near-duplicates, at most 8', () => {
    const css = `
      :root { --color-gray-100: #f3f3f3; --color-ocean: #0e6ba8; --button-primary: var(--ocean-blue, #000); --ocean-blue: #1d4e89; }
      /* #ff0000 in a comment does not count */
      #add { color: #333; } .a { color: #e63946; } .b { color: #e63946; border: 1px solid #e53848; } .c { color: #333; background: #fff; }
      ${['#2a9d8f', '#e9c46a', '#f4a261', '#264653', '#8338ec', '#ff006e', '#3a86ff'].map((c, i) => `.x${i} { color: ${c}; }`).join('\n')}
    `;
    const colors = proposeColors('rgb(29, 78, 137)', css);
    expect(colors.map((c) => [c.hex, c.source])).toEqual([
      ['#1d4e89', 'theme-color'],
      ['#0e6ba8', 'css-variable'],
      ['#e63946', 'stylesheet'],
      ['#2a9d8f', 'stylesheet'],
      ['#e9c46a', 'stylesheet'],
      ['#f4a261', 'stylesheet'],
      ['#264653', 'stylesheet'],
      ['#8338ec', 'stylesheet'],
    ]);
    expect(colors[2]!.contrast).toEqual({ onWhite: 4.17, onBlack: 5.04 });
  });

  it('proposes nothing for a page without colours', () => {
    expect(proposeColors(null, 'body { margin: 0 }')).toEqual([]);
    expect(proposeColors('not a colour', '')).toEqual([]);
  });
});

describe('fonts', () => {
  it('reads the families a Google Fonts address loads (css2 and the old css)', () => {
    expect(googleFontFamilies('https://fonts.googleapis.com/css2?family=Open+Sans:ital,wght@0,400;1,700&family=DM+Sans&display=swap')).toEqual([
      'Open Sans',
      'DM Sans',
    ]);
    expect(googleFontFamilies('https://fonts.googleapis.com/css?family=Roboto:400,700|Merriweather')).toEqual(['Roboto', 'Merriweather']);
    expect(googleFontFamilies('https://fonts.example.com/css2?family=Roboto')).toEqual([]);
  });

  it('takes headings from h1–h3 and the body from body/html/:root, skipping generic families and resolving variables', () => {
    const css = `:root { --font-display: 'Space Grotesk', sans-serif; }
      h4 { font-family: Caveat; } .hero h1 { font-family: Nope; }
      h2, .title { font-family: var(--font-display); }
      html { font-family: system-ui, -apple-system, "Inter Variable", sans-serif !important; }`;
    expect(declaredFonts(css)).toEqual({ heading: 'Space Grotesk', body: 'Inter Variable' });
    expect(proposeFonts([], css)).toEqual({
      heading: { family: 'Space Grotesk', fontId: 'space-grotesk', source: 'css' },
      body: { family: 'Inter Variable', fontId: 'inter', source: 'css' },
    });
  });

  it('maps names case- and space-insensitively; an unknown family has no font id; headings default to the body', () => {
    expect(proposeFonts([], 'body { font-family: "open sans" }')).toEqual({
      heading: { family: 'open sans', fontId: 'open-sans', source: 'css' },
      body: { family: 'open sans', fontId: 'open-sans', source: 'css' },
    });
    expect(proposeFonts(['Comic Neue'], '').body).toEqual({ family: 'Comic Neue', fontId: null, source: 'google-fonts' });
    expect(proposeFonts([], '')).toEqual({ heading: null, body: null });
  });
});

describe('the page', () => {
  it('decodes entities (named and numeric), leaving unknown and invalid ones alone', () => {
    expect(decodeEntities('Acme &amp; Co &mdash; &#8220;Surf&#x201D; &#39;s &unknown; &#xD800; &#0;')).toBe("Acme & Co — “Surf” 's &unknown; &#xD800; &#0;");
  });

  it('reads titles, metas (the first wins), icons by size, logo images and inline styles', async () => {
    const facts = await readPage(
      bytes(`<html><head>
        <title>
          Acme &amp; Co &ndash; Boards
        </title>
        <meta name="description" content="  First   description ">
        <meta name="description" content="Second">
        <meta property="og:description" content="From Open Graph">
        <meta name="THEME-COLOR" content="#123456">
        <meta property="og:image" content="/og.png">
        <link rel="apple-touch-icon" href="/small.png" sizes="57x57">
        <link rel="apple-touch-icon" href="/large.png" sizes="180x180">
        <link rel="icon" type="image/png" href="/favicon-32.png">
        <link rel="stylesheet" href="/a.css">
        <style>body { color: #e63946 }</style>
      </head><body>
        <svg><title>Not the page title</title></svg>
        <img src="data:image/png;base64,AAAA" alt="logo">
        <img src="/img/acme-LOGO.webp?v=2">
        <img src="/img/hero.jpg" alt="Surfers">
        <style>h1 { color: #264653 }</style>
      </body></html>`),
    );
    expect(facts).toEqual({
      title: 'Acme & Co – Boards',
      siteName: null,
      description: 'First description',
      themeColor: '#123456',
      ogImage: '/og.png',
      base: null,
      appleTouchIcons: [
        { href: '/large.png', size: 180 },
        { href: '/small.png', size: 57 },
      ],
      icons: ['/favicon-32.png'],
      logoImages: ['/img/acme-LOGO.webp?v=2'],
      stylesheets: ['/a.css'],
      inlineCss: 'body { color: #e63946 }h1 { color: #264653 }',
    });
    expect((await readPage(bytes('<meta property="og:description" content="From OG">'))).description).toBe('From OG');
  });

  it('puts logo candidates in order, resolved and without duplicates, the favicon guessed last', async () => {
    const facts = await readPage(
      bytes('<link rel="apple-touch-icon" href="t.png"><meta property="og:image" content="https://cdn.example/t.png"><img src="/t.png" alt="logo">'),
    );
    expect(logoCandidates(facts, 'https://acme.example/shop/')).toEqual([
      { url: 'https://acme.example/shop/t.png', source: 'apple-touch-icon' },
      { url: 'https://cdn.example/t.png', source: 'og:image' },
      { url: 'https://acme.example/t.png', source: 'img' },
      { url: 'https://acme.example/favicon.ico', source: 'favicon' },
    ]);
  });

  it.each([
    ['text/html; charset=utf-8', 'x', true],
    ['application/xhtml+xml', 'x', true],
    ['application/json', '<!doctype html>', false],
    [null, '  <!DOCTYPE html><html>', true],
    [null, '%PDF-1.7', false],
  ])('counts %s starting %j as HTML: %s', (type, start, expected) => {
    expect(isHtml(type, bytes(start))).toBe(expected);
  });
});

describe('words', () => {
  it.each([
    ['Acme Co', 'Whatever — Else', 'acme.example', 'Acme Co'],
    [null, 'Acme — Surf boards', 'acme.example', 'Acme'],
    [null, 'Surf boards | Acme Surf', 'www.acmesurf.example', 'Acme Surf'],
    [null, 'Handmade boards - Cornwall', 'boards.example', 'Handmade boards'],
    [null, 'Welcome', 'acme.example', 'Welcome'],
    [null, null, 'acme.example', null],
    ['x'.repeat(200), null, 'acme.example', 'x'.repeat(80)],
  ])('names the site from %j and the title %j on %s: %j', (meta, title, host, expected) => {
    expect(siteName(meta, title, host)).toBe(expected);
  });

  it('drafts a tone only from the description’s own words, within 500 characters', () => {
    expect(toneDraft(null)).toBeNull();
    expect(toneDraft('Boards since 1982.')).toBe('In the site’s own words: “Boards since 1982.”');
    expect(toneDraft('Premium, sustainable boards.')).toBe('Premium, responsible. In the site’s own words: “Premium, sustainable boards.”');
    const long = toneDraft(`Friendly ${'wave '.repeat(200)}`)!;
    expect(long.length).toBeLessThanOrEqual(TONE_LENGTH);
    expect(long).toMatch(/^Friendly\. In the site’s own words: “Friendly wave .*…”$/);
  });
});

describe('SVG logos', () => {
  it.each([
    ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', true],
    ['<svg onload="alert(1)"></svg>', true],
    ['<svg><a href="javascript:alert(1)"><rect/></a></svg>', true],
    ['<svg><a xlink:href=" JavaScript :alert(1)"/></svg>', true],
    ['<svg><foreignObject><div>html</div></foreignObject></svg>', true],
    ['<svg><SCRIPT/></svg>', true],
    ['<svg viewBox="0 0 10 10"><path d="M0 0h10v10z" fill="#123456"/></svg>', false],
  ])('%s is hostile: %s', (text, hostile) => {
    expect(isHostileSvg(text)).toBe(hostile);
    expect(isSvg(bytes(text))).toBe(true);
  });

  it('recognises an SVG behind an XML declaration, comments or a doctype, and nothing else', () => {
    expect(isSvg(bytes('\uFEFF<?xml version="1.0"?>\n<!-- made by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg/>'))).toBe(true);
    expect(isSvg(bytes('<?xml version="1.0"?>\n<!-- made by hand -->\n<svg width="1">'))).toBe(true);
    expect(isSvg(bytes('<html><svg></svg></html>'))).toBe(false);
    expect(isSvg(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBe(false);
  });
});
