import { ArrowDown, ArrowUp, ExternalLink, FileText, GripVertical, Pencil } from 'lucide-react';
import { useRef, useState, type DragEvent, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { FUNNEL_LIMITS, PAGE_SLUG_MAX, pageSlugProblem, slugify } from '#common/schemas/funnels.ts';
import type { PageTemplateId } from '#common/templates/pages/ids.ts';
import { NewButton } from '#client/components/new-button.tsx';
import { Dialog } from '#client/components/dialog.tsx';
import { DialogFormActions } from '#client/components/dialog-form-actions.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { TextField } from '#client/components/field.tsx';
import { FormError } from '#client/components/form-error.tsx';
import { useToast } from '#client/components/toast.tsx';
import { ApiError, errorMessage } from '#client/lib/http.ts';
import { focusFirstError, useFormSubmission } from '#client/lib/use-form-submission.ts';
import { PageTitleLine } from '#client/features/funnels/page-title-line.tsx';
import { TemplatePicker, useTemplateName } from '#client/features/funnels/template-picker.tsx';
import { funnelsApi, type FunnelDetail, type PageSummary } from '#client/features/funnels/api.ts';
import { useT } from '#client/lib/i18n-context.tsx';

/** The list with `id` moved to `to` (an index in the list without it). */
export function moved<T extends { id: string }>(items: readonly T[], id: string, to: number): T[] {
  const from = items.findIndex((i) => i.id === id);
  if (from < 0) return [...items];
  const rest = items.filter((i) => i.id !== id);
  const target = Math.max(0, Math.min(rest.length, to));
  return [...rest.slice(0, target), items[from]!, ...rest.slice(target)];
}

const iconButton =
  'inline-grid size-8 shrink-0 place-items-center rounded-[var(--radius-control)] text-zinc-600 hover:bg-zinc-100 disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 dark:text-zinc-300 dark:hover:bg-zinc-800';

/**
 * The funnel's pages in visitor order. Editors reorder them by dragging a row, with the move
 * buttons, or with Alt+↑/↓ on a row's handle; each change is saved at once (one PUT of the
 * whole order) and undone on screen if the server refuses it.
 */
export function PagesCard({
  funnel,
  onPagesChange,
  onReload,
}: {
  funnel: FunnelDetail;
  onPagesChange: (pages: PageSummary[]) => void;
  /** Loads the funnel again (after a refused order). */
  onReload: () => void;
}) {
  const t = useT();
  const toast = useToast();
  const canEdit = funnel.role !== 'viewer';
  const pages = funnel.pages;
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [saving, setSaving] = useState(false);
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const reorder = async (id: string, to: number, focusAfter = false) => {
    const before = pages;
    const next = moved(before, id, to);
    if (next.every((p, i) => p.id === before[i]?.id)) return;
    const page = next.find((p) => p.id === id)!;
    const position = next.indexOf(page) + 1;
    onPagesChange(next.map((p, i) => ({ ...p, position: i })));
    setAnnouncement(t('funnels.pagesCard.moved', { title: page.title, position, count: next.length }));
    if (focusAfter) requestAnimationFrame(() => document.getElementById(`page-handle-${id}`)?.focus());
    setSaving(true);
    // One save at a time, in the order of the moves: a later order never lands before an earlier one.
    const request = queue.current.then(() =>
      funnelsApi.reorder(
        funnel.id,
        next.map((p) => p.id),
      ),
    );
    queue.current = request.catch(() => undefined);
    try {
      await request;
    } catch (error) {
      onPagesChange(before);
      setAnnouncement(t('funnels.pagesCard.orderFailed'));
      toast({ tone: 'error', message: errorMessage(error, t('funnels.pagesCard.orderFailedRetry')) });
      // Later moves were made on top of this one: the server's order is the one to show.
      onReload();
    } finally {
      setSaving(false);
    }
  };

  const onHandleKey = (event: KeyboardEvent, id: string, index: number) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    void reorder(id, event.key === 'ArrowUp' ? index - 1 : index + 1, true);
  };

  const drop = (event: DragEvent, index: number) => {
    event.preventDefault();
    const id = dragging;
    setDragging(null);
    setOver(null);
    if (id) void reorder(id, index);
  };

  return (
    <section aria-labelledby="funnel-pages-heading" className="min-w-0">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="funnel-pages-heading" className="text-base font-semibold">
            {t('funnels.pagesCard.title')}
          </h2>
          {canEdit && pages.length > 1 ? (
            <p id="funnel-pages-hint" className="text-xs text-zinc-600 dark:text-zinc-400">
              {t('funnels.pagesCard.hint')}
            </p>
          ) : null}
        </div>
        {canEdit ? (
          <NewButton size="sm" onClick={() => setAdding(true)}>
            {t('funnels.pagesCard.add')}
          </NewButton>
        ) : null}
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {pages.length === 0 ? (
        <EmptyState
          icon={<FileText aria-hidden="true" className="size-8" />}
          title={t('funnels.pagesCard.empty')}
          action={canEdit ? <NewButton onClick={() => setAdding(true)}>{t('funnels.pagesCard.addFirst')}</NewButton> : undefined}
        >
          {t('funnels.pagesCard.emptyText')}
        </EmptyState>
      ) : (
        <ol aria-label={t('funnels.pagesCard.inOrder')} aria-busy={saving || undefined} className="space-y-2">
          {pages.map((page, index) => (
            <li
              key={page.id}
              onDragOver={
                dragging
                  ? (e) => {
                      e.preventDefault();
                      setOver(index);
                    }
                  : undefined
              }
              onDrop={dragging ? (e) => drop(e, index) : undefined}
              className={`flex min-w-0 items-center gap-2 rounded-[var(--radius-card)] border bg-white p-2 shadow-sm sm:gap-3 sm:p-3 dark:bg-zinc-900 ${
                over === index && dragging && dragging !== page.id ? 'border-accent-600 ring-2 ring-accent-600/30' : 'border-zinc-200 dark:border-zinc-800'
              } ${dragging === page.id ? 'opacity-50' : ''}`}
            >
              {canEdit ? (
                <button
                  type="button"
                  id={`page-handle-${page.id}`}
                  draggable
                  aria-label={t('funnels.pagesCard.reorder', { title: page.title, position: index + 1, count: pages.length })}
                  aria-describedby={pages.length > 1 ? 'funnel-pages-hint' : undefined}
                  onKeyDown={(e) => onHandleKey(e, page.id, index)}
                  onDragStart={(e) => {
                    e.dataTransfer?.setData('text/plain', page.id);
                    if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
                    setDragging(page.id);
                  }}
                  onDragEnd={() => {
                    setDragging(null);
                    setOver(null);
                  }}
                  className={`${iconButton} cursor-grab active:cursor-grabbing`}
                >
                  <GripVertical aria-hidden="true" className="size-4" />
                </button>
              ) : null}
              <span aria-hidden="true" className="hidden w-5 shrink-0 text-center text-sm font-semibold text-zinc-500 tabular-nums sm:block">
                {index + 1}
              </span>
              <div className="min-w-0 flex-1">
                <PageTitleLine page={page} weight="font-medium" />
                <p className="flex min-w-0 flex-wrap items-center gap-x-3 text-xs text-zinc-600 dark:text-zinc-400">
                  {page.status === 'draft' ? (
                    <span className="truncate font-mono">
                      /p/{funnel.name}/{page.slug}
                    </span>
                  ) : (
                    <a
                      href={`/p/${funnel.name}/${page.slug}`}
                      target="_blank"
                      rel="noreferrer"
                      className="inline-flex min-w-0 items-center gap-1 font-mono text-accent-700 underline dark:text-accent-200"
                    >
                      <span className="truncate">
                        /p/{funnel.name}/{page.slug}
                      </span>
                      <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
                      <span className="sr-only">{t('funnels.pageRow.opensLive')}</span>
                    </a>
                  )}
                  <span>
                    {t('funnels.pagesCard.week', { views: page.views7d, leads: page.leads7d })}{' '}
                    <span className="sr-only">{t('funnels.pagesCard.inLast7')}</span>
                  </span>
                </p>
              </div>
              {canEdit ? (
                <div className="flex shrink-0 items-center">
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={t('funnels.pagesCard.moveUp', { title: page.title })}
                    disabled={index === 0}
                    onClick={() => void reorder(page.id, index - 1)}
                  >
                    <ArrowUp aria-hidden="true" className="size-4" />
                  </button>
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={t('funnels.pagesCard.moveDown', { title: page.title })}
                    disabled={index === pages.length - 1}
                    onClick={() => void reorder(page.id, index + 1)}
                  >
                    <ArrowDown aria-hidden="true" className="size-4" />
                  </button>
                  <Link to={`/pages/${page.id}`} className={iconButton} aria-label={t('funnels.pageRow.editLabel', { title: page.title })}>
                    <Pencil aria-hidden="true" className="size-4" />
                  </Link>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {canEdit ? (
        <AddPageDialog
          key={String(adding)}
          open={adding}
          funnel={funnel}
          onClose={() => setAdding(false)}
          onAdded={(page) => {
            setAdding(false);
            onPagesChange([...pages, { ...page, position: pages.length }]);
            toast({
              tone: 'success',
              message: t('funnels.pagesCard.added', { title: page.title }),
              action: { label: t('funnels.pagesCard.editIt'), href: `/pages/${page.id}` },
            });
          }}
        />
      ) : null}
    </section>
  );
}

const TITLE_MAX = FUNNEL_LIMITS.pageTitle;

function AddPageDialog({ open, funnel, onClose, onAdded }: { open: boolean; funnel: FunnelDetail; onClose: () => void; onAdded: (page: PageSummary) => void }) {
  const t = useT();
  const templateName = useTemplateName();
  const [template, setTemplate] = useState<PageTemplateId | null>(null);
  const [title, setTitle] = useState('');
  // The title follows the template chosen until the user types one of their own; the address follows the title.
  const [titleEdited, setTitleEdited] = useState(false);
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [errors, setErrors] = useState<{ title?: string | undefined; slug?: string | undefined }>({});
  const { pending, formError, setFormError, send } = useFormSubmission();
  const taken = funnel.pages.some((p) => p.slug === slug);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    const found = {
      title: !title.trim()
        ? t('funnels.addPage.titleMissing')
        : title.trim().length > TITLE_MAX
          ? t('funnels.addPage.titleLong', { max: TITLE_MAX })
          : undefined,
      slug: pageSlugProblem(slug) ?? (taken ? t('funnels.addPage.taken', { slug }) : undefined),
    };
    setErrors(found);
    setFormError(null);
    if (focusFirstError(form, found, ['title', 'slug'])) return;
    await send(
      async () => onAdded(await funnelsApi.addPage(funnel.id, { title: title.trim(), slug, ...(template ? { template } : {}) })),
      t('funnels.addPage.failed'),
      (error) => {
        const details = error instanceof ApiError ? error.details : undefined;
        const server = { slug: details?.slug?.[0], title: details?.title?.[0] };
        if (!focusFirstError(form, server, ['slug', 'title'])) return false;
        setErrors(server);
        return true;
      },
    );
  };

  return (
    <Dialog open={open} title={t('funnels.addPage.title')} onClose={onClose} wide>
      {/* Before the form, not in it: the preview draws the template's own form (forms do not nest). */}
      <TemplatePicker
        kind="page"
        value={template}
        onChange={(next) => {
          setTemplate(next);
          if (titleEdited) return;
          const named = next ? templateName(next) : '';
          setTitle(named);
          if (!slugEdited) setSlug(slugify(named, PAGE_SLUG_MAX));
        }}
        brand={{ theme: funnel.theme, locale: funnel.locale, projectName: funnel.projectName, logo: null }}
      />
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-4 space-y-4">
        <FormError error={formError} />
        <TextField
          label={t('funnels.addPage.titleLabel')}
          name="title"
          value={title}
          error={errors.title}
          maxLength={TITLE_MAX + 20}
          onChange={(e) => {
            const next = e.currentTarget.value;
            setTitle(next);
            setTitleEdited(next !== '');
            if (!slugEdited) setSlug(slugify(next, PAGE_SLUG_MAX));
            setErrors((x) => ({ ...x, title: undefined }));
          }}
        />
        <TextField
          label={t('funnels.addPage.address')}
          name="slug"
          autoComplete="off"
          spellCheck={false}
          value={slug}
          error={errors.slug}
          maxLength={PAGE_SLUG_MAX + 10}
          hint={t('funnels.addPage.addressHint', { name: funnel.name, slug: slug || '…' })}
          onChange={(e) => {
            const next = e.currentTarget.value;
            setSlug(next);
            setSlugEdited(next !== '');
            setErrors((x) => ({ ...x, slug: undefined }));
          }}
        />
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t(template ? 'funnels.templates.templateNote' : 'funnels.addPage.draftNote')}</p>
        <DialogFormActions onCancel={onClose} pending={pending} pendingLabel={t('funnels.addPage.adding')}>
          {t('funnels.addPage.title')}
        </DialogFormActions>
      </form>
    </Dialog>
  );
}
