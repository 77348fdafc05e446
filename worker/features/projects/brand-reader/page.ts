/**
 * What the brand-kit reader takes from a page's HTML, read with workerd's HTMLRewriter (a
 * streaming parser: no DOM, no scripts run). Values are as the page wrote them, entities
 * decoded and addresses still relative: the service resolves them against the page's address.
 */
export interface PageFacts {
  title: string | null;
  siteName: string | null;
  description: string | null;
  themeColor: string | null;
  ogImage: string | null;
  /** `<base href>`, when the page sets one: relative addresses resolve against it. */
  base: string | null;
  appleTouchIcons: { href: string; size: number }[];
  icons: string[];
  /** `<img>`s whose file name or alt text says "logo", in page order. */
  logoImages: string[];
  stylesheets: string[];
  /** The text of every inline `<style>`, joined. */
  inlineCss: string;
}

/** Named entities a title or description uses in practice; numeric ones are decoded by number. */
const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  mdash: '—',
  ndash: '–',
  middot: '·',
  bull: '•',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  copy: '©',
  reg: '®',
  trade: '™',
  eacute: 'é',
  egrave: 'è',
  aacute: 'á',
  agrave: 'à',
  ouml: 'ö',
  uuml: 'ü',
  auml: 'ä',
  szlig: 'ß',
  ccedil: 'ç',
  ntilde: 'ñ',
};

/** HTML entities decoded (named ones of the list above, and every numeric one that is a valid code point). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Spaces collapsed, ends trimmed; null for nothing. */
function clean(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const value = decodeEntities(text).replace(/\s+/g, ' ').trim();
  return value === '' ? null : value;
}

/** Whether a response is an HTML page: by its Content-Type, or by its first bytes when it declares none. */
export function isHtml(contentType: string | null, body: Uint8Array): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'text/html' || type === 'application/xhtml+xml') return true;
  if (type !== '') return false;
  const head = new TextDecoder().decode(body.subarray(0, 512)).trimStart().toLowerCase();
  return head.startsWith('<!doctype html') || head.startsWith('<html');
}

/** The largest side of an icon's `sizes` ("180x180", "any"): bigger icons make better logos. */
function iconSize(sizes: string | null): number {
  const sides = [...(sizes ?? '').matchAll(/(\d+)x(\d+)/gi)].map((m) => Number(m[1]));
  return sides.length ? Math.max(...sides) : 0;
}

const LOGO_WORD = /logo/i;

/** The file name of an address (its last path segment), as far as it can be read. */
function fileName(src: string): string {
  const path = src.split(/[?#]/)[0] ?? '';
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Reads the facts above from a page; the first of each meta wins, as browsers and crawlers do. */
export async function readPage(html: Uint8Array<ArrayBuffer>): Promise<PageFacts> {
  const facts: PageFacts = {
    title: null,
    siteName: null,
    description: null,
    themeColor: null,
    ogImage: null,
    base: null,
    appleTouchIcons: [],
    icons: [],
    logoImages: [],
    stylesheets: [],
    inlineCss: '',
  };
  let title = '';
  let inTitle = false;
  const styles: string[] = [];
  let ogDescription: string | null = null;
  const meta = (key: string | null, content: string | null) => {
    const value = clean(content);
    if (!key || !value) return;
    if (key === 'og:site_name') facts.siteName ??= value;
    else if (key === 'description') facts.description ??= value;
    else if (key === 'og:description') ogDescription ??= value;
    else if (key === 'theme-color') facts.themeColor ??= value;
    else if (key === 'og:image' || key === 'og:image:url' || key === 'og:image:secure_url') facts.ogImage ??= value;
  };
  const rewriter = new HTMLRewriter()
    .on('title', {
      element(element) {
        // Only the document's first title (an SVG's <title> comes later, if at all).
        inTitle = title === '';
        element.onEndTag(() => {
          inTitle = false;
        });
      },
      text(chunk) {
        if (inTitle) title += chunk.text;
      },
    })
    .on('meta', {
      element(element) {
        const key = (element.getAttribute('property') ?? element.getAttribute('name'))?.trim().toLowerCase() ?? null;
        meta(key, element.getAttribute('content'));
      },
    })
    .on('base[href]', {
      element(element) {
        facts.base ??= clean(element.getAttribute('href'));
      },
    })
    .on('link[rel][href]', {
      element(element) {
        const rel = (element.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
        const href = clean(element.getAttribute('href'));
        if (!href) return;
        if (rel.includes('apple-touch-icon') || rel.includes('apple-touch-icon-precomposed'))
          facts.appleTouchIcons.push({ href, size: iconSize(element.getAttribute('sizes')) });
        else if (rel.includes('icon')) facts.icons.push(href);
        else if (rel.includes('stylesheet')) facts.stylesheets.push(href);
      },
    })
    .on('img', {
      element(element) {
        const src = clean(element.getAttribute('src'));
        if (src && !src.startsWith('data:') && (LOGO_WORD.test(fileName(src)) || LOGO_WORD.test(element.getAttribute('alt') ?? ''))) facts.logoImages.push(src);
      },
    })
    .on('style', {
      text(chunk) {
        styles.push(chunk.text);
      },
    });
  await rewriter.transform(new Response(html)).arrayBuffer();
  facts.title = clean(title);
  facts.description ??= ogDescription;
  facts.inlineCss = styles.join('');
  facts.appleTouchIcons.sort((a, b) => b.size - a.size);
  return facts;
}
