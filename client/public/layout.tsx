import type { ReactNode } from 'react';
import { buttonClass } from '#client/components/button.tsx';
import { Logo } from '#client/components/logo.tsx';
import { Island } from '#client/public/island.tsx';
import LoginLink from '#client/public/islands/login-link.tsx';
import { NAV_LINK_CLASS } from '#client/public/auth/login-link.tsx';

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
  if (signedIn) {
    return (
      <a href="/dashboard" className={buttonClass('primary', 'sm')}>
        Open workspace
      </a>
    );
  }
  const login = { label: 'Log in', look: 'nav' as const, next: loginNext };
  const start = { label: 'Start free', look: 'button' as const, next: '/dashboard', tab: 'signup' as const };
  if (!interactive) {
    return (
      <>
        <a href="/login" className={navLink}>
          Log in
        </a>
        <a href="/login?tab=signup" className={buttonClass('primary', 'sm')}>
          Start free
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

/** The footer's links: [href, label, phone only (the header shows it from `sm` up)]. */
const FOOTER_LINKS: readonly (readonly [string, string, boolean?])[] = [
  ['/pricing', 'Pricing', true],
  ['/about', 'About', true],
  ['/contact', 'Contact'],
  ['/imprint', 'Imprint'],
  ['/privacy', 'Privacy'],
  ['/terms', 'Terms'],
  ['/tech-provider', 'Tech provider'],
];

export function PublicLayout({ chrome, children }: { chrome: PublicChrome; children: ReactNode }) {
  const current = (href: string) => (chrome.path === href ? { 'aria-current': 'page' as const } : {});
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-zinc-200/80 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <a href="/" className="text-zinc-900" aria-label="Adloom home">
            <Logo className="text-lg" />
          </a>
          <nav aria-label="Main" className="flex items-center gap-1 sm:gap-2">
            <a href="/pricing" className={`${navLink} hidden sm:inline-flex`} {...current('/pricing')}>
              Pricing
            </a>
            <a href="/about" className={`${navLink} hidden sm:inline-flex`} {...current('/about')}>
              About
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
            <p className="mt-2 max-w-xs text-sm text-zinc-600">Creatives, approvals, funnels and Instagram for marketing teams and small agencies.</p>
          </div>
          <nav aria-label="Footer" className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-zinc-600">
            {FOOTER_LINKS.map(([href, label, phoneOnly]) => (
              <a key={href} className={phoneOnly ? 'hover:text-zinc-900 sm:hidden' : 'hover:text-zinc-900'} href={href}>
                {label}
              </a>
            ))}
          </nav>
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
