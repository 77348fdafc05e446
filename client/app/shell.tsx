import {
  BadgeCheck,
  CalendarDays,
  ChevronsLeft,
  ChevronsRight,
  Coins,
  FileText,
  Filter,
  Folder,
  Image,
  LayoutDashboard,
  Menu,
  Palette,
  Presentation,
  Shield,
  UserRound,
  X,
} from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation, useMatch } from 'react-router';
import { Logo } from '#client/components/logo.tsx';
import { LoginDialog } from '#client/public/auth/login-dialog.tsx';
import { UNAUTHENTICATED_EVENT } from '#client/lib/http.ts';
import type { MessageIds } from '#common/i18n/register.ts';
import { islandMessages, useI18n, useT } from '#client/lib/i18n.tsx';
import { IslandTextRoot, type IslandText } from '#client/public/island-text.tsx';
import { localePath } from '#common/i18n/paths.ts';
import type { Locale } from '#common/i18n/locales.ts';
import { useSession } from '#client/lib/session.tsx';
import { useFormat } from '#client/lib/format.ts';
import { breadcrumbs } from '#client/app/breadcrumbs.ts';
import { useCrumbLabels } from '#client/app/crumbs.tsx';
import { canMakePresentations } from '#client/features/presentations/access.ts';

const MAIN_NAV = [
  { to: '/dashboard', label: 'nav.dashboard', icon: LayoutDashboard },
  { to: '/projects', label: 'nav.projects', icon: Folder },
  { to: '/creatives', label: 'nav.creatives', icon: Palette },
  { to: '/creations', label: 'nav.creations', icon: Image },
  { to: '/funnels', label: 'nav.funnels', icon: Filter },
  { to: '/pages', label: 'nav.pages', icon: FileText },
  { to: '/calendar', label: 'nav.calendar', icon: CalendarDays },
] as const satisfies { to: string; label: MessageIds; icon: typeof Folder }[];

function navClass(collapsed: boolean) {
  return ({ isActive }: { isActive: boolean }) =>
    `flex h-9 items-center gap-3 rounded-[var(--radius-control)] px-3 text-sm font-medium transition-colors ${
      isActive
        ? 'bg-accent-50 text-accent-800 dark:bg-accent-800/30 dark:text-accent-100'
        : 'text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white'
    } ${collapsed ? 'justify-center px-0' : ''}`;
}

function Sidebar({ collapsed, onToggle, onNavigate }: { collapsed: boolean; onToggle?: () => void; onNavigate?: () => void }) {
  const { user } = useSession();
  const t = useT();
  const item = (to: string, id: MessageIds, Icon: typeof Folder) => {
    const label = t(id);
    return (
      <NavLink key={to} to={to} className={navClass(collapsed)} title={collapsed ? label : undefined} onClick={onNavigate} end={to === '/account'}>
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        <span className={collapsed ? 'sr-only' : ''}>{label}</span>
      </NavLink>
    );
  };
  return (
    <div className="flex h-full flex-col gap-6 p-3">
      <Link
        to="/dashboard"
        className={`flex h-10 items-center px-2 text-zinc-900 dark:text-white ${collapsed ? 'justify-center px-0' : ''}`}
        onClick={onNavigate}
      >
        {collapsed ? <Logo className="[&>span:last-child]:sr-only" /> : <Logo className="text-lg" />}
      </Link>
      <nav aria-label={t('nav.workspace')} className="flex flex-1 flex-col gap-1">
        {MAIN_NAV.map((n) => item(n.to, n.label, n.icon))}
        {canMakePresentations(user) ? item('/presentations', 'nav.presentations', Presentation) : null}
      </nav>
      <div className="flex flex-col gap-1 border-t border-zinc-200 pt-3 dark:border-zinc-800">
        {item('/account', 'nav.account', UserRound)}
        {user?.role === 'admin' ? item('/admin', 'nav.admin', Shield) : null}
        {onToggle ? (
          <button
            type="button"
            onClick={onToggle}
            className={`flex h-9 items-center gap-3 rounded-[var(--radius-control)] px-3 text-sm text-zinc-500 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-800 ${collapsed ? 'justify-center px-0' : ''}`}
            aria-label={collapsed ? t('nav.expandSidebar') : t('nav.collapseSidebar')}
          >
            {collapsed ? <ChevronsRight aria-hidden="true" className="size-4" /> : <ChevronsLeft aria-hidden="true" className="size-4" />}
            <span className={collapsed ? 'sr-only' : ''}>{t('nav.collapse')}</span>
          </button>
        ) : null}
      </div>
    </div>
  );
}

function CreditsPill() {
  const { credits } = useSession();
  const t = useT();
  const format = useFormat();
  return (
    <Link
      to="/account/credits"
      className="inline-flex h-8 items-center gap-1.5 rounded-full border border-zinc-200 bg-white px-3 text-sm font-medium text-zinc-800 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800"
    >
      <Coins aria-hidden="true" className="size-4 text-amber-500" />
      {credits ? format.number(credits.total) : <span aria-hidden="true" className="inline-block h-3 w-6 animate-pulse rounded bg-zinc-200 dark:bg-zinc-700" />}
      <span className="max-sm:sr-only">{credits ? t('shell.credits', { count: credits.total }) : t('shell.creditsLoading')}</span>
    </Link>
  );
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

function AccountMenu() {
  const { user, signOut } = useSession();
  const t = useT();
  const [signingOut, setSigningOut] = useState(false);
  if (!user) return null;
  const link = 'block rounded-md px-3 py-2 text-sm text-zinc-700 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800';
  const close = () => document.getElementById('account-menu')?.hidePopover();
  return (
    <>
      <button
        type="button"
        popoverTarget="account-menu"
        className="grid size-9 place-items-center rounded-full bg-accent-600 text-sm font-semibold text-white hover:bg-accent-700"
      >
        <span aria-hidden="true">{initials(user.name)}</span>
        <span className="sr-only">{t('shell.accountMenu')}</span>
      </button>
      <div
        id="account-menu"
        popover="auto"
        className="fixed top-14 right-4 bottom-auto left-auto m-0 w-64 rounded-[var(--radius-card)] border border-zinc-200 bg-white p-2 text-zinc-900 shadow-xl dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
      >
        <div className="border-b border-zinc-200 px-3 pt-1 pb-3 dark:border-zinc-800">
          <p className="truncate text-sm font-semibold">{user.name}</p>
          <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{user.email}</p>
          <p className="mt-2 inline-flex items-center gap-1 text-xs text-zinc-600 dark:text-zinc-300">
            <BadgeCheck aria-hidden="true" className="size-3.5 text-accent-600" /> {t('shell.plan', { plan: user.plan.name })}
          </p>
        </div>
        <nav aria-label={t('nav.account')} className="py-1">
          <Link className={link} to="/account" onClick={close}>
            {t('nav.account')}
          </Link>
          <Link className={link} to="/account/billing" onClick={close}>
            {t('nav.billing')}
          </Link>
          <Link className={link} to="/account/credits" onClick={close}>
            {t('nav.credits')}
          </Link>
          <Link className={link} to="/account/affiliate" onClick={close}>
            {t('nav.affiliate')}
          </Link>
          {user.role === 'admin' ? (
            <Link className={link} to="/admin" onClick={close}>
              {t('nav.admin')}
            </Link>
          ) : null}
        </nav>
        <div className="border-t border-zinc-200 pt-1 dark:border-zinc-800">
          <button
            type="button"
            className={`${link} w-full text-left`}
            disabled={signingOut}
            onClick={() => {
              setSigningOut(true);
              void signOut().catch(() => setSigningOut(false));
            }}
          >
            {signingOut ? t('shell.signingOut') : t('shell.signOut')}
          </button>
        </div>
      </div>
    </>
  );
}

function Breadcrumbs() {
  const { pathname } = useLocation();
  const labels = useCrumbLabels();
  const t = useT();
  const crumbs = breadcrumbs(pathname, t).map((crumb) => ({ ...crumb, label: labels[crumb.href] ?? crumb.label }));
  return (
    <nav aria-label={t('nav.breadcrumb')} className="min-w-0">
      <ol className="flex min-w-0 items-center gap-2 overflow-hidden text-sm">
        {crumbs.map((crumb, i) => (
          // Long labels (a project's name) give way on a phone; short ones ("Projects") stay whole.
          <li key={crumb.href} className={`flex items-center gap-2 ${crumb.label.length > 16 ? 'min-w-0' : 'shrink-0'}`}>
            {i > 0 ? (
              <span aria-hidden="true" className="shrink-0 text-zinc-400">
                /
              </span>
            ) : null}
            {i === crumbs.length - 1 ? (
              <span aria-current="page" className="truncate font-medium text-zinc-900 dark:text-zinc-100">
                {crumb.label}
              </span>
            ) : (
              <Link to={crumb.href} className="truncate text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white">
                {crumb.label}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * Offers signing in again over the current screen when the session ended meanwhile. The sign-in
 * form is the public pages' island, which reads its words through useIslandText: in the
 * workspace's language, loaded when the dialog first opens (English ships with it).
 */
function SessionExpiredDialog() {
  const [open, setOpen] = useState(false);
  const { pathname, search } = useLocation();
  const locale = useI18n().locale as Locale;
  const [text, setText] = useState<IslandText | null>(null);
  useEffect(() => {
    const onExpired = () => setOpen(true);
    window.addEventListener(UNAUTHENTICATED_EVENT, onExpired);
    return () => window.removeEventListener(UNAUTHENTICATED_EVENT, onExpired);
  }, []);
  const ready = locale === 'en' || text?.prefix === localePath(locale, '');
  useEffect(() => {
    if (!open || ready) return;
    let live = true;
    void islandMessages(locale).then((messages) => live && setText({ prefix: localePath(locale, ''), messages }));
    return () => {
      live = false;
    };
  }, [open, ready, locale]);
  return (
    <IslandTextRoot text={locale === 'en' ? undefined : (text ?? undefined)}>
      <LoginDialog open={open && ready} onClose={() => setOpen(false)} next={pathname + search} />
    </IslandTextRoot>
  );
}

const COLLAPSE_KEY = 'adloom:sidebar-collapsed';

/** The workspace frame (DESIGN.md): sidebar, top bar with breadcrumbs, credits and account menu. */
export function Shell({ children }: { children?: ReactNode }) {
  // The user's choice ('1' collapsed, '0' expanded) wherever it was made; until there is one, the sidebar is
  // collapsed in the creative editor only, which needs the width for its canvas (review-14 #13).
  const [stored, setStored] = useState(() => (typeof localStorage !== 'undefined' ? localStorage.getItem(COLLAPSE_KEY) : null));
  const onEditor = useMatch('/creatives/:objectId') !== null;
  const collapsed = stored === '1' || (stored !== '0' && onEditor);
  const [mobileOpen, setMobileOpen] = useState(false);
  const t = useT();
  const toggle = () => {
    const next = collapsed ? '0' : '1';
    try {
      localStorage.setItem(COLLAPSE_KEY, next);
    } catch {
      // Private mode: the choice lasts for this visit.
    }
    setStored(next);
  };
  return (
    <div className="app-root flex min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-zinc-900"
      >
        {t('shell.skip')}
      </a>
      <aside
        className={`sticky top-0 hidden h-screen shrink-0 border-r border-zinc-200 bg-white transition-[width] md:block dark:border-zinc-800 dark:bg-zinc-900 ${collapsed ? 'w-16' : 'w-60'}`}
      >
        <Sidebar collapsed={collapsed} onToggle={toggle} />
      </aside>
      {mobileOpen ? (
        <div className="fixed inset-0 z-40 md:hidden" role="dialog" aria-modal="true" aria-label={t('nav.dialog')}>
          <button type="button" aria-label={t('nav.close')} className="absolute inset-0 bg-zinc-950/50" onClick={() => setMobileOpen(false)} />
          <div className="relative h-full w-64 bg-white shadow-xl dark:bg-zinc-900">
            <button type="button" aria-label={t('nav.close')} className="absolute top-4 right-3 p-1 text-zinc-500" onClick={() => setMobileOpen(false)}>
              <X aria-hidden="true" className="size-5" />
            </button>
            <Sidebar collapsed={false} onNavigate={() => setMobileOpen(false)} />
          </div>
        </div>
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center justify-between gap-4 border-b border-zinc-200 bg-white/90 px-4 backdrop-blur sm:px-6 dark:border-zinc-800 dark:bg-zinc-900/90">
          <div className="flex min-w-0 items-center gap-3">
            <button
              type="button"
              className="-ml-1 p-1 text-zinc-600 md:hidden dark:text-zinc-300"
              aria-label={t('nav.open')}
              onClick={() => setMobileOpen(true)}
            >
              <Menu aria-hidden="true" className="size-5" />
            </button>
            <Breadcrumbs />
          </div>
          <div className="flex items-center gap-3">
            <CreditsPill />
            <AccountMenu />
          </div>
        </header>
        <main id="main" className="mx-auto w-full max-w-[1400px] flex-1 p-4 sm:p-6">
          {children ?? <Outlet />}
        </main>
      </div>
      <SessionExpiredDialog />
    </div>
  );
}
