import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTemplate } from '#common/creative/templates.ts';
import { DEFAULT_BRAND_KIT } from '#common/schemas/projects.ts';
import type { VariationItem, VariationsResult } from '#common/schemas/variations.ts';
import { VariationsDialog } from '#client/features/creatives/editor-dialogs.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';

const ID = 'creative_aaaaaaaaaaaa';
const TEMPLATES = ['bold-headline', 'gradient-promo', 'minimal-serif', 'sale-badge'];

function variation(i: number, rendered = true): VariationItem {
  const id = `creative_variation${i}aaaa`;
  return {
    id,
    projectId: 'proj_aaaaaaaaaaaaaaaa',
    projectName: 'Bakery',
    role: 'editor',
    name: `Spring launch — variation ${i + 1}`,
    status: 'draft',
    format: 'square',
    template: TEMPLATES[i % TEMPLATES.length]!,
    revision: { id: `rev_variation${i}aaaaaa`, number: 1 },
    document: buildTemplate(TEMPLATES[i % TEMPLATES.length]!, {
      brand: DEFAULT_BRAND_KIT,
      format: 'square',
      copy: { headline: `Headline ${i + 1}`, body: `Body ${i + 1}.`, cta: `Button ${i + 1}` },
    }),
    images: {},
    lastCreationId: rendered ? `creation_${i}aaaaaaaaaaa` : null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    copySource: i === 0 ? 'ai' : 'rules',
    creation: rendered
      ? {
          id: `creation_${i}aaaaaaaaaaa`,
          projectId: 'proj_aaaaaaaaaaaaaaaa',
          projectName: 'Bakery',
          role: 'editor',
          creativeId: id,
          revisionNumber: 1,
          name: `Spring launch — variation ${i + 1}`,
          format: 'square',
          width: 1080,
          height: 1080,
          size: 40_000,
          url: `/api/creations/creation_${i}aaaaaaaaaaa/file`,
          downloadUrl: `/api/creations/creation_${i}aaaaaaaaaaa/file?download=1`,
          thumbnailUrl: `/api/creations/creation_${i}aaaaaaaaaaa/thumbnail`,
          createdAt: '2026-03-01T10:00:00.000Z',
        }
      : null,
  };
}

function result(count: number, failed: number[] = []): VariationsResult {
  const items = Array.from({ length: count }, (_, i) => variation(i, !failed.includes(i)));
  return { items, nextCursor: null, charged: count - failed.length };
}

function Opened() {
  return <p>Editor of {useParams().id}</p>;
}

function open(props: { available?: number | null } = {}) {
  const onClose = vi.fn();
  const onCreated = vi.fn();
  // The dialog sits over the source's editor; opening a variation goes to that variation's editor.
  const router = createMemoryRouter(
    [{ path: '/creatives/:id', element: <Route onClose={onClose} onCreated={onCreated} available={props.available === undefined ? 25 : props.available} /> }],
    { initialEntries: [`/creatives/${ID}`] },
  );
  render(<RouterProvider router={router} />);
  return { onClose, onCreated, router };
}

function Route({ onClose, onCreated, available }: { onClose: () => void; onCreated: () => void; available: number | null }) {
  const { id } = useParams();
  if (id !== ID) return <Opened />;
  return <VariationsDialog open creativeId={ID} available={available} onClose={onClose} onCreated={onCreated} />;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('VariationsDialog', () => {
  it('says the cost, shows progress while the variations render, then their thumbnails to pick from', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    const calls = mockApi({
      [`POST /api/creatives/${ID}/variations`]: () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    const { onCreated } = open();
    expect(screen.getByText(/Costs/).textContent).toContain('3 credits');
    await userEvent.click(screen.getByRole('button', { name: 'Generate 3' }));
    expect(await screen.findByRole('progressbar', { name: 'Rendering' })).toBeTruthy();
    expect(screen.getByText('Writing and rendering 3 variations…')).toBeTruthy();
    answer({ status: 201, body: result(3) });
    const list = await screen.findByRole('listbox', { name: 'Variations' });
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', path: `/api/creatives/${ID}/variations`, body: { count: 3 } }]);
    expect(onCreated).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toMatch(/3 new drafts, rendered.*3 credits used/);
    const options = within(list).getAllByRole('option');
    expect(options).toHaveLength(3);
    // Rendered thumbnails, not live previews.
    expect(options.map((o) => o.querySelector('img')?.getAttribute('src'))).toEqual([0, 1, 2].map((i) => `/api/creations/creation_${i}aaaaaaaaaaa/thumbnail`));
    expect(options.map((o) => o.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    const chosen = screen.getByRole('region', { name: 'Chosen variation' });
    expect(within(chosen).getByText('Headline 1')).toBeTruthy();
    expect(within(chosen).getByText('Button 1')).toBeTruthy();
    expect(within(chosen).getByText(/written by AI/)).toBeTruthy();
    expect(
      within(chosen)
        .getByRole('link', { name: /Download PNG/ })
        .getAttribute('href'),
    ).toBe('/api/creations/creation_0aaaaaaaaaaa/file?download=1');
    // A click chooses another.
    await userEvent.click(options[2]!);
    expect(options[2]!.getAttribute('aria-selected')).toBe('true');
    expect(within(chosen).getByText('Headline 3')).toBeTruthy();
    expect(within(chosen).getByText(/from your brand kit’s tone/)).toBeTruthy();
  });

  it('is picked with the keyboard alone: arrows, Home and End move the choice and the focus, Enter opens it in the editor', async () => {
    mockApi({ [`POST /api/creatives/${ID}/variations`]: { status: 201, body: result(4) } });
    const { onClose } = open();
    // The slider first (the browser moves a range with the arrows; happy-dom does not: a change), then Tab to Generate and Enter.
    const slider = screen.getByLabelText('How many');
    slider.focus();
    fireEvent.change(slider, { target: { value: '4' } });
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Generate 4' }));
    await userEvent.keyboard('{Enter}');
    const list = await screen.findByRole('listbox', { name: 'Variations' });
    const options = within(list).getAllByRole('option');
    // One tab stop for the whole list: the chosen option.
    expect(options.map((o) => o.tabIndex)).toEqual([0, -1, -1, -1]);
    options[0]!.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(options[1]);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    expect(options.map((o) => o.tabIndex)).toEqual([-1, 0, -1, -1]);
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(options[3]);
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(options[0]);
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(options[3]);
    await userEvent.keyboard('{Home}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('region', { name: 'Chosen variation' }).textContent).toContain('Headline 3');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Editor of creative_variation2aaaa')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it('shows a variation that could not be rendered with its live preview and says it was refunded', async () => {
    mockApi({ [`POST /api/creatives/${ID}/variations`]: { status: 201, body: result(2, [1]) } });
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Generate 3' }));
    const list = await screen.findByRole('listbox', { name: 'Variations' });
    expect(screen.getByRole('status').textContent).toMatch(/1 credit used/);
    const failed = within(list).getByRole('option', { name: /variation 2 \(not rendered\)/ });
    expect(failed.querySelector('img')).toBeNull();
    await userEvent.click(failed);
    const chosen = screen.getByRole('region', { name: 'Chosen variation' });
    expect(within(chosen).getByText(/could not be rendered; its credit was refunded/)).toBeTruthy();
    expect(within(chosen).queryByRole('link', { name: /Download PNG/ })).toBeNull();
    // Make more goes back to the form.
    await userEvent.click(screen.getByRole('button', { name: 'Make more' }));
    expect(screen.getByRole('button', { name: 'Generate 3' })).toBeTruthy();
  });

  it('says when credits ran out, with the way to get more, and nothing is shown as made', async () => {
    mockApi({
      [`POST /api/creatives/${ID}/variations`]: {
        status: 402,
        body: envelope('insufficient_credits', 'This needs 3 credits and you have 2. Buy a credit pack or wait for your monthly credits.', {
          _: ['needed:3', 'available:2'],
        }),
      },
    });
    const { onCreated } = open({ available: null });
    await userEvent.click(screen.getByRole('button', { name: 'Generate 3' }));
    expect(await screen.findByText(/This needs 3 credits and you have 2/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get credits' }).getAttribute('href')).toBe('/account/credits');
    expect(screen.queryByRole('listbox')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(onCreated).not.toHaveBeenCalled();
  });
});
