import type { ReactNode } from 'react';
import { buttonClass } from '#client/components/button.tsx';
import { Logo } from '#client/components/logo.tsx';
import { Island } from '#client/public/island.tsx';
import LoginLink from '#client/public/islands/login-link.tsx';
import { NAV_LINK_CLASS } from '#client/public/auth/login-link.tsx';
import { usePageText } from '#client/public/page-text.tsx';
import { LOCALE_NAMES, LOCALES } from '#common/i18n/locales.ts';
import type { MessageIds } from '#common/i18n/register.ts';
import { localePath, splitLocalePath } from '#common/i18n/paths.ts';

export interface PublicChrome {
  /** Interactive pages hydrate the header's login links into the login dialog. */
  interactive: boolean;
  /** A session cookie is present: offer the workspace instead of signing in. */
  signedIn: boolean;
  /** Where "Log in" lands after signing in. */
  loginNext: string;
  /** The current path, to mark the active navigation item. */
  path: string;
}

const navLink = NAV_LINK_CLASS;

function HeaderActions({ interactive, signedIn, loginNext }: PublicChrome) {
  const { t, href } = usePageText();
  if (signedIn) {
    return (
      <a href="/dashboard" className={buttonClass('primary', 'sm')}>
        {t('chrome.openWorkspace')}
      </a>
    );
  }
  const login = { label: t('chrome.login'), look: 'nav' as const, next: loginNext };
  const start = { label: t('chrome.startFree'), look: 'button' as const, next: '/dashboard', tab: 'signup' as const };
  if (!interactive) {
    return (
      <>
        <a href={href('/login')} className={navLink}>
          {login.label}
        </a>
        <a href={`${href('/login')}?tab=signup`} className={buttonClass('primary', 'sm')}>
          {start.label}
        </a>
      </>
    );
  }
  return (
    <>
      <Island name="login-link" id="header-login" component={LoginLink} props={login} />
      <Island name="login-link" id="header-start" component={LoginLink} props={start} />
    </>
  );
}

/**
 * The other languages of this page: plain links (no JavaScript) through `/language/{locale}`,
 * which remembers the choice in the `lang` cookie and goes to the page in that language.
 */
function LanguageLinks({ path }: { path: string }) {
  const { t, locale } = usePageText();
  const page = splitLocalePath(path).path;
  return (
    <nav aria-label={t('chrome.language')} className="flex gap-4 text-sm text-zinc-600">
      {LOCALES.filter((other) => other !== locale).map((other) => (
        <a
          key={other}
          href={`/language/${other}?${new URLSearchParams({ next: localePath(other, page) }).toString()}`}
          hrefLang={other}
          lang={other}
          rel="nofollow"
          className="hover:text-zinc-900"
        >
          {LOCALE_NAMES[other]}
        </a>
      ))}
    </nav>
  );
}

/** The footer's links: [href, label, phone only (the header shows it from `sm` up)]. */
const FOOTER_LINKS: readonly (readonly [string, MessageIds, boolean?])[] = [
  ['/pricing', 'chrome.pricing', true],
  ['/about', 'chrome.about', true],
  ['/contact', 'chrome.contact'],
  ['/imprint', 'chrome.imprint'],
  ['/privacy', 'chrome.privacy'],
  ['/terms', 'chrome.terms'],
  ['/tech-provider', 'chrome.techProvider'],
];

export function PublicLayout({ chrome, children }: { chrome: PublicChrome; children: ReactNode }) {
  const { t, href } = usePageText();
  const current = (path: string) => (chrome.path === href(path) ? { 'aria-current': 'page' as const } : {});
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2"
      >
        {t('chrome.skip')}
      </a>
      <header className="sticky top-0 z-40 border-b border-zinc-200/80 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <a href={href('/')} className="text-zinc-900" aria-label={t('chrome.homeLabel')}>
            <Logo className="text-lg" />
          </a>
          <nav aria-label={t('chrome.mainNav')} className="flex items-center gap-1 sm:gap-2">
            <a href={href('/pricing')} className={`${navLink} hidden sm:inline-flex`} {...current('/pricing')}>
              {t('chrome.pricing')}
            </a>
            <a href={href('/about')} className={`${navLink} hidden sm:inline-flex`} {...current('/about')}>
              {t('chrome.about')}
            </a>
            <HeaderActions {...chrome} />
          </nav>
        </div>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
      <footer className="border-t border-zinc-200 bg-zinc-50">
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <div>
            <Logo className="text-zinc-900" />
            <p className="mt-2 max-w-xs text-sm text-zinc-600">{t('chrome.tagline')}</p>
          </div>
          <div className="flex flex-col gap-4 sm:items-end">
            <nav aria-label={t('chrome.footerNav')} className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-zinc-600">
              {FOOTER_LINKS.map(([path, label, phoneOnly]) => (
                <a key={path} className={phoneOnly ? 'hover:text-zinc-900 sm:hidden' : 'hover:text-zinc-900'} href={href(path)}>
                  {t(label)}
                </a>
              ))}
            </nav>
            <LanguageLinks path={chrome.path} />
          </div>
        </div>
      </footer>
    </div>
  );
}

/** A page heading block used by the simple public pages. */
export function PageIntro({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 pt-14 pb-8 text-center sm:px-6 sm:pt-20">
      {eyebrow ? <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">{eyebrow}</p> : null}
      <h1 className="mt-2 text-4xl font-semibold tracking-tight text-balance text-zinc-900 sm:text-5xl">{title}</h1>
      {children ? <div className="mt-4 text-lg text-pretty text-zinc-600">{children}</div> : null}
    </div>
  );
}
