import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DEFAULT_MESSAGES, ERROR_STATUS, codeForStatus, type ErrorBody, type ErrorCode, type ErrorDetails } from '#common/errors.ts';
import { DEFAULT_LOCALE, type Locale } from '#common/i18n/locales.ts';
import { i18nFor } from '#worker/lib/i18n.ts';

/**
 * The one error type of the worker (ARCHITECTURE.md §3). It is Hono's HTTPException, so
 * anything that handles those handles it; its status comes from the one table in
 * common/errors.ts. `onError` turns it into the envelope.
 */
export class AppError extends HTTPException {
  readonly code: ErrorCode;
  readonly details?: ErrorDetails;
  /** Extra response headers, e.g. Retry-After for rate_limited. */
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, message?: string, details?: ErrorDetails, headers?: Record<string, string>) {
    super(ERROR_STATUS[code] as ContentfulStatusCode, { message: message ?? DEFAULT_MESSAGES[code] });
    this.name = 'AppError';
    this.code = code;
    this.details = details;
    this.headers = headers;
  }

  /**
   * Any thrown value as an AppError: itself, a Hono HTTPException below 500 by its status
   * (with the default message: Hono's own can be technical), and everything else as
   * `internal`. `expected` is false for the last kind: those are bugs to report.
   */
  static from(error: unknown): { error: AppError; expected: boolean } {
    if (error instanceof AppError) return { error, expected: true };
    if (error instanceof HTTPException && error.status < 500) return { error: new AppError(codeForStatus(error.status)), expected: true };
    return { error: new AppError('internal'), expected: false };
  }
}

/**
 * The error envelope. A code's default message is said in the request's language (the core
 * catalog's `error.{code}`); a specific message is sent as it was written.
 */
export function errorBody(code: ErrorCode, requestId: string, message?: string, details?: ErrorDetails, locale: Locale = DEFAULT_LOCALE): ErrorBody {
  return {
    error: {
      code,
      message: message === undefined || message === DEFAULT_MESSAGES[code] ? i18nFor(locale)._(`error.${code}`) : message,
      ...(details ? { details } : {}),
      requestId,
    },
  };
}
