import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import type { TextField } from '#client/features/pages/canvas/text-fields.ts';

/** The look of the text being edited, so that the field sits over it as the same words. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- CSS property names
const COPIED = ['fontFamily', 'fontSize', 'fontWeight', 'fontStyle', 'lineHeight', 'letterSpacing', 'textAlign', 'textTransform', 'color'] as const;

function overlayStyle(element: Element, box: Element): CSSProperties {
  const rect = element.getBoundingClientRect();
  const base = box.getBoundingClientRect();
  const computed = element.ownerDocument.defaultView?.getComputedStyle(element);
  const style: CSSProperties = {
    position: 'absolute',
    left: rect.left - base.left,
    top: rect.top - base.top,
    width: Math.max(rect.width, 40),
    minHeight: rect.height,
    fieldSizing: 'content',
  } as CSSProperties;
  if (computed) for (const key of COPIED) (style as Record<string, string>)[key] = computed[key];
  style.backgroundColor = backgroundOf(element);
  return style;
}

/** The colour behind `element` (its section's): the field covers the words it edits with it. */
function backgroundOf(element: Element): string {
  const view = element.ownerDocument.defaultView;
  for (let el: Element | null = element; el && view; el = el.parentElement) {
    const color = view.getComputedStyle(el).backgroundColor;
    if (color && color !== 'transparent' && !/^rgba\(.*,\s*0\)$/.test(color)) return color;
  }
  return '#fff';
}

/**
 * One text of the selected block edited in place: a field laid over the words at their box,
 * in their font, on their background (covering them). Enter or leaving commits; Escape cancels;
 * Shift+Enter breaks the line where the field takes line breaks.
 */
export function TextEditor({
  field,
  element,
  box,
  label,
  onCommit,
  onCancel,
}: {
  field: TextField;
  /** The element that shows the text. */
  element: Element;
  /** The block's wrapper, which the field is placed in. */
  box: Element;
  label: string;
  onCommit: (value: string) => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const done = useRef(false);
  // Layout is read once, when editing starts (the words do not move while they are edited).
  const [style] = useState(() => overlayStyle(element, box));

  useLayoutEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);

  const finish = (commit: boolean) => {
    if (done.current) return;
    done.current = true;
    const value = ref.current?.value ?? field.value;
    if (commit) onCommit(field.multiline ? value : value.replace(/\s*\n\s*/g, ' '));
    else onCancel();
  };

  return (
    <textarea
      ref={ref}
      aria-label={label}
      defaultValue={field.value}
      rows={1}
      data-canvas-ui=""
      style={style}
      className="z-20 m-0 resize-none overflow-hidden rounded-sm border-0 p-0 outline-2 outline-offset-2 outline-accent-600"
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key === 'Escape') {
          event.preventDefault();
          finish(false);
        } else if (event.key === 'Enter' && !(event.shiftKey && field.multiline)) {
          event.preventDefault();
          finish(true);
        }
      }}
      onBlur={() => finish(true)}
    />
  );
}
