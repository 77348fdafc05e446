import { escapeHtml } from '#worker/ssr/html.ts';

/**
 * Fills the `{{NAME}}` placeholders of a legal page's HTML (client/public/legal/html.ts, made
 * from the repository's markdown by scripts/legal-html.mjs) with escaped values: the operator's
 * details. Also where marked percent-encoded them inside a link. Callers cache the page
 * (renderStaticPage).
 */
export function fillPlaceholders(html: string, values: Record<string, string>): string {
  return html.replace(/\{\{([A-Z_]+)\}\}|%7B%7B([A-Z_]+)%7D%7D/g, (match, plain?: string, encoded?: string) => {
    const value = values[(plain ?? encoded)!];
    return value === undefined ? match : escapeHtml(value);
  });
}
