const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

/** JSON safe to place inside a <script> element (no `</script>` or `<!--` breakout). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A picture a pasted link unfurls as: an absolute URL, its size and alt text. */
export interface SocialImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** The Open Graph tags of a link's picture and the large Twitter card (every public page's head writes them alike). */
export function socialImageTags(image: SocialImage): string {
  return [
    `<meta property="og:image" content="${escapeHtml(image.url)}">`,
    `<meta property="og:image:width" content="${image.width}">`,
    `<meta property="og:image:height" content="${image.height}">`,
    `<meta property="og:image:alt" content="${escapeHtml(image.alt)}">`,
    '<meta name="twitter:card" content="summary_large_image">',
  ].join('');
}
