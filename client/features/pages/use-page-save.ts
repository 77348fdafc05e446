import type { PageDetail, PageUpdateInput } from '#common/schemas/funnels.ts';
import { useRevisionSave } from '#client/lib/use-revision-save.ts';
import { pagesApi } from '#client/features/pages/api.ts';
import type { PageDraft } from '#client/features/pages/editor-state.ts';
import { useT } from '#client/lib/i18n-context.tsx';

/** The part of the draft that differs from what the server has, as PATCH fields. */
function changes(draft: PageDraft, saved: PageDraft): Omit<PageUpdateInput, 'baseRevision'> {
  return {
    ...(draft.a !== saved.a ? { document: draft.a } : {}),
    ...(draft.b !== saved.b ? { documentB: draft.b } : {}),
    ...(draft.splitB !== saved.splitB ? { splitB: draft.splitB } : {}),
  };
}

/** The page draft's saving (client/lib/use-revision-save.ts): the changed variants and split; `patch` for title and slug. */
export function usePageSave({
  page,
  draft,
  valid,
  readOnly,
  onSaved,
}: {
  page: PageDetail;
  draft: PageDraft;
  valid: boolean;
  readOnly: boolean;
  onSaved: (detail: PageDetail) => void;
}) {
  const t = useT();
  return useRevisionSave<PageDraft, PageDetail, Omit<PageUpdateInput, 'baseRevision'>, { title?: string; slug?: string }>({
    draft,
    valid,
    readOnly,
    revision: page.revision,
    changes,
    update: (input) => pagesApi.update(page.id, input),
    what: t('funnels.save.thePage'),
    onSaved,
  });
}
