import { FunnelLanguageCard } from '#client/features/funnels/language-card.tsx';
import { ExternalLink, LayoutTemplate, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { Skeleton } from '#client/components/skeleton.tsx';
import { useToast } from '#client/components/toast.tsx';
import { LoadFailedOrNotFound } from '#client/components/load-failed-or-not-found.tsx';
import { errorMessage } from '#client/lib/http.ts';
import { useResource } from '#client/lib/use-resource.ts';
import { AnalyticsCard } from '#client/features/funnels/analytics-card.tsx';
import { funnelsApi, type FunnelDetail } from '#client/features/funnels/api.ts';
import { LeadsCard } from '#client/features/funnels/leads-card.tsx';
import { PagesCard } from '#client/features/funnels/pages-card.tsx';
import { DomainCard, NotifyCard, TitleCard } from '#client/features/funnels/settings-cards.tsx';
import { ThemeEditor } from '#client/features/funnels/theme-editor.tsx';
import { useCrumbLabel } from '#client/app/crumbs.tsx';
import { useT } from '#client/lib/i18n-context.tsx';

const TABS = [
  { id: 'pages', label: 'funnels.tabs.pages' },
  { id: 'analytics', label: 'funnels.tabs.analytics' },
  { id: 'leads', label: 'funnels.tabs.leads' },
  { id: 'settings', label: 'funnels.tabs.settings' },
] as const;
type Tab = (typeof TABS)[number]['id'];

function Tabs({ active }: { active: Tab }) {
  const t = useT();
  const [params] = useSearchParams();
  const href = (tab: Tab) => {
    const next = new URLSearchParams(params);
    if (tab === 'pages') next.delete('tab');
    else next.set('tab', tab);
    const query = next.toString();
    return { search: query ? `?${query}` : '' };
  };
  return (
    <nav aria-label={t('funnels.tabs.label')} className="mb-6 flex gap-x-6 gap-y-2 overflow-x-auto border-b border-zinc-200 dark:border-zinc-800">
      {TABS.map((tab) => (
        <Link
          key={tab.id}
          to={href(tab.id)}
          replace
          aria-current={active === tab.id ? 'page' : undefined}
          className={`shrink-0 border-b-2 px-1 pb-2 text-sm font-medium ${active === tab.id ? 'border-accent-600 text-zinc-900 dark:text-white' : 'border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white'}`}
        >
          {t(tab.label)}
        </Link>
      ))}
    </nav>
  );
}

function Header({ funnel, onDelete }: { funnel: FunnelDetail; onDelete: (() => void) | undefined }) {
  const t = useT();
  const first = funnel.pages.find((p) => p.status !== 'draft');
  return (
    <div className="mb-4 flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight break-words text-zinc-900 dark:text-zinc-50">{funnel.title}</h1>
        <p className="mt-1 flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-sm text-zinc-600 dark:text-zinc-400">
          <Link to={`/projects/${funnel.projectId}/`} className="hover:underline">
            {funnel.projectName}
          </Link>
          <span className="font-mono break-all">/p/{funnel.name}</span>
          {funnel.customDomain ? <span className="break-all">{funnel.customDomain}</span> : null}
          <span>{t('funnels.funnel.pages', { count: funnel.pageCount })}</span>
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {first ? (
          <a
            href={`/p/${funnel.name}`}
            target="_blank"
            rel="noreferrer"
            className="inline-flex h-8 items-center gap-1.5 rounded-[var(--radius-control)] px-3 text-sm font-medium text-accent-700 hover:bg-accent-50 dark:text-accent-200 dark:hover:bg-accent-800/30"
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            {t('funnels.funnel.openLive')}
          </a>
        ) : null}
        <Link
          to={`/_components/${funnel.name}`}
          className="inline-flex h-8 items-center gap-1.5 rounded-[var(--radius-control)] px-3 text-sm font-medium text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
        >
          <LayoutTemplate aria-hidden="true" className="size-4" />
          {t('funnels.funnel.componentSheet')}
        </Link>
        {onDelete ? (
          <button
            type="button"
            onClick={onDelete}
            className="inline-flex h-8 items-center gap-1.5 rounded-[var(--radius-control)] px-3 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 dark:text-red-400 dark:hover:bg-red-900/30"
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {t('funnels.funnel.delete')}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * `/funnels/{funnelId}`: the funnel's pages in order (reorder, add, statuses, live links), its
 * analytics and A/B results, its leads, and its theme, custom domain and lead emails.
 */
export default function Funnel() {
  const t = useT();
  const { funnelId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const resource = useResource(() => funnelsApi.get(funnelId), [funnelId]);
  const funnel = resource.status === 'ready' ? resource.data : undefined;
  const [deleting, setDeleting] = useState(false);
  const [pending, setPending] = useState(false);
  useCrumbLabel(`/funnels/${funnelId}`, funnel?.title);
  const rawTab = params.get('tab');
  const tab: Tab = TABS.find((item) => item.id === rawTab)?.id ?? 'pages';

  if (resource.status === 'error') return <LoadFailedOrNotFound error={resource.error} title={t('funnels.funnel.loadFailed')} onRetry={resource.reload} />;
  if (!funnel) {
    return (
      <div role="status" aria-busy="true" aria-label={t('funnels.funnel.loading')} className="space-y-4">
        <Skeleton className="h-8 w-2/3 max-w-md" />
        <Skeleton className="h-4 w-1/2 max-w-sm" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }

  const update = (next: FunnelDetail) => resource.setData(next);
  const canEdit = funnel.role !== 'viewer';

  const remove = async () => {
    setPending(true);
    try {
      await funnelsApi.remove(funnel.id);
      toast({ tone: 'success', message: t('funnels.funnel.deleted', { title: funnel.title }) });
      navigate('/funnels');
    } catch (error) {
      toast({ tone: 'error', message: errorMessage(error, t('funnels.funnel.deleteFailed')) });
      setPending(false);
      setDeleting(false);
    }
  };

  return (
    <>
      <Header funnel={funnel} onDelete={canEdit ? () => setDeleting(true) : undefined} />
      <Tabs active={tab} />
      {tab === 'pages' ? (
        <PagesCard funnel={funnel} onPagesChange={(pages) => update({ ...funnel, pages, pageCount: pages.length })} onReload={resource.reload} />
      ) : null}
      {tab === 'analytics' ? <AnalyticsCard funnel={funnel} onChanged={resource.reload} /> : null}
      {tab === 'leads' ? <LeadsCard funnel={funnel} /> : null}
      {tab === 'settings' ? (
        <div className="grid min-w-0 gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
          <ThemeEditor funnel={funnel} onSaved={update} />
          <div className="min-w-0 space-y-6">
            <TitleCard funnel={funnel} onSaved={update} />
            <DomainCard funnel={funnel} onSaved={update} />
            <NotifyCard funnel={funnel} onSaved={update} />
            <FunnelLanguageCard funnel={funnel} onSaved={update} />
          </div>
        </div>
      ) : null}
      <ConfirmDialog
        open={deleting}
        title={t('funnels.funnel.deleteTitle', { title: funnel.title })}
        confirmLabel={t('funnels.funnel.delete')}
        pending={pending}
        onCancel={() => setDeleting(false)}
        onConfirm={() => void remove()}
      >
        {funnel.customDomain
          ? t('funnels.funnel.deleteBodyDomain', { count: funnel.pageCount, domain: funnel.customDomain, name: funnel.name })
          : t('funnels.funnel.deleteBody', { count: funnel.pageCount, name: funnel.name })}
      </ConfirmDialog>
    </>
  );
}
