import { useCallback, useState } from 'react';
import type { CreativeDocument, CreativeStatus } from '#common/creative/document.ts';
import type { CreativeDetail } from '#common/schemas/creatives.ts';
import { useToast } from '#client/components/toast.tsx';
import { api, call } from '#client/lib/api.ts';
import { errorMessage } from '#client/lib/http.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { useRevisionSave } from '#client/lib/use-revision-save.ts';

/** What a save changes on the screen besides the document. */
type SavedCreative = Pick<CreativeDetail, 'name' | 'status' | 'currentCreationId'> & { revision: number };

function savedOf(detail: CreativeDetail): SavedCreative {
  return { name: detail.name, status: detail.status, revision: detail.revision.number, currentCreationId: detail.currentCreationId };
}

/**
 * The creative's saving: its document autosaved with the revision it builds on, and its name and
 * status changed on their own (a status after the pending edits are saved). `meta` is what the
 * header shows of the saved creative.
 */
export function useCreativeSave(initial: CreativeDetail, doc: CreativeDocument, readOnly: boolean) {
  const toast = useToast();
  const t = useT();
  const [meta, setMeta] = useState({
    name: initial.name,
    status: initial.status,
    revision: initial.revision.number,
    currentCreationId: initial.currentCreationId,
  });
  const [nameDraft, setNameDraft] = useState(initial.name);
  // A name that follows the headline changes with a save: the field follows it unless it is being edited.
  const [savedName, setSavedName] = useState(meta.name);
  if (meta.name !== savedName) {
    setSavedName(meta.name);
    if (nameDraft === savedName) setNameDraft(meta.name);
  }
  const onSaved = useCallback((saved: SavedCreative) => setMeta((m) => ({ ...m, ...saved })), []);
  // Autosave a second after the last change, with the revision it builds on (client/lib/use-revision-save.ts).
  const { saveState, saveError, save, settle } = useRevisionSave<CreativeDocument, SavedCreative, { document: CreativeDocument }, never>({
    draft: doc,
    valid: true,
    readOnly,
    revision: initial.revision.number,
    changes: (document) => ({ document }),
    update: (json) => call(api.api.creatives[':id'].$patch({ param: { id: initial.id }, json })).then(savedOf),
    what: t('creativeEditor.save.what'),
    onSaved,
  });

  const patchMeta = async (patch: { name?: string; status?: CreativeStatus }) => {
    // A status is about what was reviewed: pending edits are saved first (and would otherwise
    // make an approved creative a draft again right after).
    if (patch.status && !(await save())) {
      toast({ tone: 'error', message: t('creativeEditor.save.statusSaveFirst') });
      return;
    }
    try {
      const updated = await call(api.api.creatives[':id'].$patch({ param: { id: initial.id }, json: patch }));
      setMeta((m) => ({ ...m, name: updated.name, status: updated.status }));
      setNameDraft(updated.name);
      if (patch.status)
        toast({ tone: 'success', message: t('creativeEditor.save.statusChanged', { status: t('creativeEditor.status', { status: updated.status }) }) });
    } catch (error) {
      setNameDraft(meta.name);
      toast({ tone: 'error', message: errorMessage(error, t('creativeEditor.save.failed')) });
    }
  };
  return { meta, setMeta, nameDraft, setNameDraft, patchMeta, saveState, saveError, save, settle };
}
