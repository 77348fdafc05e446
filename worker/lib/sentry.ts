import type { ErrorEvent } from '@sentry/cloudflare';

/** Headers that carry a person's address or credentials: never sent to Sentry. */
const PRIVATE_HEADERS = new Set([
  'cookie',
  'authorization',
  'cf-connecting-ip',
  'cf-connecting-ipv6',
  'cf-pseudo-ipv4',
  'true-client-ip',
  'x-forwarded-for',
  'x-real-ip',
  'x-client-ip',
  'forwarded',
  'stripe-signature',
]);

/**
 * `beforeSend` for the worker's Sentry events: what reaches Sentry names no person.
 * `sendDefaultPii: false` still lets the SDK copy request headers (the client's IP among
 * them); this drops those headers, cookies, the user's address, the body, and the query
 * string, which can hold reset and invitation tokens or URL signatures.
 */
export function scrubEvent(event: ErrorEvent): ErrorEvent {
  if (event.user) delete event.user.ip_address;
  const request = event.request;
  if (request) {
    delete request.cookies;
    delete request.data;
    delete request.query_string;
    if (request.url) request.url = request.url.split('?')[0];
    if (request.headers) {
      for (const name of Object.keys(request.headers)) if (PRIVATE_HEADERS.has(name.toLowerCase())) delete request.headers[name];
    }
  }
  return event;
}
