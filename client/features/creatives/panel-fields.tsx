import { useId, useState, type ReactNode } from 'react';
import { isBrandFont, type FontRef } from '#common/fonts.ts';
import { BUNDLED_CHOICES, FontPicker, FontUploadButton, type FontChoice } from '#client/components/font-picker.tsx';
import { PanelSection } from '#client/components/editor/field-controls.tsx';
import type { BrandFonts } from '#client/features/creatives/brand-fonts.ts';
import { useT } from '#client/lib/i18n-context.tsx';

export const inputClass =
  'block h-9 w-full rounded-[var(--radius-control)] border border-zinc-300 bg-white px-2.5 text-sm text-zinc-900 shadow-sm focus:outline-2 focus:outline-accent-600 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100';

/** The creative editor's panel sections are the kit's. */
export const Section = PanelSection;

export function Field({ label, children, hint }: { label: string; children: (id: string) => ReactNode; hint?: string }) {
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

/**
 * A number typed or nudged: ArrowUp / ArrowDown add or take `step` (Shift: 10 steps), held within
 * min–max; a typed value counts once it is a number within them. `decimals`: how far values round.
 */
export function NumberField({
  label,
  value,
  min,
  max,
  step = 0.5,
  disabled,
  onChange,
  suffix,
  decimals = 2,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  disabled: boolean;
  onChange: (value: number) => void;
  suffix?: string;
  decimals?: number;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const round = (n: number) => Math.round(n * 10 ** decimals) / 10 ** decimals + 0;
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
            if (event.target.value !== '' && Number.isFinite(n) && n >= min && n <= max) onChange(round(n));
          }}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
            event.preventDefault();
            const by = (event.key === 'ArrowUp' ? 1 : -1) * step * (event.shiftKey ? 10 : 1);
            const next = round(Math.min(max, Math.max(min, value + by)));
            setDraft(null);
            if (next !== value) onChange(next);
          }}
          onBlur={() => setDraft(null)}
        />
      )}
    </Field>
  );
}

export function ColorField({
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
  const t = useT();
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
          <div className="flex flex-wrap gap-1" role="group" aria-label={t('creativeEditor.field.brandColours', { label })}>
            {[...new Set([...palette, '#ffffff', '#111827'])].slice(0, 8).map((color) => (
              <button
                key={color}
                type="button"
                disabled={disabled}
                title={color}
                aria-label={t('creativeEditor.field.useColour', { color })}
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

export function Segmented<T extends string | number>({
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
export function FontField({
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
  const t = useT();
  const [upload, setUpload] = useState<{ pending: boolean; error: string | null }>({ pending: false, error: null });
  const uploaded: FontChoice[] = (brandFonts?.fonts ?? []).map((font) => ({ ref: font.ref, name: font.family, note: t('creativeEditor.font.uploaded') }));
  const onFile = async (file: File) => {
    if (!brandFonts?.upload) return;
    setUpload({ pending: true, error: null });
    try {
      const font = await brandFonts.upload(file);
      setUpload({ pending: false, error: null });
      onChange(font.ref);
    } catch (error) {
      setUpload({ pending: false, error: error instanceof Error ? error.message : t('creativeEditor.font.uploadFailed') });
    }
  };
  return (
    <div>
      <FontPicker
        label={t('creativeEditor.font.label')}
        value={value}
        choices={[...uploaded, ...BUNDLED_CHOICES]}
        disabled={disabled}
        fallbackName={isBrandFont(value) ? t(brandFonts?.status === 'loading' ? 'creativeEditor.font.uploadedFont' : 'creativeEditor.font.deleted') : undefined}
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
