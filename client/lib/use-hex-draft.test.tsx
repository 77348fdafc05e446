import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useHexDraft } from '#client/lib/use-hex-draft.ts';

function Colour() {
  const [colour, setColour] = useState('#112233');
  const hex = useHexDraft(colour, setColour);
  return (
    <>
      <input aria-label="Hex" value={hex.text} aria-invalid={hex.invalid || undefined} onChange={(e) => hex.type(e.currentTarget.value)} />
      <output>{colour}</output>
      <button type="button" onClick={() => setColour('#445566')}>
        Reset
      </button>
    </>
  );
}

describe('useHexDraft', () => {
  it('changes the colour only once the text is a whole hex colour, lower-cased', () => {
    render(<Colour />);
    const input = screen.getByRole('textbox', { name: 'Hex' });
    fireEvent.change(input, { target: { value: '#AB' } });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('#112233');
    fireEvent.change(input, { target: { value: ' #ABCDEF ' } });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('#abcdef');
  });

  it('follows the colour when it changes elsewhere', () => {
    render(<Colour />);
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect((screen.getByRole('textbox', { name: 'Hex' }) as HTMLInputElement).value).toBe('#445566');
  });
});
