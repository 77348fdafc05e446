import { Bold, Italic, Link2, RemoveFormatting, Underline } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TextLayer, TextRun } from '#common/creative/document.ts';
import { applyStyle, clearStyles, currentStyle, toggleEmphasis, type TextRange } from '#client/features/creatives/text-style.ts';
import { useT } from '#client/lib/i18n-context.tsx';

/*
 * The text style bar under a text layer's field (text-style-bar.tsx), loaded when a text layer
 * is first selected (lazy-parts.tsx).
 */

function StyleButton({
  label,
  pressed,
  disabled,
  onClick,
  children,
}: {
  label: string;
  pressed?: boolean;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      className={`inline-flex size-8 items-center justify-center rounded-md border text-sm focus-visible:outline-2 focus-visible:outline-accent-600 disabled:opacity-60 ${pressed ? 'border-accent-600 bg-accent-50 text-accent-800 dark:bg-accent-800/30 dark:text-accent-100' : 'border-zinc-300 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800'}`}
    >
      {children}
    </button>
  );
}

function Swatches({
  label,
  colors,
  value,
  disabled,
  noneLabel,
  swatchLabel,
  onPick,
}: {
  label: string;
  colors: readonly string[];
  value: string | undefined;
  disabled: boolean;
  noneLabel: string;
  swatchLabel: (color: string) => string;
  onPick: (color: string | undefined) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap items-center gap-1">
      <span className="mr-1 text-xs text-zinc-600 dark:text-zinc-400" aria-hidden="true">
        {label}
      </span>
      <button
        type="button"
        disabled={disabled}
        aria-label={noneLabel}
        title={noneLabel}
        aria-pressed={value === undefined}
        onClick={() => onPick(undefined)}
        className="size-6 rounded-full border border-zinc-300 bg-[linear-gradient(135deg,transparent_45%,#dc2626_45%,#dc2626_55%,transparent_55%)] focus-visible:outline-2 focus-visible:outline-accent-600 dark:border-zinc-600"
      />
      {colors.map((color) => (
        <button
          key={color}
          type="button"
          disabled={disabled}
          title={color}
          aria-label={swatchLabel(color)}
          aria-pressed={value === color}
          onClick={() => onPick(color)}
          className={`size-6 rounded-full border focus-visible:outline-2 focus-visible:outline-accent-600 ${value === color ? 'ring-2 ring-accent-600 ring-offset-1 dark:ring-offset-zinc-900' : 'border-zinc-300 dark:border-zinc-600'}`}
          style={{ backgroundColor: color }}
        />
      ))}
    </div>
  );
}

export interface TextStyleBarProps {
  layer: TextLayer;
  range: TextRange | null;
  palette: readonly string[];
  disabled: boolean;
  onRuns: (runs: TextRun[] | undefined) => void;
}

/** The styles of the selected words (or the whole text): bold, italic, underline, link, colour, highlight. */
export function TextStyleBar({ layer, range, palette, disabled, onRuns }: TextStyleBarProps) {
  const t = useT();
  const style = currentStyle(layer, range);
  const colors = [...new Set(palette.map((c) => c.toLowerCase()))].slice(0, 6);
  const link = colors[2] ?? colors[0] ?? '#2563eb';
  const off = disabled || layer.text.length === 0;
  return (
    <div className="mt-2 flex flex-col gap-2">
      <div role="toolbar" aria-label={t('creativeEditor.textStyle.toolbar')} className="flex flex-wrap gap-1">
        <StyleButton
          label={t('creativeEditor.textStyle.bold')}
          pressed={style.bold === true}
          disabled={off}
          onClick={() => onRuns(toggleEmphasis(layer, range, 'bold'))}
        >
          <Bold className="size-4" aria-hidden="true" />
        </StyleButton>
        <StyleButton
          label={t('creativeEditor.textStyle.italic')}
          pressed={style.italic === true}
          disabled={off}
          onClick={() => onRuns(toggleEmphasis(layer, range, 'italic'))}
        >
          <Italic className="size-4" aria-hidden="true" />
        </StyleButton>
        <StyleButton
          label={t('creativeEditor.textStyle.underline')}
          pressed={style.underline === true}
          disabled={off}
          onClick={() => onRuns(toggleEmphasis(layer, range, 'underline'))}
        >
          <Underline className="size-4" aria-hidden="true" />
        </StyleButton>
        <StyleButton
          label={t('creativeEditor.textStyle.link', { color: link })}
          pressed={style.color === link && style.underline === true}
          disabled={off}
          onClick={() => onRuns(applyStyle(layer, range, { color: link, underline: true }))}
        >
          <Link2 className="size-4" aria-hidden="true" style={{ color: link }} />
        </StyleButton>
        <StyleButton label={t('creativeEditor.textStyle.clear')} disabled={off} onClick={() => onRuns(clearStyles(layer, range))}>
          <RemoveFormatting className="size-4" aria-hidden="true" />
        </StyleButton>
      </div>
      <Swatches
        label={t('creativeEditor.textStyle.colour')}
        colors={colors}
        value={style.color}
        disabled={off}
        noneLabel={t('creativeEditor.textStyle.layerColour')}
        swatchLabel={(color) => t('creativeEditor.textStyle.useColour', { color })}
        onPick={(color) => onRuns(applyStyle(layer, range, { color }))}
      />
      <Swatches
        label={t('creativeEditor.textStyle.highlight')}
        colors={[...new Set([...colors, '#fde047'])]}
        value={style.highlight}
        disabled={off}
        noneLabel={t('creativeEditor.textStyle.noHighlight')}
        swatchLabel={(color) => t('creativeEditor.textStyle.useHighlight', { color })}
        onPick={(highlight) => onRuns(applyStyle(layer, range, { highlight }))}
      />
    </div>
  );
}
