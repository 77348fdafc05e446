import { useState } from 'react';
import { HEX_COLOR } from '#common/schemas/blocks-theme.ts';

/**
 * The text of a colour's hex field, which may be half typed ("#1a2") while the colour itself
 * stays valid: the colour changes only when the text is a whole `#rrggbb` (sent lower-case), and
 * the text follows the colour when it changes elsewhere (the colour picker, a reset, undo).
 */
export function useHexDraft(value: string, onChange: (value: string) => void) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (text.toLowerCase() !== value.toLowerCase()) setText(value);
  }
  const type = (raw: string) => {
    const next = raw.trim();
    setText(next);
    if (HEX_COLOR.test(next)) onChange(next.toLowerCase());
  };
  return { text, setText, type, invalid: !HEX_COLOR.test(text) };
}
