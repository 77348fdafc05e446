import { Image as ImageIcon, Trash2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { FORMAT_IDS, FORMATS, type Background, type CreativeDocument, type FormatId, type Layer } from '#common/creative/document.ts';
import { isBrandFont, type FontRef } from '#common/fonts.ts';
import type { MediaItem } from '#common/schemas/media.ts';
import { Button } from '#client/components/button.tsx';
import { Dialog } from '#client/components/dialog.tsx';
import { LoadFailed } from '#client/components/alert.tsx';
import { BUNDLED_CHOICES, FontPicker, FontUploadButton, type FontChoice } from '#client/components/font-picker.tsx';
import { Uploader } from '#client/components/media-uploader.tsx';
import { useResource } from '#client/lib/use-resource.ts';
import { listProjectMedia } from '#client/lib/media-library.ts';
import { LAYER_LABELS } from '#client/features/creatives/editor-stage.tsx';
import { removeLayer, uniqueLayerId, updateLayer } from '#client/features/creatives/editor-state.ts';
import type { BrandFonts } from '#client/features/creatives/brand-fonts.ts';
import { PictureControls } from '#client/features/creatives/picture-controls.tsx';
import { startMediaDrag } from '#client/features/creatives/picture-drop.tsx';

export const inputClass =
  'block h-9 w-full rounded-[var(--radius-control)] border border-zinc-300 bg-white px-2.5 text-sm text-zinc-900 shadow-sm focus:outline-2 focus:outline-accent-600 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100';

export function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section className="border-b border-zinc-200 px-4 py-4 dark:border-zinc-800">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{title}</h2>
        {action}
      </div>
      <div className="space-y-3">{children}</div>
    </section>
  );
}

function Field({ label, children, hint }: { label: string; children: (id: string) => ReactNode; hint?: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-zinc-700 dark:text-zinc-300">
        {label}
      </label>
      {children(id)}
      {hint ? <p className="mt-1 text-xs text-zinc-500">{hint}</p> : null}
    </div>
  );
}

function NumberField({
  label,
  value,
  min,
  max,
  step = 0.5,
  disabled,
  onChange,
  suffix,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  disabled: boolean;
  onChange: (value: number) => void;
  suffix?: string;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <Field label={suffix ? `${label} (${suffix})` : label}>
      {(id) => (
        <input
          id={id}
          type="number"
          inputMode="decimal"
          className={inputClass}
          value={draft ?? String(value)}
          min={min}
          max={max}
          step={step}
          disabled={disabled}
          onChange={(event) => {
            setDraft(event.target.value);
            const n = Number(event.target.value);
            if (event.target.value !== '' && Number.isFinite(n) && n >= min && n <= max) onChange(Math.round(n * 100) / 100);
          }}
          onBlur={() => setDraft(null)}
        />
      )}
    </Field>
  );
}

function ColorField({
  label,
  value,
  disabled,
  onChange,
  palette,
}: {
  label: string;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
  palette: readonly string[];
}) {
  return (
    <Field label={label}>
      {(id) => (
        <div className="flex items-center gap-2">
          <input
            id={id}
            type="color"
            value={value}
            disabled={disabled}
            onChange={(event) => onChange(event.target.value.toLowerCase())}
            className="h-9 w-12 cursor-pointer rounded border border-zinc-300 bg-white p-0.5 disabled:cursor-not-allowed dark:border-zinc-700"
          />
          <div className="flex flex-wrap gap-1" role="group" aria-label={`${label}: brand colours`}>
            {[...new Set([...palette, '#ffffff', '#111827'])].slice(0, 8).map((color) => (
              <button
                key={color}
                type="button"
                disabled={disabled}
                title={color}
                aria-label={`Use ${color}`}
                aria-pressed={color === value}
                onClick={() => onChange(color)}
                className={`size-6 rounded-full border ${color === value ? 'ring-2 ring-accent-600 ring-offset-1 dark:ring-offset-zinc-900' : 'border-zinc-300 dark:border-zinc-600'}`}
                style={{ backgroundColor: color }}
              />
            ))}
          </div>
        </div>
      )}
    </Field>
  );
}

function Segmented<T extends string | number>({
  label,
  value,
  options,
  disabled,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  disabled: boolean;
  onChange: (value: T) => void;
}) {
  return (
    <div>
      <p className="mb-1 text-xs font-medium text-zinc-700 dark:text-zinc-300" id={`${label}-label`}>
        {label}
      </p>
      <div role="radiogroup" aria-label={label} className="inline-flex rounded-[var(--radius-control)] border border-zinc-300 p-0.5 dark:border-zinc-700">
        {options.map((option) => (
          <button
            key={String(option.value)}
            type="button"
            role="radio"
            aria-checked={option.value === value}
            disabled={disabled}
            onClick={() => onChange(option.value)}
            className={`rounded-md px-2.5 py-1 text-xs font-medium ${option.value === value ? 'bg-accent-600 text-white' : 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800'}`}
          >
            {option.label}
          </button>
        ))}
      </div>
    </div>
  );
}

/** The font of a text or button: the project's uploaded fonts first, then the bundled ones, each shown in its own face. */
function FontField({
  value,
  disabled,
  brandFonts,
  onChange,
}: {
  value: FontRef;
  disabled: boolean;
  brandFonts?: BrandFonts | undefined;
  onChange: (font: FontRef) => void;
}) {
  const [upload, setUpload] = useState<{ pending: boolean; error: string | null }>({ pending: false, error: null });
  const uploaded: FontChoice[] = (brandFonts?.fonts ?? []).map((font) => ({ ref: font.ref, name: font.family, note: 'Uploaded' }));
  const onFile = async (file: File) => {
    if (!brandFonts?.upload) return;
    setUpload({ pending: true, error: null });
    try {
      const font = await brandFonts.upload(file);
      setUpload({ pending: false, error: null });
      onChange(font.ref);
    } catch (error) {
      setUpload({ pending: false, error: error instanceof Error ? error.message : 'The font could not be uploaded.' });
    }
  };
  return (
    <div>
      <FontPicker
        label="Font"
        value={value}
        choices={[...uploaded, ...BUNDLED_CHOICES]}
        disabled={disabled}
        fallbackName={isBrandFont(value) ? (brandFonts?.status === 'loading' ? 'Uploaded font' : 'Deleted font (drawn in Inter)') : undefined}
        onChange={(ref) => onChange(ref as FontRef)}
      />
      {brandFonts?.upload && !disabled ? <FontUploadButton accept=".ttf,.otf,.woff" pending={upload.pending} onFile={(file) => void onFile(file)} /> : null}
      {upload.error ? (
        <p role="alert" className="mt-1 text-xs text-red-700 dark:text-red-400">
          {upload.error}
        </p>
      ) : null}
    </div>
  );
}

/** Pick an image of the project's library, or upload one. */
export function MediaPicker({
  projectId,
  open,
  title,
  onClose,
  onPick,
  onDragPicture,
}: {
  projectId: string;
  open: boolean;
  title: string;
  onClose: () => void;
  onPick: (item: MediaItem) => void;
  /** A tile is being dragged (onto a frame of the canvas): the dialog makes way. */
  onDragPicture?: () => void;
}) {
  const images = useResource(() => (open ? listProjectMedia(projectId, 'image') : Promise.resolve({ items: [], nextCursor: null })), [open, projectId]);
  return (
    <Dialog open={open} title={title} onClose={onClose} wide>
      <div className="space-y-4">
        <Uploader projectId={projectId} onUploaded={(item) => item.kind === 'image' && onPick(item)} />
        {images.status === 'error' ? <LoadFailed title="The library could not be loaded" onRetry={images.reload} /> : null}
        {images.status === 'loading' ? (
          <p role="status" className="text-sm text-zinc-500">
            Loading the library…
          </p>
        ) : null}
        {images.status === 'ready' && images.data.items.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">No images in this project yet. Drop one above.</p>
        ) : null}
        <ul className="grid max-h-[50vh] grid-cols-3 gap-3 overflow-y-auto sm:grid-cols-5">
          {images.status === 'ready'
            ? images.data.items.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    onClick={() => onPick(item)}
                    draggable
                    title="Click to choose, or drag onto a picture on the canvas"
                    onDragStart={(event) => {
                      startMediaDrag(event, item);
                      // The modal makes the page inert: it closes once the drag has begun (not during dragstart, which would cancel it).
                      if (onDragPicture) setTimeout(onDragPicture, 0);
                    }}
                    className="block w-full overflow-hidden rounded-lg border border-zinc-200 bg-white hover:border-accent-600 focus-visible:ring-2 focus-visible:ring-accent-600 dark:border-zinc-700"
                  >
                    <img src={item.thumbnailUrl ?? item.fileUrl} alt={item.alt || item.name} className="aspect-square w-full object-cover" loading="lazy" />
                    <span className="block truncate px-2 py-1 text-xs">{item.name}</span>
                  </button>
                </li>
              ))
            : null}
        </ul>
      </div>
    </Dialog>
  );
}

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
}

export function FormatPanel({ doc, readOnly, onFormat }: Pick<PanelProps, 'doc' | 'readOnly' | 'onFormat'>) {
  return (
    <Section title="Format">
      <div role="radiogroup" aria-label="Format" className="grid grid-cols-2 gap-2">
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
              className={`flex items-center gap-2 rounded-lg border px-2 py-2 text-left text-xs ${checked ? 'border-accent-600 bg-accent-50 text-accent-800 dark:bg-accent-800/20 dark:text-accent-100' : 'border-zinc-200 hover:border-zinc-400 dark:border-zinc-700'}`}
            >
              <span aria-hidden="true" className="grid w-6 shrink-0 place-items-center">
                <span
                  className="block rounded-[2px] border border-current"
                  style={{ width: 20 * Math.min(1, f.width / f.height), height: 20 * Math.min(1, f.height / f.width) }}
                />
              </span>
              <span>
                <span className="block font-medium">{f.label}</span>
                <span className="block text-zinc-600 dark:text-zinc-400">
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
}: Pick<PanelProps, 'doc' | 'readOnly' | 'palette' | 'onChange' | 'onPickImage' | 'pictureLabel'>) {
  const bg = doc.background;
  const set = (background: Background, group?: string) => onChange({ ...doc, background }, group);
  const base = bg.type === 'gradient' ? bg.from : bg.color;
  return (
    <Section title="Background">
      <Segmented
        label="Fill"
        value={bg.type}
        disabled={readOnly}
        options={[
          { value: 'color', label: 'Colour' },
          { value: 'gradient', label: 'Gradient' },
          { value: 'media', label: 'Picture' },
        ]}
        onChange={(type) => {
          if (type === 'color') set({ type: 'color', color: base });
          else if (type === 'gradient') set({ type: 'gradient', from: base, to: palette[1] ?? '#111827', angle: 135 });
          else set({ type: 'media', mediaId: null, color: base, overlay: 0.3 });
        }}
      />
      {bg.type === 'color' ? (
        <ColorField label="Colour" value={bg.color} palette={palette} disabled={readOnly} onChange={(color) => set({ ...bg, color }, 'bg-color')} />
      ) : null}
      {bg.type === 'gradient' ? (
        <>
          <ColorField label="From" value={bg.from} palette={palette} disabled={readOnly} onChange={(from) => set({ ...bg, from }, 'bg-from')} />
          <ColorField label="To" value={bg.to} palette={palette} disabled={readOnly} onChange={(to) => set({ ...bg, to }, 'bg-to')} />
          <NumberField
            label="Angle"
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
            <ImageIcon className="size-4" aria-hidden="true" /> {bg.mediaId ? 'Change picture' : (pictureLabel ?? 'Choose picture')}
          </Button>
          <ColorField label="Colour behind" value={bg.color} palette={palette} disabled={readOnly} onChange={(color) => set({ ...bg, color }, 'bg-color')} />
          <NumberField
            label="Darken"
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

export function newLayer(doc: CreativeDocument, type: Layer['type'], palette: readonly string[], logoMediaId: string | null): Layer {
  const id = uniqueLayerId(doc, type);
  const box = { x: 30, y: 40, w: 40, h: 20 };
  const accent = palette[0] ?? '#1f3a5f';
  switch (type) {
    case 'text':
      return {
        id,
        type,
        ...box,
        text: 'Your text',
        font: 'inter',
        weight: 700,
        size: 6,
        color: '#111827',
        align: 'center',
        vAlign: 'middle',
        lineHeight: 1.15,
        uppercase: false,
      };
    case 'image':
      return { id, type, ...box, mediaId: null, fit: 'cover', radius: 0 };
    case 'logo':
      return { id, type, x: 38, y: 44, w: 24, h: 12, mediaId: logoMediaId };
    case 'shape':
      return { id, type, ...box, shape: 'rect', fill: accent, opacity: 1, radius: 2 };
    case 'cta':
      return { id, type, x: 32, y: 44, w: 36, h: 10, text: 'Shop now', font: 'inter', weight: 700, size: 3.6, color: '#ffffff', fill: accent, radius: 1.5 };
  }
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
}: Omit<PanelProps, 'onFormat' | 'onSelect'>) {
  const layer = doc.layers.find((l) => l.id === selected);
  if (!layer) {
    return (
      <Section title="Properties">
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          Select a layer on the canvas or in the list to change it. Tab moves between layers; arrow keys move the selected one.
        </p>
      </Section>
    );
  }
  const set = (patch: Partial<Layer>, group?: string) => onChange(updateLayer(doc, layer.id, patch), group ? `${group}-${layer.id}` : undefined);
  const g = (name: string) => name;
  return (
    <Section title={`${LAYER_LABELS[layer.type]} layer`}>
      {layer.type === 'text' || layer.type === 'cta' ? (
        <>
          <Field label="Text">
            {(id) =>
              layer.type === 'text' ? (
                <textarea
                  id={id}
                  rows={3}
                  className={`${inputClass} h-auto py-2`}
                  value={layer.text}
                  maxLength={500}
                  disabled={readOnly}
                  onChange={(event) => set({ text: event.target.value }, g('text'))}
                  data-field="text"
                />
              ) : (
                <input
                  id={id}
                  className={inputClass}
                  value={layer.text}
                  maxLength={40}
                  disabled={readOnly}
                  onChange={(event) => set({ text: event.target.value }, g('text'))}
                  data-field="text"
                />
              )
            }
          </Field>
          <FontField value={layer.font} disabled={readOnly} brandFonts={brandFonts} onChange={(font) => set({ font })} />
          <div className="grid grid-cols-2 gap-2">
            <NumberField label="Size" value={layer.size} min={1} max={50} step={0.5} disabled={readOnly} onChange={(size) => set({ size }, g('size'))} />
            <Segmented
              label="Weight"
              value={layer.weight}
              disabled={readOnly}
              options={[
                { value: 400, label: 'Regular' },
                { value: 700, label: 'Bold' },
              ]}
              onChange={(weight) => set({ weight })}
            />
          </div>
          <ColorField label="Text colour" value={layer.color} palette={palette} disabled={readOnly} onChange={(color) => set({ color }, g('color'))} />
        </>
      ) : null}
      {layer.type === 'text' ? (
        <>
          <Segmented
            label="Align"
            value={layer.align}
            disabled={readOnly}
            options={[
              { value: 'left', label: 'Left' },
              { value: 'center', label: 'Centre' },
              { value: 'right', label: 'Right' },
            ]}
            onChange={(align) => set({ align })}
          />
          <Segmented
            label="Vertical"
            value={layer.vAlign}
            disabled={readOnly}
            options={[
              { value: 'top', label: 'Top' },
              { value: 'middle', label: 'Middle' },
              { value: 'bottom', label: 'Bottom' },
            ]}
            onChange={(vAlign) => set({ vAlign })}
          />
          <div className="grid grid-cols-2 items-end gap-2">
            <NumberField
              label="Line height"
              value={layer.lineHeight}
              min={0.8}
              max={2.5}
              step={0.05}
              disabled={readOnly}
              onChange={(lineHeight) => set({ lineHeight }, g('lh'))}
            />
            <label className="flex h-9 items-center gap-2 text-sm">
              <input type="checkbox" checked={layer.uppercase} disabled={readOnly} onChange={(event) => set({ uppercase: event.target.checked })} />
              Capitals
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
              Shrink to fit the box
            </label>
            <p id={`autofit-${layer.id}`} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
              {layer.autoFit
                ? `Drawn at up to ${layer.size} (the size above), smaller when the text needs it.`
                : 'The text keeps its size, even when it overflows.'}
            </p>
          </div>
        </>
      ) : null}
      {layer.type === 'cta' || layer.type === 'shape' ? (
        <ColorField
          label={layer.type === 'cta' ? 'Button colour' : 'Fill'}
          value={layer.fill}
          palette={palette}
          disabled={readOnly}
          onChange={(fill) => set({ fill }, g('fill'))}
        />
      ) : null}
      {layer.type === 'shape' ? (
        <>
          <Segmented
            label="Shape"
            value={layer.shape}
            disabled={readOnly}
            options={[
              { value: 'rect', label: 'Rectangle' },
              { value: 'ellipse', label: 'Ellipse' },
            ]}
            onChange={(shape) => set({ shape })}
          />
          <NumberField
            label="Opacity"
            value={layer.opacity}
            min={0}
            max={1}
            step={0.05}
            disabled={readOnly}
            onChange={(opacity) => set({ opacity }, g('opacity'))}
          />
        </>
      ) : null}
      {layer.type === 'image' || layer.type === 'logo' ? (
        <Button variant="secondary" size="sm" disabled={readOnly} onClick={() => onPickImage({ layerId: layer.id })}>
          <ImageIcon className="size-4" aria-hidden="true" /> {layer.mediaId ? 'Change picture' : (pictureLabel ?? 'Choose picture')}
        </Button>
      ) : null}
      {layer.type === 'image' ? (
        <>
          <Segmented
            label="Fit"
            value={layer.fit}
            disabled={readOnly}
            options={[
              { value: 'cover', label: 'Fill' },
              { value: 'contain', label: 'Fit' },
            ]}
            onChange={(fit) => set({ fit })}
          />
          <PictureControls layer={layer} readOnly={readOnly} onChange={(patch, group) => set(patch, group ? g(group) : undefined)} />
        </>
      ) : null}
      {layer.type === 'cta' || layer.type === 'shape' || layer.type === 'image' ? (
        <NumberField
          label="Corner radius"
          value={layer.radius}
          min={0}
          max={50}
          step={0.5}
          disabled={readOnly}
          onChange={(radius) => set({ radius }, g('radius'))}
        />
      ) : null}
      <div className="grid grid-cols-2 gap-2">
        <NumberField label="X" suffix="%" value={layer.x} min={-100} max={200} disabled={readOnly} onChange={(x) => set({ x }, g('x'))} />
        <NumberField label="Y" suffix="%" value={layer.y} min={-100} max={200} disabled={readOnly} onChange={(y) => set({ y }, g('y'))} />
        <NumberField label="Width" suffix="%" value={layer.w} min={0.5} max={300} disabled={readOnly} onChange={(w) => set({ w }, g('w'))} />
        <NumberField label="Height" suffix="%" value={layer.h} min={0.5} max={300} disabled={readOnly} onChange={(h) => set({ h }, g('h'))} />
      </div>
      {!readOnly ? (
        <Button variant="ghost" size="sm" className="text-red-700 dark:text-red-400" onClick={() => onChange(removeLayer(doc, layer.id))}>
          <Trash2 className="size-4" aria-hidden="true" /> Delete layer
        </Button>
      ) : null}
    </Section>
  );
}
