import { useEffect, useId, useState, type MouseEvent } from 'react';
import { buttonClass } from '#client/components/button.tsx';
import type { AuthTab } from '#client/public/auth/auth-form.tsx';
import { LoginDialog } from '#client/public/auth/login-dialog.tsx';
import { useIslandText } from '#client/public/island-text.tsx';

/** How the link looks: named rather than passed as classes, to keep island props small. */
export type LoginLinkLook = 'nav' | 'app-nav' | 'button' | 'button-lg' | 'button-lg-secondary';

export const NAV_LINK_CLASS = 'rounded-md px-3 py-2 text-sm font-medium text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900';

// One line each: in a narrow header "Log in" wrapped onto two lines and "Start free" spilled out of its fixed-height button.
const LOOKS: Record<LoginLinkLook, string> = {
  nav: `${NAV_LINK_CLASS} whitespace-nowrap`,
  // Inside the workspace frame, which follows the system's dark mode.
  'app-nav': `${NAV_LINK_CLASS} whitespace-nowrap dark:text-zinc-200 dark:hover:bg-zinc-800 dark:hover:text-white`,
  button: `${buttonClass('primary', 'sm')} whitespace-nowrap`,
  'button-lg': `${buttonClass('primary', 'lg')} whitespace-nowrap`,
  'button-lg-secondary': `${buttonClass('secondary', 'lg')} whitespace-nowrap`,
};

export interface LoginLinkProps {
  label: string;
  look: LoginLinkLook;
  /** Where to land after signing in. */
  next: string;
  tab?: AuthTab;
}

function loginUrl(login: string, next: string, tab: AuthTab): string {
  const params = new URLSearchParams({ next });
  if (tab === 'signup') params.set('tab', 'signup');
  return `${login}?${params.toString()}`;
}

/**
 * A "Log in" / "Start free" link that opens the sign-in dialog over the page with the
 * URL /login; Back or closing returns to the page. Without JavaScript, or with a
 * modifier key, it is the plain link to the full /login page.
 */
export default function LoginLink({ label, look, next, tab = 'signin' }: LoginLinkProps) {
  const instance = useId();
  const text = useIslandText();
  const [open, setOpen] = useState(false);
  // The dialog joins the page the first time it opens (and stays, so focus can return).
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const sync = () => setOpen((window.history.state as { adloomLogin?: string } | null)?.adloomLogin === instance);
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, [instance]);

  const href = loginUrl(text.href('/login'), next, tab);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    window.history.pushState({ adloomLogin: instance }, '', href);
    setMounted(true);
    setOpen(true);
  };
  const close = () => {
    if ((window.history.state as { adloomLogin?: string } | null)?.adloomLogin === instance) window.history.back();
    else setOpen(false);
  };
  return (
    <>
      <a href={href} className={LOOKS[look]} onClick={onClick}>
        {label}
      </a>
      {mounted ? <LoginDialog open={open} onClose={close} next={next} initialTab={tab} /> : null}
    </>
  );
}
