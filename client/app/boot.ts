import type { PublicUser } from '#common/schemas/auth.ts';

/** What the worker put into the page (see worker/ssr/render.ts renderAppShell). */
export interface Boot {
  user: PublicUser | null;
  sentryDsn: string | null;
  requestId: string;
}

export function readBoot(): Boot {
  const element = document.getElementById('boot');
  if (!element?.textContent) return { user: null, sentryDsn: null, requestId: '' };
  return JSON.parse(element.textContent) as Boot;
}
