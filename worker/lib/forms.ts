import { DEFAULT_LOCALE, type Locale } from '#common/i18n/locales.ts';
import { translateEnglish } from '#common/i18n/translate-english.ts';
import { AppError, DEFAULT_MESSAGES } from '#worker/lib/errors.ts';
import { i18nFor } from '#worker/lib/i18n.ts';

/** What a re-rendered HTML form shows after a refused submission. */
export interface FormFailure {
  /**
   * The page's status: 400 unreadable, 413 too large, 415 not a form, 429 too many tries,
   * and 422 for everything refused (invalid fields, a wrong password, a taken email).
   */
  status: 400 | 413 | 415 | 422 | 429;
  /** Field → its first message. */
  errors: Record<string, string>;
  message: string;
  headers?: Record<string, string>;
}

const FORM_STATUSES = new Set([400, 401, 409, 413, 415, 422, 429]);

/**
 * Maps an expected error from a form submission (from `validate('form', …)`'s hook or
 * from the service) to what the page shows; undefined for anything else, which stays an
 * error (the error page, reported when unexpected). The messages are said in `locale` where the
 * validation area has them (decision 0033).
 */
export function formFailure(error: unknown, locale: Locale = DEFAULT_LOCALE): FormFailure | undefined {
  if (!(error instanceof AppError) || !FORM_STATUSES.has(error.status)) return undefined;
  const i18n = i18nFor(locale);
  const say = (text: string) => (locale === DEFAULT_LOCALE ? text : translateEnglish(text, i18n));
  const errors: Record<string, string> = {};
  for (const [key, messages] of Object.entries(error.details ?? {})) if (messages[0]) errors[key] = say(messages[0]);
  return {
    status: error.status === 401 || error.status === 409 ? 422 : (error.status as FormFailure['status']),
    errors,
    message: say(
      error.code === 'validation_failed' && error.message === DEFAULT_MESSAGES.validation_failed ? 'Please correct the highlighted fields.' : error.message,
    ),
    headers: error.headers,
  };
}
