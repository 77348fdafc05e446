import { BarChart3, Coins, Folder, Image, MessageSquareMore } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatNumber } from '#common/format.ts';
import { PLANS } from '#common/plans.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { buttonClass } from '#client/components/button.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import { api, call } from '#client/lib/api.ts';
import { useResource } from '#client/lib/use-resource.ts';
import { EmptyState } from '#client/components/empty-state.tsx';
import { Card, PageHeader } from '#client/components/page-header.tsx';
import { useSession, useUser } from '#client/app/session.tsx';

function Stat({ label, value, hint, icon, to }: { label: string; value: ReactNode; hint: string; icon: ReactNode; to?: string }) {
  const body = (
    <>
      <div className="flex items-center justify-between text-sm text-zinc-600 dark:text-zinc-400">
        {label}
        <span className="text-zinc-400">{icon}</span>
      </div>
      <div className="mt-2 text-3xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{value}</div>
      <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{hint}</p>
    </>
  );
  const className = 'block rounded-[var(--radius-card)] border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900';
  return to ? (
    <Link to={to} className={`${className} hover:border-accent-200 hover:shadow-md`}>
      {body}
    </Link>
  ) : (
    <div className={className}>{body}</div>
  );
}

function greeting(): string {
  const hour = new Date().getHours();
  return hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';
}

/** `/dashboard`: credits, recent projects and creations, ads waiting, funnel numbers. */
type ProjectsResource = ReturnType<typeof useProjects>;

function useProjects() {
  return useResource(() => call(api.api.projects.$get({ query: { limit: '100' } })), []);
}

function RecentProjects({ projects }: { projects: ProjectsResource }) {
  if (projects.status === 'loading') return <SkeletonLines lines={3} label="Loading projects" />;
  if (projects.status === 'error') return <LoadFailed title="Projects could not be loaded" onRetry={projects.reload} />;
  if (projects.data.items.length === 0) {
    return (
      <EmptyState
        icon={<Folder className="size-6" aria-hidden="true" />}
        title="No projects yet"
        action={
          <Link to="/projects" className={buttonClass('primary', 'sm')}>
            Create a project
          </Link>
        }
      >
        Each customer gets a project with their brand kit and media.
      </EmptyState>
    );
  }
  return (
    <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
      {projects.data.items.slice(0, 5).map((project) => (
        <li key={project.id}>
          <Link to={`/projects/${project.id}/`} className="flex items-center justify-between gap-3 py-2.5 hover:text-accent-700">
            <span className="truncate font-medium">{project.name}</span>
            <span className="shrink-0 text-xs text-zinc-500">
              {project.counts.media} files · {project.role}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** "0 of 3 active projects on the Free plan": the count is the active ones (the list leaves archived ones out). */
function projectsHint(projects: ProjectsResource, limit: number | null, planName: string): string {
  if (limit === null) return `Unlimited active projects on the ${planName} plan`;
  if (projects.status !== 'ready') return `Up to ${limit} active projects on the ${planName} plan`;
  const count = projects.data.items.length;
  return `${count}${projects.data.nextCursor ? '+' : ''} of ${limit} active projects on the ${planName} plan`;
}

export default function Dashboard() {
  const user = useUser();
  const { credits } = useSession();
  const projects = useProjects();
  const firstName = user.name.split(/\s+/)[0] ?? user.name;
  return (
    <>
      <PageHeader title={`${greeting()}, ${firstName}`} description="Here is what is happening across your projects." />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Stat
          label="Credits"
          value={credits ? formatNumber(credits.total) : <span className="inline-block h-8 w-16 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />}
          hint={credits ? `${formatNumber(credits.monthly)} monthly · ${formatNumber(credits.purchased)} purchased` : 'Loading your balance'}
          icon={<Coins className="size-4" aria-hidden="true" />}
          to="/account/credits"
        />
        <Stat
          label="Projects"
          value={
            projects.status === 'ready' ? (
              `${projects.data.items.length}${projects.data.nextCursor ? '+' : ''}`
            ) : (
              <span className="inline-block h-8 w-10 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
            )
          }
          hint={projectsHint(projects, PLANS[user.plan.id].maxProjects, user.plan.name)}
          icon={<Folder className="size-4" aria-hidden="true" />}
          to="/projects"
        />
        <Stat
          label="Ads waiting for approval"
          value="0"
          hint="Shared previews not yet answered"
          icon={<MessageSquareMore className="size-4" aria-hidden="true" />}
        />
        <Stat label="Funnel visits · 7 days" value="0" hint="0 leads" icon={<BarChart3 className="size-4" aria-hidden="true" />} />
      </div>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card title="Recent projects">
          <RecentProjects projects={projects} />
        </Card>
        <Card title="Recent creations">
          <RecentCreations />
        </Card>
      </div>
    </>
  );
}

/** The newest renders across the user's projects, linking to the gallery. */
function RecentCreations() {
  const creations = useResource(() => call(api.api.creations.$get({ query: { limit: '4' } })), []);
  if (creations.status === 'loading') return <SkeletonLines lines={3} />;
  if (creations.status === 'error') return <LoadFailed title="Your creations could not be loaded" onRetry={creations.reload} />;
  if (creations.data.items.length === 0) {
    return (
      <EmptyState icon={<Image className="size-6" aria-hidden="true" />} title="Nothing rendered yet">
        Rendered creatives appear here, ready to download or use in an ad.{' '}
        <Link to="/creatives" className="font-medium text-accent-700 underline underline-offset-2 dark:text-accent-200">
          Open your creatives
        </Link>
      </EmptyState>
    );
  }
  return (
    <div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {creations.data.items.map((item) => (
          <li key={item.id}>
            <a
              href={item.downloadUrl}
              download
              className="block rounded-lg border border-zinc-200 p-1.5 hover:border-accent-600 dark:border-zinc-700"
              aria-label={`Download ${item.name}`}
            >
              <img
                src={item.url}
                alt=""
                width={item.width}
                height={item.height}
                loading="lazy"
                className="aspect-square w-full rounded bg-zinc-100 object-contain dark:bg-zinc-800"
              />
              <span className="mt-1 block truncate text-xs text-zinc-600 dark:text-zinc-400">{item.name}</span>
            </a>
          </li>
        ))}
      </ul>
      <Link to="/creations" className="mt-3 inline-block text-sm font-medium text-accent-700 underline-offset-2 hover:underline dark:text-accent-200">
        All creations
      </Link>
    </div>
  );
}
