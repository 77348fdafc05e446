import { LOCALES } from '#common/i18n/locales.ts';
import * as z from 'zod/mini';
import type { ErrorDetails } from '#common/errors.ts';

/** Shared field schemas: one definition for the worker and the client's forms. */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

/** A UTF-16 surrogate that is not half of a pair (in `u` mode a pair is one code point). */
const LONE_SURROGATE = /\p{Surrogate}/gu;

/**
 * The text with every lone surrogate replaced by U+FFFD: `String.prototype.toWellFormed`
 * (ES2024; instant on one-byte strings such as a large data URL), else the same by regex.
 */
export function wellFormed(value: string): string {
  const native = (value as string & { toWellFormed?: () => string }).toWellFormed;
  return native ? native.call(value) : value.replace(LONE_SURROGATE, '\ufffd');
}

/**
 * The text cut to at most `max` UTF-16 units without splitting a surrogate pair (a plain
 * `slice` can leave half an emoji, which D1 stores as invalid UTF-8), trailing space
 * removed, with `ellipsis` appended when anything was cut; the result is still ≤ `max`.
 */
export function clip(value: string, max: number, ellipsis = ''): string {
  if (value.length <= max) return value;
  let end = Math.max(0, max - ellipsis.length);
  const last = value.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${value.slice(0, end).trimEnd()}${ellipsis}`;
}

/**
 * The base of every text field (ESLint refuses a bare `z.string()` in common/schemas and
 * common/creative): a string made well-formed before any other check. JSON can carry a
 * lone surrogate (`"\ud800"`), which D1 would store as invalid UTF-8 and read back as
 * U+FFFD; the length checks after it count the same characters.
 */
export function text(message?: string) {
  return z.string(message).check(z.overwrite(wellFormed));
}

export const emailField = z.pipe(
  text('Enter your email address.').check(z.trim(), z.toLowerCase(), z.maxLength(254, 'That email address is too long.')),
  z.email('Enter a valid email address, like name@example.com.'),
);

export const passwordField = text('Enter a password.').check(
  z.minLength(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`),
  z.maxLength(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`),
);

export const nameField = text('Enter your name.').check(z.trim(), z.minLength(1, 'Enter your name.'), z.maxLength(80, 'Use at most 80 characters.'));

/** The shape of every id (URL-safe, 16–64 characters): anything else cannot exist. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** An id in a path, a query or a body. */
export const idField = (message = 'This id is not valid.') => text(message).check(z.regex(ID_PATTERN, message));

/** Cursor pagination query (`?cursor=&limit=`, limit ≤ 100). */
export const pageQuery = z.object({
  cursor: z.optional(text().check(z.maxLength(200))),
  limit: z.optional(
    z
      .pipe(
        text(),
        z.transform((value, ctx) => {
          const n = Number(value);
          if (!Number.isInteger(n) || n < 1 || n > 100) {
            ctx.issues.push({ code: 'custom', message: 'Use a whole number from 1 to 100.', input: value });
            return z.NEVER;
          }
          return n;
        }),
      )
      .check(
        // What a caller sends, as the OpenAPI document of /api/v1 says it (its query string carries it as text).
        z.meta({ type: 'integer', minimum: 1, maximum: 100 }),
      ),
  ),
});

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

/** Turns schema issues into the error envelope's `details`: field → messages. */
export function issuesToDetails(issues: readonly IssueLike[]): ErrorDetails {
  const details: ErrorDetails = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    (details[key] ??= []).push(issue.message);
  }
  return details;
}

/** A language Adloom speaks (issue 28): an account's, a customer's, a funnel's, a presentation's. */
export const localeField = z.enum(LOCALES, 'Pick English or German.');
