import { useT } from '#client/lib/i18n-context.tsx';
import { useRevisionSave } from '#client/lib/use-revision-save.ts';
import { presentationsApi, type PresentationPatch } from '#client/features/presentations/api.ts';
import type { Presentation, PresentationDocument } from '#client/features/presentations/model.ts';

type DocumentChange = { document: PresentationDocument };

/** The presentation's saving (client/lib/use-revision-save.ts): the document; `patch` for address, password, expiry and project. */
export function usePresentationSave({
  presentation,
  doc,
  valid,
  onSaved,
}: {
  presentation: Presentation;
  doc: PresentationDocument;
  valid: boolean;
  onSaved: (detail: Presentation) => void;
}) {
  const t = useT();
  return useRevisionSave<PresentationDocument, Presentation, DocumentChange, Omit<PresentationPatch, 'baseRevision' | 'document'>>({
    draft: doc,
    valid,
    revision: presentation.revision,
    changes: (current) => ({ document: current }),
    update: (input) => presentationsApi.update(presentation.id, input),
    what: t('presentations.editor.saveWhat'),
    onSaved,
  });
}
