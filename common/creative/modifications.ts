import { creativeDocument, MAX_TEXT, type Background, type CreativeDocument, type Layer } from '#common/creative/document.ts';

/**
 * Modifications by layer (issue 31 point 2, decision 0044): what a caller of `/api/v1/renders`
 * (and, next, a row of a spreadsheet) changes in a creative before it is rendered. A layer is
 * named by its name or its id; a name several layers share changes all of them. Pure: the
 * document in, the changed document (validated by `creativeDocument`) or the problems out, each
 * naming the layer — never a partial change. Auto-fit stays the renderer's: a longer text in an
 * auto-fit layer shrinks there, as in the editor.
 */

/** The button's cap (document.ts `ctaLayer`). */
export const CTA_MAX_TEXT = 40;
/** At most this many layer modifications in one request (a document has at most 40 layers). */
export const MAX_MODIFICATIONS = 100;

export interface LayerModification {
  /** The layer's name, or its id. */
  layer: string;
  text?: string | undefined;
  /** `#rrggbb`: a text's or button's colour, a shape's fill, an icon's colour. */
  color?: string | undefined;
  /** A media object of the project (image and logo layers). */
  mediaId?: string | undefined;
  hidden?: boolean | undefined;
}

export interface BackgroundModification {
  color?: string | undefined;
  mediaId?: string | undefined;
}

export interface Modifications {
  modifications?: readonly LayerModification[] | undefined;
  background?: BackgroundModification | undefined;
}

/** One problem: where in the request (`modifications.2.text`, `background`), and what. */
export interface ModificationIssue {
  path: string;
  message: string;
}

export type ModificationResult = { ok: true; doc: CreativeDocument } | { ok: false; issues: ModificationIssue[] };

export const noLayer = (layer: string) => `No layer is named “${layer}”.`;
export const takesNoText = (layer: string) => `The layer “${layer}” takes no text.`;
export const takesNoColour = (layer: string) => `The layer “${layer}” takes no colour.`;
export const takesNoImage = (layer: string) => `The layer “${layer}” takes no image.`;
export const textTooLong = (layer: string, max: number) => `The text of “${layer}” is too long: use at most ${max} characters.`;
export const MODIFIED_INVALID = 'These modifications make a creative that cannot be drawn.';

function withText(layer: Layer, text: string): Layer | string {
  if (layer.type === 'text') {
    if (text.length > MAX_TEXT) return textTooLong(layer.name ?? layer.id, MAX_TEXT);
    // The styled runs belonged to the old words.
    const { runs: _, ...rest } = layer;
    return { ...rest, text };
  }
  if (layer.type === 'cta') return text.length > CTA_MAX_TEXT ? textTooLong(layer.name ?? layer.id, CTA_MAX_TEXT) : { ...layer, text };
  return takesNoText(layer.name ?? layer.id);
}

function withColor(layer: Layer, color: string): Layer | string {
  switch (layer.type) {
    case 'text':
    case 'cta':
    case 'icon':
      return { ...layer, color };
    case 'shape':
      return { ...layer, fill: color };
    default:
      return takesNoColour(layer.name ?? layer.id);
  }
}

function withMedia(layer: Layer, mediaId: string): Layer | string {
  return layer.type === 'image' || layer.type === 'logo' ? { ...layer, mediaId } : takesNoImage(layer.name ?? layer.id);
}

/** The one modification applied to one layer: the changed layer, or the problem. */
function modified(layer: Layer, change: LayerModification): Layer | string {
  let next: Layer | string = layer;
  if (change.text !== undefined) next = withText(next, change.text);
  if (change.color !== undefined && typeof next !== 'string') next = withColor(next, change.color);
  if (change.mediaId !== undefined && typeof next !== 'string') next = withMedia(next, change.mediaId);
  if (change.hidden !== undefined && typeof next !== 'string') next = change.hidden ? { ...next, hidden: true } : withoutHidden(next);
  return next;
}

function withoutHidden(layer: Layer): Layer {
  const { hidden: _, ...rest } = layer;
  return rest as Layer;
}

/** The colour under a background: a flat colour's own, a gradient's start, a picture's backing colour. */
function baseColor(background: Background): string {
  return background.type === 'gradient' ? background.from : background.color;
}

/** A colour alone makes the background that colour; a picture keeps the colour behind it (and its overlay). */
export function modifiedBackground(background: Background, change: BackgroundModification): Background {
  const color = change.color ?? baseColor(background);
  if (change.mediaId !== undefined) return { type: 'media', mediaId: change.mediaId, color, overlay: background.type === 'media' ? background.overlay : 0 };
  if (change.color === undefined) return background;
  return background.type === 'media' ? { ...background, color } : { type: 'color', color };
}

/** `layer` names these layers (by name or id; a shared name, all of them), in document order. */
export function layersNamed(doc: CreativeDocument, layer: string): number[] {
  const found: number[] = [];
  doc.layers.forEach((l, i) => {
    if (l.name === layer || l.id === layer) found.push(i);
  });
  return found;
}

/**
 * The document with the modifications applied in order (a later one on the same layer wins
 * where they touch the same field), or every problem found, each with its path.
 */
export function applyModifications(doc: CreativeDocument, input: Modifications): ModificationResult {
  const layers = [...doc.layers];
  const issues: ModificationIssue[] = [];
  (input.modifications ?? []).forEach((change, index) => {
    const at = layersNamed(doc, change.layer);
    if (at.length === 0) issues.push({ path: `modifications.${index}.layer`, message: noLayer(change.layer) });
    for (const i of at) {
      const next = modified(layers[i]!, change);
      if (typeof next === 'string') {
        if (!issues.some((issue) => issue.message === next)) issues.push({ path: `modifications.${index}`, message: next });
      } else layers[i] = next;
    }
  });
  if (issues.length > 0) return { ok: false, issues };
  const changed = { ...doc, layers, background: input.background ? modifiedBackground(doc.background, input.background) : doc.background };
  const parsed = creativeDocument.safeParse(changed);
  if (!parsed.success) return { ok: false, issues: [{ path: 'modifications', message: MODIFIED_INVALID }] };
  return { ok: true, doc: parsed.data };
}
