import { memo, useEffect } from 'react';
import { FORMATS, type CreativeDocument } from '#common/creative/document.ts';
import { FONT_FILES_FOR_BROWSER } from '#client/creative/fonts.ts';
import { creativeTree } from '#client/creative/tree.tsx';

let fontsInjected = false;

/** Adds the @font-face rules of the creative fonts once (the same files satori draws with). */
export function useCreativeFonts(): void {
  useEffect(() => {
    if (fontsInjected || typeof document === 'undefined') return;
    fontsInjected = true;
    const style = document.createElement('style');
    style.dataset.creativeFonts = '';
    style.textContent = FONT_FILES_FOR_BROWSER.map((f) => `@font-face{font-family:"${f.family}";src:url("${f.url}") format("woff");font-weight:${f.weight};font-style:normal;font-display:block}`).join('\n');
    document.head.appendChild(style);
  }, []);
}

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
 */
export const CreativePreview = memo(function CreativePreview({ doc, images, width, watermark, className, label }: PreviewProps) {
  useCreativeFonts();
  const size = FORMATS[doc.format];
  const scale = width / size.width;
  return (
    <div role="img" aria-label={label ?? 'Creative preview'} className={className} style={{ width, height: size.height * scale, overflow: 'hidden', position: 'relative', flex: 'none' }}>
      <div aria-hidden="true" style={{ width: size.width, height: size.height, transform: `scale(${scale})`, transformOrigin: '0 0', pointerEvents: 'none' }}>
        {creativeTree(doc, { images, watermark })}
      </div>
    </div>
  );
});
