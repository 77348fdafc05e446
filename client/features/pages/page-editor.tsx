import { ExternalLink, History, Rocket } from 'lucide-react';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { blockSchema, MAX_BLOCKS, pageDocumentSchema, type BlockType, type PageDocument } from '#common/schemas/blocks.ts';
import type { PageDetail, PageStatus, PageVersion } from '#common/schemas/funnels.ts';
import type { MediaItem } from '#common/schemas/media.ts';
import { checkPage, type PageFinding } from '#common/schemas/page-checks.ts';
import { Alert } from '#client/components/alert.tsx';
import { Button, buttonClass } from '#client/components/button.tsx';
import { useToast } from '#client/components/toast.tsx';
import { PartsEditorPanels, type PanelsView } from '#client/components/editor/editor-panels.tsx';
import { SaveConflict, SaveIndicator } from '#client/components/editor/save-indicator.tsx';
import { UndoButtons } from '#client/components/editor/undo-buttons.tsx';
import { DeletedNotice } from '#client/components/editor/sortable-list.tsx';
import { LoadFailedOrNotFound } from '#client/components/load-failed-or-not-found.tsx';
import { EditorSkeleton } from '#client/components/editor/editor-skeleton.tsx';
import { EditorHeader } from '#client/components/editor/editor-header.tsx';
import { PageStatusBadge } from '#client/components/page-status-badge.tsx';
import type { PickMedia } from '#client/components/editor/spec-form.tsx';
import { MediaPicker, VersionsDialog } from '#client/features/pages/lazy-dialogs.tsx';
import { ApiError, errorMessage } from '#client/lib/http.ts';
import { useUndoKeys } from '#client/lib/keyboard.ts';
import { useResource } from '#client/lib/use-resource.ts';
import { listProjectMedia } from '#client/lib/media-library.ts';
import { pagesApi } from '#client/features/pages/api.ts';
import { BLOCK_INFO } from '#client/features/pages/block-info.ts';
import { BlockForm } from '#client/features/pages/block-form.tsx';
import { BlockPicker, blockName, BlocksList } from '#client/features/pages/blocks-list.tsx';
import {
  addBlock,
  createVariantB,
  currentDoc,
  duplicateBlock,
  hideOnPhone,
  initialPageEditorState,
  moveBlock,
  pageEditorReducer,
  removeBlock,
  removeVariantB,
  updateBlockProps,
  withDoc,
  type PageDraft,
} from '#client/features/pages/editor-state.ts';
import { PageMetaSection, SeoSection, VariantSection } from '#client/features/pages/page-settings.tsx';
import { Checklist, ChecksButton, focusFinding, mergeFindings, refusedFindings, type ChecklistMode } from '#client/features/pages/page-checks.tsx';
import type { MediaSizes } from '#client/features/pages/preview.tsx';
import { PageCanvas } from '#client/features/pages/canvas/page-canvas.tsx';
import { usePageSave } from '#client/features/pages/use-page-save.ts';
import { useT } from '#client/lib/i18n-context.tsx';

function draftOf(page: Pick<PageDetail, 'draft' | 'draftB' | 'splitB'>): PageDraft {
  return { a: page.draft, b: page.draftB, splitB: page.splitB };
}

function metaOf(page: PageDetail) {
  return { title: page.title, slug: page.slug, status: page.status, url: page.url, versionCount: page.versionCount };
}

/** `/pages/{funnelPageId}`: the funnel page editor (PRODUCT.md §4.5). */
export function PageEditorScreen() {
  const { funnelPageId = '' } = useParams();
  const t = useT();
  const page = useResource(() => pagesApi.get(funnelPageId), [funnelPageId]);
  if (page.status === 'loading') return <EditorSkeleton label={t('funnels.editor.loading')} />;
  if (page.status === 'error') return <LoadFailedOrNotFound error={page.error} title={t('funnels.editor.loadFailed')} onRetry={page.reload} />;
  return <Editor key={page.data.id} initial={page.data} />;
}

function Editor({ initial }: { initial: PageDetail }) {
  const t = useT();
  const toast = useToast();
  const readOnly = initial.role === 'viewer';
  const [state, dispatch] = useReducer(pageEditorReducer, draftOf(initial), initialPageEditorState);
  const [meta, setMeta] = useState(() => metaOf(initial));
  // The block picker, and where its block goes (absent: after the selected block).
  const [picker, setPicker] = useState<{ at?: number } | null>(null);
  const [picking, setPicking] = useState<{ kind: 'image' | 'video'; resolve: (item: MediaItem | null) => void } | null>(null);
  const [sizes, setSizes] = useState<MediaSizes>({});
  const [versionsOpen, setVersionsOpen] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [deleted, setDeleted] = useState<{ name: string; after: PageDraft } | null>(null);
  // The checks before publishing: what the server found that the editor cannot (links to other pages of the funnel), the checklist, the field to focus.
  const [serverFindings, setServerFindings] = useState<PageFinding[]>([]);
  const [checklist, setChecklist] = useState<ChecklistMode | null>(null);
  const focusOn = useRef<PageFinding | null>(null);
  // On a phone, "Go to" shows the panels (Edit) whatever was chosen, so that the field is there to focus.
  const [panelsView, setPanelsView] = useState<PanelsView>('edit');

  const { present: draft, variant } = state;
  const doc = currentDoc(draft, variant);
  const valid = useMemo(() => pageDocumentSchema.safeParse(draft.a).success && (!draft.b || pageDocumentSchema.safeParse(draft.b).success), [draft.a, draft.b]);
  const invalidIds = useMemo(() => new Set(doc.blocks.filter((b) => !blockSchema.safeParse(b).success).map((b) => b.id)), [doc]);
  const findings = useMemo(() => mergeFindings(checkPage(draft), serverFindings), [draft, serverFindings]);
  // "Go to": once the block's (or the search settings') panel shows the field, it takes the focus.
  useEffect(() => {
    if (focusOn.current && focusFinding(focusOn.current)) focusOn.current = null;
  });
  const onSaved = useCallback((detail: PageDetail) => setMeta(metaOf(detail)), []);
  const { saveState, saveError, save, patch, settle, revisionRef } = usePageSave({ page: initial, draft, valid, readOnly, onSaved });

  // The library's image sizes, for the preview's width and height (the preview works without them).
  useEffect(() => {
    let live = true;
    listProjectMedia(initial.projectId, 'image').then(
      ({ items }) => live && setSizes((all) => ({ ...Object.fromEntries(items.map((m) => [m.id, { width: m.width, height: m.height }])), ...all })),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [initial.projectId]);

  const change = (next: PageDraft, group?: string) => {
    if (!readOnly) dispatch({ type: 'change', value: next, ...(group ? { group } : {}) });
  };
  const changeDoc = (next: PageDocument, group?: string) => change(withDoc(draft, variant, next), group);
  const seal = useCallback(() => dispatch({ type: 'seal' }), []);

  // Escape leaves the block.
  useUndoKeys(dispatch, { enabled: !readOnly, onEscape: () => dispatch({ type: 'select', id: null }) });

  const pickMedia: PickMedia = useCallback((kind) => new Promise<MediaItem | null>((resolve) => setPicking({ kind, resolve })), []);
  const closePicker = (item: MediaItem | null) => {
    if (item) setSizes((all) => ({ ...all, [item.id]: { width: item.width, height: item.height } }));
    picking?.resolve(item);
    setPicking(null);
  };

  const onAdd = (type: BlockType) => {
    const at = picker?.at;
    setPicker(null);
    const index = state.selected ? doc.blocks.findIndex((b) => b.id === state.selected) : -1;
    const added = addBlock(doc, type, at !== undefined ? at - 1 : index >= 0 ? index : undefined, initial.funnel.locale);
    changeDoc(added.doc);
    dispatch({ type: 'select', id: added.id });
  };

  const onDelete = (id: string) => {
    const block = doc.blocks.find((b) => b.id === id);
    if (!block) return;
    const after = withDoc(draft, variant, removeBlock(doc, id));
    change(after);
    setDeleted({ name: blockName(t, block), after });
  };

  const onDuplicate = (id: string) => {
    const copy = duplicateBlock(doc, id);
    if (!copy) return;
    changeDoc(copy.doc);
    dispatch({ type: 'select', id: copy.id });
  };

  const savedFirst = async (): Promise<boolean> => {
    if (await save()) return true;
    toast({
      tone: 'error',
      message: valid ? t('funnels.editor.notSaved') : t('funnels.editor.fixFirst'),
    });
    return false;
  };

  const publish = async (acceptWarnings?: string[]) => {
    setPublishing(true);
    try {
      if (!(await savedFirst())) return;
      const detail = await pagesApi.publish(initial.id, revisionRef.current, acceptWarnings);
      setServerFindings([]);
      revisionRef.current = detail.revision;
      setMeta(metaOf(detail));
      toast({
        tone: 'success',
        message: t('funnels.editor.published', { number: detail.versionCount }),
        action: { label: t('funnels.editor.viewPage'), href: detail.url },
      });
    } catch (error) {
      const refused = refusedFindings(error);
      if (refused) {
        // Only what the editor cannot see itself stays from the server's list: the rest it checks live.
        setServerFindings(refused.filter((f) => f.rule === 'pageMissing' || f.rule === 'pageUnpublished'));
        setChecklist('publish');
      } else toast({ tone: 'error', message: errorMessage(error, t('funnels.editor.publishFailed')) });
    } finally {
      setPublishing(false);
    }
  };

  /** Publish: at once when the checks find nothing, else the checklist first (errors block; warnings ask). */
  const onPublish = () => (findings.length === 0 ? void publish() : setChecklist('publish'));

  const goTo = (finding: PageFinding) => {
    setChecklist(null);
    if (draft.b && finding.variant !== variant) dispatch({ type: 'variant', variant: finding.variant });
    dispatch({ type: 'select', id: finding.blockId === 'seo' ? null : finding.blockId });
    setPanelsView('edit');
    focusOn.current = finding;
  };

  const restore = async (version: PageVersion, acceptWarnings?: string[]) => {
    if (!(await save())) throw new ApiError('save_failed', t('funnels.editor.restoreUnsaved'), 0);
    const detail = await pagesApi.restore(initial.id, version.id, acceptWarnings);
    const next = draftOf(detail);
    settle(next, detail.revision);
    dispatch({ type: 'replace', value: next });
    setMeta(metaOf(detail));
    toast({ tone: 'success', message: t('funnels.editor.restored', { number: version.number }) });
  };

  const selectedBlock = doc.blocks.find((b) => b.id === state.selected) ?? null;
  const status: PageStatus = meta.status === 'published' && saveState !== 'saved' ? 'changed' : meta.status;
  const showDeleted = deleted !== null && deleted.after === draft;

  return (
    <div className="-m-4 flex min-h-[calc(100vh-4rem)] flex-col sm:-m-6">
      <EditorHeader
        back={{ label: initial.funnel.title, to: `/funnels/${initial.funnel.id}` }}
        title={meta.title}
        status={
          <>
            <PageStatusBadge status={status} />
            <SaveIndicator state={readOnly ? 'readonly' : saveState} error={saveError} onRetry={() => void save()} />
          </>
        }
        actions={
          <>
            {!readOnly ? <UndoButtons history={state} dispatch={dispatch} /> : null}
            <Button variant="secondary" size="sm" onClick={() => setVersionsOpen(true)}>
              <History className="size-4" aria-hidden="true" /> {t('funnels.editor.versions')}
            </Button>
            {meta.status !== 'draft' ? (
              <a href={meta.url} target="_blank" rel="noreferrer" className={buttonClass('secondary', 'sm')}>
                <ExternalLink className="size-4" aria-hidden="true" /> {t('funnels.editor.viewLive')}
              </a>
            ) : null}
            {!readOnly ? <ChecksButton findings={findings} onOpen={() => setChecklist('list')} /> : null}
            {!readOnly ? (
              <Button size="sm" onClick={onPublish} pending={publishing} pendingLabel={t('funnels.editor.publishing')} disabled={saveState === 'conflict'}>
                <Rocket className="size-4" aria-hidden="true" /> {t('funnels.editor.publish')}
              </Button>
            ) : null}
          </>
        }
      />
      {readOnly ? (
        <Alert tone="info" className="m-4 mb-0">
          {t('funnels.editor.viewOnly')}
        </Alert>
      ) : null}
      {saveState === 'conflict' ? <SaveConflict what={t('funnels.editor.thisPage')} /> : null}
      <PartsEditorPanels
        view={panelsView}
        onView={setPanelsView}
        listLabel={t('funnels.editor.listLabel')}
        list={
          <>
            <VariantSection
              draft={draft}
              variant={variant}
              readOnly={readOnly}
              onVariant={(v) => dispatch({ type: 'variant', variant: v })}
              onCreateB={() => {
                change(createVariantB(draft));
                dispatch({ type: 'variant', variant: 'b' });
              }}
              onRemoveB={() => change(removeVariantB(draft))}
              onSplit={(splitB) => change({ ...draft, splitB }, 'split')}
              onSeal={seal}
            />
            <BlocksList
              items={doc.blocks}
              selected={state.selected}
              readOnly={readOnly}
              full={doc.blocks.length >= MAX_BLOCKS}
              invalid={invalidIds}
              onSelect={(id) => dispatch({ type: 'select', id })}
              onMove={(id, to) => changeDoc(moveBlock(doc, id, to))}
              onDuplicate={onDuplicate}
              onDelete={onDelete}
              onAdd={() => setPicker({})}
            />
            {showDeleted ? <DeletedNotice name={deleted.name} onUndo={() => dispatch({ type: 'undo' })} /> : null}
          </>
        }
        preview={
          <PageCanvas
            doc={doc}
            theme={initial.theme}
            locale={initial.funnel.locale}
            sizes={sizes}
            label={t('funnels.editor.previewOf', { variant: variant.toUpperCase() })}
            note={
              draft.b ? (
                <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('funnels.editor.showingVariant', { variant: variant.toUpperCase() })}</p>
              ) : null
            }
            selected={state.selected}
            readOnly={readOnly}
            full={doc.blocks.length >= MAX_BLOCKS}
            nameOf={(block) => blockName(t, block)}
            actions={{
              onSelect: (id) => dispatch({ type: 'select', id }),
              onMove: (id, to) => changeDoc(moveBlock(doc, id, to)),
              onDuplicate,
              onDelete,
              onHideOnPhone: (id, hidden) => changeDoc(hideOnPhone(doc, id, hidden)),
              onProps: (id, props) => changeDoc(updateBlockProps(doc, id, props)),
              onInsert: (at) => setPicker({ at }),
              onUndo: () => dispatch({ type: 'undo' }),
              onRedo: () => dispatch({ type: 'redo' }),
            }}
          />
        }
        selected={
          selectedBlock
            ? {
                id: selectedBlock.id,
                title: t(BLOCK_INFO[selectedBlock.type].label),
                closeLabel: t('funnels.editor.closeBlock'),
                form: (
                  <BlockForm
                    block={selectedBlock}
                    readOnly={readOnly}
                    onChange={(props, group) => changeDoc(updateBlockProps(doc, selectedBlock.id, props), group)}
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
            <PageMetaSection page={{ title: meta.title, slug: meta.slug, funnel: initial.funnel }} readOnly={readOnly} onPatch={patch} />
            <SeoSection doc={doc} variant={variant} hasB={draft.b !== null} readOnly={readOnly} onChange={changeDoc} onSeal={seal} pickMedia={pickMedia} />
          </>
        }
      />
      <BlockPicker open={picker !== null} onClose={() => setPicker(null)} onPick={onAdd} />
      <MediaPicker
        projectId={initial.projectId}
        open={picking !== null}
        kind={picking?.kind ?? 'image'}
        title={picking?.kind === 'video' ? t('funnels.editor.chooseVideo') : t('funnels.editor.choosePicture')}
        onClose={() => closePicker(null)}
        onPick={closePicker}
      />
      <Checklist
        open={checklist !== null}
        mode={checklist ?? 'list'}
        findings={findings}
        draft={draft}
        onClose={() => setChecklist(null)}
        onGoTo={goTo}
        onPublishAnyway={(warnings) => {
          setChecklist(null);
          void publish(warnings);
        }}
      />
      <VersionsDialog open={versionsOpen} pageId={initial.id} readOnly={readOnly} onClose={() => setVersionsOpen(false)} onRestore={restore} />
    </div>
  );
}
