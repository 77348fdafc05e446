import { hc, type ClientResponse } from 'hono/client';
import { readErrorBody, type ErrorDetails } from '#common/errors.ts';
import type { AppType } from '#worker/app.ts';

/** The one typed API client of the browser (same origin, cookie-authenticated). */
export const api = hc<AppType>('/', { init: { credentials: 'same-origin' } });

export const UNAUTHENTICATED_EVENT = 'adloom:unauthenticated';

/** An API error as the user should see it: the server's message, its field details and reference. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details: ErrorDetails | undefined;
  readonly requestId: string | undefined;

  constructor(code: string, message: string, status: number, details?: ErrorDetails, requestId?: string) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.details = details;
    this.requestId = requestId;
  }
}

type SuccessBody<R> = R extends ClientResponse<infer T, infer S, infer _F> ? (S extends 200 | 201 | 202 | 204 ? T : never) : never;

/** Awaits a call and returns its body, or throws ApiError with the envelope's message. */
export async function call<R extends ClientResponse<unknown, number, string>>(request: Promise<R>): Promise<SuccessBody<R>> {
  let response: R;
  try {
    response = await request;
  } catch {
    throw new ApiError('network', 'Adloom could not be reached. Check your connection and try again.', 0);
  }
  if (response.status === 204) return undefined as SuccessBody<R>;
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = readErrorBody(body);
    // The workspace listens for this to offer signing in again over the current screen.
    if (response.status === 401 && typeof window !== 'undefined') window.dispatchEvent(new Event(UNAUTHENTICATED_EVENT));
    throw new ApiError(
      error?.code ?? 'internal',
      error?.message ?? 'Something went wrong on our side. Please try again.',
      response.status,
      error?.details,
      error?.requestId,
    );
  }
  return body as SuccessBody<R>;
}

/**
 * The reference support looks up, for an unexpected failure only (the server failed: 5xx or
 * `internal`). An expected refusal (a wrong password, a plan limit, a validation error) says
 * what to do and needs none.
 */
export function referenceOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || !error.requestId) return undefined;
  return error.status >= 500 || error.code === 'internal' ? error.requestId : undefined;
}

/** What to tell the user when an action failed: the API's message (with the reference, when the server failed), else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const reference = referenceOf(error);
  return reference ? `${error.message} (reference ${reference})` : error.message;
}
