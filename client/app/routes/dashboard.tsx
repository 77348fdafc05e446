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
      <EmptyState icon={<Folder className="size-6" aria-hidden="true" />} title="No projects yet" action={<Link to="/projects" className={buttonClass('primary', 'sm')}>Create a project</Link>}>
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

export default function Dashboard() {
  const user = useUser();
  const { credits } = useSession();
  const projects = useProjects();
  const firstName = user.name.split(/\s+/)[0] ?? user.name;
  return (
    <>
      <PageHeader title={`${greeting()}, ${firstName}`} description="Here is what is happening across your projects." />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Stat
          label="Credits"
          value={credits ? formatNumber(credits.total) : <span className="inline-block h-8 w-16 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />}
          hint={credits ? `${formatNumber(credits.monthly)} monthly · ${formatNumber(credits.purchased)} purchased` : 'Loading your balance'}
          icon={<Coins className="size-4" aria-hidden="true" />}
          to="/account/credits"
        />
        <Stat
          label="Projects"
          value={projects.status === 'ready' ? `${projects.data.items.length}${projects.data.nextCursor ? '+' : ''}` : <span className="inline-block h-8 w-10 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />}
          hint={PLANS[user.plan.id].maxProjects === null ? 'Unlimited on your plan' : `${PLANS[user.plan.id].maxProjects} active on the ${user.plan.name} plan`}
          icon={<Folder className="size-4" aria-hidden="true" />}
          to="/projects"
        />
        <Stat label="Ads waiting for approval" value="0" hint="Shared previews not yet answered" icon={<MessageSquareMore className="size-4" aria-hidden="true" />} />
        <Stat label="Funnel visits · 7 days" value="0" hint="0 leads" icon={<BarChart3 className="size-4" aria-hidden="true" />} />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card title="Recent projects">
          <RecentProjects projects={projects} />
        </Card>
        <Card title="Recent creations">
          <EmptyState icon={<Image className="size-6" aria-hidden="true" />} title="Nothing rendered yet">
            Rendered creatives appear here, ready to download or use in an ad.
          </EmptyState>
        </Card>
      </div>
    </>
  );
}
