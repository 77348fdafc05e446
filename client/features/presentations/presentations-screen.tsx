import { lazy, Suspense, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ID_PATTERN } from '#common/schemas/fields.ts';
import { NewButton } from '#client/components/new-button.tsx';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { SearchBox } from '#client/components/search-box.tsx';
import { EditorSkeleton } from '#client/components/editor/editor-skeleton.tsx';
import { useToast } from '#client/components/toast.tsx';
import { useFormat } from '#client/lib/format.ts';
import { errorMessage } from '#client/lib/http.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { useDebouncedSearch } from '#client/lib/use-debounced-search.ts';
import { usePaged } from '#client/lib/use-paged.ts';
import { useResource } from '#client/lib/use-resource.ts';
import { useSession } from '#client/lib/session.tsx';
import { canMakePresentations } from '#client/features/presentations/access.ts';
import { presentationsApi, projectsForPrefill, type Scope } from '#client/features/presentations/api.ts';
import type { PresentationSummary } from '#client/features/presentations/model.ts';
import { NewPresentationDialog } from '#client/features/presentations/new-presentation-dialog.tsx';
import { extendedMessage } from '#client/features/presentations/extend-button.tsx';
import { PresentationList, type RowAction } from '#client/features/presentations/presentation-list.tsx';
import { StatsDialog } from '#client/features/presentations/stats-dialog.tsx';
import { PresentationsUpsell } from '#client/features/presentations/upsell.tsx';

/** The editor (with the section components of its preview) loads when a presentation is opened: the list stays light. */
const PresentationEditor = lazy(() => import('#client/features/presentations/presentation-editor.tsx').then((m) => ({ default: m.PresentationEditor })));

const COPY = {
  all: { title: 'presentations.list.all.title', description: 'presentations.list.all.description' },
  mine: { title: 'presentations.list.mine.title', description: 'presentations.list.mine.description' },
} as const satisfies Record<Scope, { title: string; description: string }>;

/**
 * The presentations screen of `/admin/landing-pages` (scope `all`) and `/presentations`
 * (scope `mine`): search, the list with its actions, new presentation, statistics; the
 * editor opens in place at `?edit={id}` (Back returns to the list). Users whose plan has no
 * presentations see what they are and how to get them.
 */
export function PresentationsScreen({ scope }: { scope: Scope }) {
  const { user } = useSession();
  if (!canMakePresentations(user)) return <PresentationsUpsell />;
  return <Manage scope={scope} />;
}

function Manage({ scope }: { scope: Scope }) {
  const t = useT();
  const format = useFormat();
  const id = useId();
  const toast = useToast();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const rawEdit = params.get('edit');
  const editId = rawEdit && ID_PATTERN.test(rawEdit) ? rawEdit : rawEdit ? 'invalid' : null;
  const { typed, setTyped, query } = useDebouncedSearch(params.get('q') ?? '');
  const list = usePaged((cursor) => presentationsApi.list(scope, query, cursor), [scope, query]);
  const projects = useResource(projectsForPrefill, []);
  const [creating, setCreating] = useState(params.get('new') === '1');
  const [statsOf, setStatsOf] = useState<PresentationSummary | null>(null);
  const [deleting, setDeleting] = useState<PresentationSummary | null>(null);
  const [deletePending, setDeletePending] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const fromProject = params.get('project') ?? undefined;

  const editHref = (p: PresentationSummary) => `?edit=${encodeURIComponent(p.id)}`;
  const replace = (p: PresentationSummary) => list.patch((item) => (item.id === p.id ? p : item));

  const run = async (p: PresentationSummary, work: () => Promise<void>, failure: string) => {
    setBusy(p.id);
    try {
      await work();
    } catch (error) {
      toast({ tone: 'error', message: errorMessage(error, failure) });
    } finally {
      setBusy(null);
    }
  };

  const onAction = (action: RowAction, p: PresentationSummary) => {
    if (busy) return;
    switch (action) {
      case 'stats':
        setStatsOf(p);
        return;
      case 'delete':
        setDeleting(p);
        return;
      case 'publish':
        void run(
          p,
          async () => {
            const next = await presentationsApi.publish(p.id);
            replace(next);
            toast({
              tone: 'success',
              message: t('presentations.list.published', { customer: p.customerName }),
              action: { label: t('presentations.list.openPage'), href: next.url },
            });
          },
          t('presentations.list.publishFailed'),
        );
        return;
      case 'unpublish':
        void run(
          p,
          async () => {
            replace(await presentationsApi.unpublish(p.id));
            toast({ tone: 'success', message: t('presentations.list.unpublished', { customer: p.customerName }) });
          },
          t('presentations.list.unpublishFailed'),
        );
        return;
      case 'extend':
        void run(
          p,
          async () => {
            const next = await presentationsApi.extend(p.id);
            replace(next);
            toast({ tone: 'success', message: extendedMessage(t, format, next) });
          },
          t('presentations.list.extendFailed'),
        );
        return;
      case 'duplicate':
        void run(
          p,
          async () => {
            const copy = await presentationsApi.duplicate(p.id);
            list.reload();
            toast({
              tone: 'success',
              message: t('presentations.list.duplicated', { slug: copy.slug }),
              action: { label: t('presentations.list.editCopy'), href: `${window.location.pathname}?edit=${copy.id}` },
            });
          },
          t('presentations.list.duplicateFailed'),
        );
        return;
    }
  };

  const remove = async () => {
    if (!deleting) return;
    setDeletePending(true);
    try {
      await presentationsApi.remove(deleting.id);
      list.patch((item) => (item.id === deleting.id ? null : item));
      toast({ tone: 'success', message: t('presentations.list.deleted', { customer: deleting.customerName }) });
      setDeleting(null);
    } catch (error) {
      toast({ tone: 'error', message: errorMessage(error, t('presentations.list.deleteFailed')) });
    } finally {
      setDeletePending(false);
    }
  };

  if (editId) {
    return (
      <Suspense fallback={<EditorSkeleton label={t('presentations.editor.loading')} />}>
        <PresentationEditor
          key={editId}
          id={editId}
          backLabel={t(COPY[scope].title)}
          onBack={() => {
            // Back to the list as it was (Back in the browser does the same).
            if (window.history.state?.idx > 0) navigate(-1);
            else setParams({}, { replace: true });
          }}
          onChanged={replace}
        />
      </Suspense>
    );
  }

  const newButton = (label: string) => <NewButton onClick={() => setCreating(true)}>{label}</NewButton>;

  return (
    <>
      <PageHeader title={t(COPY[scope].title)} description={t(COPY[scope].description)} actions={newButton(t('presentations.list.new'))} />
      <SearchBox
        id={`${id}-search`}
        label={t('presentations.list.search')}
        placeholder={t('presentations.list.searchPlaceholder')}
        value={typed}
        onChange={setTyped}
      />
      <PresentationList
        list={list}
        showAuthor={scope === 'all'}
        query={query}
        editHref={editHref}
        busy={busy}
        onAction={onAction}
        empty={{
          title: t('presentations.list.empty.title'),
          text: t('presentations.list.empty.text'),
          action: newButton(t('presentations.list.empty.action')),
        }}
      />
      <NewPresentationDialog
        // A new form for each opening, and once the projects it may start from have loaded.
        key={`${creating}|${projects.status}`}
        open={creating && projects.status !== 'loading'}
        projects={projects.status === 'ready' ? projects.data : []}
        defaultProjectId={fromProject}
        onClose={() => {
          setCreating(false);
          if (params.has('new') || params.has('project')) setParams({}, { replace: true });
        }}
        onCreated={(p) => {
          setCreating(false);
          toast({ tone: 'success', message: t('presentations.list.created', { customer: p.customerName }) });
          list.reload();
          setParams({ edit: p.id });
        }}
      />
      <StatsDialog presentation={statsOf} onClose={() => setStatsOf(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('presentations.list.delete.title')}
        confirmLabel={t('presentations.list.delete.confirm')}
        pending={deletePending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      >
        {deleting?.status === 'published'
          ? t('presentations.list.delete.bodyPublished', { customer: deleting.customerName, slug: deleting.slug })
          : t('presentations.list.delete.body', { customer: deleting?.customerName ?? '' })}
      </ConfirmDialog>
    </>
  );
}
