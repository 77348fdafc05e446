/**
 * The browser's JSON requests to the worker, below the typed client: the one error type
 * (ApiError), how an answer becomes its body or that error, and `fetchJson` for the public
 * pages' islands. The worker renders the islands, so this module imports nothing from the
 * workspace (nor the typed client, whose types are the worker's routes).
 */
import { readErrorBody, type ErrorDetails } from '#common/errors.ts';

export const UNAUTHENTICATED_EVENT = 'adloom:unauthenticated';

/**
 * What the request helpers say themselves, when the server said nothing (offline, no envelope).
 * English as written here for the public pages' islands, which ship no Lingui; the workspace
 * puts its language's in place (`setHttpMessages`, from client/lib/i18n.tsx, on start and on a switch).
 */
export const httpMessages = {
  /* eslint-disable lingui/no-unlocalized-strings -- the English fallbacks of the islands; the workspace's come from the core catalog */
  network: 'Adloom could not be reached. Check your connection and try again.',
  internal: 'Something went wrong on our side. Please try again.',
  unexpected: 'Something went wrong. Please try again.',
  uploadFailed: 'The upload failed. Please try again.',
  uploadInterrupted: 'The upload was interrupted. Check your connection and try again.',
  previewFailed: 'The preview could not be saved.',
  withReference: (message: string, reference: string) => `${message} (reference ${reference})`,
  /* eslint-enable lingui/no-unlocalized-strings */
};

export function setHttpMessages(messages: typeof httpMessages): void {
  Object.assign(httpMessages, messages);
}

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

/** What `readJson` needs of an answer: a fetch Response, or the typed client's. */
interface JsonResponse {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}

/** Awaits a request and returns its body (undefined for 204), or throws ApiError with the envelope's message. */
export async function readJson(request: Promise<JsonResponse>): Promise<unknown> {
  let response: JsonResponse;
  try {
    response = await request;
  } catch {
    throw new ApiError('network', httpMessages.network, 0);
  }
  if (response.status === 204) return undefined;
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = readErrorBody(body);
    // The workspace listens for this to offer signing in again over the current screen.
    if (response.status === 401 && typeof window !== 'undefined') window.dispatchEvent(new Event(UNAUTHENTICATED_EVENT));
    throw new ApiError(error?.code ?? 'internal', error?.message ?? httpMessages.internal, response.status, error?.details, error?.requestId);
  }
  return body;
}

/**
 * A same-origin JSON request (cookie-authenticated, a JSON body when `json` is given), answered
 * like the typed client's calls: for the public pages' islands, which do not ship that client.
 */
export function fetchJson(path: string, init: { method: 'GET' | 'POST'; json?: unknown } = { method: 'GET' }): Promise<unknown> {
  const body = init.json === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(init.json) };
  return readJson(fetch(path, { method: init.method, credentials: 'same-origin', ...body }));
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
  return reference ? httpMessages.withReference(error.message, reference) : error.message;
}
