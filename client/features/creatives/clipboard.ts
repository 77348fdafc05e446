import * as z from 'zod/mini';
import { layerSchema, MAX_LAYERS, type CreativeDocument, type Layer } from '#common/creative/document.ts';
import { isBrandFont } from '#common/fonts.ts';
import { mediaFileUrl } from '#common/media-urls.ts';
import { newGroupId } from '#client/features/creatives/arrange.ts';
import { clampRect, uniqueLayerId } from '#client/features/creatives/editor-state.ts';

/**
 * Copy, paste and duplicate of layers (issue 14 point 3), within a creative and across
 * creatives: a copy is kept in localStorage (`adloom:layers`, every tab of this browser) and
 * written to the system clipboard as text where the browser allows it, so that a paste in
 * another creative, tab or browser finds it.
 */

export const CLIPBOARD_KEY = 'adloom:layers';
const KIND = 'adloom/layers';
/** How far a pasted or duplicated layer lands from the one it copies (percent), so that it is seen. */
export const PASTE_OFFSET = 2;

const payloadSchema = z.object({
  kind: z.literal(KIND),
  version: z.literal(1),
  /** The project the layers come from (null: the playground), whose media and fonts they may use. */
  projectId: z.nullable(z.string().check(z.maxLength(64))),
  creativeId: z.nullable(z.string().check(z.maxLength(64))),
  layers: z.array(layerSchema).check(z.minLength(1), z.maxLength(MAX_LAYERS)),
});
export type LayersPayload = z.infer<typeof payloadSchema>;

export interface ClipboardSource {
  projectId: string | null;
  creativeId: string | null;
}

export interface PasteTarget {
  projectId: string | null;
}

export type PasteResult =
  | { ok: true; doc: CreativeDocument; ids: string[]; images: Record<string, string>; emptiedFrames: number }
  /** Refused: the copies would take the creative past MAX_LAYERS (`has` layers now, `more` that do not fit); the editor words it. */
  | { ok: false; tooMany: { max: number; has: number; more: number } };

/** The payload of the layers `ids` (in stacking order), or null when none of them exists. */
export function layersPayload(doc: CreativeDocument, ids: readonly string[], source: ClipboardSource): LayersPayload | null {
  const wanted = new Set(ids);
  const layers = doc.layers.filter((l) => wanted.has(l.id));
  if (layers.length === 0) return null;
  return { kind: KIND, version: 1, projectId: source.projectId, creativeId: source.creativeId, layers };
}

/** Reads a payload from text (the system clipboard's, or the stored one); null when it is not one. */
export function parseLayersPayload(text: string | null | undefined): LayersPayload | null {
  if (!text || text.length > 1_000_000) return null;
  try {
    const result = payloadSchema.safeParse(JSON.parse(text));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/**
 * Copies the layers `ids`: into localStorage and, where allowed, the system clipboard.
 * Resolves to the number of layers copied (0: nothing selected).
 */
export async function copyLayers(doc: CreativeDocument, ids: readonly string[], source: ClipboardSource): Promise<number> {
  const payload = layersPayload(doc, ids, source);
  if (!payload) return 0;
  const text = JSON.stringify(payload);
  try {
    localStorage.setItem(CLIPBOARD_KEY, text);
  } catch {
    // Storage full or disabled: the system clipboard may still work.
  }
  try {
    await navigator.clipboard?.writeText(text);
  } catch {
    // Not allowed here (no focus, no permission, insecure origin): the stored copy serves this browser.
  }
  return payload.layers.length;
}

/**
 * The layers to paste: from the pasted text when it is a copy of layers (a paste event's
 * clipboard data), else the copy stored in this browser.
 */
export function readLayersClipboard(pastedText?: string | null): LayersPayload | null {
  const fromEvent = parseLayersPayload(pastedText);
  if (fromEvent) return fromEvent;
  try {
    return parseLayersPayload(localStorage.getItem(CLIPBOARD_KEY));
  } catch {
    return null;
  }
}

/**
 * The layers to paste for Ctrl+V: the system clipboard's copy where reading it is allowed
 * already (never asks for the permission: a paste should not open a prompt), else the copy
 * stored in this browser.
 */
export async function readLayersClipboardAsync(): Promise<LayersPayload | null> {
  let text: string | null = null;
  try {
    const status = await navigator.permissions?.query({ name: 'clipboard-read' as PermissionName });
    if (status?.state === 'granted') text = await navigator.clipboard.readText();
  } catch {
    // Unknown permission name (Firefox, Safari) or a refusal: the stored copy serves.
  }
  return readLayersClipboard(text);
}

/** The base of an id for its copy: "headline-3" → "headline". */
const baseOf = (id: string) => id.replace(/-\d+$/, '') || 'layer';

/**
 * Inserts copies of `layers` in front of the layer at `afterIndex` (the end when omitted):
 * fresh ids, fresh group ids (a copied group stays a group of its own), unlocked, and moved
 * by PASTE_OFFSET until none sits exactly on a layer of the same kind already there.
 */
function insertCopies(doc: CreativeDocument, layers: readonly Layer[], afterIndex = doc.layers.length - 1): { doc: CreativeDocument; ids: string[] } {
  const sameSpot = (a: Layer, b: Layer) => a.type === b.type && a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;
  let offset = 0;
  for (let step = 0; step < 50; step += 1) {
    const collides = layers.some((l) =>
      doc.layers.some((other) => sameSpot(other, { ...l, x: clampRect({ ...l, x: l.x + offset }).x, y: clampRect({ ...l, y: l.y + offset }).y } as Layer)),
    );
    if (!collides) break;
    offset += PASTE_OFFSET;
  }
  let next = doc;
  const groups = new Map<string, string>();
  const copies: Layer[] = [];
  for (const layer of layers) {
    const id = uniqueLayerId(next, baseOf(layer.id));
    let group: string | undefined;
    if (layer.group) {
      group = groups.get(layer.group);
      if (!group) {
        group = newGroupId({ ...next, layers: [...next.layers, ...copies] });
        groups.set(layer.group, group);
      }
    }
    const box = clampRect({ x: layer.x + offset, y: layer.y + offset, w: layer.w, h: layer.h });
    const copy = { ...layer, ...box, id } as Layer;
    delete copy.locked;
    delete copy.group;
    if (group) copy.group = group;
    copies.push(copy);
    // Reserve the id for the next copies.
    next = { ...next, layers: [...next.layers, copy] };
  }
  const at = afterIndex + 1;
  return { doc: { ...doc, layers: [...doc.layers.slice(0, at), ...copies, ...doc.layers.slice(at)] }, ids: copies.map((c) => c.id) };
}

const tooMany = (count: number, doc: CreativeDocument) =>
  doc.layers.length + count > MAX_LAYERS ? { max: MAX_LAYERS, has: doc.layers.length, more: count } : null;

/**
 * Pastes a payload into `doc` (on top of everything). Pictures of another project become
 * empty frames (this creative cannot use them), and uploaded fonts of another project the
 * bundled Inter; a copy within the project keeps both.
 */
export function pasteLayers(doc: CreativeDocument, payload: LayersPayload, target: PasteTarget): PasteResult {
  const problem = tooMany(payload.layers.length, doc);
  if (problem) return { ok: false, tooMany: problem };
  const sameProject = payload.projectId !== null && payload.projectId === target.projectId;
  let emptiedFrames = 0;
  const images: Record<string, string> = {};
  const layers = payload.layers.map((layer): Layer => {
    if (layer.type === 'image' || layer.type === 'logo') {
      if (!layer.mediaId) return layer;
      if (sameProject) {
        // Where the editor shows the picture: the media file's own address, never a URL the (forgeable) clipboard text names.
        images[layer.mediaId] = mediaFileUrl(layer.mediaId);
        return layer;
      }
      emptiedFrames += 1;
      return { ...layer, mediaId: null };
    }
    if ((layer.type === 'text' || layer.type === 'cta') && isBrandFont(layer.font) && !sameProject) return { ...layer, font: 'inter' };
    return layer;
  });
  const { doc: next, ids } = insertCopies(doc, layers);
  return { ok: true, doc: next, ids, images, emptiedFrames };
}

/** Duplicates the layers `ids` (in their stacking order), just in front of the frontmost of them. */
export function duplicateLayers(doc: CreativeDocument, ids: readonly string[]): PasteResult {
  const wanted = new Set(ids);
  const layers = doc.layers.filter((l) => wanted.has(l.id));
  if (layers.length === 0) return { ok: true, doc, ids: [], images: {}, emptiedFrames: 0 };
  const problem = tooMany(layers.length, doc);
  if (problem) return { ok: false, tooMany: problem };
  const front = doc.layers.findLastIndex((l) => wanted.has(l.id));
  const { doc: next, ids: copies } = insertCopies(doc, layers, front);
  return { ok: true, doc: next, ids: copies, images: {}, emptiedFrames: 0 };
}
