import { Marked } from 'marked';
import { escapeHtml } from '#worker/ssr/html.ts';

const marked = new Marked({ gfm: true, breaks: true, async: false });
const cache = new Map<string, string>();

/**
 * Renders a repository markdown file (trusted content) to HTML once per isolate and
 * fills in `{{NAME}}` placeholders (also where marked percent-encoded them inside a
 * link) with escaped values: the operator's details.
 */
export function renderMarkdown(name: string, source: string, values: Record<string, string>): string {
  const key = `${name}:${JSON.stringify(values)}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const html = (marked.parse(source) as string).replace(/\{\{([A-Z_]+)\}\}|%7B%7B([A-Z_]+)%7D%7D/g, (match, plain?: string, encoded?: string) => {
    const value = values[(plain ?? encoded)!];
    return value === undefined ? match : escapeHtml(value);
  });
  cache.set(key, html);
  return html;
}
