import * as z from 'zod/mini';
import type { ErrorDetails } from '#common/errors.ts';

/** Shared field schemas: one definition for the worker and the client's forms. */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

export const emailField = z.pipe(
  z.string('Enter your email address.').check(z.trim(), z.toLowerCase(), z.maxLength(254, 'That email address is too long.')),
  z.email('Enter a valid email address, like name@example.com.'),
);

export const passwordField = z
  .string('Enter a password.')
  .check(z.minLength(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`), z.maxLength(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`));

export const nameField = z.string('Enter your name.').check(z.trim(), z.minLength(1, 'Enter your name.'), z.maxLength(80, 'Use at most 80 characters.'));

/** The shape of every id (URL-safe, 16–64 characters): anything else cannot exist. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** An id in a path, a query or a body. */
export const idField = (message = 'This id is not valid.') => z.string(message).check(z.regex(ID_PATTERN, message));

/** Cursor pagination query (`?cursor=&limit=`, limit ≤ 100). */
export const pageQuery = z.object({
  cursor: z.optional(z.string().check(z.maxLength(200))),
  limit: z.optional(
    z.pipe(
      z.string(),
      z.transform((value, ctx) => {
        const n = Number(value);
        if (!Number.isInteger(n) || n < 1 || n > 100) {
          ctx.issues.push({ code: 'custom', message: 'Use a whole number from 1 to 100.', input: value });
          return z.NEVER;
        }
        return n;
      }),
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
