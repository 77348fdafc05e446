import { Marked } from 'marked';
import { escapeHtml } from '#worker/ssr/html.ts';

const marked = new Marked({ gfm: true, breaks: true, async: false });

/**
 * Renders a repository markdown file (trusted content) to HTML and fills in
 * `{{NAME}}` placeholders (also where marked percent-encoded them inside a link) with
 * escaped values: the operator's details. Callers cache the page (renderStaticPage).
 */
export function renderMarkdown(source: string, values: Record<string, string>): string {
  return (marked.parse(source) as string).replace(/\{\{([A-Z_]+)\}\}|%7B%7B([A-Z_]+)%7D%7D/g, (match, plain?: string, encoded?: string) => {
    const value = values[(plain ?? encoded)!];
    return value === undefined ? match : escapeHtml(value);
  });
}
