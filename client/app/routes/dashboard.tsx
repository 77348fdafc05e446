import { BarChart3, Coins, Folder, Image, MessageSquareMore, Send, TrendingUp, Wallet } from 'lucide-react';
import type { I18n } from '@lingui/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PLANS } from '#common/plans.ts';
import { toZonedInput } from '#common/time-zone.ts';
import { FirstSteps } from '#client/app/first-steps.tsx';
import { LoadFailed } from '#client/components/alert.tsx';
import { buttonClass } from '#client/components/button.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { Card, PageHeader } from '#client/components/page-header.tsx';
import { Skeleton } from '#client/components/skeleton.tsx';
import { Sparkline } from '#client/components/sparkline.tsx';
import { api, call } from '#client/lib/api.ts';
import { useFormat } from '#client/lib/format.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { useResource } from '#client/lib/use-resource.ts';
import { useTimeZone, useUser } from '#client/lib/session.tsx';

type Board = Awaited<ReturnType<typeof loadDashboard>>;

const loadDashboard = () => call(api.api.dashboard.$get());

const cardClass = 'block rounded-[var(--radius-card)] border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900';

/** A figure that links to the screen it comes from. */
function Stat({
  label,
  value,
  hint,
  icon,
  to,
  children,
}: {
  label: string;
  value: ReactNode;
  hint: ReactNode;
  icon: ReactNode;
  to: string;
  children?: ReactNode;
}) {
  return (
    <Link to={to} className={`${cardClass} min-w-0 hover:border-accent-200 hover:shadow-md`}>
      <div className="flex items-start justify-between gap-2 text-sm text-zinc-600 dark:text-zinc-400">
        <span className="hyphens-auto">{label}</span>
        <span className="shrink-0 text-zinc-400">{icon}</span>
      </div>
      <div className="mt-2 text-3xl font-semibold tracking-tight text-zinc-900 tabular-nums dark:text-zinc-50">{value}</div>
      <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{hint}</p>
      {children}
    </Link>
  );
}

/** The part of the day the greeting names (an argument of `dashboard.greeting`), on the account's clock. */
function timeOfDay(timeZone: string): 'morning' | 'afternoon' | 'evening' {
  const hour = Number(toZonedInput(new Date(), timeZone).slice(11, 13));
  return hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening';
}

/** "You own 2 of 3 active projects on the Free plan": the plan limits the active projects one owns, not memberships. */
function projectsHint(t: I18n['_'], board: Board, limit: number | null, planName: string): string {
  if (limit === null) return t('dashboard.projects.unlimited', { plan: planName });
  return t('dashboard.projects.owned', { owned: board.projects.ownedActive, limit, plan: planName });
}

/** Where the ads that need someone are: the project with most of them (or the projects list). */
function adsLink(board: Board): string {
  const first = board.ads.projects[0];
  return first ? `/projects/${first.projectId}/marketing` : '/projects';
}

function Stats({ board }: { board: Board }) {
  const t = useT();
  const format = useFormat();
  const { credits, ads, funnels, affiliate } = board;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-5">
      <Stat
        label={t('dashboard.credits.label')}
        value={format.number(credits.total)}
        hint={
          <>
            {t('dashboard.credits.hint', {
              monthly: format.number(credits.monthly),
              purchased: format.number(credits.purchased),

              date: format.date(credits.nextResetAt, 'dayMonth'),
            })}
            {credits.low ? <span className="mt-1 block font-medium text-amber-800 dark:text-amber-200">{t('dashboard.credits.low')}</span> : null}
          </>
        }
        icon={<Coins className="size-4" aria-hidden="true" />}
        to="/account/credits"
      />
      <Stat
        label={t('dashboard.approval.label')}
        value={format.number(ads.totals.inReview)}
        hint={t('dashboard.approval.hint', { count: ads.totals.reviews })}
        icon={<MessageSquareMore className="size-4" aria-hidden="true" />}
        to={adsLink(board)}
      />
      <Stat
        label={t('dashboard.posts.label')}
        value={format.number(ads.totals.scheduled + ads.totals.published)}
        hint={
          <>
            {t('dashboard.posts.hint', { scheduled: format.number(ads.totals.scheduled), published: format.number(ads.totals.published) })}
            {ads.totals.failed > 0 ? (
              <span className="font-medium text-red-700 dark:text-red-300">{t('dashboard.posts.failed', { count: format.number(ads.totals.failed) })}</span>
            ) : (
              t('dashboard.posts.noneFailed')
            )}
          </>
        }
        icon={<Send className="size-4" aria-hidden="true" />}
        to={adsLink(board)}
      />
      <Stat
        label={t('dashboard.visits.label')}
        value={format.number(funnels.views7d)}
        hint={t('dashboard.visits.leads', { count: funnels.leads7d })}
        icon={<BarChart3 className="size-4" aria-hidden="true" />}
        to="/funnels"
      >
        <Sparkline
          className="mt-3"
          label={t('dashboard.visits.chart', { days: funnels.daily7d.map((d) => t('dashboard.visits.day', { views: d.views, leads: d.leads })).join('; ') })}
          series={[
            { label: t('dashboard.visits.series'), values: funnels.daily7d.map((d) => d.views), className: 'text-accent-600' },
            { label: t('dashboard.leads.series'), values: funnels.daily7d.map((d) => d.leads), className: 'text-emerald-600' },
          ]}
          ownScale
        />
      </Stat>
      <Stat
        label={t('dashboard.earnings.label')}
        value={format.euros(affiliate.available + affiliate.pending)}
        hint={t('dashboard.earnings.hint', { available: format.euros(affiliate.available), pending: format.euros(affiliate.pending) })}
        icon={<Wallet className="size-4" aria-hidden="true" />}
        to="/account/affiliate"
      />
    </div>
  );
}

/** A dashboard card with nothing to show yet: what will appear, and a link to the screen where it is made. */
function NothingYet({ icon, title, to, action, children }: { icon: ReactNode; title: string; to: string; action: string; children: ReactNode }) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      action={
        <Link to={to} className={buttonClass('primary', 'sm')}>
          {action}
        </Link>
      }
    >
      {children}
    </EmptyState>
  );
}

function RecentProjects({ board }: { board: Board }) {
  const t = useT();
  if (board.projects.recent.length === 0) {
    return (
      <NothingYet
        icon={<Folder className="size-6" aria-hidden="true" />}
        title={t('dashboard.projects.empty')}
        to="/projects"
        action={t('dashboard.projects.create')}
      >
        {t('dashboard.projects.emptyText')}
      </NothingYet>
    );
  }
  return (
    <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
      {board.projects.recent.map((project) => (
        <li key={project.id}>
          <Link to={`/projects/${project.id}/`} className="flex items-center justify-between gap-3 py-2.5 hover:text-accent-700">
            <span className="truncate font-medium">{project.name}</span>
            <span className="shrink-0 text-xs text-zinc-500 dark:text-zinc-400">
              {t('dashboard.projects.row', { files: project.counts.media, role: project.role })}
            </span>
          </Link>
        </li>
      ))}
      {board.projects.more ? (
        <li className="pt-3">
          <Link to="/projects" className="text-sm font-medium text-accent-700 underline-offset-2 hover:underline dark:text-accent-200">
            {t('dashboard.projects.all')}
          </Link>
        </li>
      ) : null}
    </ul>
  );
}

/** The newest renders across the user's projects, linking to the gallery. */
function RecentCreations({ board }: { board: Board }) {
  const t = useT();
  if (board.creations.recent.length === 0) {
    return (
      <EmptyState icon={<Image className="size-6" aria-hidden="true" />} title={t('dashboard.creations.empty')}>
        {t('dashboard.creations.emptyText')}{' '}
        <Link to="/creatives" className="font-medium text-accent-700 underline underline-offset-2 dark:text-accent-200">
          {t('dashboard.creations.open')}
        </Link>
      </EmptyState>
    );
  }
  return (
    <div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {board.creations.recent.map((item) => (
          <li key={item.id} className="min-w-0">
            <a
              href={item.downloadUrl}
              download
              className="block rounded-lg border border-zinc-200 p-1.5 hover:border-accent-600 dark:border-zinc-700"
              aria-label={t('dashboard.creations.download', { name: item.name })}
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
        {t('dashboard.creations.all')}
      </Link>
    </div>
  );
}

/** Per project: the ads waiting for the customer, the posts scheduled or failed, the reviews received. */
function AdsByProject({ board }: { board: Board }) {
  const t = useT();
  const format = useFormat();
  if (board.ads.projects.length === 0) {
    return (
      <EmptyState icon={<MessageSquareMore className="size-6" aria-hidden="true" />} title={t('dashboard.ads.empty')}>
        {t('dashboard.ads.emptyText')}
      </EmptyState>
    );
  }
  return (
    <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
      {board.ads.projects.map((row) => {
        const parts = [
          row.inReview > 0 ? t('dashboard.ads.waiting', { count: format.number(row.inReview) }) : null,
          row.scheduled > 0 ? t('dashboard.ads.scheduled', { count: format.number(row.scheduled) }) : null,
          row.failed > 0 ? t('dashboard.ads.failed', { count: format.number(row.failed) }) : null,
          row.reviews > 0 ? t('dashboard.ads.reviews', { count: row.reviews }) : null,
        ].filter(Boolean);
        return (
          <li key={row.projectId}>
            <Link
              to={`/projects/${row.projectId}/marketing`}
              className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2.5 hover:text-accent-700"
            >
              <span className="min-w-0 truncate font-medium">{row.projectName}</span>
              <span className={`text-xs ${row.failed > 0 ? 'text-red-700 dark:text-red-300' : 'text-zinc-500 dark:text-zinc-400'}`}>{parts.join(' · ')}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function FunnelWeek({ board }: { board: Board }) {
  const t = useT();
  if (board.funnels.count === 0) {
    return (
      <NothingYet
        icon={<BarChart3 className="size-6" aria-hidden="true" />}
        title={t('dashboard.funnels.empty')}
        to="/funnels"
        action={t('dashboard.funnels.create')}
      >
        {t('dashboard.funnels.emptyText')}
      </NothingYet>
    );
  }
  return (
    <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
      {board.funnels.top.map((funnel) => (
        <li key={funnel.id}>
          <Link to={`/funnels/${funnel.id}`} className="grid grid-cols-[minmax(0,1fr)_5rem] items-center gap-3 py-2.5 hover:text-accent-700">
            <span className="min-w-0">
              <span className="block truncate font-medium">{funnel.title}</span>
              <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
                {t('dashboard.funnels.row', { project: funnel.projectName, views: funnel.views7d, leads: funnel.leads7d })}
              </span>
            </span>
            <Sparkline
              label={t('dashboard.funnels.chart', { funnel: funnel.title })}
              series={[{ label: t('dashboard.visits.series'), values: funnel.daily7d.map((d) => d.views), className: 'text-accent-600' }]}
            />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The best Instagram posts of the last 30 days (by engagement), each opening its ad. */
function BestPosts({ board }: { board: Board }) {
  const t = useT();
  const format = useFormat();
  if (board.bestPosts.length === 0) {
    return (
      <EmptyState icon={<TrendingUp className="size-6" aria-hidden="true" />} title={t('dashboard.bestPosts.empty')}>
        {t('dashboard.bestPosts.emptyText')}
      </EmptyState>
    );
  }
  return (
    <ol className="divide-y divide-zinc-200 dark:divide-zinc-800">
      {board.bestPosts.map((post) => (
        <li key={post.postId}>
          <Link to={`/projects/${post.projectId}/marketing?ad=${encodeURIComponent(post.adId)}`} className="block py-2.5 hover:text-accent-700">
            <span className="block truncate font-medium">{post.caption || t('dashboard.bestPosts.noCaption')}</span>
            <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
              {post.projectName} ·{' '}
              {t('dashboard.bestPosts.figures', { reach: format.number(post.reach ?? 0), engagement: format.number(post.engagement ?? 0) })}
            </span>
          </Link>
        </li>
      ))}
    </ol>
  );
}

/** The dashboard's placeholder: five figure cards, then five list cards, each of three lines. */
const LOADING_ROWS = [
  { className: 'grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-5', cards: 5, lines: ['h-4 w-24', 'mt-3 h-8 w-16', 'mt-2 h-3 w-32'] },
  { className: 'mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2', cards: 5, lines: ['h-5 w-32', 'mt-4 h-4 w-full', 'mt-3 h-4 w-2/3'] },
];

function Loading() {
  const t = useT();
  return (
    <div role="status" aria-label={t('dashboard.loading')}>
      {LOADING_ROWS.map((row) => (
        <div key={row.className} className={row.className}>
          {Array.from({ length: row.cards }, (_, i) => (
            <div key={i} className={cardClass}>
              {row.lines.map((line) => (
                <Skeleton key={line} className={line} />
              ))}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

/** `/dashboard`: the day at a glance; every figure links to the screen it comes from (one API call, one database round trip). */
export default function Dashboard() {
  const t = useT();
  const user = useUser();
  const timeZone = useTimeZone();
  const board = useResource(loadDashboard, []);
  const firstName = user.name.split(/\s+/)[0] ?? user.name;
  return (
    <>
      <PageHeader title={t('dashboard.greeting', { time: timeOfDay(timeZone), name: firstName })} description={t('dashboard.description')} />
      {board.status === 'loading' ? (
        <Loading />
      ) : board.status === 'error' ? (
        <LoadFailed title={t('dashboard.loadFailed')} onRetry={board.reload} />
      ) : (
        <>
          <FirstSteps state={board.data.firstSteps} projectId={board.data.projects.recent[0]?.id} hasProjects={board.data.projects.recent.length > 0} />
          <Stats board={board.data} />
          <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
            <Card title={t('dashboard.projects.title')} description={projectsHint(t, board.data, PLANS[user.plan.id].maxProjects, user.plan.name)}>
              <RecentProjects board={board.data} />
            </Card>
            <Card title={t('dashboard.creations.title')}>
              <RecentCreations board={board.data} />
            </Card>
            <Card title={t('dashboard.ads.title')} description={t('dashboard.ads.description')}>
              <AdsByProject board={board.data} />
            </Card>
            <Card title={t('dashboard.funnels.title')} description={t('dashboard.funnels.description', { count: board.data.funnels.count })}>
              <FunnelWeek board={board.data} />
            </Card>
            <Card title={t('dashboard.bestPosts.title')} description={t('dashboard.bestPosts.description')}>
              <BestPosts board={board.data} />
            </Card>
          </div>
        </>
      )}
    </>
  );
}
