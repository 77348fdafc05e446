import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '#client/lib/api.ts';
import { presentationsApi, type PresentationPatch } from '#client/features/presentations/api.ts';
import type { Presentation, PresentationDocument } from '#client/features/presentations/model.ts';

export type SaveState = 'saved' | 'pending' | 'invalid' | 'saving' | 'error' | 'conflict';

/** Autosave waits this long after the last change (as the page editor does). */
export const AUTOSAVE_DELAY_MS = 1000;

/** A 409 about the revision (someone saved in between), not about a taken address. */
export function isStale(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'conflict' && !error.details?.slug;
}

/**
 * The presentation's saving, like the page editor's (decision 0011): a moment after the last
 * change the document goes in one PATCH with the revision it builds on, one request at a time;
 * a failure shows its message with a Retry and is not retried in a loop; a stale revision (409)
 * stops saving from this screen; an invalid document is not sent. Address, password and expiry
 * (`patch`) go through the same queue.
 */
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
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [saveError, setSaveError] = useState<string | null>(null);
  const saved = useRef<PresentationDocument>(doc);
  const revision = useRef(presentation.revision);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const busy = useRef(0);
  const failed = useRef<PresentationDocument | null>(null);
  const conflict = useRef(false);
  const docRef = useRef(doc);
  const validRef = useRef(valid);
  const onSavedRef = useRef(onSaved);
  useEffect(() => {
    docRef.current = doc;
    validRef.current = valid;
    onSavedRef.current = onSaved;
  });

  const enqueue = useCallback(<T>(work: () => Promise<T>): Promise<T> => {
    busy.current += 1;
    const run = queue.current.then(work, work);
    queue.current = run.catch(() => undefined);
    return run.finally(() => {
      busy.current -= 1;
    });
  }, []);

  const save = useCallback(
    (): Promise<boolean> =>
      enqueue(async () => {
        const current = docRef.current;
        if (current === saved.current) return true;
        if (conflict.current) return false;
        if (!validRef.current) {
          setSaveState('invalid');
          return false;
        }
        setSaveState('saving');
        try {
          const detail = await presentationsApi.update(presentation.id, { baseRevision: revision.current, document: current });
          saved.current = current;
          revision.current = detail.revision;
          failed.current = null;
          setSaveError(null);
          setSaveState(docRef.current === current ? 'saved' : 'pending');
          onSavedRef.current(detail);
          return true;
        } catch (error) {
          failed.current = current;
          if (isStale(error)) conflict.current = true;
          setSaveState(isStale(error) ? 'conflict' : 'error');
          setSaveError(errorMessage(error, 'Your changes could not be saved.'));
          return false;
        }
      }),
    [enqueue, presentation.id],
  );

  /** Saves the address, password, expiry or project (not undoable), after any pending document save. */
  const patch = useCallback(
    (fields: Omit<PresentationPatch, 'baseRevision' | 'document'>): Promise<Presentation> =>
      enqueue(async () => {
        if (conflict.current) throw new ApiError('conflict', 'A newer version exists: reload it before changing the presentation.', 409);
        try {
          const detail = await presentationsApi.update(presentation.id, { baseRevision: revision.current, ...fields });
          revision.current = detail.revision;
          onSavedRef.current(detail);
          return detail;
        } catch (error) {
          if (isStale(error)) {
            conflict.current = true;
            setSaveState('conflict');
          }
          throw error;
        }
      }),
    [enqueue, presentation.id],
  );

  /** After a publish or unpublish: the revision the server has now. */
  const settleRevision = useCallback((next: number) => {
    revision.current = next;
  }, []);

  useEffect(() => {
    if (doc === saved.current || conflict.current || doc === failed.current) return;
    setSaveState((s) => (s === 'saving' ? s : valid ? 'pending' : 'invalid'));
    if (!valid) return;
    const timer = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [doc, valid, save]);

  // Leaving for another screen saves what is not saved yet (the request outlives the screen).
  useEffect(
    () => () => {
      if (docRef.current !== saved.current && !conflict.current && validRef.current) void save();
    },
    [save],
  );

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (docRef.current !== saved.current || busy.current > 0) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  return { saveState, saveError, save, patch, settleRevision, revisionRef: revision };
}
