import type { Locale } from '#common/i18n/locales.ts';
import * as z from 'zod/mini';
import { emailField, localeField, nameField, passwordField, text } from '#common/schemas/fields.ts';

export const signupInput = z.object({
  email: emailField,
  password: passwordField,
  name: nameField,
  /** The language of the page signed up on (the island sends it); else the visitor's. */
  locale: z.optional(localeField),
  /**
   * The browser's time zone (the island sends it). The worker keeps it when it knows the zone
   * (`knownTimeZone`), else drops it: a sign-up never fails over it (the workspace offers the zone
   * again, the account lets one pick). Only a string here: the zone table stays out of the islands.
   */
  timeZone: z.catch(z.optional(text().check(z.maxLength(64))), undefined),
});
export type SignupInput = z.infer<typeof signupInput>;

export const loginInput = z.object({
  email: emailField,
  // Any length is accepted at sign-in so that the message never hints at the rules.
  password: text('Enter your password.').check(z.minLength(1, 'Enter your password.'), z.maxLength(1024)),
});
export type LoginInput = z.infer<typeof loginInput>;

export const passwordResetRequestInput = z.object({ email: emailField });

export const passwordResetConfirmInput = z.object({
  token: text('The reset link is incomplete.').check(z.minLength(20, 'The reset link is incomplete.'), z.maxLength(200)),
  password: passwordField,
});

/** Where to go after signing in: checked again as a same-origin path where it is used. */
const nextField = z.optional(text().check(z.maxLength(2000)));

/** The sign-in and sign-up forms of /login without JavaScript: the hidden `intent` says which. */
export const loginForm = z.discriminatedUnion('intent', [
  z.extend(loginInput, { intent: z.literal('signin'), next: nextField }),
  z.extend(signupInput, { intent: z.literal('signup'), next: nextField }),
]);

/** The /password-reset forms without JavaScript: with the link's token it sets the password, else it asks for a link. */
export const passwordResetForm = z.pipe(
  z.transform((input: unknown) => {
    const fields = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
    return { ...fields, intent: fields.token === undefined ? 'request' : 'confirm' };
  }),
  z.discriminatedUnion('intent', [
    z.extend(passwordResetRequestInput, { intent: z.literal('request') }),
    z.extend(passwordResetConfirmInput, { intent: z.literal('confirm') }),
  ]),
);

/** Deleting the account (decision 0023): the password again, checked like a sign-in. */
export const accountDeletionInput = z.object({
  password: text('Enter your password.').check(z.minLength(1, 'Enter your password.'), z.maxLength(1024)),
});

/**
 * A download link of the data export (`GET /api/me/export/<ticket>`): `<expiry, base 36>.<nonce>.<HMAC>`,
 * the HMAC binding it to the user and the session that asked for it (decision 0023).
 */
export const EXPORT_TICKET = /^[0-9a-z]{1,11}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/;

export const exportTicketParam = z.object({
  ticket: text().check(z.maxLength(100), z.regex(EXPORT_TICKET, 'This download link is not valid. Start the download again from your Account page.')),
});

/** `POST /api/me/export`: a link that downloads the ZIP once, within a minute, in this session. */
export interface ExportTicket {
  /** Same-origin path of the download (the browser's download manager fetches it and writes it to disk). */
  url: string;
  filename: string;
  expiresAt: string;
}

/** `POST /api/me/deletion`: when the account and its content go, unless the user signs in before. */
export interface DeletionScheduled {
  purgeAfter: string;
}

export const passwordChangeInput = z.object({
  currentPassword: text('Enter your current password.').check(z.minLength(1, 'Enter your current password.'), z.maxLength(1024)),
  newPassword: passwordField,
});

/** The signed-in user as the API returns it (never the hash). */
export interface PublicUser {
  id: string;
  email: string;
  name: string;
  role: 'user' | 'admin';
  plan: { id: 'free' | 'pro' | 'agency'; name: string };
  createdAt: string;
  /** The workspace's and the emails' language (issue 28). */
  locale: Locale;
  /**
   * The IANA zone the user reads and picks times in (issue 28); null until the browser or the user
   * gives one (the API always sends it; absent only in a hand-made user, read as the browser's zone).
   */
  timeZone?: string | null;
}

export interface SessionInfo {
  id: string;
  current: boolean;
  userAgent: string | null;
  /** Coarse location hint from the edge (country), never the full IP. */
  country: string | null;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}
