import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_THEME } from '#common/schemas/blocks-theme.ts';
import type { PageTemplateId } from '#common/templates/pages/ids.ts';
import { TemplatePicker } from '#client/features/funnels/template-picker.tsx';
import { startI18n } from '#client/lib/i18n.tsx';
import { I18nRoot } from '#client/lib/i18n-root.tsx';

const BRAND = {
  theme: { ...DEFAULT_THEME, colors: { ...DEFAULT_THEME.colors, primary: '#0f766e' } },
  locale: 'en' as const,
  projectName: 'Northwind Coffee',
  logo: null,
};

function Picker() {
  const [value, setValue] = useState<PageTemplateId | null>(null);
  return (
    <>
      <TemplatePicker kind="page" value={value} onChange={setValue} brand={BRAND} />
      <output>{value ?? 'blank'}</output>
    </>
  );
}

const group = () => screen.getByRole('radiogroup', { name: /Start from|Beginnen mit/ });
/** The options shown, by their names (the first words of each label). */
const shown = () =>
  within(group())
    .getAllByRole('radio')
    .map((r) => r.closest('label')?.querySelector('span')?.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('searching the templates', () => {
  it('finds templates by name, description and goal, every word, in any case and accent; "Blank page" stays', async () => {
    render(<Picker />);
    const user = userEvent.setup();
    // The search is the picker's first stop.
    await user.tab();
    const search = screen.getByRole('searchbox', { name: 'Search templates' });
    expect(document.activeElement).toBe(search);
    await user.keyboard('countdown');
    // "Sale with countdown" by its name, "Webinar sign-up" by its description.
    expect(shown()).toEqual(['Blank page', 'Sale with countdown', 'Webinar sign-up']);
    await user.clear(search);
    await user.type(search, 'EVÉNTS');
    expect(shown()).toEqual(['Blank page', 'Webinar sign-up', 'Event']);
    await user.clear(search);
    await user.type(search, '  free   guide ');
    expect(shown()).toEqual(['Blank page', 'Lead magnet']);
    // Found and chosen by keyboard: Tab past the goal to the group, then the arrows.
    await user.tab();
    await user.tab();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('status').textContent).toBe('lead-magnet');
  });

  it('searches within the goal chosen', async () => {
    render(<Picker />);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Goal'), 'Sell');
    await user.type(screen.getByRole('searchbox', { name: 'Search templates' }), 'discount');
    expect(shown()).toEqual(['Blank page', 'Coupon']);
  });

  it('says when no template matches and clears the search and the goal by keyboard, back in the search', async () => {
    render(<Picker />);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Goal'), 'Events');
    const search = screen.getByRole('searchbox', { name: 'Search templates' });
    await user.type(search, 'coupon');
    expect(screen.getByText('No template matches “coupon”.')).toBeTruthy();
    expect(shown()).toEqual(['Blank page']);
    const clear = screen.getByRole('button', { name: 'Clear filters' });
    clear.focus();
    await user.keyboard('{Enter}');
    expect(search).toHaveProperty('value', '');
    expect(screen.getByLabelText('Goal')).toHaveProperty('value', '');
    expect(document.activeElement).toBe(search);
    expect(shown()).toHaveLength(11);
    expect(screen.queryByText(/No template matches/)).toBeNull();
  });

  it('searches the German names, descriptions and goals in German', async () => {
    const i18n = await startI18n('de', ['funnels']);
    render(
      <I18nRoot i18n={i18n}>
        <TemplatePicker kind="page" value={null} onChange={() => undefined} brand={BRAND} />
      </I18nRoot>,
    );
    const user = userEvent.setup();
    const search = screen.getByRole('searchbox', { name: 'Vorlagen durchsuchen' });
    await user.type(search, 'gutschein');
    expect(shown()).toEqual(['Leere Seite', 'Gutschein']);
    await user.clear(search);
    await user.type(search, 'Veranstaltungen');
    expect(shown()).toEqual(['Leere Seite', 'Webinar-Anmeldung', 'Veranstaltung']);
    await user.clear(search);
    await user.type(search, 'xyz');
    expect(screen.getByText('Keine Vorlage passt zu „xyz“.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Filter zurücksetzen' })).toBeTruthy();
  });
});

/** An IntersectionObserver the test moves: `show(node)` brings a node near the screen. */
function fakeObserver() {
  const watched = new Map<Element, IntersectionObserverCallback>();
  class Observer {
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(node: Element) {
      watched.set(node, this.callback);
    }
    disconnect() {
      for (const [node, callback] of watched) if (callback === this.callback) watched.delete(node);
    }
    unobserve() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', Observer);
  return {
    watched,
    show(node: Element) {
      const callback = watched.get(node);
      act(() => callback?.([{ isIntersecting: true, target: node } as unknown as IntersectionObserverEntry], {} as IntersectionObserver));
    },
  };
}

const thumbOf = (name: RegExp) => screen.getByRole('radio', { name }).closest('label')!.querySelector('[aria-hidden="true"]')!;

describe('the templates’ thumbnails', () => {
  it('draws an option’s first screen in the brand once it comes near the screen, decorative, its words still its name', async () => {
    const io = fakeObserver();
    render(<Picker />);
    const coupon = thumbOf(/^Coupon/);
    // Every option's frame watched, nothing drawn before it is near.
    expect(io.watched.size).toBe(11);
    expect(screen.queryAllByTestId('template-thumbnail')).toHaveLength(0);
    io.show(coupon);
    const thumb = await within(coupon as HTMLElement).findByTestId('template-thumbnail', {}, { timeout: 4000 });
    expect(screen.getAllByTestId('template-thumbnail')).toHaveLength(1);
    expect(io.watched.has(coupon)).toBe(false);
    // The real blocks with the template's first words, the project's name and the brand's primary colour.
    expect(thumb.innerHTML).toContain('#0f766e');
    expect(thumb.textContent).toContain('Northwind Coffee');
    expect(thumb.hasAttribute('inert')).toBe(true);
    expect(screen.getByRole('radio', { name: 'Coupon A welcome discount code sent by email.' })).toBeTruthy();
    // Only its first screen: the page's footer, further down, is not drawn.
    expect(screen.getByTestId('template-thumbnail').querySelector('footer')).toBeNull();
  });

  it('draws every thumbnail at once where there is no IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Picker />);
    expect(await screen.findAllByTestId('template-thumbnail', {}, { timeout: 4000 })).toHaveLength(10);
  });
});
