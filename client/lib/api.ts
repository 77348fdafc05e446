import { hc, type ClientResponse } from 'hono/client';
import type { AppType } from '#worker/app.ts';
import { readJson } from '#client/lib/http.ts';

/** The one typed API client of the browser (same origin, cookie-authenticated). */
export const api = hc<AppType>('/', { init: { credentials: 'same-origin' } });

type SuccessBody<R> = R extends ClientResponse<infer T, infer S, infer _F> ? (S extends 200 | 201 | 202 | 204 ? T : never) : never;

/** Awaits a call and returns its body, or throws ApiError with the envelope's message. */
export async function call<R extends ClientResponse<unknown, number, string>>(request: Promise<R>): Promise<SuccessBody<R>> {
  return (await readJson(request)) as SuccessBody<R>;
}
