import { useState, type KeyboardEvent } from 'react';
import type { CreativeDocument, TextLayer, TextRun } from '#common/creative/document.ts';
import { TextStyleBar } from '#client/features/creatives/lazy-fields.tsx';
import { Field, inputClass } from '#client/features/creatives/panel-fields.tsx';
import { emphasisKey, toggleEmphasis, withRuns, type TextRange } from '#client/features/creatives/text-style.ts';
import { updateLayer } from '#client/features/creatives/editor-state.ts';
import { useT } from '#client/lib/i18n-context.tsx';

/**
 * A text layer's text in the panel with its styled words: the text field, and under it the
 * buttons that style the words selected in it (the whole text when none are): bold, italic,
 * underline (also Ctrl/⌘ + B, I, U in the field), a brand colour, a highlight, the link colour
 * (the brand's accent, underlined) and "clear". Each press is one undo step.
 */
export function TextContentField({
  layer,
  doc,
  palette,
  disabled,
  onChange,
}: {
  layer: TextLayer;
  doc: CreativeDocument;
  palette: readonly string[];
  disabled: boolean;
  onChange: (doc: CreativeDocument, group?: string) => void;
}) {
  const t = useT();
  const [range, setRange] = useState<TextRange | null>(null);
  const setRuns = (runs: TextRun[] | undefined) => onChange(withRuns(doc, layer.id, runs));
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const key = emphasisKey(event);
    if (!key || disabled) return;
    event.preventDefault();
    const area = event.currentTarget;
    setRuns(toggleEmphasis(layer, { start: area.selectionStart, end: area.selectionEnd }, key));
  };
  return (
    <div>
      <Field label={t('creativeEditor.panel.text')}>
        {(id) => (
          <textarea
            id={id}
            rows={3}
            className={`${inputClass} h-auto py-2`}
            value={layer.text}
            maxLength={500}
            disabled={disabled}
            onChange={(event) => onChange(updateLayer(doc, layer.id, { text: event.target.value }), `text-${layer.id}`)}
            onSelect={(event) => setRange({ start: event.currentTarget.selectionStart, end: event.currentTarget.selectionEnd })}
            onKeyDown={onKeyDown}
            aria-describedby={`style-hint-${layer.id}`}
            data-field="text"
          />
        )}
      </Field>
      <TextStyleBar layer={layer} range={range} palette={palette} disabled={disabled} onRuns={setRuns} />
      <p id={`style-hint-${layer.id}`} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
        {range && range.start !== range.end
          ? t('creativeEditor.textStyle.selection', { count: Math.abs(range.end - range.start) })
          : t('creativeEditor.textStyle.whole')}
      </p>
    </div>
  );
}
