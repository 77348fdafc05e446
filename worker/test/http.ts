import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import worker from '#worker/index.ts';
import { expect } from 'vitest';
import type { Bindings } from '#worker/env.ts';

export const ORIGIN = 'https://adloom.test';

let addresses = 0;
/**
 * A client address no other request of the run uses (the IPv6 documentation range, RFC 3849):
 * the test file's name picks a block and a counter the address in it, so per-address limits
 * (sign-ups, reset links, downloads) never meet another test's requests.
 */
export function nextAddress(): string {
  addresses += 1;
  const file = expect.getState().testPath ?? '';
  const block = [...file].reduce((n, ch) => (n * 31 + ch.charCodeAt(0)) >>> 0, 7) % 0xffff;
  // A /64 of its own for each address: limits count an IPv6 client by its /64 (worker/lib/client-network.ts).
  return `2001:db8:${block.toString(16)}:${addresses.toString(16)}::1`;
}

export interface SendOptions {
  method?: string;
  json?: unknown;
  form?: Record<string, string>;
  body?: BodyInit;
  headers?: Record<string, string>;
  cookie?: string;
  /** Sends `Origin: <ORIGIN>` on writes unless false (same-origin, like a browser). */
  sameOrigin?: boolean;
  env?: Partial<Bindings>;
}

/**
 * Sends a request through the real worker entry (middleware, routes, error mapping)
 * inside workerd, and waits for its background work (waitUntil) to finish.
 */
export async function send(path: string, options: SendOptions = {}): Promise<Response> {
  const method = options.method ?? (options.json !== undefined || options.form || options.body !== undefined ? 'POST' : 'GET');
  const headers = new Headers(options.headers);
  let body: BodyInit | undefined = options.body;
  if (options.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers.set('content-type', 'application/x-www-form-urlencoded');
    body = new URLSearchParams(options.form).toString();
  }
  // Like a real client: a body of known size declares it.
  if (!headers.has('content-length')) {
    if (body instanceof Uint8Array) headers.set('content-length', String(body.byteLength));
    else if (typeof body === 'string') headers.set('content-length', String(new TextEncoder().encode(body).byteLength));
  }
  if (options.cookie) headers.set('cookie', options.cookie);
  if (method !== 'GET' && method !== 'HEAD' && options.sameOrigin !== false && !headers.has('origin')) headers.set('origin', ORIGIN);
  if (!headers.has('cf-connecting-ip')) headers.set('cf-connecting-ip', '203.0.113.7');
  return dispatch(new Request(`${ORIGIN}${path}`, { method, headers, body, redirect: 'manual' }), options.env);
}

/**
 * Hands a request as it is to the real worker entry inside workerd (with `bindings` over the
 * test's own), and waits for its background work (waitUntil) to finish.
 */
export async function dispatch(request: Request, bindings: Partial<Bindings> = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, { ...env, ...bindings } as Bindings, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** The `name=value` pair of a Set-Cookie header, ready to send back. */
export function cookieFrom(response: Response, name = 'adloom_session'): string | undefined {
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(';');
    if (pair?.startsWith(`${name}=`)) return pair;
  }
  return undefined;
}
