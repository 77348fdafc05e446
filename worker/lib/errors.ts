import { DEFAULT_MESSAGES, ERROR_STATUS, type ErrorBody, type ErrorCode, type ErrorDetails } from '#common/errors.ts';

/** The one error type services throw; `onError` turns it into the envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: ErrorDetails;
  /** Extra response headers, e.g. Retry-After for rate_limited. */
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, message?: string, details?: ErrorDetails, headers?: Record<string, string>) {
    super(message ?? DEFAULT_MESSAGES[code]);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
    this.headers = headers;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function errorBody(code: ErrorCode, requestId: string, message?: string, details?: ErrorDetails): ErrorBody {
  return {
    error: {
      code,
      message: message ?? DEFAULT_MESSAGES[code],
      ...(details ? { details } : {}),
      requestId,
    },
  };
}
