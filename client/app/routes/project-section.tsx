import { lazy, Suspense, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { AdDetail, AdSummary, InstagramConnection } from '#common/schemas/ads.ts';
import type { ProjectDetail, ProjectSummary } from '#common/schemas/projects.ts';
import { NewButton } from '#client/components/new-button.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { LoadFailedOrNotFound } from '#client/components/load-failed-or-not-found.tsx';
import { Skeleton } from '#client/components/skeleton.tsx';
import { useToast } from '#client/components/toast.tsx';
import { usePaged } from '#client/lib/use-paged.ts';
import { useResource, type Resource } from '#client/lib/use-resource.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { CreativeList } from '#client/features/creatives/list-creatives.tsx';
import { AdsList, useAdStatusFilter } from '#client/features/ads/ads-list.tsx';
import { ReviewBoardCard } from '#client/features/ads/review-board-card.tsx';
import { adsApi } from '#client/features/ads/api.ts';
import { ProjectFunnelsCard } from '#client/features/funnels/project-funnels-card.tsx';
import { instagramApi } from '#client/features/instagram/api.ts';
import { InstagramCard } from '#client/features/instagram/instagram-card.tsx';
import { CreatePresentationButton } from '#client/features/presentations/create-from-project.tsx';
import { useCrumbLabel } from '#client/app/crumbs.tsx';
import { ProjectTabs, useProject } from '#client/app/routes/project.tsx';

// The template picker (its previews, ≈ 3 KB gzip) loads when "New creative" is first pressed.
// The ad's dialogs load when one opens (they carry the editor, the picker and the preview): the screen's chunk stays in budget.
const AdEditorDialog = lazy(() => import('#client/features/ads/ad-editor.tsx').then((m) => ({ default: m.AdEditorDialog })));
const NewAdDialog = lazy(() => import('#client/features/ads/new-ad-dialog.tsx').then((m) => ({ default: m.NewAdDialog })));
// A project's post figures (the table below the ads, the figures beside a published ad) load with their first showing.
const InsightsTable = lazy(() => import('#client/features/instagram/insights-table.tsx').then((m) => ({ default: m.InsightsTable })));
const PostFigures = lazy(() => import('#client/features/instagram/post-figures.tsx').then((m) => ({ default: m.PostFigures })));
const TemplatePicker = lazy(() => import('#client/features/creatives/template-picker.tsx').then((m) => ({ default: m.TemplatePicker })));

/** `/projects/{projectId}/creatives`: the project's creatives (the same list as /creatives, without the project filter); "New creative" creates in this project. */
export function ProjectCreatives() {
  const t = useT();
  const { projectId = '' } = useParams();
  const project = useProject(projectId);
  const data = project.status === 'ready' ? project.data : undefined;
  const [picking, setPicking] = useState(false);
  useCrumbLabel(`/projects/${projectId}`, data?.name);
  // The picker takes the user's projects; here it is this one.
  const { status, reload } = project;
  const projects = useMemo(
    () =>
      data
        ? { status: 'ready' as const, data: [data] as readonly ProjectSummary[], error: undefined, reload }
        : { status: 'loading' as const, data: undefined, error: undefined, reload },
    [data, reload],
  ) satisfies Resource<readonly ProjectSummary[]>;

  if (status === 'error') return <LoadFailedOrNotFound error={project.error} title={t('projects.page.loadFailed')} onRetry={reload} />;
  const canCreate = data !== undefined && data.role !== 'viewer' && !data.archived;
  const newButton = (label: string) => <NewButton onClick={() => setPicking(true)}>{label}</NewButton>;
  return (
    <>
      <PageHeader
        title={data?.name ?? '\u00a0'}
        description={t('projects.creatives.description')}
        actions={canCreate ? newButton(t('projects.creatives.new')) : undefined}
      />
      <ProjectTabs projectId={projectId} />
      <CreativeList
        projectId={projectId}
        empty={
          canCreate
            ? {
                title: t('projects.creatives.emptyTitle'),
                text: t('projects.creatives.emptyText'),
                action: newButton(t('projects.creatives.createFirst')),
              }
            : { title: t('projects.creatives.emptyTitle'), text: t('projects.creatives.emptyViewerText') }
        }
      />
      {picking ? (
        <Suspense fallback={null}>
          <TemplatePicker open onClose={() => setPicking(false)} projects={projects} projectId={projectId} />
        </Suspense>
      ) : null}
    </>
  );
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A summary of a loaded ad, for its row in the list. */
function summaryOf(ad: AdDetail): AdSummary {
  return {
    id: ad.id,
    projectId: ad.projectId,
    name: ad.name,
    kind: ad.kind,
    status: ad.status,
    headline: ad.headline,
    placements: ad.placements,
    revision: ad.revision,
    thumbnailUrl: ad.items[0]?.url ?? ad.thumbnailUrl,
    itemCount: ad.items.length,
    reviewCount: ad.reviewCount,
    post: ad.post,
    createdAt: ad.createdAt,
    updatedAt: ad.updatedAt,
  };
}

/**
 * The marketing page's content: the ads (filter, pages, editor at `?ad=`, new ad from
 * `?creative=` or `?creations=a,b`) and the Instagram connection (`?instagram=connected`
 * after Instagram Login says so), beside the project's funnels. It joins three features
 * (ads, instagram, funnels), which is the route's job: features do not import each other.
 */
function Marketing({ project }: { project: ProjectDetail }) {
  const t = useT();
  const projectId = project.id;
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const [status, setStatus] = useAdStatusFilter();
  const list = usePaged((cursor) => adsApi.list(projectId, status, cursor), [projectId, status]);
  const instagram = useResource(() => instagramApi.get(projectId), [projectId]);
  const canCreate = project.role !== 'viewer' && !project.archived;
  const [creating, setCreating] = useState(false);

  const adId = params.get('ad');
  const creativeParam = params.get('creative');
  const creativeId = creativeParam && ID.test(creativeParam) ? creativeParam : null;
  const creationIds = (params.get('creations') ?? '').split(',').filter((id) => ID.test(id));
  const prefilled = creativeId !== null || creationIds.length > 0;

  const update = (change: (p: URLSearchParams) => void, replace = false) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        change(copy);
        return copy;
      },
      { replace },
    );

  // Instagram Login came back: say so once, and take the flag out of the address.
  const connected = params.get('instagram') === 'connected';
  const announce = useEffectEvent(() => {
    toast({ tone: 'success', message: t('projects.marketing.instagramConnected') });
    update((p) => p.delete('instagram'), true);
  });
  useEffect(() => {
    if (connected) announce();
  }, [connected]);

  const closeNew = () => {
    setCreating(false);
    if (prefilled)
      update((p) => {
        p.delete('creative');
        p.delete('creations');
      }, true);
  };

  return (
    <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <AdsList
        list={list}
        status={status}
        onStatus={setStatus}
        hrefOf={(ad) => {
          const next = new URLSearchParams(params);
          next.set('ad', ad.id);
          return `?${next.toString()}`;
        }}
        onNew={canCreate ? () => setCreating(true) : undefined}
      />
      <div className="min-w-0 space-y-6">
        <InstagramCard
          projectId={projectId}
          isOwner={project.role === 'owner'}
          archived={project.archived}
          connection={instagram}
          onChange={(next: InstagramConnection) => instagram.setData(next)}
        />
        <ReviewBoardCard projectId={projectId} canEdit={canCreate} />
        <ProjectFunnelsCard projectId={projectId} canCreate={canCreate} />
      </div>
      <div className="min-w-0 lg:col-span-2">
        <Suspense fallback={null}>
          <InsightsTable projectId={projectId} />
        </Suspense>
      </div>
      {canCreate && (creating || prefilled) ? (
        <Suspense fallback={null}>
          <NewAdDialog
            key={`${creativeId ?? ''}|${creationIds.join(',')}`}
            open={creating || prefilled}
            projectId={projectId}
            creativeId={creativeId}
            creationIds={creationIds}
            onClose={closeNew}
            onCreated={(ad) => {
              setCreating(false);
              toast({ tone: 'success', message: t('projects.marketing.adCreated', { name: ad.name }) });
              update((p) => {
                p.delete('creative');
                p.delete('creations');
                p.set('ad', ad.id);
              });
              list.reload();
            }}
          />
        </Suspense>
      ) : null}
      {adId ? (
        <Suspense fallback={null}>
          <AdEditorDialog
            adId={adId}
            archived={project.archived}
            instagram={instagram.status === 'ready' ? instagram.data : undefined}
            onClose={() => update((p) => p.delete('ad'))}
            onChanged={(ad) => {
              const summary = summaryOf(ad);
              list.patch((item) => (item.id === ad.id ? (status && status !== ad.status ? null : summary) : item));
            }}
            onDeleted={(id) => {
              list.patch((item) => (item.id === id ? null : item));
              update((p) => p.delete('ad'));
            }}
            figures={(ad) => (
              <Suspense fallback={null}>
                <PostFigures adId={ad.id} />
              </Suspense>
            )}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** While the project loads: the list and the card as shapes. */
function MarketingSkeleton() {
  const t = useT();
  return (
    <div role="status" aria-label={t('projects.marketing.loading')} className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="space-y-3">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-20 w-full" />
      </div>
      <Skeleton className="h-32 w-full" />
    </div>
  );
}

/** `/projects/{projectId}/marketing`: the project's ads (review, preview links, publishing) and its Instagram connection. */
export function ProjectMarketing() {
  const t = useT();
  const { projectId = '' } = useParams();
  const project = useProject(projectId);
  const data = project.status === 'ready' ? project.data : undefined;
  useCrumbLabel(`/projects/${projectId}`, data?.name);
  if (project.status === 'error') return <LoadFailedOrNotFound error={project.error} title={t('projects.page.loadFailed')} onRetry={project.reload} />;
  return (
    <>
      <PageHeader
        title={data?.name ?? '\u00a0'}
        description={t('projects.marketing.description')}
        actions={data ? <CreatePresentationButton project={data} /> : undefined}
      />
      <ProjectTabs projectId={projectId} />
      {data ? <Marketing project={data} /> : <MarketingSkeleton />}
    </>
  );
}
