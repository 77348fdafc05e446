import type { Locale } from '#common/i18n/locales.ts';
import type { ComponentProps } from 'react';
import type * as z from 'zod/mini';
import { safeSameOriginPath } from '#common/safe-path.ts';
import type { loginForm, passwordResetForm } from '#common/schemas/auth.ts';
import type { PasswordResetProps } from '#client/public/islands/password-reset.tsx';
import { LEGAL_HTML } from '#client/public/legal/html.ts';
import type { LoginPage } from '#client/public/pages/login.tsx';
import type { Db } from '#worker/db/client.ts';
import type { FormFailure } from '#worker/lib/forms.ts';
import type { Mailer } from '#worker/lib/mailer.ts';
import { operatorDetails, type Operator } from '#worker/lib/operator.ts';
import type { RequestMeta } from '#worker/lib/request-meta.ts';
import { fillPlaceholders } from '#worker/ssr/legal-html.ts';
import * as auth from '#worker/features/auth/core/service.ts';
import { referrerFor } from '#worker/features/affiliate/service.ts';

/**
 * The rules of the public pages' forms (routes.tsx renders them): where a sign-in goes
 * (never off the site), sign-up with the referral it came with, the password reset's states,
 * and what a refused form shows again.
 */

type AuthFormProps = ComponentProps<typeof LoginPage>['form'];

const HOME = '/dashboard';

/** A legal page (its title and description are in worker/ssr/public-pages.ts). */
export type LegalPage = keyof typeof LEGAL_HTML;

/** A legal page's HTML with the operator's details filled in, drawn when the page is (a static page is drawn once per isolate). */
export function legalHtml(id: LegalPage, operator: Operator): () => string {
  return () => fillPlaceholders(LEGAL_HTML[id], operatorDetails(operator));
}

/** `GET /login`: someone signed in goes on to `next` at once (302); anyone else gets the form on the tab asked for. */
export function loginPage(query: { next?: string | undefined; tab?: string | undefined }, signedIn: boolean): { redirect: string } | { form: AuthFormProps } {
  const next = safeSameOriginPath(query.next, HOME);
  if (signedIn) return { redirect: next };
  return { form: { next, initialTab: query.tab === 'signup' ? 'signup' : 'signin' } };
}

type LoginForm = z.output<typeof loginForm>;

/**
 * The sign-in form's post: signs up (with the referral of the `ref` cookie) or in; returns the
 * session token to set and where to go. A sign-in that cancelled the account's deletion lands
 * where that is said (decision 0023).
 */
export async function signIn(
  db: Db,
  mailer: Mailer,
  input: LoginForm,
  request: { meta: RequestMeta; sessionToken: string | undefined; refCookie: string | undefined; locale: Locale },
): Promise<{ token: string; redirect: string }> {
  const result =
    input.intent === 'signup'
      ? await auth.signup(db, { ...input, locale: request.locale }, request.meta, await referrerFor(db, request.refCookie, input.email))
      : await auth.login(db, input, request.meta, request.sessionToken, mailer);
  if ('deletionCanceled' in result && result.deletionCanceled) return { token: result.token, redirect: '/account?deletion=canceled' };
  return { token: result.token, redirect: safeSameOriginPath(input.next, HOME) };
}

/** The sign-in form again after a refused post, with what the visitor typed. */
export function refusedLoginForm(failure: FormFailure, values: Record<string, string | undefined>): AuthFormProps {
  return {
    next: safeSameOriginPath(values.next, HOME),
    initialTab: values.intent === 'signup' ? 'signup' : 'signin',
    initialValues: { email: values.email ?? '', name: values.name ?? '' },
    initialErrors: failure.errors,
    initialFormError: failure.message,
  };
}

const usableToken = (token: string | undefined) => (token && token.length <= 200 ? token : undefined);

/** `GET /password-reset`: the form to ask for a link, or to choose the new password; a used or expired link says so at once (not after the new password is typed). */
export async function resetPage(db: Db, token: string | undefined): Promise<PasswordResetProps> {
  if (!token) return {};
  const open = usableToken(token) !== undefined && (await auth.isResetLinkOpen(db, token));
  return open ? { token } : { state: 'expired' };
}

type ResetForm = z.output<typeof passwordResetForm>;

/**
 * The password reset form's post: a new password (with a link's token), or a request for a
 * link. The request's email goes after the response (`background`), as the API does: neither
 * the page nor its timing tells whether the account exists.
 */
export async function resetPassword(
  db: Db,
  mailer: Mailer,
  input: ResetForm,
  request: { meta: RequestMeta; origin: string },
): Promise<{ form: PasswordResetProps; background?: () => Promise<void> }> {
  if (input.intent === 'confirm') {
    await auth.confirmPasswordReset(db, input.token, input.password);
    return { form: { state: 'changed' } };
  }
  await auth.assertResetAllowed(db, request.meta);
  return { form: { state: 'requested' }, background: () => auth.requestPasswordReset(db, mailer, input.email, request.origin) };
}

/** The reset form again after a refused post; a link that was used or expired meanwhile says so, with the form to ask for a new one. */
export function refusedResetForm(
  failure: FormFailure,
  values: Record<string, string | undefined>,
): { form: PasswordResetProps; status: FormFailure['status'] } {
  if (values.token !== undefined && failure.errors.token) return { form: { state: 'expired' }, status: 422 };
  const token = usableToken(values.token);
  return { form: { ...(token ? { token } : {}), initialErrors: failure.errors, initialFormError: failure.message }, status: failure.status };
}

/** The error page's support reference, when the link carries a plausible one. */
export function errorReference(ref: string | undefined): string | undefined {
  return ref && /^[A-Za-z0-9_-]{6,64}$/.test(ref) ? ref : undefined;
}
