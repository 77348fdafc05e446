import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { CreativeDocument, Layer } from '#common/creative/document.ts';
import { BackgroundPanel, PropertiesPanel } from '#client/features/creatives/editor-panels.tsx';
import { BrandChecklist } from '#client/features/creatives/brand-checklist.tsx';
import { StrictGuardBanner, type GuardPurpose } from '#client/features/creatives/brand-guard.tsx';
import { useBrandGuard } from '#client/features/creatives/use-brand-guard.ts';
import { startI18n } from '#client/lib/i18n.tsx';
import { I18nRoot } from '#client/lib/i18n-root.tsx';

/** Issue 29 §7: the brand guard's flags in the panels, its checklist before rendering or asking for approval, and its fixes. */

const KIT = { colors: ['#1f3a5f', '#f4a261'], headingFont: 'poppins', bodyFont: 'lora', logoMediaId: null, tone: '' } as const;

const headline: Layer = {
  id: 'headline',
  slot: 'headline',
  type: 'text',
  x: 10,
  y: 10,
  w: 80,
  h: 30,
  text: 'Fresh bread',
  font: 'caveat',
  weight: 700,
  size: 9,
  color: '#e11d48',
  align: 'left',
  vAlign: 'top',
  lineHeight: 1.1,
  uppercase: false,
};
const button: Layer = {
  id: 'cta',
  type: 'cta',
  x: 10,
  y: 80,
  w: 40,
  h: 10,
  text: 'Order',
  font: 'poppins',
  weight: 700,
  size: 4,
  color: '#ffffff',
  fill: '#f4a261',
  radius: 2,
};

const DOC: CreativeDocument = {
  version: 2,
  format: 'square',
  template: 'blank',
  background: { type: 'gradient', from: '#1f3a5f', to: '#22c55e', angle: 90 },
  layers: [headline, button],
};

/** The editor's parts around one document: both panels, the banner and the checklist, as the route mounts them. */
function Editor({ strict = false, onDoc, onGo }: { strict?: boolean; onDoc?: (doc: CreativeDocument) => void; onGo?: (purpose: GuardPurpose) => void }) {
  const [doc, setDoc] = useState(DOC);
  const change = (next: CreativeDocument) => {
    setDoc(next);
    onDoc?.(next);
  };
  const guard = useBrandGuard(doc, { ...KIT, strict }, change);
  return (
    <>
      <StrictGuardBanner guard={guard} onReview={() => guard.check('render', () => onGo?.('render'))} />
      <button type="button" onClick={() => guard.check('render', () => onGo?.('render'))}>
        Render
      </button>
      <button type="button" onClick={() => guard.check('review', () => onGo?.('review'))}>
        Submit
      </button>
      <BackgroundPanel doc={doc} readOnly={false} palette={KIT.colors} onChange={change} onPickImage={() => {}} guard={guard} />
      <PropertiesPanel doc={doc} selected="headline" readOnly={false} palette={KIT.colors} onChange={change} onPickImage={() => {}} guard={guard} />
      <BrandChecklist guard={guard} doc={doc} />
    </>
  );
}

const headlineOf = (doc: CreativeDocument) => doc.layers[0] as Extract<Layer, { type: 'text' }>;

// First: the guard's rules load after the first paint, once for the module's life.
describe('the brand guard before its rules have come', () => {
  it('flags nothing yet, and a render asked for at once waits for the rules and checks with them', async () => {
    const onGo = vi.fn();
    render(<Editor onGo={onGo} />);
    expect(screen.queryAllByRole('group', { name: 'Brand guard' })).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Render' }));
    const dialog = await screen.findByRole('dialog', { name: 'Brand check before rendering' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(3);
    expect(onGo).not.toHaveBeenCalled();
    expect(screen.getAllByRole('group', { name: 'Brand guard' })).toHaveLength(2);
  });
});

describe('the brand guard in the panels', () => {
  it('flags the selected layer’s off-brand colour and font, each fixed with one click', async () => {
    const onDoc = vi.fn();
    const user = userEvent.setup();
    render(<Editor onDoc={onDoc} />);
    // The guard's rules load after the first paint.
    const flags = await screen.findAllByRole('group', { name: 'Brand guard' });
    // The background's gradient end, then the headline's font and colour (the button is on brand).
    expect(flags).toHaveLength(2);
    const layerFlags = within(flags[1]!);
    expect(layerFlags.getByText('#e11d48 is not a brand colour.')).toBeTruthy();
    expect(layerFlags.getByText('Caveat is not a font of the brand kit.')).toBeTruthy();
    await user.click(layerFlags.getByRole('button', { name: 'Fresh bread · Font: use Poppins' }));
    expect(headlineOf(onDoc.mock.lastCall![0] as CreativeDocument).font).toBe('poppins');
    const colourFix = within(screen.getAllByRole('group', { name: 'Brand guard' })[1]!).getByRole('button', { name: /^Fresh bread · Colour: use #/ });
    await user.click(colourFix);
    expect(KIT.colors).toContain(headlineOf(onDoc.mock.lastCall![0] as CreativeDocument).color);
    // Only the background's flag is left.
    expect(screen.getAllByRole('group', { name: 'Brand guard' })).toHaveLength(1);
  });

  it('fixes the background from the keyboard (Tab to the flag’s button, Enter)', async () => {
    const onDoc = vi.fn();
    const user = userEvent.setup();
    render(<Editor onDoc={onDoc} />);
    const fix = within((await screen.findAllByRole('group', { name: 'Brand guard' }))[0]!).getByRole('button', { name: /^Background · Gradient end: use #/ });
    fix.focus();
    await user.keyboard('{Enter}');
    const bg = (onDoc.mock.lastCall![0] as CreativeDocument).background;
    expect(bg.type === 'gradient' && KIT.colors.includes(bg.to as (typeof KIT.colors)[number])).toBe(true);
  });
});

describe('the checklist before rendering or asking for approval', () => {
  it('lists every finding with "Fix all"; once fixed, rendering and asking for approval go straight on', async () => {
    const onGo = vi.fn();
    const user = userEvent.setup();
    render(<Editor onGo={onGo} />);
    await user.click(screen.getByRole('button', { name: 'Render' }));
    const dialog = await screen.findByRole('dialog', { name: 'Brand check before rendering' });
    expect(within(dialog).getByText('3 colours and fonts are outside the brand kit.')).toBeTruthy();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(3);
    await user.click(within(dialog).getByRole('button', { name: 'Fix all' }));
    expect(within(dialog).getByRole('status').textContent).toBe('Everything is on brand now.');
    await user.click(within(dialog).getByRole('button', { name: 'Render' }));
    expect(onGo).toHaveBeenCalledWith('render');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onGo).toHaveBeenLastCalledWith('review');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lets an advisory guard go on anyway, and asks before approval too; Cancel goes back', async () => {
    const onGo = vi.fn();
    const user = userEvent.setup();
    render(<Editor onGo={onGo} />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Brand check before asking for approval' });
    within(dialog).getByRole('button', { name: 'Cancel' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onGo).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Ask for approval anyway' }));
    expect(onGo).toHaveBeenCalledWith('review');
  });

  it('strict: says why rendering is blocked, offers no way past it, and renders once fixed one by one from the keyboard', async () => {
    const onGo = vi.fn();
    const user = userEvent.setup();
    render(<Editor strict onGo={onGo} />);
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^The brand guard is strict in this project: 3 colours and fonts must be fixed before rendering\./,
    );
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Review' }));
    const dialog = screen.getByRole('dialog', { name: 'Brand check before rendering' });
    expect(within(dialog).getByText('This project’s brand guard is strict: fix these before rendering.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Render anyway' })).toBeNull();
    for (let left = 3; left > 0; left--) {
      const [first] = within(dialog).getAllByRole('button', { name: /: use / });
      first!.focus();
      await user.keyboard('{Enter}');
      expect(within(dialog).queryAllByRole('listitem')).toHaveLength(left - 1);
    }
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Render' }));
    expect(onGo).toHaveBeenCalledWith('render');
  });

  it('speaks German', async () => {
    const i18n = await startI18n('de', ['creatives']);
    const user = userEvent.setup();
    render(
      <I18nRoot i18n={i18n}>
        <Editor strict />
      </I18nRoot>,
    );
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^Die Markenprüfung ist in diesem Projekt streng: 3 Farben und Schriften müssen vor dem Rendering korrigiert werden\./,
    );
    expect(screen.getByText('#e11d48 ist keine Markenfarbe.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Prüfen' }));
    const dialog = screen.getByRole('dialog', { name: 'Markenprüfung vor dem Rendering' });
    expect(within(dialog).getByRole('button', { name: 'Fresh bread · Schrift: Poppins verwenden' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Alle korrigieren' }));
    expect(within(dialog).getByRole('button', { name: 'Rendern' })).toBeTruthy();
  });
});
