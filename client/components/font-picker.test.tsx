import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BRAND_FONTS } from '#common/fonts.ts';
import { BUNDLED_CHOICES, FontPicker, previewFamily, type FontChoice } from '#client/components/font-picker.tsx';

const CHOICES: FontChoice[] = [{ ref: 'brand:abc123', name: 'Acme Grotesk', note: 'Uploaded' }, ...BUNDLED_CHOICES];

function Picker({ initial = 'inter', onChange = () => {}, disabled = false }: { initial?: string; onChange?: (ref: string) => void; disabled?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <FontPicker
        label="Font"
        value={value}
        choices={CHOICES}
        disabled={disabled}
        onChange={(ref) => {
          setValue(ref);
          onChange(ref);
        }}
      />
      <button type="button">Elsewhere</button>
    </>
  );
}

const button = () => screen.getByRole('button', { name: /^Font/ });
const activeOption = () => {
  const id = screen.getByRole('listbox').getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('FontPicker', () => {
  it('offers every bundled font (at least 16) and uploaded ones, each drawn in its own face', async () => {
    const user = userEvent.setup();
    render(<Picker />);
    expect(BRAND_FONTS.length).toBeGreaterThanOrEqual(16);
    // Closed, only the current font's face is used: the others' files are not asked for.
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(button().textContent).toBe('Inter');
    expect((button().firstElementChild as HTMLElement).style.fontFamily).toContain('cf-inter');
    await user.click(button());
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(BRAND_FONTS.length + 1);
    for (const [index, choice] of CHOICES.entries()) {
      const face = options[index]!.querySelector('span') as HTMLElement;
      expect(face.textContent).toBe(choice.name);
      expect(face.style.fontFamily).toBe(previewFamily(choice.ref));
    }
    expect(previewFamily('brand:abc123')).toMatch(/^cf-brand-abc123, cf-inter/);
    expect(options.find((o) => o.getAttribute('aria-selected') === 'true')?.textContent).toMatch(/^Inter/);
  });

  it('shows whole names (a narrow picker cut them to “In…”, “Po…”): the list is as wide as its longest name, and a name wraps rather than truncates', async () => {
    const user = userEvent.setup();
    render(<Picker />);
    await user.click(button());
    const list = screen.getByRole('listbox').parentElement!;
    const classes = (el: Element) => (el.getAttribute('class') ?? '').split(/\s+/);
    expect(classes(list)).toEqual(expect.arrayContaining(['w-max', 'min-w-full']));
    // Never wider than a phone's screen: the names wrap there instead.
    expect(classes(list)).toContain('max-w-[calc(100vw-2rem)]');
    for (const option of screen.getAllByRole('option')) {
      const face = option.querySelector('span') as HTMLElement;
      expect(classes(face)).not.toContain('truncate');
      expect(classes(face)).toContain('break-words');
    }
  });

  it('works from the keyboard: ↓ opens on the current font, ↑ ↓ Home End and letters move, Enter picks and returns focus', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Picker onChange={onChange} />);
    await user.tab();
    expect(document.activeElement).toBe(button());
    await user.keyboard('{ArrowDown}');
    expect(button().getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('listbox'));
    expect(activeOption()).toMatch(/^Inter/);
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toMatch(/^Poppins/);
    await user.keyboard('{Home}');
    expect(activeOption()).toMatch(/^Acme Grotesk/);
    await user.keyboard('{End}');
    expect(activeOption()).toMatch(/^Caveat/);
    await user.keyboard('m');
    expect(activeOption()).toMatch(/^Montserrat/);
    await user.keyboard('m');
    expect(activeOption()).toMatch(/^Merriweather/);
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onChange).toHaveBeenCalledWith('oswald');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(button());
    expect(button().textContent).toBe('Oswald');
    // Space opens and picks too.
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown} ');
    expect(onChange).toHaveBeenLastCalledWith('merriweather');
  });

  it('closes without a change on Escape, on Tab and on a click elsewhere', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Picker onChange={onChange} />);
    await user.click(button());
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(button());
    await user.keyboard('{Enter}');
    expect(screen.getByRole('listbox')).toBeTruthy();
    await user.keyboard('{Tab}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.click(button());
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('picks with the mouse, names a font it does not list, and stays shut when disabled', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    const { unmount } = render(<Picker onChange={onChange} />);
    await user.click(button());
    await user.click(screen.getByRole('option', { name: /^Acme Grotesk/ }));
    expect(onChange).toHaveBeenCalledWith('brand:abc123');
    unmount();
    render(<FontPicker label="Font" value="brand:gone" choices={BUNDLED_CHOICES} fallbackName="Deleted font" onChange={onChange} />);
    expect(button().textContent).toBe('Deleted font');
  });

  it('is disabled for viewers', async () => {
    const user = userEvent.setup();
    render(<Picker disabled />);
    expect(button()).toHaveProperty('disabled', true);
    await user.click(button());
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
