import type { CSSProperties, ReactElement } from 'react';
import type { TextLayer } from '#common/creative/document.ts';
import { segmentsOf, type RunStyle, type Segment } from '#common/creative/runs.ts';

/**
 * A text layer with styled words (its `runs`), drawn the same by React and by satori. Satori has
 * no inline layout (a span is a flex item like any element: vercel/satori#325), so the text is
 * laid out as flex rows the browser lays out alike: one row per paragraph, wrapping, each word
 * with its following spaces one item that never breaks (`white-space: pre`), a word of several
 * styles one row of spans. Emphasis is drawn with what both engines draw identically from the
 * same boxes: bold with the bold face; italic as an oblique slant (the bundled fonts have no
 * italic files; a transform, not `font-style`, which the browser would slant by its own angle
 * and satori not at all); underline as a bottom border; highlight as the word's background.
 * Text without runs keeps the plain markup (client/creative/draw.tsx), so old documents draw
 * exactly as before.
 */

/** The slant of italic words. */
export const ITALIC_SKEW_DEG = -11;

const H_ALIGN = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;

/** The CSS of a styled piece (`sizePx`, `textColor`: the layer's font size in pixels and colour). */
export function runCss(style: RunStyle, sizePx: number, textColor: string): CSSProperties {
  const css: CSSProperties = { whiteSpace: 'pre' };
  if (style.bold) css.fontWeight = 700;
  if (style.color) css.color = style.color;
  if (style.highlight) css.backgroundColor = style.highlight;
  if (style.underline) {
    css.borderBottomWidth = underlineWidth(sizePx);
    css.borderBottomStyle = 'solid';
    // The text's colour, said (satori draws no border without one).
    css.borderBottomColor = style.color ?? textColor;
  }
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS transform, not words
  if (style.italic) css.transform = `skewX(${ITALIC_SKEW_DEG}deg)`;
  return css;
}

/** The underline's thickness: a twentieth of the font size, at least a pixel (whole pixels: crisp in both). */
export function underlineWidth(sizePx: number): number {
  return Math.max(1, Math.round(sizePx / 20));
}

interface Word {
  start: number;
  parts: Segment[];
}

/** The words of a paragraph [from, to) (each with its following spaces), cut where the style changes. */
function wordsOf(text: string, segments: readonly Segment[], from: number, to: number): Word[] {
  const words: Word[] = [];
  for (const match of text.slice(from, to).matchAll(/\S+\s*|\s+/g)) {
    const start = from + match.index;
    const end = start + match[0].length;
    const parts = segments
      .filter((s) => s.end > start && s.start < end)
      .map((s) => {
        const a = Math.max(s.start, start);
        const b = Math.min(s.end, end);
        return { start: a, end: b, text: text.slice(a, b), style: s.style };
      });
    words.push({ start, parts });
  }
  return words;
}

function wordElement(word: Word, sizePx: number, color: string): ReactElement {
  if (word.parts.length === 1) {
    const part = word.parts[0]!;
    return (
      <span key={word.start} style={runCss(part.style, sizePx, color)}>
        {part.text}
      </span>
    );
  }
  return (
    <span key={word.start} style={{ display: 'flex' }}>
      {word.parts.map((part) => (
        <span key={part.start} style={runCss(part.style, sizePx, color)}>
          {part.text}
        </span>
      ))}
    </span>
  );
}

export function StyledText({ layer, style, sizePx }: { layer: TextLayer; style: CSSProperties; sizePx: number }) {
  const segments = segmentsOf(layer.text, layer.runs);
  const paragraphs: ReactElement[] = [];
  let from = 0;
  for (const line of layer.text.split('\n')) {
    const to = from + line.length;
    const words = wordsOf(layer.text, segments, from, to);
    paragraphs.push(
      words.length === 0 ? (
        // An empty line keeps its height.
        <div key={from} style={{ display: 'flex', height: sizePx * layer.lineHeight }} />
      ) : (
        <div key={from} style={{ display: 'flex', flexWrap: 'wrap', justifyContent: H_ALIGN[layer.align], width: '100%' }}>
          {words.map((word) => wordElement(word, sizePx, layer.color))}
        </div>
      ),
    );
    from = to + 1;
  }
  return <div style={{ ...style, display: 'flex', flexDirection: 'column', width: '100%' }}>{paragraphs}</div>;
}
