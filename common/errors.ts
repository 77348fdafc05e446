/**
 * The one error table of the product (PRODUCT.md §5): every API error is
 * `{"error": {"code", "message", "details"?, "requestId"}}` with one of these codes.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 422,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  insufficient_credits: 402,
  plan_limit_reached: 402,
  /** The project's brand guard is strict and the creative has colours or fonts outside the brand kit (issue 29 §7). */
  off_brand: 422,
  /** The checks before publishing (common/schemas/page-checks.ts) found errors, or warnings the request did not accept (issue 30 §3). */
  page_checks_failed: 422,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  upstream_failed: 502,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Field name → messages; `_` holds messages about the whole input. */
export type ErrorDetails = Record<string, string[]>;

export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    details?: ErrorDetails;
    requestId: string;
  };
}

/**
 * The code for an HTTP status that something other than our code raised (Hono's own
 * HTTPException): the first code of that status in the table, `internal` for the rest.
 */
export function codeForStatus(status: number): ErrorCode {
  if (status >= 500) return 'internal';
  return (Object.keys(ERROR_STATUS) as ErrorCode[]).find((code) => ERROR_STATUS[code] === status) ?? 'internal';
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

/** Reads an error envelope from any parsed JSON body; undefined when it is not one. */
export function readErrorBody(body: unknown): ErrorBody['error'] | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const error = (body as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message } = error as Record<string, unknown>;
  if (!isErrorCode(code) || typeof message !== 'string') return undefined;
  return error as ErrorBody['error'];
}
