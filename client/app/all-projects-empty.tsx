import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '#client/components/button.tsx';

/**
 * What a list of what all the user's projects hold (creatives, funnels) says while it is empty,
 * by what the user may do: create a project first (they have none), create the first one (with
 * `create`, where they may), or, as a viewer everywhere, where such things come from.
 */
export function allProjectsEmpty(
  things: string,
  { noProjects, create }: { noProjects: boolean; create: { text: string; action: ReactNode } | null },
): { title: string; text: string; action?: ReactNode } {
  const title = `No ${things.toLowerCase()} yet`;
  if (noProjects) {
    return {
      title,
      text: `${things} belong to a project: create one for your customer first, with their brand kit.`,
      action: (
        <Link to="/projects" className={buttonClass('primary')}>
          Create a project
        </Link>
      ),
    };
  }
  if (create) return { title, ...create };
  return { title, text: `${things} made in your projects appear here. As a viewer you can look at them but not create them.` };
}
