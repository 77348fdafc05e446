import { DEFAULT_LOCALE, type Locale } from '#common/i18n/locales.ts';
import type { PublicUser } from '#common/schemas/auth.ts';

/** What the worker put into the page (see worker/ssr/render.ts renderAppShell). */
export interface Boot {
  user: PublicUser | null;
  locale: Locale;
  sentryDsn: string | null;
  requestId: string;
}

export function readBoot(): Boot {
  const element = document.getElementById('boot');
  if (!element?.textContent) return { user: null, locale: DEFAULT_LOCALE, sentryDsn: null, requestId: '' };
  return JSON.parse(element.textContent) as Boot;
}
