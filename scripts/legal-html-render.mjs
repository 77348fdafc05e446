import { Marked } from 'marked';

const marked = new Marked({ gfm: true, breaks: true, async: false });

/** A legal page's markdown (trusted, from the repository) as HTML; `{{NAME}}` placeholders stay (also percent-encoded inside links). */
export function legalHtml(source) {
  return marked.parse(source);
}
