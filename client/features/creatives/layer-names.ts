import type { I18n } from '@lingui/core';
import type { Layer } from '#common/creative/document.ts';

/** What a kind of layer is called ("Text", "Button"). */
export function layerTypeLabel(t: I18n['_'], type: Layer['type']): string {
  return t('creativeEditor.layerType', { type });
}

/** A layer's name in the layers panel and on the canvas: its own, else its text, else its kind. */
export function layerName(layer: Layer, t: I18n['_']): string {
  if (layer.name) return layer.name;
  if (layer.type === 'text' || layer.type === 'cta') return layer.text.trim().slice(0, 28) || layerTypeLabel(t, layer.type);
  return layer.slot === 'image' ? t('creativeEditor.layerName.picture') : layerTypeLabel(t, layer.type);
}
