import { FlipHorizontal2, FlipVertical2, RotateCcw } from 'lucide-react';
import { useId } from 'react';
import type { Layer } from '#common/creative/document.ts';
import type { PicturePatch } from '#client/features/creatives/picture-drop.tsx';
import { useI18n, useT } from '#client/lib/i18n-context.tsx';

type ImageLayer = Extract<Layer, { type: 'image' }>;

function Slider({
  label,
  value,
  min,
  max,
  step,
  disabled,
  format,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  disabled: boolean;
  format: (value: number) => string;
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <div>
      <div className="mb-1 flex items-center justify-between text-xs font-medium text-zinc-700 dark:text-zinc-300">
        <label htmlFor={id}>{label}</label>
        <output htmlFor={id} className="tabular-nums text-zinc-600 dark:text-zinc-400">
          {format(value)}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        disabled={disabled}
        aria-valuetext={format(value)}
        onChange={(event) => onChange(Math.round(Number(event.target.value) * 100) / 100)}
        className="block w-full accent-accent-600 disabled:opacity-60"
      />
    </div>
  );
}

const percent = (value: number) => `${Math.round(value)} %`;

/** The focal point's two sliders: the point across the picture, then down it. */
const FOCUS_SLIDERS = ['x', 'y'] as const;

/**
 * The picture of an image layer (issue 14, point 4): zoom into it and choose the point that
 * stays in view (the crop), flip it, fade it. Sliders and toggle buttons: the keyboard works
 * as for any range or button; a slider's drag is one undo step (`group`).
 */
export interface PictureControlsProps {
  layer: ImageLayer;
  readOnly: boolean;
  onChange: (patch: PicturePatch, group?: string) => void;
}

export function PictureControls({ layer, readOnly, onChange }: PictureControlsProps) {
  const t = useT();
  const { locale } = useI18n();
  const times = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const focal = layer.focal ?? { x: 50, y: 50 };
  const zoom = layer.zoom ?? 1;
  const opacity = layer.opacity ?? 1;
  const cropped = layer.focal !== undefined || layer.zoom !== undefined || layer.flipX === true || layer.flipY === true;
  const toggle = (name: 'flipX' | 'flipY', label: string, Icon: typeof FlipHorizontal2) => (
    <button
      type="button"
      aria-pressed={layer[name] === true}
      disabled={readOnly}
      onClick={() => onChange({ [name]: layer[name] ? undefined : true })}
      className={`inline-flex h-8 items-center gap-1.5 rounded-[var(--radius-control)] border px-2.5 text-xs font-medium disabled:opacity-60 ${
        layer[name]
          ? 'border-accent-600 bg-accent-600 text-white'
          : 'border-zinc-300 text-zinc-700 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800'
      }`}
    >
      <Icon className="size-4" aria-hidden="true" />
      {label}
    </button>
  );
  return (
    <div className="space-y-3" role="group" aria-label={t('creativeEditor.picture.group')}>
      <Slider
        label={t('creativeEditor.picture.zoom')}
        value={zoom}
        min={1}
        max={5}
        step={0.05}
        disabled={readOnly || layer.mediaId === null}
        format={(value) => `${times.format(value)} ×`}
        onChange={(value) => onChange({ zoom: value === 1 ? undefined : value }, 'zoom')}
      />
      <div className="grid grid-cols-2 gap-2">
        {FOCUS_SLIDERS.map((axis) => (
          <Slider
            key={axis}
            label={axis === 'x' ? t('creativeEditor.picture.focusX') : t('creativeEditor.picture.focusY')}
            value={focal[axis]}
            min={0}
            max={100}
            step={1}
            disabled={readOnly || layer.mediaId === null}
            format={percent}
            onChange={(value) => onChange({ focal: { ...focal, [axis]: value } }, 'focal')}
          />
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        {toggle('flipX', t('creativeEditor.picture.flipX'), FlipHorizontal2)}
        {toggle('flipY', t('creativeEditor.picture.flipY'), FlipVertical2)}
        {cropped ? (
          <button
            type="button"
            disabled={readOnly}
            onClick={() => onChange({ focal: undefined, zoom: undefined, flipX: undefined, flipY: undefined })}
            className="inline-flex h-8 items-center gap-1.5 rounded-[var(--radius-control)] px-2 text-xs font-medium text-zinc-700 hover:bg-zinc-100 disabled:opacity-60 dark:text-zinc-300 dark:hover:bg-zinc-800"
          >
            <RotateCcw className="size-4" aria-hidden="true" />
            {t('creativeEditor.picture.resetCrop')}
          </button>
        ) : null}
      </div>
      <Slider
        label={t('creativeEditor.picture.opacity')}
        value={opacity}
        min={0}
        max={1}
        step={0.05}
        disabled={readOnly}
        format={(value) => `${Math.round(value * 100)} %`}
        onChange={(value) => onChange({ opacity: value === 1 ? undefined : value }, 'opacity')}
      />
    </div>
  );
}
