import { lazy, Suspense, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ID_PATTERN } from '#common/schemas/fields.ts';
import { NewButton } from '#client/components/new-button.tsx';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { SearchBox } from '#client/components/search-box.tsx';
import { EditorSkeleton } from '#client/components/editor/editor-skeleton.tsx';
import { useToast } from '#client/components/toast.tsx';
import { errorMessage } from '#client/lib/http.ts';
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

const COPY: Record<Scope, { title: string; description: string }> = {
  all: { title: 'Presentation pages', description: 'Every presentation of every author: pitch pages for customers and campaigns, with their visitors.' },
  mine: { title: 'Presentations', description: 'Personal pitch pages for your customers and campaigns, with who looked at them and for how long.' },
};

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
            toast({ tone: 'success', message: `“${p.customerName}” is live.`, action: { label: 'Open the page', href: next.url } });
          },
          'The presentation could not be published.',
        );
        return;
      case 'unpublish':
        void run(
          p,
          async () => {
            replace(await presentationsApi.unpublish(p.id));
            toast({ tone: 'success', message: `“${p.customerName}” is offline: its address shows “not found” until you publish it again.` });
          },
          'The presentation could not be unpublished.',
        );
        return;
      case 'extend':
        void run(
          p,
          async () => {
            const next = await presentationsApi.extend(p.id);
            replace(next);
            toast({ tone: 'success', message: extendedMessage(next) });
          },
          'The presentation could not be extended.',
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
              message: `A draft copy was made at /presents/${copy.slug}.`,
              action: { label: 'Edit the copy', href: `${window.location.pathname}?edit=${copy.id}` },
            });
          },
          'The presentation could not be duplicated.',
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
      toast({ tone: 'success', message: `“${deleting.customerName}” was deleted.` });
      setDeleting(null);
    } catch (error) {
      toast({ tone: 'error', message: errorMessage(error, 'The presentation could not be deleted. Try again.') });
    } finally {
      setDeletePending(false);
    }
  };

  if (editId) {
    return (
      <Suspense fallback={<EditorSkeleton label="Loading the presentation editor" />}>
        <PresentationEditor
          key={editId}
          id={editId}
          backLabel={COPY[scope].title}
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
      <PageHeader title={COPY[scope].title} description={COPY[scope].description} actions={newButton('New presentation')} />
      <SearchBox id={`${id}-search`} label="Search presentations" placeholder="Search by customer or address" value={typed} onChange={setTyped} />
      <PresentationList
        list={list}
        showAuthor={scope === 'all'}
        query={query}
        editHref={editHref}
        busy={busy}
        onAction={onAction}
        empty={{
          title: 'No presentations yet',
          text: 'A presentation is a personal pitch page for one customer: your work for them, your offer and a way to say yes.',
          action: newButton('Create your first presentation'),
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
          toast({ tone: 'success', message: `“${p.customerName}” was created as a draft.` });
          list.reload();
          setParams({ edit: p.id });
        }}
      />
      <StatsDialog presentation={statsOf} onClose={() => setStatsOf(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this presentation?"
        confirmLabel="Delete presentation"
        pending={deletePending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      >
        “{deleting?.customerName}” and its statistics are deleted
        {deleting?.status === 'published' ? `, and /presents/${deleting.slug} goes offline at once` : ''}. This cannot be undone here.
      </ConfirmDialog>
    </>
  );
}
