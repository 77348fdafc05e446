import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdPin } from '#common/schemas/ad-pins.ts';
import { PreviewPins, type PreviewPinsProps } from '#client/public/pages/ad-pins.tsx';
import { PIN_SCRIPT } from '#client/public/pins-script.ts';

/**
 * The pins of the preview page (decision 0052) as the worker renders them, and its one script
 * run over that markup as a browser would: a click on the picture and a selection of the caption
 * fill the pin form's hidden spot and show it; without the script the form stays hidden and the
 * threads' plain forms are there.
 */
const CAPTION = 'Fresh beans, roasted this week.';

function pin(overrides: Partial<AdPin>): AdPin {
  return {
    id: 'pin_aaaaaaaaaaaaaaaaaaaa',
    number: 1,
    item: 0,
    x: 0.25,
    y: 0.5,
    start: null,
    end: null,
    quote: null,
    revision: 1,
    earlier: false,
    authorName: 'Carla Client',
    member: false,
    body: 'Brighter here',
    createdAt: '2026-05-01T08:00:00.000Z',
    resolvedAt: null,
    resolvedBy: null,
    replies: [],
    ...overrides,
  };
}

function props(overrides: Partial<PreviewPinsProps> = {}): PreviewPinsProps {
  return {
    previewId: 'AbCdEfGhIjKlMnOpQrStUv',
    revision: 2,
    pins: [
      pin({}),
      pin({
        id: 'pin_bbbbbbbbbbbbbbbbbbbb',
        number: 2,
        item: null,
        x: null,
        y: null,
        start: 13,
        end: 20,
        quote: 'roasted',
        earlier: true,
        resolvedAt: '2026-05-02T08:00:00.000Z',
        resolvedBy: 'Olivia',
      }),
    ],
    pictures: [{ url: '/preview/AbCdEfGhIjKlMnOpQrStUv/image/0', width: 1080, height: 1080, alt: 'Spring sale' }],
    caption: CAPTION,
    member: false,
    ...overrides,
  };
}

/** Runs the page's script as the browser does once the markup is there. */
function runScript() {
  new Function(PIN_SCRIPT)();
}

const form = () => document.querySelector<HTMLFormElement>('[data-pin-form]')!;
const field = (name: string) => (form().elements.namedItem(name) as HTMLInputElement).value;

afterEach(() => window.getSelection()?.removeAllRanges());

describe('the preview page’s pins', () => {
  it('shows numbered dots at their spots, the phrase marked, each thread with plain reply and resolve forms', () => {
    render(<PreviewPins {...props()} />);
    const dot = screen.getByRole('link', { name: 'Comment 1' });
    expect(dot.getAttribute('href')).toBe('#pin-1');
    // At the spot, in the picture's own units (1080 × 1080): no inline style, which the page's CSP refuses.
    expect([dot.querySelector('circle')!.getAttribute('cx'), dot.querySelector('circle')!.getAttribute('cy')]).toEqual(['270', '540']);
    const mark = document.querySelector('mark[data-n="2"]')!;
    expect(mark.textContent).toBe('roasted');
    // The caption's text is the caption: the numbers are CSS.
    expect(document.querySelector('[data-pin-caption]')!.textContent).toBe(CAPTION);
    const second = within(document.getElementById('pin-2')!);
    expect(second.getByText('On an earlier version (1)')).toBeTruthy();
    expect(second.getByText('Resolved by Olivia')).toBeTruthy();
    expect(second.getByRole('button', { name: 'Reopen' }).closest('form')!.getAttribute('action')).toBe(
      '/preview/AbCdEfGhIjKlMnOpQrStUv/pins/pin_bbbbbbbbbbbbbbbbbbbb/reopen',
    );
    expect(within(document.getElementById('pin-1')!).getByRole('button', { name: 'Resolve' })).toBeTruthy();
    // Without the script: no pin form, and the page says how to comment instead.
    expect(form().hidden).toBe(true);
    expect(screen.getByText(/needs JavaScript/)).toBeTruthy();
  });

  it('places a pin where the picture is clicked: the spot in the hidden fields, a dot, the form shown', () => {
    render(<PreviewPins {...props()} />);
    runScript();
    expect(screen.getByText(/needs JavaScript/).hidden).toBe(true);
    expect(screen.getByText(/Click a spot of the picture/)).toBeTruthy();
    const figure = document.querySelector<HTMLElement>('[data-pin-item="0"]')!;
    figure.getBoundingClientRect = () => ({ left: 100, top: 50, width: 400, height: 400, right: 500, bottom: 450, x: 100, y: 50, toJSON: () => ({}) });
    figure.querySelector('img')!.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 200, clientY: 350 }));
    expect([field('item'), field('x'), field('y'), field('start'), field('end')]).toEqual(['0', '0.25', '0.75', '', '']);
    expect(form().hidden).toBe(false);
    expect(form().querySelector('[data-pin-where]')!.textContent).toBe('On picture 1, where the new dot is.');
    expect(figure.querySelector<HTMLElement>('[data-pin-new]')!.style.left).toBe('25%');
    expect(document.activeElement).toBe(form().elements.namedItem('body'));
    // A click on an existing dot follows it, placing nothing.
    figure.querySelector('a')!.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 500, clientY: 450 }));
    expect(field('x')).toBe('0.25');
    // Cancel clears the spot and hides the form again.
    screen.getByRole('button', { name: 'Cancel' }).click();
    expect(form().hidden).toBe(true);
    expect(field('item')).toBe('');
    expect(figure.querySelector('[data-pin-new]')).toBeNull();
  });

  it('anchors a pin to the words selected in the caption, counted in the caption’s own text', () => {
    render(<PreviewPins {...props()} />);
    runScript();
    const caption = document.querySelector('[data-pin-caption]')!;
    // "this week" lies after the marked "roasted": its offsets count the mark's text, not its number.
    const after = caption.lastChild!;
    const at = (after.textContent ?? '').indexOf('this week');
    const range = document.createRange();
    range.setStart(after, at);
    range.setEnd(after, at + 'this week'.length);
    window.getSelection()!.addRange(range);
    document.dispatchEvent(new Event('selectionchange'));
    expect([field('start'), field('end'), field('item')]).toEqual([String(CAPTION.indexOf('this week')), String(CAPTION.indexOf('this week') + 9), '']);
    expect(form().hidden).toBe(false);
    expect(form().querySelector('[data-pin-where]')!.textContent).toBe('On the words “this week”.');
  });

  it('keeps each ad’s pins apart when a page shows several (its own anchors, form actions and spot)', () => {
    render(
      <>
        <PreviewPins {...props({ base: '/board/b1/ads/a1', anchor: 'a1-pin' })} />
        <PreviewPins {...props({ base: '/board/b1/ads/a2', anchor: 'a2-pin' })} />
      </>,
    );
    runScript();
    expect(document.getElementById('a2-pin-1')).toBeTruthy();
    const [first, second] = [...document.querySelectorAll<HTMLFormElement>('[data-pin-form]')];
    expect(second!.getAttribute('action')).toBe('/board/b1/ads/a2/pins');
    const figure = document.querySelectorAll<HTMLElement>('[data-pin-item="0"]')[1]!;
    figure.getBoundingClientRect = () => ({ left: 0, top: 0, width: 100, height: 100, right: 100, bottom: 100, x: 0, y: 0, toJSON: () => ({}) });
    figure.querySelector('img')!.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 10, clientY: 20 }));
    expect([second!.hidden, first!.hidden]).toEqual([false, true]);
    expect((second!.elements.namedItem('x') as HTMLInputElement).value).toBe('0.1');
    expect((first!.elements.namedItem('x') as HTMLInputElement).value).toBe('');
  });

  it('asks a visitor for their name in every form, and not a signed-in member', () => {
    const { unmount } = render(<PreviewPins {...props()} />);
    expect(document.querySelectorAll('input[name="name"]')).toHaveLength(3);
    unmount();
    render(<PreviewPins {...props({ member: true })} />);
    expect(document.querySelectorAll('input[name="name"]')).toHaveLength(0);
  });
});
