import { shortSidePx, type FormatId, type TextLayer } from '#common/creative/document.ts';
import { NumberField } from '#client/features/creatives/panel-fields.tsx';
import { useT } from '#client/lib/i18n-context.tsx';

/**
 * A text layer's typography in pixels of the export size (the document keeps font sizes in
 * percent of the format's shorter side, line height and letter spacing relative to the font
 * size, so that a layout carries over to another format): what a designer reads and types.
 */

const round1 = (n: number) => Math.round(n * 10) / 10;
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** The font size in export pixels, to a tenth. */
export function fontSizePx(size: number, format: FormatId): number {
  return round1(shortSidePx(size, format));
}

/** Export pixels → the document's font size (percent of the shorter side, 1–50, to a hundredth). */
export function sizeFromPx(px: number, format: FormatId): number {
  const percent = (px / shortSidePx(100, format)) * 100;
  return clamp(Math.round(percent * 100) / 100, 1, 50);
}

export function FontSizePxField({
  layer,
  format,
  disabled,
  onSize,
}: {
  layer: TextLayer;
  format: FormatId;
  disabled: boolean;
  onSize: (size: number) => void;
}) {
  const t = useT();
  const short = shortSidePx(100, format);
  return (
    <NumberField
      label={t('creativeEditor.panel.sizePx')}
      suffix={t('creativeEditor.panel.pixels')}
      value={fontSizePx(layer.size, format)}
      min={round1(short / 100)}
      max={round1(short / 2)}
      step={1}
      disabled={disabled}
      onChange={(px) => onSize(sizeFromPx(px, format))}
    />
  );
}

/** Line height and letter spacing in export pixels at the layer's font size. */
export function TypographyPxFields({
  layer,
  format,
  disabled,
  onChange,
}: {
  layer: TextLayer;
  format: FormatId;
  disabled: boolean;
  onChange: (patch: Partial<Pick<TextLayer, 'lineHeight' | 'letterSpacing'>>, group: string) => void;
}) {
  const t = useT();
  const sizePx = shortSidePx(layer.size, format);
  const px = t('creativeEditor.panel.pixels');
  return (
    <>
      <NumberField
        label={t('creativeEditor.panel.lineHeightPx')}
        suffix={px}
        value={round1(layer.lineHeight * sizePx)}
        min={round1(0.8 * sizePx)}
        max={round1(2.5 * sizePx)}
        step={1}
        disabled={disabled}
        onChange={(value) => onChange({ lineHeight: clamp(Math.round((value / sizePx) * 1000) / 1000, 0.8, 2.5) }, 'lh')}
      />
      <NumberField
        label={t('creativeEditor.panel.letterSpacing')}
        suffix={px}
        value={round1((layer.letterSpacing ?? 0) * sizePx)}
        min={round1(-0.1 * sizePx)}
        max={round1(0.5 * sizePx)}
        step={0.5}
        disabled={disabled}
        onChange={(value) => onChange({ letterSpacing: clamp(Math.round((value / sizePx) * 1000) / 1000, -0.1, 0.5) }, 'ls')}
      />
    </>
  );
}
