import { escapeHtml } from '#worker/ssr/html.ts';

const PLACEHOLDER = /\{\{([A-Z_]+)\}\}|%7B%7B([A-Z_]+)%7D%7D/g;

/** Whether a piece of HTML names placeholders and every one of them is empty (an optional detail not given). */
function onlyEmptyDetails(html: string, values: Record<string, string>): boolean {
  const names = [...html.matchAll(PLACEHOLDER)].map((match) => (match[1] ?? match[2])!);
  return names.length > 0 && names.every((name) => values[name] === '');
}

/**
 * Leaves out the lines (of a paragraph, split at `<br>`) and list items whose placeholders are
 * all empty: "VAT ID: " with nothing after it says something false.
 */
function dropEmptyLines(html: string, values: Record<string, string>): string {
  return html.replace(/<(p|li)>([\s\S]*?)<\/\1>(\n?)/g, (element, tag: string, inner: string, newline: string) => {
    const lines = inner.split('<br>');
    const kept = lines.filter((line) => !onlyEmptyDetails(line, values));
    if (kept.length === lines.length) return element;
    return kept.length === 0 ? '' : `<${tag}>${kept.join('<br>')}</${tag}>${newline}`;
  });
}

/**
 * Fills the `{{NAME}}` placeholders of a legal page's HTML (client/public/legal/html.ts, made
 * from the repository's markdown by scripts/legal-html.mjs) with escaped values: the operator's
 * details. Also where marked percent-encoded them inside a link. A line whose placeholders are
 * all empty is left out. Callers cache the page (renderStaticPage).
 */
export function fillPlaceholders(html: string, values: Record<string, string>): string {
  return dropEmptyLines(html, values).replace(PLACEHOLDER, (match, plain?: string, encoded?: string) => {
    const value = values[(plain ?? encoded)!];
    return value === undefined ? match : escapeHtml(value);
  });
}
