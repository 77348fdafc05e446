import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import type { CreativeDocument, Layer } from '#common/creative/document.ts';
import type { FocalPoint } from '#common/schemas/media.ts';
import { errorMessage } from '#client/lib/http.ts';
import { useFormat } from '#client/lib/format.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { lazyModule } from '#client/lib/lazy-module.ts';
import { useToast } from '#client/components/toast.tsx';
import { updateLayer } from '#client/features/creatives/editor-state.ts';

/** A dropped file's check, upload and progress, loaded with the first file dropped. */
const uploads = lazyModule(() => import('#client/features/creatives/picture-upload.tsx'));

/** The drag data type of a picture of the library (the media picker's tiles): JSON `{ id, focal? }`. */
type ImageLayer = Extract<Layer, { type: 'image' }>;
export type PicturePatch = Partial<Pick<ImageLayer, 'focal' | 'zoom' | 'flipX' | 'flipY' | 'opacity' | 'mediaId'>>;

/**
 * What an image layer shows of a picture that is put into it: its own crop is dropped and
 * the picture's focal point (from the media library) becomes the layer's, when it has one.
 */
export function picturePatch(item: { id: string; focal?: FocalPoint | null | undefined }): PicturePatch {
  return { mediaId: item.id, focal: item.focal ?? undefined, zoom: undefined };
}

export const MEDIA_DRAG_TYPE = 'application/x-adloom-media';

/** Where a dropped picture goes: an image or logo layer, or the canvas background. */
export type DropTarget = { layerId: string } | 'background';

/** What a drop needs of a media item: its id, its focal point, and where its file is (the library's own address otherwise). */
export interface DroppedPicture {
  id: string;
  focal?: FocalPoint | null | undefined;
  fileUrl?: string;
}

/** Puts a library item on the drag (the media picker's tiles). Only the id and the focal point travel, never a URL. */
export function startMediaDrag(event: DragEvent, item: { id: string; focal?: FocalPoint | null | undefined }) {
  event.dataTransfer.setData(MEDIA_DRAG_TYPE, JSON.stringify({ id: item.id, focal: item.focal ?? null }));
  event.dataTransfer.effectAllowed = 'copy';
}

const percent = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 100;

/** The library item a drag carries, or null when its data is not one (another page's drag, a forged payload). */
export function readMediaDrag(data: string): DroppedPicture | null {
  try {
    const value = JSON.parse(data) as { id?: unknown; focal?: { x?: unknown; y?: unknown } | null };
    if (typeof value.id !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(value.id)) return null;
    const focal = value.focal && percent(value.focal.x) && percent(value.focal.y) ? { x: value.focal.x as number, y: value.focal.y as number } : undefined;
    return { id: value.id, focal };
  } catch {
    return null;
  }
}

/**
 * The document with the picture in the target, as ONE change (one undo step), or null when the target cannot take it
 * (gone, locked, not a picture). An image layer takes the picture's focal point as its crop, like a pick from the library;
 * a background that is a colour or a gradient becomes a picture background over that colour.
 */
export function replacePicture(doc: CreativeDocument, target: DropTarget, item: DroppedPicture): CreativeDocument | null {
  if (target === 'background') {
    const bg = doc.background;
    if (bg.type === 'media') return { ...doc, background: { ...bg, mediaId: item.id } };
    return { ...doc, background: { type: 'media', mediaId: item.id, color: bg.type === 'color' ? bg.color : bg.from, overlay: 0 } };
  }
  const layer = doc.layers.find((l) => l.id === target.layerId);
  if (!layer || layer.locked || (layer.type !== 'image' && layer.type !== 'logo')) return null;
  return updateLayer(doc, layer.id, layer.type === 'image' ? picturePatch(item) : { mediaId: item.id });
}

/** The image or logo layer, or the canvas background, under a drag event's target (null: neither, e.g. a text layer or the grey). */
function targetOf(doc: CreativeDocument, element: EventTarget | null): { target: DropTarget; box: HTMLElement } | null {
  if (!(element instanceof Element)) return null;
  const layerBox = element.closest<HTMLElement>('[data-layer]');
  if (layerBox) {
    const layer = doc.layers.find((l) => l.id === layerBox.dataset.layer);
    if (!layer || layer.locked || (layer.type !== 'image' && layer.type !== 'logo')) return null;
    return { target: { layerId: layer.id }, box: layerBox };
  }
  const canvas = element.closest<HTMLElement>('[data-testid="stage-overlay"]');
  return canvas ? { target: 'background', box: canvas } : null;
}

function carriesPicture(event: DragEvent): boolean {
  const types = [...(event.dataTransfer?.types ?? [])];
  return types.includes('Files') || types.includes(MEDIA_DRAG_TYPE);
}

interface Over {
  target: DropTarget | null;
  rect: { left: number; top: number; width: number; height: number } | null;
}

/**
 * Around the editor's stage: a picture dropped from the desktop onto an image layer (or the canvas background) is uploaded
 * to the project's library — with progress, by the library's own upload code — and then replaces that layer's picture;
 * a picture dragged from the media picker replaces it without an upload. Viewers' editors take no drops.
 * The keyboard way stays the Replace picture button of the properties panel.
 */
export function PictureDrop({
  projectId,
  doc,
  readOnly,
  onReplace,
  children,
}: {
  projectId: string;
  doc: CreativeDocument;
  readOnly: boolean;
  /** Called once per drop, with the picture to put in the target (after its upload). */
  onReplace: (target: DropTarget, item: DroppedPicture) => void;
  children: ReactNode;
}) {
  const toast = useToast();
  const t = useT();
  const format = useFormat();
  const root = useRef<HTMLDivElement>(null);
  const [over, setOver] = useState<Over | null>(null);
  const [upload, setUpload] = useState<{ name: string; progress: number; controller: AbortController } | null>(null);
  const uploader = uploads.useModule(upload !== null);

  if (readOnly) return <div className="relative">{children}</div>;

  const onDragOver = (event: DragEvent) => {
    if (!carriesPicture(event)) return;
    // Every picture drag is ours inside the stage: a file dropped beside a frame must not open in the tab.
    event.preventDefault();
    const found = targetOf(doc, event.target);
    event.dataTransfer.dropEffect = found ? 'copy' : 'none';
    const outer = root.current?.getBoundingClientRect();
    const inner = found?.box.getBoundingClientRect();
    const rect = outer && inner ? { left: inner.left - outer.left, top: inner.top - outer.top, width: inner.width, height: inner.height } : null;
    const same =
      over &&
      JSON.stringify(over.target) === JSON.stringify(found?.target ?? null) &&
      over.rect?.left === rect?.left &&
      over.rect?.top === rect?.top &&
      over.rect?.width === rect?.width;
    if (!same) setOver({ target: found?.target ?? null, rect });
  };

  const onDragLeave = (event: DragEvent) => {
    if (!root.current?.contains(event.relatedTarget as Node | null)) setOver(null);
  };

  const onDrop = async (event: DragEvent) => {
    if (!carriesPicture(event)) return;
    event.preventDefault();
    setOver(null);
    const found = targetOf(doc, event.target);
    if (!found) {
      toast({ tone: 'info', message: t('creativeEditor.drop.nowhere') });
      return;
    }
    const library = event.dataTransfer.getData(MEDIA_DRAG_TYPE);
    if (library) {
      const item = readMediaDrag(library);
      if (item) onReplace(found.target, item);
      else toast({ tone: 'error', message: t('creativeEditor.drop.notLibrary') });
      return;
    }
    const file = event.dataTransfer.files[0];
    if (!file) return;
    if (upload) {
      toast({ tone: 'info', message: t('creativeEditor.drop.oneAtATime') });
      return;
    }
    const controller = new AbortController();
    try {
      // The check and the library's upload code load with the first dropped file, outside the editor's chunk.
      const { problemOf, uploadPicture } = await uploads.load();
      const problem = problemOf(file, t, format);
      if (problem) {
        toast({ tone: 'error', message: problem });
        return;
      }
      setUpload({ name: file.name, progress: 0, controller });
      const item = await uploadPicture(
        projectId,
        file,
        (progress) => setUpload((u) => (u && u.controller === controller ? { ...u, progress } : u)),
        controller.signal,
      );
      onReplace(found.target, item);
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError'))
        toast({ tone: 'error', message: errorMessage(error, t('creativeEditor.drop.uploadFailed')) });
    } finally {
      setUpload((u) => (u?.controller === controller ? null : u));
    }
  };

  const hint = over
    ? over.target === null
      ? t('creativeEditor.drop.hintNowhere')
      : over.target === 'background' && doc.background.type !== 'media'
        ? t('creativeEditor.drop.hintBackground')
        : t('creativeEditor.drop.hintReplace')
    : null;

  return (
    <div ref={root} className="relative" data-testid="picture-drop" onDragOver={onDragOver} onDragLeave={onDragLeave} onDrop={(event) => void onDrop(event)}>
      {children}
      {over?.target && over.rect ? (
        <div
          aria-hidden="true"
          data-testid="drop-highlight"
          className="pointer-events-none absolute z-20 rounded-sm bg-accent-500/15 ring-4 ring-accent-600"
          style={over.rect}
        />
      ) : null}
      {hint ? (
        <p
          role="status"
          className="pointer-events-none absolute top-14 left-1/2 z-30 -translate-x-1/2 rounded-full bg-zinc-900/90 px-3 py-1.5 text-xs font-medium whitespace-nowrap text-white shadow"
        >
          {hint}
        </p>
      ) : null}
      {upload && uploader ? <uploader.UploadStatus name={upload.name} progress={upload.progress} onCancel={() => upload.controller.abort()} /> : null}
    </div>
  );
}
