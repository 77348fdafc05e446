import { ChevronLeft, History, Megaphone, Sparkles, Wand2 } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useId, useReducer, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { STATUS_TRANSITIONS, type CreativeDocument, type CreativeStatus, type FormatId } from '#common/creative/document.ts';
import { paletteOf } from '#common/creative/document.ts';
import { mediaFileUrl } from '#common/media-urls.ts';
import { CREDIT_COSTS } from '#common/plans.ts';
import type { CreationItem, CreativeDetail, RevisionItem } from '#common/schemas/creatives.ts';
import { Alert, LoadFailed } from '#client/components/alert.tsx';
import { StatusBadge } from '#client/components/badge.tsx';
import { Button, buttonClass } from '#client/components/button.tsx';
import { EditorSkeleton } from '#client/components/editor/editor-skeleton.tsx';
import { SelectOptions } from '#client/components/select-options.tsx';
import { useToast } from '#client/components/toast.tsx';
import { EditorPanels } from '#client/components/editor/editor-panels.tsx';
import { SaveConflict, SaveIndicator } from '#client/components/editor/save-indicator.tsx';
import { UndoButtons } from '#client/components/editor/undo-buttons.tsx';
import { RenderProgress, SpendError, useWaitProgress } from '#client/features/creatives/render-progress.tsx';
import { FormatsBar } from '#client/features/creatives/formats-bar.tsx';
import { ArrangeToolbar } from '#client/features/creatives/arrange-toolbar.tsx';
import type { PasteResult } from '#client/features/creatives/clipboard.ts';
import { BackgroundPanel, FormatPanel, PropertiesPanel } from '#client/features/creatives/editor-panels.tsx';
import { inputClass } from '#client/features/creatives/panel-fields.tsx';
import { PictureDrop, picturePatch, replacePicture, type DropTarget, type DroppedPicture } from '#client/features/creatives/picture-drop.tsx';
import { useBrandFonts } from '#client/features/creatives/brand-fonts.ts';
import { StrictGuardBanner } from '#client/features/creatives/brand-guard.tsx';
import { BrandChecklist, SafeZonesOverlay, SafeZoneWarnings } from '#client/features/creatives/lazy-parts.tsx';
import { useBrandGuard } from '#client/features/creatives/use-brand-guard.ts';
import { CanvasHelp, GRID, PanelToggle, usePanels } from '#client/features/creatives/editor-chrome.tsx';
import { useCreativeSave } from '#client/features/creatives/use-creative-save.ts';
import { EditorStage } from '#client/features/creatives/editor-stage.tsx';
import { LayersPanel } from '#client/features/creatives/layers-panel.tsx';
import { SafeZonesControl, useSafeZones } from '#client/features/creatives/safe-zones.tsx';
import { editorReducer, initialEditorState, singleSelection, updateLayer } from '#client/features/creatives/editor-state.ts';
import { api, call } from '#client/lib/api.ts';
import { ApiError, errorMessage } from '#client/lib/http.ts';
import { useUndoKeys } from '#client/lib/keyboard.ts';
import { useResource } from '#client/lib/use-resource.ts';
import { useSession } from '#client/lib/session.tsx';
import { useT } from '#client/lib/i18n-context.tsx';

// The library's picker and its uploader (≈ 4 KB gzip) load as the editor opens, outside its chunk.
// Loaded when first opened: the variations and version history dialogs, and the media picker.
const VariationsDialog = lazy(() => import('#client/features/creatives/editor-dialogs.tsx').then((m) => ({ default: m.VariationsDialog })));
const RevisionsDialog = lazy(() => import('#client/features/creatives/editor-dialogs.tsx').then((m) => ({ default: m.RevisionsDialog })));
const MediaPicker = lazy(() => import('#client/features/creatives/media-picker.tsx').then((m) => ({ default: m.MediaPicker })));
// Loaded when used: the render's result, and the clipboard (its payload's schema) on the first copy, paste or duplicate.
const RenderResultDialog = lazy(() => import('#client/features/creatives/render-result-dialog.tsx').then((m) => ({ default: m.RenderResultDialog })));
const clipboard = () => import('#client/features/creatives/clipboard.ts');
// Bulk creatives from a spreadsheet (its button, a run's progress, past runs) load after the first paint.
const SpreadsheetRuns = lazy(() => import('#client/features/creatives/batches/entry.tsx'));

/** `/creatives/{objectId}`: the creative editor (PRODUCT.md §4.3). */
export default function CreativeEditorRoute() {
  const t = useT();
  const { objectId = '' } = useParams();
  const creative = useResource(() => call(api.api.creatives[':id'].$get({ param: { id: objectId } })), [objectId]);
  if (creative.status === 'loading') {
    return (
      <EditorSkeleton
        label={t('creativeEditor.loading')}
        className="grid gap-4 lg:grid-cols-[16rem_minmax(0,1fr)_18rem]"
        canvasClassName="mx-auto aspect-square w-full max-w-xl"
      />
    );
  }
  if (creative.status === 'error') return <LoadFailed title={t('creativeEditor.loadFailed')} onRetry={creative.reload} />;
  return <Editor key={creative.data.id} initial={creative.data} />;
}

function Editor({ initial }: { initial: CreativeDetail }) {
  const t = useT();
  const toast = useToast();
  const { credits, refreshCredits, user } = useSession();
  const readOnly = initial.role === 'viewer' || initial.projectArchived;
  const brandFonts = useBrandFonts(initial.projectId, !readOnly);
  const [state, dispatch] = useReducer(editorReducer, initial.document, initialEditorState);
  const [images, setImages] = useState<Record<string, string | undefined>>(initial.images);
  const [picking, setPicking] = useState<{ layerId: string } | 'background' | null>(null);
  const rendering = useWaitProgress();
  const [renderError, setRenderError] = useState<{ message: string; credits: boolean } | null>(null);
  const [result, setResult] = useState<{ creation: CreationItem; free: boolean } | null>(null);
  const [dialog, setDialog] = useState<'variations' | 'revisions' | null>(null);
  const [panels, setPanels] = usePanels();
  const safeZones = useSafeZones(state.present, user?.id);

  const docRef = useRef(state.present);
  useEffect(() => {
    docRef.current = state.present;
  }, [state.present]);
  // Autosave a second after the last change; the name and the status on their own (use-creative-save.ts).
  const { meta, setMeta, nameDraft, setNameDraft, patchMeta, saveState, saveError, save, settle } = useCreativeSave(initial, state.present, readOnly);

  useUndoKeys(dispatch, { enabled: !readOnly });

  const onChange = useCallback(
    (doc: CreativeDocument, group?: string) => !readOnly && dispatch({ type: 'change', value: doc, ...(group ? { group } : {}) }),
    [readOnly],
  );
  // A picture dropped on a frame or the background (uploaded first when it came from the desktop): one change, one undo step.
  const onDropPicture = (target: DropTarget, item: DroppedPicture) => {
    const next = replacePicture(docRef.current, target, item);
    if (!next) {
      toast({ tone: 'info', message: t('creativeEditor.dropGone') });
      return;
    }
    setImages((all) => ({ ...all, [item.id]: item.fileUrl ?? all[item.id] ?? mediaFileUrl(item.id) }));
    onChange(next);
  };

  // Copy, paste and duplicate (Ctrl+C/V/D on the canvas), within this creative and across creatives.
  const onCopy = (ids: string[]) => {
    void clipboard()
      .then(({ copyLayers }) => copyLayers(docRef.current, ids, { projectId: initial.projectId, creativeId: initial.id }))
      .then((count) => count > 0 && toast({ tone: 'success', message: t('creativeEditor.copied', { count }) }));
  };
  const placeCopies = (result: PasteResult) => {
    if (!result.ok) {
      toast({ tone: 'error', message: t('creativeEditor.pasteTooMany', result.tooMany) });
      return;
    }
    if (result.ids.length === 0) return;
    setImages((all) => ({ ...result.images, ...all }));
    onChange(result.doc);
    dispatch({ type: 'select', ids: result.ids });
    if (result.emptiedFrames > 0) toast({ tone: 'info', message: t('creativeEditor.pasteForeign') });
  };
  const onPaste = async () => {
    const { pasteLayers, readLayersClipboardAsync } = await clipboard();
    const payload = await readLayersClipboardAsync();
    if (!payload) toast({ tone: 'info', message: t('creativeEditor.pasteNothing') });
    else placeCopies(pasteLayers(docRef.current, payload, { projectId: initial.projectId }));
  };
  // Brand guard (issue 29 §7): flags in the panels, a checklist before rendering or asking for approval.
  const guard = useBrandGuard(state.present, initial.brandKit, (doc) => onChange(doc));
  const palette = paletteOf(initial.brandKit.colors);
  const paletteList = initial.brandKit.colors.length > 0 ? initial.brandKit.colors : [palette.primary, palette.secondary, palette.accent];

  const startRender = async () => {
    setRenderError(null);
    try {
      const { response, creation } = await rendering.track(async () => {
        if (!(await save())) throw new ApiError('save_failed', t('creativeEditor.renderSaveFirst'), 0);
        const response = await api.api.creatives[':id'].render.$post({ param: { id: initial.id } });
        return { response, creation: await call(Promise.resolve(response)) };
      });
      // 200: this version was rendered before (no credit); 201: a new render.
      const free = response.status === 200;
      setMeta((m) => ({ ...m, currentCreationId: creation.id }));
      setResult({ creation, free });
      refreshCredits();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'off_brand') {
        guard.refused(() => void startRender());
        return;
      }
      setRenderError({
        message: errorMessage(error, t('creativeEditor.renderFailed')),
        credits: error instanceof ApiError && error.code === 'insufficient_credits',
      });
    }
  };

  const restore = async (rev: RevisionItem) => {
    if (!(await save())) throw new ApiError('save_failed', t('creativeEditor.restoreSaveFailed'), 0);
    const updated = await call(api.api.creatives[':id'].revisions[':revisionId'].restore.$post({ param: { id: initial.id, revisionId: rev.id } }));
    settle(updated.document, updated.revision.number);
    setImages((all) => ({ ...updated.images, ...all }));
    setMeta((m) => ({ ...m, status: updated.status, revision: updated.revision.number, currentCreationId: updated.currentCreationId }));
    dispatch({ type: 'replace', value: updated.document });
    toast({ tone: 'success', message: t('creativeEditor.restored', { from: rev.number, to: updated.revision.number }) });
  };

  // The templates (≈ 10 KB gzip) load on the first change of format, not with the editor.
  const onFormat = (format: FormatId) => {
    if (format === state.present.format) return;
    void import('#common/creative/templates.ts').then(({ changeFormat }) => {
      if (docRef.current.format !== format) onChange(changeFormat(docRef.current, format, initial.brandKit));
    });
  };

  const available = credits ? credits.total : null;
  // A version that has its PNG renders again for free; anything else costs a credit, which the user may not have.
  const renderIsFree = meta.currentCreationId !== null && saveState === 'saved';
  const noCredits = available !== null && available < CREDIT_COSTS.render;
  const creditsNoteId = useId();
  const transitions = STATUS_TRANSITIONS[meta.status];

  return (
    <div className="-m-4 flex min-h-[calc(100vh-4rem)] flex-col sm:-m-6">
      {/* One row from 1280 px (xl): the canvas gets the height (review-14 #13); narrower screens wrap. */}
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-zinc-200 bg-white px-4 py-2 xl:flex-nowrap dark:border-zinc-800 dark:bg-zinc-950">
        <Link
          to={`/projects/${initial.projectId}/creatives`}
          title={initial.projectName}
          className="inline-flex min-w-0 flex-none items-center gap-1 text-sm text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white"
        >
          <ChevronLeft className="size-4 flex-none" aria-hidden="true" /> <span className="max-w-[10rem] truncate">{initial.projectName}</span>
        </Link>
        <h1 className="sr-only">{meta.name}</h1>
        <input
          aria-label={t('creativeEditor.name')}
          className={`${inputClass} max-w-xs min-w-0 font-medium xl:max-w-[17rem] 2xl:max-w-xs`}
          value={nameDraft}
          maxLength={80}
          disabled={readOnly}
          onChange={(event) => setNameDraft(event.target.value)}
          onKeyDown={(event) => event.key === 'Enter' && (event.target as HTMLInputElement).blur()}
          onBlur={() => {
            const name = nameDraft.trim();
            if (name && name !== meta.name) void patchMeta({ name });
            else setNameDraft(meta.name);
          }}
        />
        <StatusBadge status={meta.status} />
        {!readOnly && transitions.length > 0 ? (
          <select
            aria-label={t('creativeEditor.changeStatus')}
            className="h-9 rounded-[var(--radius-control)] border border-zinc-300 bg-white px-2 text-sm shadow-sm dark:border-zinc-700 dark:bg-zinc-900"
            value=""
            onChange={(event) => {
              const status = event.target.value as CreativeStatus | '';
              if (status === 'in_review') guard.check('review', () => void patchMeta({ status }));
              else if (status) void patchMeta({ status });
            }}
          >
            <SelectOptions
              empty={t('creativeEditor.moveTo')}
              options={transitions.map((s) => ({ value: s, label: t('creativeEditor.status', { status: s }) }))}
            />
          </select>
        ) : null}
        <SaveIndicator state={readOnly ? 'readonly' : saveState} error={saveError} onRetry={() => void save()} />
        <div className="ml-auto flex flex-wrap items-center gap-1.5 xl:flex-none xl:flex-nowrap">
          {!readOnly ? (
            <>
              <UndoButtons history={state} dispatch={dispatch} />
            </>
          ) : null}
          <Suspense fallback={null}>
            <SpreadsheetRuns
              projectId={initial.projectId}
              creativeId={initial.id}
              doc={state.present}
              images={images}
              readOnly={readOnly}
              available={available}
              onBeforeStart={save}
              onCreditsChanged={refreshCredits}
            />
          </Suspense>
          <Button variant="secondary" size="sm" onClick={() => setDialog('revisions')}>
            <History className="size-4" aria-hidden="true" /> <span className="xl:max-2xl:sr-only">{t('creativeEditor.history')}</span>
          </Button>
          {!readOnly ? (
            <Link
              to={`/projects/${initial.projectId}/marketing?creative=${initial.id}`}
              title={t('creativeEditor.useInAd')}
              className={buttonClass('secondary', 'sm')}
            >
              <Megaphone className="size-4" aria-hidden="true" /> <span className="xl:max-2xl:sr-only">{t('creativeEditor.useInAd')}</span>
            </Link>
          ) : null}
          {!readOnly ? (
            <>
              <Button
                variant="secondary"
                size="sm"
                disabled={noCredits}
                aria-describedby={noCredits ? creditsNoteId : undefined}
                onClick={() => setDialog('variations')}
              >
                <Sparkles className="size-4" aria-hidden="true" /> {t('creativeEditor.variations')}
              </Button>
              <Button
                size="sm"
                disabled={noCredits && !renderIsFree}
                aria-describedby={noCredits && !renderIsFree ? creditsNoteId : undefined}
                onClick={() => guard.check('render', () => void startRender())}
                pending={rendering.progress !== null}
                pendingLabel={t('creativeEditor.rendering')}
              >
                <Wand2 className="size-4" aria-hidden="true" />{' '}
                {renderIsFree ? t('creativeEditor.renderFree') : t('creativeEditor.renderCost', { count: CREDIT_COSTS.render })}
              </Button>
            </>
          ) : null}
        </div>
        {rendering.progress !== null ? <RenderProgress progress={rendering.progress} /> : null}
      </header>
      {readOnly ? (
        <Alert tone="info" className="m-4 mb-0">
          {initial.projectArchived ? t('creativeEditor.archived') : t('creativeEditor.viewer')}
        </Alert>
      ) : null}
      {!readOnly && noCredits ? (
        <div id={creditsNoteId} className="m-4 mb-0">
          <Alert tone="info">
            {t('creativeEditor.noCredits')}{' '}
            <Link to="/account/credits" className="font-medium underline">
              {t('creativeEditor.getCredits')}
            </Link>
          </Alert>
        </div>
      ) : null}
      {renderError ? <SpendError error={renderError} className="m-4 mb-0" /> : null}
      {!readOnly ? <StrictGuardBanner guard={guard} onReview={() => guard.check('render', () => void startRender())} /> : null}
      {saveState === 'conflict' ? <SaveConflict what={t('creativeEditor.conflictWhat')} /> : null}
      <EditorPanels
        narrow="stack"
        columns={GRID[`${panels.left ? 'L' : ''}${panels.right ? 'R' : ''}`]!}
        open={panels}
        left={{
          label: t('creativeEditor.leftPanels'),
          children: (
            <>
              <FormatPanel doc={state.present} readOnly={readOnly} onFormat={onFormat} />
              <LayersPanel
                doc={state.present}
                selected={state.selected}
                readOnly={readOnly}
                palette={paletteList}
                logoMediaId={initial.brandKit.logoMediaId}
                onChange={onChange}
                onSelect={(ids) => dispatch({ type: 'select', ids })}
                flagged={new Set(safeZones.covered.map((c) => c.layerId))}
              />
              <BackgroundPanel doc={state.present} readOnly={readOnly} palette={paletteList} onChange={onChange} onPickImage={setPicking} guard={guard} />
            </>
          ),
        }}
        main={{
          label: t('creativeEditor.canvas'),
          className: 'relative',
          children: (
            <PictureDrop projectId={initial.projectId} doc={state.present} readOnly={readOnly} onReplace={onDropPicture}>
              <EditorStage
                doc={state.present}
                images={images}
                selected={state.selected}
                readOnly={readOnly}
                onSelect={(ids) => dispatch({ type: 'select', ids })}
                onChange={onChange}
                onSeal={() => dispatch({ type: 'seal' })}
                onUndo={() => dispatch({ type: 'undo' })}
                onRedo={() => dispatch({ type: 'redo' })}
                onCopy={onCopy}
                onPaste={() => void onPaste()}
                onDuplicate={(ids) => void clipboard().then(({ duplicateLayers }) => placeCopies(duplicateLayers(docRef.current, ids)))}
                overlay={<SafeZonesOverlay doc={state.present} zones={safeZones} readOnly={readOnly} onChange={onChange} />}
                toolbar={
                  <>
                    <PanelToggle side="left" open={panels.left} onToggle={() => setPanels({ ...panels, left: !panels.left })} />
                    {/* The linked formats live in the canvas toolbar's row, not in a bar of their own (review-14 #13). */}
                    <FormatsBar
                      variant="toolbar"
                      creativeId={initial.id}
                      format={state.present.format}
                      readOnly={readOnly}
                      available={available}
                      revision={meta.revision}
                      onBeforeRender={save}
                      onRendered={(creationId) => {
                        if (creationId) setMeta((m) => ({ ...m, currentCreationId: creationId }));
                        refreshCredits();
                      }}
                    />
                    <ArrangeToolbar doc={state.present} selected={state.selected} readOnly={readOnly} onChange={onChange} />
                    <div className="ml-auto flex items-center gap-1">
                      <SafeZonesControl zones={safeZones} format={state.present.format} />
                      <CanvasHelp />
                      <PanelToggle side="right" open={panels.right} onToggle={() => setPanels({ ...panels, right: !panels.right })} />
                    </div>
                  </>
                }
              />
            </PictureDrop>
          ),
        }}
        right={{
          label: t('creativeEditor.properties'),
          children: (
            <>
              <SafeZoneWarnings doc={state.present} zones={safeZones} readOnly={readOnly} onChange={onChange} />
              <PropertiesPanel
                doc={state.present}
                selected={singleSelection(state.selected)}
                readOnly={readOnly}
                palette={paletteList}
                onChange={onChange}
                onPickImage={setPicking}
                brandFonts={brandFonts}
                guard={guard}
              />
            </>
          ),
        }}
      />
      <Suspense fallback={null}>
        <MediaPicker
          projectId={initial.projectId}
          open={picking !== null}
          title={t(picking === 'background' ? 'creativeEditor.pickBackground' : 'creativeEditor.pickPicture')}
          onClose={() => setPicking(null)}
          onDragPicture={() => setPicking(null)}
          onPick={(item) => {
            setImages((all) => ({ ...all, [item.id]: item.fileUrl }));
            const doc = state.present;
            if (picking === 'background' && doc.background.type === 'media') onChange({ ...doc, background: { ...doc.background, mediaId: item.id } });
            else if (picking && picking !== 'background') {
              // An image layer takes the picture's focal point (media library) as its crop; a logo just the picture.
              const image = doc.layers.some((l) => l.id === picking.layerId && l.type === 'image');
              onChange(updateLayer(doc, picking.layerId, image ? picturePatch(item) : { mediaId: item.id }));
            }
            setPicking(null);
          }}
        />
      </Suspense>
      <BrandChecklist guard={guard} doc={state.present} />
      {result ? (
        <Suspense fallback={null}>
          <RenderResultDialog creation={result.creation} free={result.free} onClose={() => setResult(null)} />
        </Suspense>
      ) : null}
      {dialog ? (
        <Suspense fallback={null}>
          {dialog === 'variations' ? (
            <VariationsDialog open creativeId={initial.id} available={available} onClose={() => setDialog(null)} onCreated={refreshCredits} />
          ) : (
            <RevisionsDialog open creativeId={initial.id} readOnly={readOnly} images={images} onClose={() => setDialog(null)} onRestore={restore} />
          )}
        </Suspense>
      ) : null}
    </div>
  );
}
