import { wellFormed } from '#common/schemas/fields.ts';
import { escapeHtml } from '#worker/ssr/html.ts';
import { referrerHost } from '#worker/features/funnels/analytics/service.ts';

/**
 * What a page's forms carry besides the visitor's answers: the UTM parameters of the page's
 * URL and its external referrer, as hidden inputs added to the forms of each response (the
 * cached copy has none), and read back from a post to be stored with the lead.
 */

const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
const MAX_HIDDEN = 300;

/** A hidden value as the forms carry it: well-formed, trimmed, at most MAX_HIDDEN characters. */
export function hiddenValue(value: string | null | undefined): string {
  if (!value) return '';
  return Array.from(wellFormed(value).trim()).slice(0, MAX_HIDDEN).join('');
}

/** The external referrer as a lead keeps it: origin and path, no query (search terms, tokens). */
function referrerOf(ownHost: string, value: string | null | undefined): string {
  if (!value || referrerHost(value, ownHost) === null) return '';
  const url = new URL(value);
  return hiddenValue(`${url.origin}${url.pathname}`);
}

/** The attribution a page's forms carry: the UTM parameters of the page's URL and its external referrer. */
export function attributionOfView(view: { url: string; query: Record<string, string>; referer: string | null; host: string }): Record<string, string> {
  const hidden: Record<string, string> = {};
  // Most views: no query and no referrer, nothing to parse.
  if (!view.url.includes('?') && !view.referer) return hidden;
  for (const key of UTM_KEYS) {
    const value = hiddenValue(view.query[key]);
    if (value) hidden[key] = value;
  }
  const referrer = referrerOf(view.host, view.referer);
  if (referrer) hidden.referrer = referrer;
  return hidden;
}

/** The attribution posted with a form (the hidden inputs), cleaned like a view's. */
export function attributionOfPost(ownHost: string, fields: Record<string, string>): Record<string, string> {
  const hidden: Record<string, string> = {};
  for (const key of UTM_KEYS) {
    const value = hiddenValue(fields[key]);
    if (value) hidden[key] = value;
  }
  const referrer = referrerOf(ownHost, fields.referrer);
  if (referrer) hidden.referrer = referrer;
  return hidden;
}

export function hiddenInputs(hidden: Record<string, string>): string {
  return Object.entries(hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
}
