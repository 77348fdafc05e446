import type { I18n } from '@lingui/core';
import { WORKSPACE_ROUTES } from '#common/workspace-routes.ts';

export interface Crumb {
  label: string;
  href: string;
}

function matches(pattern: string, path: string): boolean {
  const a = pattern.split('/').filter(Boolean);
  const b = path.split('/').filter(Boolean);
  return a.length === b.length && a.every((part, i) => part.startsWith(':') || part === b[i]);
}

/** Breadcrumbs from the path: every prefix that is a workspace page, with its title in the reader's language. */
export function breadcrumbs(pathname: string, t: I18n['_']): Crumb[] {
  const parts = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [];
  for (let i = 1; i <= parts.length; i += 1) {
    const href = `/${parts.slice(0, i).join('/')}`;
    const route = WORKSPACE_ROUTES.find((r) => matches(r.path, href));
    if (route) crumbs.push({ label: t(route.title), href });
  }
  return crumbs;
}
