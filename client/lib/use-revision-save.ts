import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '#client/lib/http.ts';
import { useT } from '#client/lib/i18n-context.tsx';

export type SaveState = 'saved' | 'pending' | 'invalid' | 'saving' | 'error' | 'conflict';

/** Autosave waits this long after the last change (as the creative editor and the brand kit do). */
export const AUTOSAVE_DELAY_MS = 1000;

/** A 409 about the revision (someone saved in between), not about a taken slug or address. */
export function isStale(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'conflict' && !error.details?.slug;
}

/**
 * Autosave of a draft that the server keeps with a revision (the page and presentation editors;
 * decision 0011): a moment after the last change the changed parts go in one PATCH with the
 * revision they build on, one request at a time; a failure shows its message with a Retry and
 * is not retried in a loop; a stale revision (409) stops saving from this screen; an invalid
 * draft is not sent. Other fields (`patch`: a title, a slug, a password) go through the same queue.
 */
export function useRevisionSave<Draft, Detail extends { revision: number }, Changes, Patch>({
  draft,
  valid,
  readOnly = false,
  revision: initialRevision,
  changes,
  update,
  what,
  onSaved,
}: {
  draft: Draft;
  valid: boolean;
  readOnly?: boolean;
  /** The revision `draft` is at. */
  revision: number;
  /** The part of the draft that differs from what the server has, as PATCH fields. */
  changes: (draft: Draft, saved: Draft) => Changes;
  /** The PATCH: these fields on top of `baseRevision`. */
  update: (input: { baseRevision: number } & (Changes | Patch)) => Promise<Detail>;
  /** What is edited, for the conflict message ("the page"). */
  what: string;
  onSaved: (detail: Detail) => void;
}) {
  const t = useT();
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [saveError, setSaveError] = useState<string | null>(null);
  const saved = useRef<Draft>(draft);
  const revision = useRef(initialRevision);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const busy = useRef(0);
  const failed = useRef<Draft | null>(null);
  const conflict = useRef(false);
  const draftRef = useRef(draft);
  const validRef = useRef(valid);
  const latest = useRef({ changes, update, onSaved });
  useEffect(() => {
    draftRef.current = draft;
    validRef.current = valid;
    latest.current = { changes, update, onSaved };
  });

  /** Runs one request after the ones before it (each builds on the revision the previous made). */
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
        const current = draftRef.current;
        if (current === saved.current) return true;
        if (conflict.current) return false;
        if (!validRef.current) {
          setSaveState('invalid');
          return false;
        }
        const fields = latest.current.changes(current, saved.current);
        setSaveState('saving');
        try {
          const detail = await latest.current.update({ baseRevision: revision.current, ...fields });
          saved.current = current;
          revision.current = detail.revision;
          failed.current = null;
          setSaveError(null);
          setSaveState(draftRef.current === current ? 'saved' : 'pending');
          latest.current.onSaved(detail);
          return true;
        } catch (error) {
          failed.current = current;
          if (isStale(error)) conflict.current = true;
          setSaveState(isStale(error) ? 'conflict' : 'error');
          setSaveError(errorMessage(error, t('error.saveFailed')));
          return false;
        }
      }),
    [enqueue, t],
  );

  /** Saves other fields (not undoable: like a name), after any pending draft save. */
  const patch = useCallback(
    (fields: Patch): Promise<Detail> =>
      enqueue(async () => {
        if (conflict.current) throw new ApiError('conflict', t('error.newerVersion', { what }), 409);
        try {
          const detail = await latest.current.update({ baseRevision: revision.current, ...fields });
          revision.current = detail.revision;
          latest.current.onSaved(detail);
          return detail;
        } catch (error) {
          if (isStale(error)) {
            conflict.current = true;
            setSaveState('conflict');
          }
          throw error;
        }
      }),
    [enqueue, what, t],
  );

  /** What the server has now, after a publish, restore or reload: nothing to save. */
  const settle = useCallback((next: Draft, nextRevision: number) => {
    saved.current = next;
    revision.current = nextRevision;
    failed.current = null;
    setSaveError(null);
    // The caller shows `next` right after (a restored version).
    setSaveState('saved');
  }, []);

  /** After a publish or unpublish (the draft is unchanged): the revision the server has now. */
  const settleRevision = useCallback((next: number) => {
    revision.current = next;
  }, []);

  // Autosave a moment after the last change; not a draft that failed (Retry or a new change does).
  useEffect(() => {
    if (readOnly || draft === saved.current || conflict.current || draft === failed.current) return;
    // An invalid draft is not sent: the fields in red say why.
    setSaveState((s) => (s === 'saving' ? s : valid ? 'pending' : 'invalid'));
    if (!valid) return;
    const timer = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, valid, readOnly, save]);

  // Leaving for another screen saves what is not saved yet (the request outlives the screen).
  useEffect(
    () => () => {
      if (!readOnly && draftRef.current !== saved.current && !conflict.current && validRef.current) void save();
    },
    [readOnly, save],
  );

  // Closing the page with changes not saved asks first.
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (draftRef.current !== saved.current || busy.current > 0) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  return { saveState, saveError, save, patch, settle, settleRevision, revisionRef: revision };
}
