import { Image as ImageIcon, Trash2 } from 'lucide-react';
import { FORMAT_IDS, FORMATS, type Background, type CreativeDocument, type FormatId, type Layer } from '#common/creative/document.ts';
import { Button } from '#client/components/button.tsx';
import { removeLayer, updateLayer } from '#client/features/creatives/editor-state.ts';
import type { BrandFonts } from '#client/features/creatives/brand-fonts.ts';
import { GuardFlags, type GuardProps } from '#client/features/creatives/brand-guard.tsx';
import { GeometryFields } from '#client/features/creatives/geometry-fields.tsx';
import { IconFields, PictureControls, ShapeFields } from '#client/features/creatives/lazy-fields.tsx';
import { ColorField, Field, FontField, inputClass, NumberField, Section, Segmented } from '#client/features/creatives/panel-fields.tsx';
import { TextContentField } from '#client/features/creatives/text-style-bar.tsx';
import { FontSizePxField, fontSizePx, TypographyPxFields } from '#client/features/creatives/typography-fields.tsx';
import { useT } from '#client/lib/i18n-context.tsx';

export interface PanelProps {
  doc: CreativeDocument;
  selected: string | null;
  readOnly: boolean;
  palette: readonly string[];
  onChange: (doc: CreativeDocument, group?: string) => void;
  onSelect: (id: string | null) => void;
  /** Opens the image picker for a layer or the background (omitted: no library, e.g. the playground). */
  onPickImage: (target: { layerId: string } | 'background') => void;
  onFormat: (format: FormatId) => void;
  /** The text of the picture control (the playground says "Drop an image"). */
  pictureLabel?: string;
  /** The project's uploaded fonts (none in the playground). */
  brandFonts?: BrandFonts | undefined;
  /** The brand guard's findings and fixes (none in the playground). */
  guard?: GuardProps | undefined;
}

export function FormatPanel({ doc, readOnly, onFormat }: Pick<PanelProps, 'doc' | 'readOnly' | 'onFormat'>) {
  const t = useT();
  return (
    <Section title={t('creativeEditor.panel.format')}>
      <div role="radiogroup" aria-label={t('creativeEditor.panel.format')} className="grid grid-cols-2 gap-2">
        {FORMAT_IDS.map((id) => {
          const f = FORMATS[id];
          const checked = doc.format === id;
          return (
            <button
              key={id}
              type="button"
              role="radio"
              aria-checked={checked}
              disabled={readOnly}
              onClick={() => onFormat(id)}
              className={`flex min-w-0 flex-col items-start gap-1 rounded-lg border px-2 py-2 text-left text-xs ${checked ? 'border-accent-600 bg-accent-50 text-accent-800 dark:bg-accent-800/20 dark:text-accent-100' : 'border-zinc-200 hover:border-zinc-400 dark:border-zinc-700'}`}
            >
              {/* The shape above its name: a German name (“Hochformat”) and its size fit half the panel. */}
              <span aria-hidden="true" className="grid h-5 w-6 shrink-0 place-items-center">
                <span
                  className="block rounded-[2px] border border-current"
                  style={{ width: 20 * Math.min(1, f.width / f.height), height: 20 * Math.min(1, f.height / f.width) }}
                />
              </span>
              <span>
                <span className="block font-medium">{t('creativeEditor.format.label', { format: id })}</span>
                <span className="block whitespace-nowrap text-zinc-600 dark:text-zinc-400">
                  {f.width} × {f.height}
                </span>
              </span>
            </button>
          );
        })}
      </div>
    </Section>
  );
}

export function BackgroundPanel({
  doc,
  readOnly,
  palette,
  onChange,
  onPickImage,
  pictureLabel,
  guard,
}: Pick<PanelProps, 'doc' | 'readOnly' | 'palette' | 'onChange' | 'onPickImage' | 'pictureLabel' | 'guard'>) {
  const t = useT();
  const bg = doc.background;
  const set = (background: Background, group?: string) => onChange({ ...doc, background }, group);
  const base = bg.type === 'gradient' ? bg.from : bg.color;
  return (
    <Section title={t('creativeEditor.panel.background')}>
      <GuardFlags guard={guard} doc={doc} layerId={null} readOnly={readOnly} />
      <Segmented
        label={t('creativeEditor.panel.fill')}
        value={bg.type}
        disabled={readOnly}
        options={[
          { value: 'color', label: t('creativeEditor.panel.colour') },
          { value: 'gradient', label: t('creativeEditor.panel.gradient') },
          { value: 'media', label: t('creativeEditor.panel.picture') },
        ]}
        onChange={(type) => {
          if (type === 'color') set({ type: 'color', color: base });
          else if (type === 'gradient') set({ type: 'gradient', from: base, to: palette[1] ?? '#111827', angle: 135 });
          else set({ type: 'media', mediaId: null, color: base, overlay: 0.3 });
        }}
      />
      {bg.type === 'color' ? (
        <ColorField
          label={t('creativeEditor.panel.colour')}
          value={bg.color}
          palette={palette}
          disabled={readOnly}
          onChange={(color) => set({ ...bg, color }, 'bg-color')}
        />
      ) : null}
      {bg.type === 'gradient' ? (
        <>
          <ColorField
            label={t('creativeEditor.panel.from')}
            value={bg.from}
            palette={palette}
            disabled={readOnly}
            onChange={(from) => set({ ...bg, from }, 'bg-from')}
          />
          <ColorField label={t('creativeEditor.panel.to')} value={bg.to} palette={palette} disabled={readOnly} onChange={(to) => set({ ...bg, to }, 'bg-to')} />
          <NumberField
            label={t('creativeEditor.panel.angle')}
            suffix="°"
            value={bg.angle}
            min={0}
            max={360}
            step={15}
            disabled={readOnly}
            onChange={(angle) => set({ ...bg, angle }, 'bg-angle')}
          />
        </>
      ) : null}
      {bg.type === 'media' ? (
        <>
          <Button variant="secondary" size="sm" disabled={readOnly} onClick={() => onPickImage('background')}>
            <ImageIcon className="size-4" aria-hidden="true" />{' '}
            {bg.mediaId ? t('creativeEditor.panel.changePicture') : (pictureLabel ?? t('creativeEditor.panel.choosePicture'))}
          </Button>
          <ColorField
            label={t('creativeEditor.panel.colourBehind')}
            value={bg.color}
            palette={palette}
            disabled={readOnly}
            onChange={(color) => set({ ...bg, color }, 'bg-color')}
          />
          <NumberField
            label={t('creativeEditor.panel.darken')}
            value={bg.overlay}
            min={0}
            max={0.9}
            step={0.05}
            disabled={readOnly}
            onChange={(overlay) => set({ ...bg, overlay }, 'bg-overlay')}
          />
        </>
      ) : null}
    </Section>
  );
}

export function PropertiesPanel({
  doc,
  selected,
  readOnly,
  palette,
  onChange,
  onPickImage,
  pictureLabel,
  brandFonts,
  guard,
}: Omit<PanelProps, 'onFormat' | 'onSelect'>) {
  const t = useT();
  const layer = doc.layers.find((l) => l.id === selected);
  if (!layer) {
    return (
      <Section title={t('creativeEditor.panel.properties')}>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('creativeEditor.panel.nothingSelected')}</p>
      </Section>
    );
  }
  const set = (patch: Partial<Layer>, group?: string) => onChange(updateLayer(doc, layer.id, patch), group ? `${group}-${layer.id}` : undefined);
  const g = (name: string) => name;
  return (
    <Section title={t('creativeEditor.panel.layerTitle', { type: layer.type })}>
      <GuardFlags guard={guard} doc={doc} layerId={layer.id} readOnly={readOnly} />
      {layer.type === 'text' || layer.type === 'cta' ? (
        <>
          {layer.type === 'text' ? (
            <TextContentField layer={layer} doc={doc} palette={palette} disabled={readOnly} onChange={onChange} />
          ) : (
            <Field label={t('creativeEditor.panel.text')}>
              {(id) => (
                <input
                  id={id}
                  className={inputClass}
                  value={layer.text}
                  maxLength={40}
                  disabled={readOnly}
                  onChange={(event) => set({ text: event.target.value }, g('text'))}
                  data-field="text"
                />
              )}
            </Field>
          )}
          <FontField value={layer.font} disabled={readOnly} brandFonts={brandFonts} onChange={(font) => set({ font })} />
          <div className="grid grid-cols-2 gap-2">
            {layer.type === 'text' ? (
              <FontSizePxField layer={layer} format={doc.format} disabled={readOnly} onSize={(size) => set({ size }, g('size'))} />
            ) : (
              <NumberField
                label={t('creativeEditor.panel.size')}
                value={layer.size}
                min={1}
                max={50}
                step={0.5}
                disabled={readOnly}
                onChange={(size) => set({ size }, g('size'))}
              />
            )}
            <Segmented
              label={t('creativeEditor.panel.weight')}
              value={layer.weight}
              disabled={readOnly}
              options={[
                { value: 400, label: t('creativeEditor.panel.regular') },
                { value: 700, label: t('creativeEditor.panel.bold') },
              ]}
              onChange={(weight) => set({ weight })}
            />
          </div>
          <ColorField
            label={t('creativeEditor.panel.textColour')}
            value={layer.color}
            palette={palette}
            disabled={readOnly}
            onChange={(color) => set({ color }, g('color'))}
          />
        </>
      ) : null}
      {layer.type === 'text' ? (
        <>
          <Segmented
            label={t('creativeEditor.panel.align')}
            value={layer.align}
            disabled={readOnly}
            options={[
              { value: 'left', label: t('creativeEditor.panel.left') },
              { value: 'center', label: t('creativeEditor.panel.centre') },
              { value: 'right', label: t('creativeEditor.panel.right') },
            ]}
            onChange={(align) => set({ align })}
          />
          <Segmented
            label={t('creativeEditor.panel.vertical')}
            value={layer.vAlign}
            disabled={readOnly}
            options={[
              { value: 'top', label: t('creativeEditor.panel.top') },
              { value: 'middle', label: t('creativeEditor.panel.middle') },
              { value: 'bottom', label: t('creativeEditor.panel.bottom') },
            ]}
            onChange={(vAlign) => set({ vAlign })}
          />
          <div className="grid grid-cols-2 items-end gap-2">
            <TypographyPxFields layer={layer} format={doc.format} disabled={readOnly} onChange={(patch, group) => set(patch, g(group))} />
            <label className="flex h-9 items-center gap-2 text-sm">
              <input type="checkbox" checked={layer.uppercase} disabled={readOnly} onChange={(event) => set({ uppercase: event.target.checked })} />
              {t('creativeEditor.panel.capitals')}
            </label>
          </div>
          <div>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={layer.autoFit === true}
                disabled={readOnly}
                aria-describedby={`autofit-${layer.id}`}
                onChange={(event) => set({ autoFit: event.target.checked })}
              />
              {t('creativeEditor.panel.autoFit')}
            </label>
            <p id={`autofit-${layer.id}`} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
              {layer.autoFit ? t('creativeEditor.panel.autoFitOn', { size: fontSizePx(layer.size, doc.format) }) : t('creativeEditor.panel.autoFitOff')}
            </p>
          </div>
        </>
      ) : null}
      {layer.type === 'cta' ? (
        <ColorField
          label={t('creativeEditor.panel.buttonColour')}
          value={layer.fill}
          palette={palette}
          disabled={readOnly}
          onChange={(fill) => set({ fill }, g('fill'))}
        />
      ) : null}
      {layer.type === 'shape' ? <ShapeFields layer={layer} readOnly={readOnly} palette={palette} set={set} /> : null}
      {layer.type === 'icon' ? <IconFields layer={layer} readOnly={readOnly} palette={palette} set={set} /> : null}
      {layer.type === 'image' || layer.type === 'logo' ? (
        <Button variant="secondary" size="sm" disabled={readOnly} onClick={() => onPickImage({ layerId: layer.id })}>
          <ImageIcon className="size-4" aria-hidden="true" />{' '}
          {layer.mediaId ? t('creativeEditor.panel.changePicture') : (pictureLabel ?? t('creativeEditor.panel.choosePicture'))}
        </Button>
      ) : null}
      {layer.type === 'image' ? (
        <>
          <Segmented
            label={t('creativeEditor.panel.fit')}
            value={layer.fit}
            disabled={readOnly}
            options={[
              { value: 'cover', label: t('creativeEditor.panel.fitCover') },
              { value: 'contain', label: t('creativeEditor.panel.fitContain') },
            ]}
            onChange={(fit) => set({ fit })}
          />
          <PictureControls layer={layer} readOnly={readOnly} onChange={(patch, group) => set(patch, group ? g(group) : undefined)} />
        </>
      ) : null}
      {layer.type === 'cta' || (layer.type === 'shape' && layer.shape === 'rect') || layer.type === 'image' ? (
        <NumberField
          label={t('creativeEditor.panel.radius')}
          value={layer.radius}
          min={0}
          max={50}
          step={0.5}
          disabled={readOnly}
          onChange={(radius) => set({ radius }, g('radius'))}
        />
      ) : null}
      <GeometryFields doc={doc} layer={layer} readOnly={readOnly} onChange={onChange} />
      {!readOnly ? (
        <Button variant="ghost" size="sm" className="text-red-700 dark:text-red-400" onClick={() => onChange(removeLayer(doc, layer.id))}>
          <Trash2 className="size-4" aria-hidden="true" /> {t('creativeEditor.panel.deleteLayer')}
        </Button>
      ) : null}
    </Section>
  );
}
