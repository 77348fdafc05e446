import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERROR_STATUS, codeForStatus, type ErrorBody, type ErrorCode, type ErrorDetails } from '#common/errors.ts';
import { DEFAULT_LOCALE, type Locale } from '#common/i18n/locales.ts';
import { translateEnglish } from '#common/i18n/translate-english.ts';
import { en as core } from '#common/locales/core/en.ts';
import { i18nFor } from '#worker/lib/i18n.ts';

/**
 * Default, user-facing messages (sentence case, say what to do next): the core catalog's English `error.{code}`, said in the
 * reader's language by `errorBody`. Here, not in common/errors.ts: the browser's modules read
 * that table and must not carry the catalog with them.
 */
export const DEFAULT_MESSAGES = Object.fromEntries((Object.keys(ERROR_STATUS) as ErrorCode[]).map((code) => [code, core[`error.${code}`]])) as Record<
  ErrorCode,
  string
>;

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
 * The error envelope, in the request's language: a code's default message is the core catalog's
 * `error.{code}`; a specific message and every message of `details` are English, said in the
 * request's language when the validation area has them (`translateEnglish`; decision 0033), else sent as they were written.
 */
export function errorBody(code: ErrorCode, requestId: string, message?: string, details?: ErrorDetails, locale: Locale = DEFAULT_LOCALE): ErrorBody {
  const i18n = i18nFor(locale);
  const say = (text: string) => (locale === DEFAULT_LOCALE ? text : translateEnglish(text, i18n));
  return {
    error: {
      code,
      message: message === undefined || message === DEFAULT_MESSAGES[code] ? i18n._(`error.${code}`) : say(message),
      ...(details ? { details: sayDetails(details, say) } : {}),
      requestId,
    },
  };
}

function sayDetails(details: ErrorDetails, say: (text: string) => string): ErrorDetails {
  const said: ErrorDetails = {};
  for (const [key, messages] of Object.entries(details)) said[key] = messages.map(say);
  return said;
}
