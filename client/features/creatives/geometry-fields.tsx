import { useState } from 'react';
import { FORMAT_IDS, FORMATS, ROTATION_MAX, ROTATION_MIN, type CreativeDocument, type Layer } from '#common/creative/document.ts';
import { setRotation } from '#client/features/creatives/arrange.ts';
import { updateLayer } from '#client/features/creatives/editor-state.ts';
import { NumberField, Segmented } from '#client/features/creatives/panel-fields.tsx';
import { useT } from '#client/lib/i18n-context.tsx';

export type GeometryUnit = 'px' | '%';
/** Where the unit the panel shows positions and sizes in is remembered (per browser). */
export const GEOMETRY_UNIT_KEY = 'adloom.creativeEditor.unit';

function storedUnit(): GeometryUnit {
  try {
    return localStorage.getItem(GEOMETRY_UNIT_KEY) === '%' ? '%' : 'px';
  } catch {
    return 'px';
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100 + 0;

/**
 * The panel's place, size and rotation of one layer (issue 29, point 4): X, Y, width and height
 * in pixels of the export size (1080 × 1350 …) or in per cent of the format (a toggle, remembered),
 * the rotation in degrees; each typed or nudged with ArrowUp / ArrowDown (Shift: ×10). Below, the
 * layer's size in pixels on every format (its per cent of each format's size).
 */
export function GeometryFields({
  doc,
  layer,
  readOnly,
  onChange,
}: {
  doc: CreativeDocument;
  layer: Layer;
  readOnly: boolean;
  onChange: (doc: CreativeDocument, group?: string) => void;
}) {
  const t = useT();
  const [unit, setUnit] = useState<GeometryUnit>(storedUnit);
  const { width: W, height: H } = FORMATS[doc.format];
  const g = (field: string) => `field-${layer.id}-${field}`;
  const set = (patch: Partial<Layer>, field: string) => onChange(updateLayer(doc, layer.id, patch), g(field));
  const chooseUnit = (next: GeometryUnit) => {
    setUnit(next);
    try {
      localStorage.setItem(GEOMETRY_UNIT_KEY, next);
    } catch {
      // Private mode: the choice holds for this visit only.
    }
  };
  const px = unit === 'px';
  // One field per value: in pixels whole numbers of the export size (percent kept to 0.01), in per cent as stored.
  const field = (key: 'x' | 'y' | 'w' | 'h', label: string, side: number, min: number, max: number) => (
    <NumberField
      key={`${key}-${unit}`}
      label={label}
      suffix={unit}
      value={px ? Math.round((layer[key] / 100) * side) : layer[key]}
      min={px ? Math.ceil((min / 100) * side) : min}
      max={px ? Math.floor((max / 100) * side) : max}
      step={px ? 1 : 0.5}
      decimals={px ? 0 : 2}
      disabled={readOnly}
      onChange={(value) => set({ [key]: px ? round2((value / side) * 100) : value }, key)}
    />
  );
  const sizes = FORMAT_IDS.map((id) => {
    const f = FORMATS[id];
    return t('creativeEditor.geometry.sizeOn', {
      format: t('creativeEditor.format.label', { format: id }),
      width: Math.round((layer.w / 100) * f.width),
      height: Math.round((layer.h / 100) * f.height),
    });
  });
  return (
    <div className="space-y-2">
      <Segmented
        label={t('creativeEditor.geometry.unit')}
        value={unit}
        disabled={false}
        options={[
          { value: 'px', label: t('creativeEditor.geometry.pixels') },
          { value: '%', label: t('creativeEditor.geometry.percent') },
        ]}
        onChange={chooseUnit}
      />
      <div className="grid grid-cols-2 gap-2">
        {field('x', 'X', W, -100, 200)}
        {field('y', 'Y', H, -100, 200)}
        {field('w', t('creativeEditor.panel.width'), W, 0.5, 300)}
        {field('h', t('creativeEditor.panel.height'), H, 0.5, 300)}
        <NumberField
          label={t('creativeEditor.geometry.rotation')}
          suffix="°"
          value={layer.rotation ?? 0}
          min={ROTATION_MIN}
          max={ROTATION_MAX}
          step={1}
          decimals={1}
          disabled={readOnly}
          onChange={(rotation) => onChange(setRotation(doc, [layer.id], rotation), g('rotation'))}
        />
      </div>
      <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="layer-sizes">
        {t('creativeEditor.geometry.sizes', { sizes: sizes.join(' · ') })}
      </p>
    </div>
  );
}
