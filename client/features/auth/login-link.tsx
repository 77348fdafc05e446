import { useEffect, useId, useState, type MouseEvent } from 'react';
import type { AuthTab } from '#client/features/auth/auth-form.tsx';
import { LoginDialog } from '#client/features/auth/login-dialog.tsx';

export interface LoginLinkProps {
  label: string;
  className: string;
  /** Where to land after signing in. */
  next: string;
  tab?: AuthTab;
}

function loginUrl(next: string, tab: AuthTab): string {
  const params = new URLSearchParams({ next });
  if (tab === 'signup') params.set('tab', 'signup');
  return `/login?${params.toString()}`;
}

/**
 * A "Log in" / "Start free" link that opens the sign-in dialog over the page with the
 * URL /login; Back or closing returns to the page. Without JavaScript, or with a
 * modifier key, it is the plain link to the full /login page.
 */
export default function LoginLink({ label, className, next, tab = 'signin' }: LoginLinkProps) {
  const instance = useId();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const sync = () => setOpen((window.history.state as { adloomLogin?: string } | null)?.adloomLogin === instance);
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, [instance]);

  const href = loginUrl(next, tab);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    window.history.pushState({ adloomLogin: instance }, '', href);
    setOpen(true);
  };
  const close = () => {
    if ((window.history.state as { adloomLogin?: string } | null)?.adloomLogin === instance) window.history.back();
    else setOpen(false);
  };
  return (
    <>
      <a href={href} className={className} onClick={onClick}>
        {label}
      </a>
      <LoginDialog open={open} onClose={close} next={next} initialTab={tab} />
    </>
  );
}
