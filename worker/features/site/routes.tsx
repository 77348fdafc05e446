import { Hono, type Context } from 'hono';
import type { ComponentProps } from 'react';
import { getCookie } from 'hono/cookie';
import * as z from 'zod/mini';
import { loginForm, passwordResetForm } from '#common/schemas/auth.ts';
import { contactInput } from '#common/schemas/contact.ts';
import { text } from '#common/schemas/fields.ts';
import { safeSameOriginPath } from '#common/safe-path.ts';
import type { ContactFormProps } from '#client/public/islands/contact-form.tsx';
import type { PasswordResetProps } from '#client/public/islands/password-reset.tsx';
import { AboutPage } from '#client/public/pages/about.tsx';
import { ContactPage } from '#client/public/pages/contact.tsx';
import { HomePage } from '#client/public/pages/home.tsx';
import { LoginPage } from '#client/public/pages/login.tsx';
import { MarkdownPage } from '#client/public/pages/markdown.tsx';
import { PasswordResetPage } from '#client/public/pages/password-reset.tsx';
import { PricingPage } from '#client/public/pages/pricing.tsx';
import { ErrorPage } from '#client/public/pages/status.tsx';
import { LEGAL_HTML } from '#client/public/legal/html.ts';
import type { AppEnv } from '#worker/env.ts';
import { formFailure, type FormFailure } from '#worker/lib/forms.ts';
import { mailerFor } from '#worker/lib/mailer.ts';
import { afterResponse, applyHeaders } from '#worker/lib/response.ts';
import { requestMeta } from '#worker/lib/request-meta.ts';
import { readSessionToken, writeSessionCookie } from '#worker/lib/session-cookie.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import { fillPlaceholders } from '#worker/ssr/legal-html.ts';
import { renderPage, renderStaticPage } from '#worker/ssr/render.ts';
import * as auth from '#worker/features/auth/service.ts';
import { REF_COOKIE, referrerFor } from '#worker/features/affiliate/service.ts';
import { submitContact } from '#worker/features/contact/service.ts';
import { publicChrome, staticPageKey } from '#worker/ssr/chrome.ts';

const markdownPages = {
  '/imprint': { html: LEGAL_HTML.imprint, title: 'Imprint', description: 'Who operates Adloom and how to reach us.' },
  '/privacy': { html: LEGAL_HTML.privacy, title: 'Privacy policy', description: 'Which personal data Adloom processes, why, and your rights.' },
  '/terms': { html: LEGAL_HTML.terms, title: 'Terms of service', description: 'The terms for using Adloom.' },
  '/tech-provider': {
    html: LEGAL_HTML['tech-provider'],
    title: 'Meta Tech Provider',
    description: 'Which Instagram permissions Adloom asks for and why, and how the data is used, stored and deleted.',
  },
} as const;

const loginQuery = z.object({
  next: z.optional(text()),
  tab: z.optional(text()),
});

type PageStatus = 200 | FormFailure['status'];
type AuthFormProps = ComponentProps<typeof LoginPage>['form'];

function renderLogin(c: Context<AppEnv>, form: AuthFormProps, status: PageStatus = 200) {
  return renderPage(c, { title: 'Sign in', description: 'Sign in to Adloom or create a free account.', noindex: true }, <LoginPage form={form} />, status);
}

function renderReset(c: Context<AppEnv>, form: PasswordResetProps, status: PageStatus = 200) {
  return renderPage(
    c,
    { title: 'Reset your password', description: 'Choose a new password for your Adloom account.', noindex: true },
    <PasswordResetPage form={form} />,
    status,
  );
}

function renderContact(c: Context<AppEnv>, form: ContactFormProps, status: PageStatus = 200, blank = false) {
  const chrome = publicChrome(c, { interactive: true, loginNext: '/contact' });
  const meta = { title: 'Contact', description: 'Questions about Adloom, plans or your account? Write to us.' };
  const page = () => <ContactPage chrome={chrome} form={form} operatorEmail={c.env.OPERATOR_EMAIL} />;
  // The empty form is the same for everyone; a submitted one carries the visitor's input.
  return blank ? renderStaticPage(c, staticPageKey(c, chrome), meta, page) : renderPage(c, meta, page(), status);
}

/**
 * Each form's page again after a refused submission (unreadable, invalid, or refused by
 * the service), with the message and what the visitor typed; undefined when the error is
 * not one a form shows (it then goes to the error page).
 */
function contactRefused(c: Context<AppEnv>, error: unknown, values: Record<string, string | undefined>) {
  const failure = formFailure(error);
  if (!failure) return undefined;
  applyHeaders(c, failure.headers);
  const kept = { name: values.name ?? '', email: values.email ?? '', message: values.message ?? '' };
  return renderContact(c, { initialValues: kept, initialErrors: failure.errors, initialFormError: failure.message }, failure.status);
}

function loginRefused(c: Context<AppEnv>, error: unknown, values: Record<string, string | undefined>) {
  const failure = formFailure(error);
  if (!failure) return undefined;
  applyHeaders(c, failure.headers);
  const form: AuthFormProps = {
    next: safeSameOriginPath(values.next, '/dashboard'),
    initialTab: values.intent === 'signup' ? 'signup' : 'signin',
    initialValues: { email: values.email ?? '', name: values.name ?? '' },
    initialErrors: failure.errors,
    initialFormError: failure.message,
  };
  return renderLogin(c, form, failure.status);
}

function resetRefused(c: Context<AppEnv>, error: unknown, values: Record<string, string | undefined>) {
  const failure = formFailure(error);
  if (!failure) return undefined;
  applyHeaders(c, failure.headers);
  const token = values.token && values.token.length <= 200 ? values.token : undefined;
  // A link that was used or expired meanwhile: say so, with the form to ask for a new one.
  if (values.token !== undefined && failure.errors.token) return renderReset(c, { state: 'expired' }, 422);
  return renderReset(c, { ...(token ? { token } : {}), initialErrors: failure.errors, initialFormError: failure.message }, failure.status);
}

/** The public, server-rendered pages (PRODUCT.md §2) and their no-JavaScript form posts. */
export const siteRoutes = new Hono<AppEnv>()
  .get('/', access('public'), (c) => {
    const chrome = publicChrome(c, { interactive: true });
    return renderStaticPage(
      c,
      staticPageKey(c, chrome),
      { title: 'Adloom', description: 'Creatives, ad approvals, Instagram publishing and fast funnels for marketing teams and small agencies.' },
      () => <HomePage chrome={chrome} />,
    );
  })
  .get('/about', access('public'), (c) => {
    const chrome = publicChrome(c, { interactive: false });
    return renderStaticPage(
      c,
      staticPageKey(c, chrome),
      { title: 'About', description: 'Why Adloom exists and how it works for marketing teams and agencies.' },
      () => <AboutPage chrome={chrome} />,
    );
  })
  .get('/pricing', access('public'), (c) => {
    const chrome = publicChrome(c, { interactive: true, loginNext: '/pricing' });
    return renderStaticPage(c, staticPageKey(c, chrome), { title: 'Pricing', description: 'Adloom plans and credit packs: Free, Pro and Agency.' }, () => (
      <PricingPage chrome={chrome} />
    ));
  })
  .get('/contact', access('public'), (c) => renderContact(c, {}, 200, true))
  .post(
    '/contact',
    access('public'),
    validate('form', contactInput, ({ error, values }, c) => contactRefused(c, error, values)),
    async (c) => {
      const input = c.req.valid('form');
      try {
        await submitContact(c.get('db'), mailerFor(c), input, requestMeta(c), { userId: c.get('user')?.id ?? null, operatorEmail: c.env.OPERATOR_EMAIL });
        return renderContact(c, { sentTo: input.email });
      } catch (error) {
        const page = contactRefused(c, error, input);
        if (!page) throw error;
        return page;
      }
    },
  )
  .get('/imprint', access('public'), (c) => markdownPage(c, '/imprint'))
  .get('/privacy', access('public'), (c) => markdownPage(c, '/privacy'))
  .get('/terms', access('public'), (c) => markdownPage(c, '/terms'))
  .get('/tech-provider', access('public'), (c) => markdownPage(c, '/tech-provider'))
  .get('/login', access('public'), async (c) => {
    const query = loginQuery.safeParse(c.req.query());
    const next = safeSameOriginPath(query.data?.next, '/dashboard');
    if (c.get('user')) return c.redirect(next, 302);
    const tab = query.data?.tab === 'signup' ? 'signup' : 'signin';
    return renderLogin(c, { next, initialTab: tab });
  })
  .post(
    '/login',
    access('public'),
    validate('form', loginForm, ({ error, values }, c) => loginRefused(c, error, values)),
    async (c) => {
      const input = c.req.valid('form');
      try {
        const result =
          input.intent === 'signup' ? await signupFromForm(c, input) : await auth.login(c.get('db'), input, requestMeta(c), readSessionToken(c), mailerFor(c));
        writeSessionCookie(c, result.token);
        // A sign-in that cancelled the account's deletion lands where that is said (decision 0023).
        if ('deletionCanceled' in result && result.deletionCanceled) return c.redirect('/account?deletion=canceled', 303);
        return c.redirect(safeSameOriginPath(input.next, '/dashboard'), 303);
      } catch (error) {
        const page = loginRefused(c, error, { ...input, name: input.intent === 'signup' ? input.name : undefined });
        if (!page) throw error;
        return page;
      }
    },
  )
  .get('/password-reset', access('public'), async (c) => {
    const token = c.req.query('token');
    if (!token) return renderReset(c, {});
    // A used or expired link says so at once (with a way to ask for a new one), not after the new password is typed.
    const open = token.length <= 200 && (await auth.isResetLinkOpen(c.get('db'), token));
    return renderReset(c, open ? { token } : { state: 'expired' });
  })
  .post(
    '/password-reset',
    access('public'),
    validate('form', passwordResetForm, ({ error, values }, c) => resetRefused(c, error, values)),
    async (c) => {
      const input = c.req.valid('form');
      try {
        if (input.intent === 'confirm') {
          await auth.confirmPasswordReset(c.get('db'), input.token, input.password);
          return renderReset(c, { state: 'changed' });
        }
        await auth.assertResetAllowed(c.get('db'), requestMeta(c));
        // After the response, as the API does: neither the page nor its timing tells whether the account exists.
        await afterResponse(c, auth.requestPasswordReset(c.get('db'), mailerFor(c), input.email, new URL(c.req.url).origin));
        return renderReset(c, { state: 'requested' });
      } catch (error) {
        const page = resetRefused(c, error, input.intent === 'confirm' ? { token: input.token } : {});
        if (!page) throw error;
        return page;
      }
    },
  )
  // A `ref` code in it was recorded by the referral middleware (affiliate routes) already.
  .get('/redirect', access('public'), (c) => c.redirect(safeSameOriginPath(c.req.query('to'), '/'), 302))
  .get('/error', access('public'), (c) => {
    const ref = c.req.query('ref');
    const reference = ref && /^[A-Za-z0-9_-]{6,64}$/.test(ref) ? ref : undefined;
    return renderPage(
      c,
      { title: 'Something went wrong', description: 'An error page with a reference for support.', noindex: true },
      <ErrorPage chrome={publicChrome(c, { interactive: false })} reference={reference} />,
    );
  });

async function signupFromForm(c: Context<AppEnv>, input: { email: string; password: string; name: string }) {
  const referrer = await referrerFor(c.get('db'), getCookie(c, REF_COOKIE), input.email);
  return auth.signup(c.get('db'), input, requestMeta(c), referrer);
}

function markdownPage(c: Context<AppEnv>, path: keyof typeof markdownPages) {
  const page = markdownPages[path];
  const chrome = publicChrome(c, { interactive: false });
  return renderStaticPage(c, staticPageKey(c, chrome), { title: page.title, description: page.description }, () => {
    const html = fillPlaceholders(page.html, {
      OPERATOR_NAME: c.env.OPERATOR_NAME,
      OPERATOR_ADDRESS: c.env.OPERATOR_ADDRESS,
      OPERATOR_EMAIL: c.env.OPERATOR_EMAIL,
    });
    return <MarkdownPage chrome={chrome} html={html} />;
  });
}
