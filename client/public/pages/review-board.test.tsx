import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MockupAd } from '#common/ads.ts';
import type { AdPin } from '#common/schemas/ad-pins.ts';
import { ReviewBoardPage, type BoardAdView, type ReviewBoardProps } from '#client/public/pages/review-board.tsx';
import { PIN_SCRIPT } from '#client/public/pins-script.ts';

/**
 * The review board with its pins (decisions 0052 and 0053): each card's pin forms post to the
 * board's routes, the review form's fields reach it through `form=` (forms do not nest), and the
 * pins' one script comes after the last card, so a click on the first card's picture works.
 */
const TOKEN = 'T'.repeat(43);

function mockup(name: string): MockupAd {
  return {
    kind: 'single',
    pageName: 'Harbour Bakery',
    handle: 'harbourbakery',
    avatarUrl: null,
    primaryText: `${name}: fresh from the oven.`,
    headline: name,
    description: '',
    cta: 'learn_more',
    destinationUrl: 'https://example.com',
    items: [{ url: `/board/${TOKEN}/ads/${name}/image/0`, width: 1080, height: 1080, alt: name }],
  } as MockupAd;
}

function pinOf(number: number): AdPin {
  return {
    id: `pin_${number}`,
    number,
    item: 0,
    x: 0.5,
    y: 0.5,
    start: null,
    end: null,
    quote: null,
    revision: 1,
    earlier: false,
    authorName: 'Carla Client',
    member: false,
    body: `Note ${number}`,
    createdAt: '2026-05-01T08:00:00.000Z',
    resolvedAt: null,
    resolvedBy: null,
    replies: [],
  };
}

function ad(id: string, pins: AdPin[]): BoardAdView {
  return { id, name: `Ad ${id}`, revision: 1, placements: ['instagram_feed'], ad: mockup(id), level: null, reviewCount: 0, latest: [], pins };
}

function props(overrides: Partial<ReviewBoardProps> = {}): ReviewBoardProps {
  return {
    token: TOKEN,
    projectName: 'Harbour Bakery',
    ads: [ad('a1', [pinOf(1), pinOf(2)]), ad('a2', [])],
    reviewer: { name: 'Carla Client', email: '' },
    form: {},
    nonce: 'n0nce',
    ...overrides,
  };
}

describe('the review board’s pins', () => {
  it('shows each ad’s numbered pins with forms posting to the board’s routes, the remembered name filled in', () => {
    render(<ReviewBoardPage {...props()} />);
    const first = within(document.getElementById('ad-a1')!);
    expect(first.getByRole('link', { name: 'Comment 2' }).getAttribute('href')).toBe('#pin-a1-2');
    expect(document.getElementById('pin-a1-1')!.textContent).toContain('Note 1');
    expect(first.getAllByRole('button', { name: 'Resolve' })[0]!.closest('form')!.getAttribute('action')).toBe(`/board/${TOKEN}/ads/a1/pins/pin_1/resolve`);
    const newPin = document.querySelectorAll<HTMLFormElement>('[data-pin-form]');
    expect([...newPin].map((form) => form.getAttribute('action'))).toEqual([`/board/${TOKEN}/ads/a1/pins`, `/board/${TOKEN}/ads/a2/pins`]);
    expect((newPin[1]!.elements.namedItem('name') as HTMLInputElement).value).toBe('Carla Client');
    // The pins' headings are below the ads' (h2): the board's outline stays one ad per heading.
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Ad a1', 'Ad a2']);
  });

  it('keeps the review form whole without nesting: its fields and buttons in every card belong to it', () => {
    render(<ReviewBoardPage {...props()} />);
    expect(document.querySelector('form form')).toBeNull();
    const review = document.getElementById('board-review') as HTMLFormElement;
    const names = [...review.elements].map((element) => (element as HTMLInputElement).name).filter(Boolean);
    for (const name of ['name', 'email', 'website', 'pick.a1', 'comment.a1', 'revision.a2', 'action']) expect(names).toContain(name);
    expect(names.filter((name) => name === 'action')).toHaveLength(5);
    expect(names).not.toContain('body');
  });

  it('has one script, after the last card’s pins, and it places a pin on the first card', () => {
    render(<ReviewBoardPage {...props()} />);
    const scripts = document.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(document.getElementById('ad-a2')!.contains(scripts[0]!)).toBe(true);
    new Function(PIN_SCRIPT)();
    const figure = document.querySelector<HTMLElement>('#ad-a1 [data-pin-item="0"]')!;
    figure.getBoundingClientRect = () => ({ left: 0, top: 0, width: 100, height: 100, right: 100, bottom: 100, x: 0, y: 0, toJSON: () => ({}) });
    figure.querySelector('img')!.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 30, clientY: 40 }));
    const form = document.querySelector<HTMLFormElement>('#ad-a1 [data-pin-form]')!;
    expect(form.hidden).toBe(false);
    expect([(form.elements.namedItem('x') as HTMLInputElement).value, (form.elements.namedItem('y') as HTMLInputElement).value]).toEqual(['0.3', '0.4']);
  });

  it('says a refused pin at its own ad only', () => {
    render(<ReviewBoardPage {...props({ form: { pinError: { adId: 'a2', message: 'Too many comments.' } } })} />);
    expect(within(document.getElementById('ad-a2')!).getByRole('alert').textContent).toBe('Too many comments.');
    expect(within(document.getElementById('ad-a1')!).queryByRole('alert')).toBeNull();
  });
});
