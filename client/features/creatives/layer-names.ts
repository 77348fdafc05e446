import type { Layer } from '#common/creative/document.ts';

/** What each kind of layer is called. */
export const LAYER_LABELS: Record<Layer['type'], string> = { text: 'Text', image: 'Image', logo: 'Logo', shape: 'Shape', cta: 'Button' };

/** A layer's name in the layers panel and on the canvas: its own, else its text, else its kind. */
export function layerName(layer: Layer): string {
  if (layer.name) return layer.name;
  if (layer.type === 'text' || layer.type === 'cta') return layer.text.trim().slice(0, 28) || LAYER_LABELS[layer.type];
  return layer.slot === 'image' ? 'Picture' : LAYER_LABELS[layer.type];
}
