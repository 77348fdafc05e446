import { memo } from 'react';
import { FORMATS, type CreativeDocument } from '#common/creative/document.ts';
import { useFontMetrics, loadedFitSize } from '#client/creative/font-metrics.ts';
import { drawCreative } from '#client/creative/draw.tsx';
import { useT } from '#client/lib/i18n-context.tsx';

export interface PreviewProps {
  doc: CreativeDocument;
  images: Readonly<Record<string, string | undefined>>;
  /** Rendered width in CSS pixels; the height follows the format. */
  width: number;
  watermark?: boolean;
  className?: string;
  label?: string;
}

/**
 * The creative drawn in the page at `width` CSS pixels: the renderer's tree at its true
 * size, scaled down with a transform, so that proportions and line breaks match the PNG.
 * Its fonts are the `cf-*` faces of client/styles.css, the files the worker renders with; the
 * widths auto-fit text is measured with load with them (client/creative/font-metrics.ts).
 */
export const CreativePreview = memo(function CreativePreview({ doc, images, width, watermark, className, label }: PreviewProps) {
  const t = useT();
  const measured = useFontMetrics(doc);
  const size = FORMATS[doc.format];
  const scale = width / size.width;
  return (
    <div
      role="img"
      aria-label={label ?? t('library.preview.label')}
      // Auto-fit text is drawn once its font's widths have come (font-metrics.ts): busy until then.
      aria-busy={measured ? undefined : true}
      className={className}
      style={{ width, height: size.height * scale, overflow: 'hidden', position: 'relative', flex: 'none' }}
    >
      {/* No kerning: satori lays text out without the fonts' kerning, and line breaks must match. */}
      <div
        aria-hidden="true"
        style={{ width: size.width, height: size.height, transform: `scale(${scale})`, transformOrigin: '0 0', pointerEvents: 'none', fontKerning: 'none' }}
      >
        {drawCreative(doc, { images, watermark }, loadedFitSize)}
      </div>
    </div>
  );
});
