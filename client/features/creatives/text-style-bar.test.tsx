import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useReducer } from 'react';
import { describe, expect, it } from 'vitest';
import type { CreativeDocument, TextLayer } from '#common/creative/document.ts';
import { PropertiesPanel } from '#client/features/creatives/editor-panels.tsx';
import { editorReducer, initialEditorState } from '#client/features/creatives/editor-state.ts';
import { TextEditor } from '#client/features/creatives/stage-text-editor.tsx';
import { toggleEmphasis, withRuns } from '#client/features/creatives/text-style.ts';

const headline: TextLayer = {
  id: 'headline',
  type: 'text',
  x: 10,
  y: 10,
  w: 80,
  h: 30,
  text: 'Fresh bread every morning',
  font: 'inter',
  weight: 400,
  size: 5,
  color: '#111111',
  align: 'left',
  vAlign: 'top',
  lineHeight: 1.2,
  uppercase: false,
};
const DOC: CreativeDocument = { version: 2, format: 'square', template: 'blank', background: { type: 'color', color: '#ffffff' }, layers: [headline] };
const PALETTE = ['#aa3300', '#225588', '#2a9d8f'];

let latest: CreativeDocument = DOC;
const layer = () => latest.layers[0] as TextLayer;

/** The panel over the editor's own history (one press, one undo step). */
function Editor({ start = DOC, readOnly = false }: { start?: CreativeDocument; readOnly?: boolean }) {
  const [state, dispatch] = useReducer(editorReducer, start, initialEditorState);
  useEffect(() => {
    latest = state.present;
  }, [state.present]);
  return (
    <>
      <button type="button" onClick={() => dispatch({ type: 'undo' })}>
        Undo
      </button>
      <PropertiesPanel
        doc={state.present}
        selected="headline"
        readOnly={readOnly}
        palette={PALETTE}
        onPickImage={() => {}}
        onChange={(value, group) => dispatch(group ? { type: 'change', value, group } : { type: 'change', value })}
      />
    </>
  );
}

const textField = () => screen.getByRole('textbox', { name: 'Text' }) as HTMLTextAreaElement;
/** Selects characters [start, end) of the panel's text as a person would (the field fires `select`). */
function select(start: number, end: number) {
  const area = textField();
  area.focus();
  area.setSelectionRange(start, end);
  fireEvent.select(area);
}

describe('styling words in the panel', () => {
  it('makes the selected word bold with the button, shows it pressed, and takes it off again; each press is one undo step', async () => {
    const user = userEvent.setup();
    render(<Editor />);
    select(6, 11);
    expect(screen.getByText('The styles apply to the 5 selected characters.')).toBeTruthy();
    // The style bar loads when a text layer is first selected.
    const bold = await screen.findByRole('button', { name: 'Bold (Ctrl+B)' });
    expect(bold.getAttribute('aria-pressed')).toBe('false');
    await user.click(bold);
    expect(layer().runs).toEqual([{ start: 6, end: 11, bold: true }]);
    expect(bold.getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Italic (Ctrl+I)' }));
    expect(layer().runs).toEqual([{ start: 6, end: 11, bold: true, italic: true }]);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(layer().runs).toEqual([{ start: 6, end: 11, bold: true }]);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(layer().runs).toBeUndefined();
    expect('runs' in layer()).toBe(false);
  });

  it('styles by keyboard: Ctrl+B, Ctrl+I, Ctrl+U (and ⌘) in the text field toggle the selection', async () => {
    const user = userEvent.setup();
    render(<Editor />);
    select(0, 5);
    await user.keyboard('{Control>}b{/Control}');
    expect(layer().runs).toEqual([{ start: 0, end: 5, bold: true }]);
    await user.keyboard('{Meta>}u{/Meta}');
    expect(layer().runs).toEqual([{ start: 0, end: 5, bold: true, underline: true }]);
    await user.keyboard('{Control>}b{/Control}{Control>}i{/Control}');
    expect(layer().runs).toEqual([{ start: 0, end: 5, italic: true, underline: true }]);
    // The text itself is untouched by the shortcuts.
    expect(layer().text).toBe('Fresh bread every morning');
  });

  it('colours, highlights and gives the link colour to the selection from the brand palette, and clears every style', async () => {
    const user = userEvent.setup();
    render(<Editor />);
    select(12, 17);
    await user.click(await screen.findByRole('button', { name: 'Colour the words #225588' }));
    expect(layer().runs).toEqual([{ start: 12, end: 17, color: '#225588' }]);
    await user.click(screen.getByRole('button', { name: 'Highlight the words in #fde047' }));
    expect(layer().runs).toEqual([{ start: 12, end: 17, color: '#225588', highlight: '#fde047' }]);
    await user.click(screen.getByRole('button', { name: 'No highlight' }));
    await user.click(screen.getByRole('button', { name: 'The layer’s text colour' }));
    expect(layer().runs).toBeUndefined();
    select(0, 5);
    await user.click(screen.getByRole('button', { name: 'Link colour (#2a9d8f, underlined)' }));
    expect(layer().runs).toEqual([{ start: 0, end: 5, color: '#2a9d8f', underline: true }]);
    select(0, 25);
    await user.click(screen.getByRole('button', { name: 'Remove the styles' }));
    expect(layer().runs).toBeUndefined();
  });

  it('styles the whole text when nothing is selected, and keeps styled words in place while the text is edited', async () => {
    const user = userEvent.setup();
    render(<Editor />);
    expect(screen.getByText(/without a selection the styles apply to the whole text/)).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Underline (Ctrl+U)' }));
    expect(layer().runs).toEqual([{ start: 0, end: 25, underline: true }]);
    // Typing at the start: the styled text moves along, the new characters are styled too (the range began at 0).
    await user.click(screen.getByRole('button', { name: 'Remove the styles' }));
    select(6, 11);
    await user.click(screen.getByRole('button', { name: 'Bold (Ctrl+B)' }));
    await user.type(textField(), 'Our ', { initialSelectionStart: 0, initialSelectionEnd: 0 });
    expect(layer().text).toBe('Our Fresh bread every morning');
    expect(layer().runs).toEqual([{ start: 10, end: 15, bold: true }]);
    await user.clear(textField());
    expect(layer().runs).toBeUndefined();
  });

  it('disables the style buttons for viewers', async () => {
    render(<Editor readOnly />);
    expect(((await screen.findByRole('button', { name: 'Bold (Ctrl+B)' })) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Colour the words #aa3300' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('typography in pixels', () => {
  it('shows font size, line height and letter spacing in pixels of the export size and stores them relative to the format', async () => {
    const user = userEvent.setup();
    render(<Editor />);
    const size = screen.getByRole('spinbutton', { name: 'Font size (px)' }) as HTMLInputElement;
    expect(size.value).toBe('54');
    const lineHeight = screen.getByRole('spinbutton', { name: 'Line height (px)' }) as HTMLInputElement;
    expect(lineHeight.value).toBe('64.8');
    await user.clear(size);
    await user.type(size, '108');
    expect(layer().size).toBe(10);
    await user.clear(lineHeight);
    await user.type(lineHeight, '162');
    expect(layer().lineHeight).toBe(1.5);
    const spacing = screen.getByRole('spinbutton', { name: 'Letter spacing (px)' }) as HTMLInputElement;
    expect(spacing.value).toBe('0');
    await user.clear(spacing);
    await user.type(spacing, '10.8');
    expect(layer().letterSpacing).toBe(0.1);
    // Out of range is not taken: typing 500 stops at 50 px (at most half the font size, 54 px here).
    await user.clear(spacing);
    await user.type(spacing, '500');
    expect(layer().letterSpacing).toBe(0.463);
  });
});

describe('styling words on the canvas', () => {
  it('toggles bold, italic and underline on the selected characters with Ctrl/⌘ + B, I, U while editing', async () => {
    const user = userEvent.setup();
    let doc = DOC;
    const styled: string[] = [];
    const { rerender } = render(<div />);
    const draw = () =>
      rerender(
        <TextEditor
          layer={doc.layers[0] as TextLayer}
          doc={doc}
          scale={0.5}
          onText={() => {}}
          onStyle={(range, emphasis) => {
            styled.push(emphasis);
            doc = withRuns(doc, 'headline', toggleEmphasis(doc.layers[0] as TextLayer, range, emphasis));
            draw();
          }}
          onDone={() => {}}
        />,
      );
    draw();
    const area = screen.getByRole('textbox') as HTMLTextAreaElement;
    area.setSelectionRange(6, 11);
    await user.keyboard('{Control>}b{/Control}');
    await user.keyboard('{Meta>}i{/Meta}');
    await user.keyboard('{Control>}u{/Control}');
    expect(styled).toEqual(['bold', 'italic', 'underline']);
    expect((doc.layers[0] as TextLayer).runs).toEqual([{ start: 6, end: 11, bold: true, italic: true, underline: true }]);
    await user.keyboard('{Control>}b{/Control}');
    expect((doc.layers[0] as TextLayer).runs).toEqual([{ start: 6, end: 11, italic: true, underline: true }]);
  });
});
