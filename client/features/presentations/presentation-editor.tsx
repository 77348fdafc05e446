import { ExternalLink, LayoutGrid, Rocket } from 'lucide-react';
import { useCallback, useMemo, useReducer, useState } from 'react';
import type { MediaItem } from '#common/schemas/media.ts';
import { Button, buttonClass } from '#client/components/button.tsx';
import { useToast } from '#client/components/toast.tsx';
import { PartsEditorPanels } from '#client/components/editor/editor-panels.tsx';
import { SaveConflict, SaveIndicator } from '#client/components/editor/save-indicator.tsx';
import { UndoButtons } from '#client/components/editor/undo-buttons.tsx';
import { DeletedNotice } from '#client/components/editor/sortable-list.tsx';
import { LoadFailedOrNotFound } from '#client/components/load-failed-or-not-found.tsx';
import { EditorSkeleton } from '#client/components/editor/editor-skeleton.tsx';
import { EditorHeader } from '#client/components/editor/editor-header.tsx';
import { MediaPicker } from '#client/components/media-picker.tsx';
import type { PickMedia } from '#client/components/editor/spec-form.tsx';
import type { Device } from '#client/components/editor/device-frame.tsx';
import { PreviewPane } from '#client/components/editor/device-preview.tsx';
import { ApiError, errorMessage } from '#client/lib/http.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { useSayEnglish } from '#client/lib/i18n-context.tsx';
import { useUndoKeys } from '#client/lib/keyboard.ts';
import { useResource } from '#client/lib/use-resource.ts';
import { brandThemeOf, presentationsApi, projectsForPrefill } from '#client/features/presentations/api.ts';
import { DetailsSection, LanguageSection, ProjectSection, SharingSection, ThemeSection } from '#client/features/presentations/editor-panels.tsx';
import { ExtendButton } from '#client/features/presentations/extend-button.tsx';
import { LibraryPicker, type LibraryImage } from '#client/features/presentations/library-picker.tsx';
import {
  editorReducer,
  initialEditorState,
  insertSection,
  moveSection,
  removeSection,
  uniqueSectionId,
  updateSectionProps,
} from '#client/features/presentations/editor-state.ts';
import type { Presentation, PresentationDocument, PresentationSources, PresentationSummary, Resolved } from '#client/features/presentations/model.ts';
import { PresentationPreview } from '#client/features/presentations/preview.tsx';
import { SectionForm, type PickedKind } from '#client/features/presentations/section-form.tsx';
import { MAX_SECTIONS, newSection, SECTION_TYPES } from '#client/features/presentations/section-specs.ts';
import { SectionPicker, SectionsList, sectionName } from '#client/features/presentations/sections-list.tsx';
import { sectionLabel } from '#client/features/presentations/sections.ts';
import { PresentationStatusBadge } from '#client/features/presentations/status.tsx';
import { usePresentationSave } from '#client/features/presentations/use-save.ts';
import { documentErrors, sectionErrors, sectionsError } from '#client/features/presentations/validation.ts';

const NOTHING: Resolved = { images: {}, creations: {}, ads: {}, pages: {} };

/** What a picked creative, ad or page looks like, from the project's sources, for the preview. */
function resolvedFrom(sources: PresentationSources, kind: PickedKind, id: string): Partial<Resolved> {
  if (kind === 'creationId') {
    const c = sources.creations.find((x) => x.id === id);
    return c ? { creations: { [id]: { ...c.image, name: c.name } } } : {};
  }
  if (kind === 'adId') {
    const a = sources.ads.find((x) => x.id === id);
    return a ? { ads: { [id]: a } } : {};
  }
  const p = sources.pages.find((x) => x.id === id);
  return p ? { pages: { [id]: p } } : {};
}

function merge(a: Resolved, b: Partial<Resolved>): Resolved {
  return {
    images: { ...a.images, ...b.images },
    creations: { ...a.creations, ...b.creations },
    ads: { ...a.ads, ...b.ads },
    pages: { ...a.pages, ...b.pages },
  };
}

/** How the editor returns to the list it was opened from, and keeps that list's row current. */
interface FromList {
  backLabel: string;
  onBack: () => void;
  /** The list's row follows what the editor saved, published or unpublished. */
  onChanged: (summary: PresentationSummary) => void;
}

/** The presentation editor, opened from the list (`?edit={id}`): loading, not found and error states. */
export function PresentationEditor({ id, backLabel, onBack, onChanged }: { id: string } & FromList) {
  const t = useT();
  const presentation = useResource(
    () => (id === 'invalid' ? Promise.reject(new ApiError('not_found', t('presentations.editor.loadFailed'), 404)) : presentationsApi.get(id)),
    [id],
  );
  if (presentation.status === 'loading') return <EditorSkeleton label={t('presentations.editor.loading')} />;
  if (presentation.status === 'error') {
    return <LoadFailedOrNotFound error={presentation.error} title={t('presentations.editor.loadFailed')} onRetry={presentation.reload} />;
  }
  return <Editor initial={presentation.data} backLabel={backLabel} onBack={onBack} onChanged={onChanged} />;
}

function Editor({ initial, backLabel, onBack, onChanged }: { initial: Presentation } & FromList) {
  const t = useT();
  const toast = useToast();
  const [state, dispatch] = useReducer(editorReducer, initial.document, initialEditorState);
  const [meta, setMeta] = useState<Presentation>(initial);
  const [picker, setPicker] = useState(false);
  const [picking, setPicking] = useState<{ kind: 'image' | 'video'; resolve: (item: MediaItem | null) => void } | null>(null);
  const [device, setDevice] = useState<Device>('desktop');
  const [publishing, setPublishing] = useState(false);
  // The sharing fields start again from the new expiry after "Extend 30 days".
  const [extended, setExtended] = useState(0);
  const [deleted, setDeleted] = useState<{ name: string; after: PresentationDocument } | null>(null);

  const [extra, setExtra] = useState<Resolved>(NOTHING);
  const sources = useResource(() => presentationsApi.sources(initial.id), [initial.id, meta.projectId]);
  const projects = useResource(projectsForPrefill, []);
  const brand = useResource(() => (meta.projectId ? brandThemeOf(meta.projectId) : Promise.resolve(null)), [meta.projectId]);
  const resolved = useMemo(() => merge(meta.resolved, extra), [meta.resolved, extra]);

  const { present: doc } = state;
  const detailErrors = useMemo(() => documentErrors(doc), [doc]);
  const invalidIds = useMemo(() => new Set(doc.sections.filter((s) => Object.keys(sectionErrors(s)).length > 0).map((s) => s.id)), [doc]);
  const listError = useMemo(() => sectionsError(doc), [doc]);
  // The schema's English, in the reader's language (decision 0032).
  const say = useSayEnglish();
  const valid = Object.keys(detailErrors).length === 0 && invalidIds.size === 0 && !listError;
  const onSaved = useCallback(
    (detail: Presentation) => {
      setMeta(detail);
      onChanged(detail);
    },
    [onChanged],
  );
  const { saveState, saveError, save, patch, settleRevision } = usePresentationSave({ presentation: initial, doc, valid, onSaved });

  const change = (next: PresentationDocument, group?: string) => dispatch({ type: 'change', value: next, ...(group ? { group } : {}) });
  const seal = useCallback(() => dispatch({ type: 'seal' }), []);

  // Escape leaves the section.
  useUndoKeys(dispatch, { onEscape: () => dispatch({ type: 'select', id: null }) });

  const projectId = meta.projectId;
  const pickMedia: PickMedia = useCallback(
    (kind) => {
      if (!projectId) {
        toast({ tone: 'info', message: t('presentations.editor.linkFirst') });
        return Promise.resolve(null);
      }
      return new Promise<MediaItem | null>((resolve) => setPicking({ kind, resolve }));
    },
    [projectId, toast, t],
  );
  const closePicker = (item: MediaItem | null) => {
    if (item) setExtra((all) => merge(all, { images: { [item.id]: { src: item.fileUrl, width: item.width ?? 1200, height: item.height ?? 800 } } }));
    picking?.resolve(item);
    setPicking(null);
  };
  const closeLibrary = (item: LibraryImage | null) => {
    if (item) setExtra((all) => merge(all, { images: { [item.id]: item.image } }));
    picking?.resolve(item ? ({ id: item.id, name: item.name, alt: '' } as MediaItem) : null);
    setPicking(null);
  };
  // Members pick from (and upload to) the project's library; others (an admin) from the pictures the presentation's API lists.
  const member = projects.status === 'ready' && projects.data.some((p) => p.id === projectId);
  const onPicked = (kind: PickedKind, id: string) => {
    if (sources.status === 'ready') setExtra((all) => merge(all, resolvedFrom(sources.data, kind, id)));
  };

  const onAdd = (type: (typeof SECTION_TYPES)[number]) => {
    setPicker(false);
    const index = state.selected ? doc.sections.findIndex((s) => s.id === state.selected) : -1;
    const section = newSection(type, uniqueSectionId(doc, type), doc.locale);
    change(insertSection(doc, section, index >= 0 ? index : undefined));
    dispatch({ type: 'select', id: section.id });
  };

  const onDelete = (id: string) => {
    const section = doc.sections.find((s) => s.id === id);
    if (!section) return;
    const after = removeSection(doc, id);
    change(after);
    setDeleted({ name: sectionName(t, section), after });
  };

  const togglePublished = async () => {
    setPublishing(true);
    try {
      if (meta.status === 'draft') {
        if (!(await save())) {
          toast({
            tone: 'error',
            message: valid ? t('presentations.editor.publishUnsaved') : t('presentations.editor.publishInvalid'),
          });
          return;
        }
        const detail = await presentationsApi.publish(initial.id);
        settleRevision(detail.revision);
        onSaved(detail);
        toast({
          tone: 'success',
          message: t('presentations.editor.published', { url: detail.url }),
          action: { label: t('presentations.list.openPage'), href: detail.url },
        });
      } else {
        await save();
        const detail = await presentationsApi.unpublish(initial.id);
        settleRevision(detail.revision);
        onSaved(detail);
        toast({ tone: 'success', message: t('presentations.editor.unpublished') });
      }
    } catch (error) {
      toast({
        tone: 'error',
        message: errorMessage(error, meta.status === 'draft' ? t('presentations.list.publishFailed') : t('presentations.list.unpublishFailed')),
      });
    } finally {
      setPublishing(false);
    }
  };

  const selected = doc.sections.find((s) => s.id === state.selected) ?? null;
  const showDeleted = deleted !== null && deleted.after === doc;

  return (
    <div className="-m-4 flex min-h-[calc(100vh-4rem)] flex-col sm:-m-6">
      <EditorHeader
        back={{ label: backLabel, onClick: onBack }}
        title={doc.customerName.trim() || meta.customerName}
        status={
          <>
            <PresentationStatusBadge presentation={meta} />
            <SaveIndicator state={saveState} error={saveError} onRetry={() => void save()} />
          </>
        }
        actions={
          <>
            <UndoButtons history={state} dispatch={dispatch} />
            <ExtendButton
              presentation={meta}
              onExtended={(detail) => {
                settleRevision(detail.revision);
                onSaved(detail);
                setExtended((n) => n + 1);
              }}
            />
            <a href={`${meta.url}/components`} target="_blank" rel="noreferrer" className={buttonClass('secondary', 'sm')}>
              <LayoutGrid className="size-4" aria-hidden="true" /> {t('presentations.editor.components')}
            </a>
            {meta.status === 'published' ? (
              <a href={meta.url} target="_blank" rel="noreferrer" className={buttonClass('secondary', 'sm')}>
                <ExternalLink className="size-4" aria-hidden="true" /> {t('presentations.list.openPage')}
              </a>
            ) : null}
            <Button
              // Another button, not a colour transition between the two variants.
              key={meta.status}
              size="sm"
              variant={meta.status === 'published' ? 'secondary' : 'primary'}
              onClick={() => void togglePublished()}
              pending={publishing}
              pendingLabel={meta.status === 'published' ? t('presentations.editor.unpublishing') : t('presentations.editor.publishing')}
              disabled={saveState === 'conflict'}
            >
              {meta.status === 'published' ? (
                t('presentations.editor.unpublish')
              ) : (
                <>
                  <Rocket className="size-4" aria-hidden="true" /> {t('presentations.editor.publish')}
                </>
              )}
            </Button>
          </>
        }
      />
      {saveState === 'conflict' ? <SaveConflict what={t('presentations.editor.conflictWhat')} /> : null}
      <PartsEditorPanels
        listLabel={t('presentations.sections.title')}
        list={
          <>
            <SectionsList
              items={doc.sections}
              selected={state.selected}
              readOnly={false}
              full={doc.sections.length >= MAX_SECTIONS}
              invalid={invalidIds}
              onSelect={(id) => dispatch({ type: 'select', id })}
              onMove={(id, to) => change(moveSection(doc, id, to))}
              onDelete={onDelete}
              onAdd={() => setPicker(true)}
            />
            {listError ? (
              <p role="alert" className="px-4 pb-3 text-xs text-red-700 dark:text-red-400">
                {say(listError)}
              </p>
            ) : null}
            {state.selected ? (
              <p className="px-4 pb-4">
                <button
                  type="button"
                  className="text-sm font-medium text-accent-700 underline dark:text-accent-200"
                  onClick={() => dispatch({ type: 'select', id: null })}
                >
                  {t('presentations.editor.settings')}
                </button>
              </p>
            ) : null}
            {showDeleted ? <DeletedNotice name={deleted.name} onUndo={() => dispatch({ type: 'undo' })} /> : null}
          </>
        }
        preview={
          <PreviewPane device={device} onDevice={setDevice} note={<p className="truncate font-mono text-xs text-zinc-600 dark:text-zinc-400">{meta.url}</p>}>
            <PresentationPreview doc={doc} resolved={resolved} refCode={meta.refCode} authorName={meta.author?.name ?? ''} device={device} />
          </PreviewPane>
        }
        selected={
          selected
            ? {
                id: selected.id,
                title: sectionLabel(t, selected.type),
                closeLabel: t('presentations.editor.closeSection'),
                form: (
                  <SectionForm
                    section={selected}
                    resolved={resolved}
                    sources={sources}
                    onChange={(props, group) => change(updateSectionProps(doc, selected.id, props), group)}
                    onPicked={onPicked}
                    onSeal={seal}
                    pickMedia={pickMedia}
                  />
                ),
              }
            : null
        }
        onDeselect={() => dispatch({ type: 'select', id: null })}
        settings={
          <>
            <DetailsSection doc={doc} errors={detailErrors} onChange={change} onSeal={seal} pickMedia={pickMedia} />
            <LanguageSection
              doc={doc}
              onChange={(next) => {
                seal();
                change(next);
              }}
            />
            <ProjectSection
              current={meta.projectId ? { id: meta.projectId, name: meta.projectName ?? t('presentations.editor.linkedProject') } : null}
              projects={projects.status === 'ready' ? projects.data : []}
              onPatch={patch}
            />
            <ThemeSection
              theme={doc.theme}
              brandTheme={brand.status === 'ready' ? brand.data : null}
              onChange={(theme, group) => change({ ...doc, theme }, group)}
              onSeal={seal}
            />
            <SharingSection key={extended} presentation={meta} onPatch={patch} />
          </>
        }
      />
      <SectionPicker open={picker} types={SECTION_TYPES} onClose={() => setPicker(false)} onPick={onAdd} />
      {meta.projectId && member ? (
        <MediaPicker
          projectId={meta.projectId}
          open={picking !== null}
          kind={picking?.kind ?? 'image'}
          title={picking?.kind === 'video' ? t('presentations.editor.chooseVideo') : t('presentations.editor.choosePicture')}
          onClose={() => closePicker(null)}
          onPick={closePicker}
        />
      ) : null}
      {meta.projectId && !member ? (
        <LibraryPicker
          open={picking !== null}
          title={t('presentations.editor.choosePicture')}
          sources={sources}
          onClose={() => closeLibrary(null)}
          onPick={closeLibrary}
        />
      ) : null}
    </div>
  );
}
