import { useState } from 'react';
import { LINE_WIDTH, SHAPES, type IconLayer, type ShapeLayer } from '#common/creative/document.ts';
import { Button } from '#client/components/button.tsx';
import { ElementsPicker } from '#client/features/creatives/lazy-parts.tsx';
import { IconPreview } from '#client/features/creatives/icon-preview.tsx';
import { iconLabel } from '#client/features/creatives/icon-search.ts';
import { copyNodes } from '#client/features/creatives/new-element.ts';
import { ColorField, NumberField, Segmented } from '#client/features/creatives/panel-fields.tsx';
import { useT } from '#client/lib/i18n-context.tsx';

export interface FieldsProps<L> {
  layer: L;
  readOnly: boolean;
  palette: readonly string[];
  /** Patches the layer; `group` merges a run of changes of one field into one undo step. */
  set: (patch: Partial<L>, group?: string) => void;
}

/** A shape's fields: its kind, then a rectangle's or ellipse's fill and outline, or a line's colour and width. */
export function ShapeFields({ layer, readOnly, palette, set }: FieldsProps<ShapeLayer>) {
  const t = useT();
  const line = layer.shape === 'line' || layer.shape === 'arrow';
  const outline = layer.stroke !== undefined && (layer.strokeWidth ?? 0) > 0 ? (layer.strokeWidth ?? 0) : 0;
  return (
    <>
      <Segmented
        label={t('creativeEditor.panel.shape')}
        value={layer.shape}
        disabled={readOnly}
        options={SHAPES.map((shape) => ({ value: shape, label: t('creativeEditor.elements.shape', { shape }) }))}
        onChange={(shape) => set({ shape })}
      />
      <ColorField
        label={t(line ? 'creativeEditor.panel.lineColour' : 'creativeEditor.panel.fill')}
        value={layer.fill}
        palette={palette}
        disabled={readOnly}
        onChange={(fill) => set({ fill }, 'fill')}
      />
      {line ? (
        <NumberField
          label={t('creativeEditor.panel.lineWidth')}
          value={layer.strokeWidth ?? LINE_WIDTH}
          min={0.1}
          max={20}
          step={0.25}
          disabled={readOnly}
          onChange={(strokeWidth) => set({ strokeWidth }, 'stroke-width')}
        />
      ) : (
        <>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={layer.noFill === true} disabled={readOnly} onChange={(event) => set({ noFill: event.target.checked })} />
            {t('creativeEditor.panel.noFill')}
          </label>
          <NumberField
            label={t('creativeEditor.panel.outlineWidth')}
            value={outline}
            min={0}
            max={20}
            step={0.25}
            disabled={readOnly}
            // An outline gets a colour when it first gets a width: the brand's second colour.
            onChange={(strokeWidth) => set({ strokeWidth, stroke: layer.stroke ?? palette[1] ?? '#111827' }, 'stroke-width')}
          />
          {outline > 0 ? (
            <ColorField
              label={t('creativeEditor.panel.outlineColour')}
              value={layer.stroke ?? '#111827'}
              palette={palette}
              disabled={readOnly}
              onChange={(stroke) => set({ stroke }, 'stroke')}
            />
          ) : null}
        </>
      )}
      <NumberField
        label={t('creativeEditor.panel.opacity')}
        value={layer.opacity}
        min={0}
        max={1}
        step={0.05}
        disabled={readOnly}
        onChange={(opacity) => set({ opacity }, 'opacity')}
      />
    </>
  );
}

/** An icon's fields: which icon (the picker's icon grid changes it), its colour, its line width and opacity. */
export function IconFields({ layer, readOnly, palette, set }: FieldsProps<IconLayer>) {
  const t = useT();
  const [picking, setPicking] = useState(false);
  return (
    <>
      <div>
        <p className="mb-1 text-xs font-medium text-zinc-700 dark:text-zinc-300">{t('creativeEditor.panel.icon')}</p>
        <div className="flex items-center gap-2">
          <IconPreview icon={{ name: layer.icon, nodes: layer.nodes }} className="size-7 shrink-0" />
          <span className="min-w-0 flex-1 truncate text-sm">{iconLabel(layer.icon)}</span>
          {!readOnly ? (
            <Button variant="secondary" size="sm" aria-haspopup="dialog" onClick={() => setPicking(true)}>
              {t('creativeEditor.panel.changeIcon')}
            </Button>
          ) : null}
        </div>
      </div>
      <ElementsPicker
        open={picking}
        iconsOnly
        onClose={() => setPicking(false)}
        onShape={() => undefined}
        onIcon={(icon) => {
          setPicking(false);
          set({ icon: icon.name, nodes: copyNodes(icon.nodes) });
        }}
      />
      <ColorField
        label={t('creativeEditor.panel.iconColour')}
        value={layer.color}
        palette={palette}
        disabled={readOnly}
        onChange={(color) => set({ color }, 'color')}
      />
      <div className="grid grid-cols-2 gap-2">
        <NumberField
          label={t('creativeEditor.panel.lineWidth')}
          value={layer.strokeWidth}
          min={0.5}
          max={4}
          step={0.25}
          disabled={readOnly}
          onChange={(strokeWidth) => set({ strokeWidth }, 'stroke-width')}
        />
        <NumberField
          label={t('creativeEditor.panel.opacity')}
          value={layer.opacity ?? 1}
          min={0}
          max={1}
          step={0.05}
          disabled={readOnly}
          onChange={(opacity) => set({ opacity }, 'opacity')}
        />
      </div>
    </>
  );
}
