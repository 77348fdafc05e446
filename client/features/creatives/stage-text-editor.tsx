import { useEffect, useLayoutEffect, useRef } from 'react';
import { MAX_TEXT, shortSidePx, type CreativeDocument, type Layer } from '#common/creative/document.ts';
import { loadedFitSize } from '#client/creative/font-metrics.ts';
import { fontFamily } from '#client/creative/draw.tsx';
import { layerName } from '#client/features/creatives/layer-names.ts';
import { emphasisKey, type Emphasis, type TextRange } from '#client/features/creatives/text-style.ts';
import { useT } from '#client/lib/i18n-context.tsx';

/**
 * Text edited in place: a textarea over the layer in its own font, size, colour and
 * alignment at the canvas's zoom (the preview leaves the layer's text out meanwhile).
 * Every keystroke is a change of one undo step; Escape, a click elsewhere or Tab leave.
 * Ctrl/⌘ + B, I, U style the selected characters of a text layer (shown once editing ends).
 */
export function TextEditor({
  layer,
  doc,
  scale,
  onText,
  onStyle,
  onDone,
}: {
  layer: Extract<Layer, { type: 'text' | 'cta' }>;
  doc: CreativeDocument;
  scale: number;
  onText: (text: string) => void;
  /** Ctrl/⌘ + B, I or U on the selected characters (a text layer's styled words: text-style.ts). */
  onStyle?: ((range: TextRange, emphasis: Emphasis) => void) | undefined;
  onDone: (keyboard: boolean) => void;
}) {
  const t = useT();
  const ref = useRef<HTMLTextAreaElement>(null);
  const text = layer.type === 'text';
  // The canvas under it has loaded the font's widths (useFontMetrics): the same size.
  const size = (text && layer.autoFit ? loadedFitSize(layer, doc.format) : undefined) ?? layer.size;
  const fontSize = shortSidePx(size, doc.format) * scale;
  const lineHeight = text ? layer.lineHeight : 1.1;
  useEffect(() => {
    const area = ref.current;
    if (!area) return;
    area.focus({ preventScroll: true });
    area.setSelectionRange(area.value.length, area.value.length);
  }, []);
  // The textarea grows with its lines, placed in the box like the text is.
  useLayoutEffect(() => {
    const area = ref.current;
    if (!area) return;
    area.style.height = '0px';
    area.style.height = `${area.scrollHeight}px`;
  });
  const justify = text ? { top: 'flex-start', middle: 'center', bottom: 'flex-end' }[layer.vAlign] : 'center';
  return (
    <div
      className="absolute z-20 flex flex-col outline-2 outline-offset-2 outline-accent-600 outline-dashed"
      style={{
        left: `${layer.x}%`,
        top: `${layer.y}%`,
        width: `${layer.w}%`,
        height: `${layer.h}%`,
        justifyContent: justify,
      }}
    >
      <textarea
        ref={ref}
        aria-label={t('creativeEditor.stage.editText', { name: layerName(layer, t) })}
        data-editing={layer.id}
        value={layer.text}
        maxLength={text ? MAX_TEXT : 40}
        rows={1}
        spellCheck
        onChange={(event) => onText(text ? event.target.value : event.target.value.replace(/\n/g, ' '))}
        onBlur={() => onDone(false)}
        onKeyDown={(event) => {
          event.stopPropagation();
          const emphasis = emphasisKey(event);
          if (emphasis && onStyle) {
            event.preventDefault();
            onStyle({ start: event.currentTarget.selectionStart, end: event.currentTarget.selectionEnd }, emphasis);
            return;
          }
          if (event.key === 'Escape' || ((event.ctrlKey || event.metaKey) && event.key === 'Enter') || (!text && event.key === 'Enter')) {
            event.preventDefault();
            onDone(true);
          }
        }}
        className="block w-full resize-none overflow-hidden border-0 bg-transparent p-0 outline-none"
        style={{
          fontFamily: fontFamily(layer.font),
          fontWeight: layer.weight,
          fontSize,
          lineHeight,
          color: layer.color,
          textAlign: text ? layer.align : 'center',
          textTransform: text && layer.uppercase ? 'uppercase' : 'none',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          fontKerning: 'none',
          letterSpacing: text && layer.letterSpacing ? layer.letterSpacing * fontSize : undefined,
          caretColor: layer.color,
        }}
      />
    </div>
  );
}
