import * as z from 'zod/mini';
import { emailField, nameField, passwordField, text } from '#common/schemas/fields.ts';

export const signupInput = z.object({
  email: emailField,
  password: passwordField,
  name: nameField,
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

export const profileInput = z.object({ name: nameField });

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
