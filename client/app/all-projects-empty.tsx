import type { I18n } from '@lingui/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '#client/components/button.tsx';

/**
 * What a list of what all the user's projects hold (creatives, funnels) says while it is empty,
 * by what the user may do: create a project first (they have none), create the first one (with
 * `create`, where they may), or, as a viewer everywhere, where such things come from. Its words
 * are the `dashboard` area's (`dashboard.allProjectsEmpty.*`): the routes that show it load that area.
 */
export function allProjectsEmpty(
  t: I18n['_'],
  kind: 'creatives' | 'funnels',
  { noProjects, create }: { noProjects: boolean; create: { text: string; action: ReactNode } | null },
): { title: string; text: string; action?: ReactNode } {
  const title = t('dashboard.allProjectsEmpty.title', { kind });
  if (noProjects) {
    return {
      title,
      text: t('dashboard.allProjectsEmpty.noProjects', { kind }),
      action: (
        <Link to="/projects" className={buttonClass('primary')}>
          {t('dashboard.allProjectsEmpty.createProject')}
        </Link>
      ),
    };
  }
  if (create) return { title, ...create };
  return { title, text: t('dashboard.allProjectsEmpty.viewer', { kind }) };
}
