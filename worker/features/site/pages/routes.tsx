import { Hono, type Context } from 'hono';
import type { ComponentProps, ReactElement } from 'react';
import { getCookie } from 'hono/cookie';
import * as z from 'zod/mini';
import { loginForm, passwordResetForm } from '#common/schemas/auth.ts';
import { contactInput } from '#common/schemas/contact.ts';
import { text } from '#common/schemas/fields.ts';
import { safeSameOriginPath } from '#common/safe-path.ts';
import { localePath } from '#common/i18n/paths.ts';
import type { ContactFormProps } from '#client/public/islands/contact-form.tsx';
import type { PublicChrome } from '#client/public/layout.tsx';
import type { PasswordResetProps } from '#client/public/islands/password-reset.tsx';
import { AboutPage } from '#client/public/pages/about.tsx';
import { ContactPage } from '#client/public/pages/contact.tsx';
import { HomePage } from '#client/public/pages/home.tsx';
import { LoginPage } from '#client/public/pages/login.tsx';
import { MarkdownPage } from '#client/public/pages/markdown.tsx';
import { PasswordResetPage } from '#client/public/pages/password-reset.tsx';
import { PricingPage } from '#client/public/pages/pricing.tsx';
import { ErrorPage } from '#client/public/pages/status.tsx';
import type { AppEnv } from '#worker/env.ts';
import { localeOf } from '#worker/lib/i18n.ts';
import { formFailure, type FormFailure } from '#worker/lib/forms.ts';
import { mailerFor } from '#worker/lib/mailer.ts';
import { afterResponse, applyHeaders } from '#worker/lib/response.ts';
import { requestMeta } from '#worker/lib/request-meta.ts';
import { i18nFor } from '#worker/lib/i18n.ts';
import { readSessionToken, writeSessionCookie } from '#worker/lib/session-cookie.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import { pageMeta, renderPage, renderStaticPage, type PageMeta } from '#worker/ssr/render.ts';
import { REF_COOKIE } from '#worker/features/affiliate/service.ts';
import { submitContact } from '#worker/features/contact/service.ts';
import { errorPageLocale, pageLocale, publicChrome, staticPageKey } from '#worker/ssr/chrome.ts';
import type { PublicPageId } from '#worker/ssr/public-pages.ts';
import * as service from '#worker/features/site/pages/service.ts';
import { HOME_VARY, homeRedirectFor } from '#worker/features/site/language/service.ts';

const loginQuery = z.object({
  next: z.optional(text()),
  tab: z.optional(text()),
});

type PageStatus = 200 | FormFailure['status'];
type AuthFormProps = ComponentProps<typeof LoginPage>['form'];

function renderLogin(c: Context<AppEnv>, form: AuthFormProps, status: PageStatus = 200) {
  return renderPage(c, pageMeta('login', pageLocale(c)), <LoginPage form={form} />, status);
}

function renderReset(c: Context<AppEnv>, form: PasswordResetProps, status: PageStatus = 200) {
  return renderPage(c, pageMeta('password-reset', pageLocale(c)), <PasswordResetPage form={form} />, status);
}

function renderContact(c: Context<AppEnv>, form: ContactFormProps, status: PageStatus = 200, blank = false) {
  const locale = pageLocale(c);
  const chrome = publicChrome(c, { interactive: true, loginNext: localePath(locale, '/contact') });
  const meta = pageMeta('contact', locale);
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
  return renderLogin(c, service.refusedLoginForm(failure, values), failure.status);
}

function resetRefused(c: Context<AppEnv>, error: unknown, values: Record<string, string | undefined>) {
  const failure = formFailure(error);
  if (!failure) return undefined;
  applyHeaders(c, failure.headers);
  const { form, status } = service.refusedResetForm(failure, values);
  return renderReset(c, form, status);
}

/**
 * The public pages written in every language (issue 28): mounted at `/` (English) and at `/de`
 * with the same slugs; each reads its language from its address (`pageLocale`).
 */
const localizedRoutes = new Hono<AppEnv>()
  .get('/', access('public'), (c) => {
    const locale = pageLocale(c);
    const home = () => staticPage(c, { interactive: true }, pageMeta('home', locale), (chrome) => <HomePage chrome={chrome} />);
    if (locale !== 'en') return home();
    // The English home page greets a German browser (or a German choice) with its German twin.
    c.header('Vary', HOME_VARY);
    const target = homeRedirectFor(c, publicChrome(c, { interactive: true }).signedIn);
    return target ? c.redirect(target, 302) : home();
  })
  .get('/about', access('public'), (c) => staticPage(c, { interactive: false }, pageMeta('about', pageLocale(c)), (chrome) => <AboutPage chrome={chrome} />))
  .get('/pricing', access('public'), (c) => {
    const locale = pageLocale(c);
    return staticPage(c, { interactive: true, loginNext: localePath(locale, '/pricing') }, pageMeta('pricing', locale), (chrome) => (
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
        await submitContact(c.get('db'), mailerFor(c), input, requestMeta(c), {
          userId: c.get('user')?.id ?? null,
          operatorEmail: c.env.OPERATOR_EMAIL,
          writes: c.env.WRITES,
          locale: localeOf(c),
        });
        return renderContact(c, { sentTo: input.email });
      } catch (error) {
        const page = contactRefused(c, error, input);
        if (!page) throw error;
        return page;
      }
    },
  )
  .get('/login', access('public'), async (c) => {
    const query = loginQuery.safeParse(c.req.query());
    const page = service.loginPage(query.data ?? {}, Boolean(c.get('user')));
    return 'redirect' in page ? c.redirect(page.redirect, 302) : renderLogin(c, page.form);
  })
  .post(
    '/login',
    access('public'),
    validate('form', loginForm, ({ error, values }, c) => loginRefused(c, error, values)),
    async (c) => {
      const input = c.req.valid('form');
      try {
        // A new account speaks the language of the page it was made on (`/de/login` → German).
        const request = { meta: requestMeta(c), sessionToken: readSessionToken(c), refCookie: getCookie(c, REF_COOKIE), locale: pageLocale(c) };
        const { token, redirect } = await service.signIn(c.get('db'), mailerFor(c), input, request);
        writeSessionCookie(c, token);
        return c.redirect(redirect, 303);
      } catch (error) {
        const page = loginRefused(c, error, { ...input, name: input.intent === 'signup' ? input.name : undefined });
        if (!page) throw error;
        return page;
      }
    },
  )
  .get('/password-reset', access('public'), async (c) => renderReset(c, await service.resetPage(c.get('db'), c.req.query('token'))))
  .post(
    '/password-reset',
    access('public'),
    validate('form', passwordResetForm, ({ error, values }, c) => resetRefused(c, error, values)),
    async (c) => {
      const input = c.req.valid('form');
      try {
        const { form, background } = await service.resetPassword(c.get('db'), mailerFor(c), input, { meta: requestMeta(c), origin: new URL(c.req.url).origin });
        if (background) await afterResponse(c, background());
        return renderReset(c, form);
      } catch (error) {
        const page = resetRefused(c, error, input.intent === 'confirm' ? { token: input.token } : {});
        if (!page) throw error;
        return page;
      }
    },
  );

/** The public, server-rendered pages (PRODUCT.md §2) and their no-JavaScript form posts. */
export const siteRoutes = new Hono<AppEnv>()
  .route('/', localizedRoutes)
  .route('/de', localizedRoutes)
  // The legal pages: each language its own text (client/public/legal and legal/de), not one page in two languages.
  .get('/imprint', access('public'), (c) => markdownPage(c, 'imprint'))
  .get('/privacy', access('public'), (c) => markdownPage(c, 'privacy'))
  .get('/terms', access('public'), (c) => markdownPage(c, 'terms'))
  .get('/tech-provider', access('public'), (c) => markdownPage(c, 'tech-provider'))
  .get('/de/imprint', access('public'), (c) => markdownPage(c, 'de/imprint', 'imprint-de'))
  .get('/de/privacy', access('public'), (c) => markdownPage(c, 'de/privacy', 'privacy-de'))
  .get('/de/terms', access('public'), (c) => markdownPage(c, 'de/terms', 'terms-de'))
  .get('/de/tech-provider', access('public'), (c) => markdownPage(c, 'de/tech-provider', 'tech-provider-de'))
  // A `ref` code in it was recorded by the referral middleware (affiliate routes) already.
  .get('/redirect', access('public'), (c) => c.redirect(safeSameOriginPath(c.req.query('to'), '/'), 302))
  .get('/error', access('public'), (c) => {
    const reference = service.errorReference(c.req.query('ref'));
    const locale = errorPageLocale(c);
    const i18n = i18nFor(locale);
    return renderPage(
      c,
      { title: i18n._('page.error.title'), description: i18n._('page.errorRef.description'), noindex: true, locale },
      <ErrorPage chrome={publicChrome(c, { interactive: false })} reference={reference} />,
      // The status the page describes (issue 27): a 200 would tell monitors and crawlers that all is well.
      500,
    );
  });

/** A legal page (its markdown's name) as one of the site's pages (public-pages.ts): the same name in English. */
function markdownPage(c: Context<AppEnv>, id: service.LegalPage & PublicPageId): Promise<Response>;
function markdownPage(c: Context<AppEnv>, id: service.LegalPage, page: PublicPageId): Promise<Response>;
function markdownPage(c: Context<AppEnv>, id: service.LegalPage, page = id as PublicPageId) {
  const html = service.legalHtml(id, c.env);
  return staticPage(c, { interactive: false }, pageMeta(page), (chrome) => <MarkdownPage chrome={chrome} html={html()} />);
}

/** A public page whose HTML depends only on its chrome and the deployment (rendered once per isolate: renderStaticPage). */
function staticPage(c: Context<AppEnv>, options: Parameters<typeof publicChrome>[1], meta: PageMeta, page: (chrome: PublicChrome) => ReactElement) {
  const chrome = publicChrome(c, options);
  return renderStaticPage(c, staticPageKey(c, chrome), meta, () => page(chrome));
}
