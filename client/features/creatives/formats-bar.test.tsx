import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { FormatId } from '#common/creative/document.ts';
import type { CreationItem } from '#common/schemas/creatives.ts';
import type { LinkedFormat, LinkedFormats, RenderAllResult } from '#common/schemas/formats.ts';
import { ToastProvider } from '#client/components/toast.tsx';
import { groupCreations } from '#client/features/creatives/creation-group.tsx';
import { CreationsGallery } from '#client/features/creatives/creations-gallery.tsx';
import { FormatsBar } from '#client/features/creatives/formats-bar.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';

const ID = 'creative_square_aaaaaa';
const idOf = (format: FormatId) => (format === 'square' ? ID : `creative_${format}_aaaaaa`);

function member(format: FormatId, extra: Partial<LinkedFormat> = {}): LinkedFormat {
  return {
    id: idOf(format),
    name: `Spring sale (${format})`,
    format,
    status: 'draft',
    revisionNumber: 1,
    currentCreationId: null,
    lastCreationId: null,
    ...extra,
  };
}

function group(items: LinkedFormat[]): LinkedFormats {
  return { linkGroup: items.length > 1 ? ID : null, items, renderAllCost: items.filter((i) => !i.currentCreationId).length };
}

function creation(format: FormatId, extra: Partial<CreationItem> = {}): CreationItem {
  const size = { square: [1080, 1080], portrait: [1080, 1350], story: [1080, 1920], landscape: [1200, 628] }[format];
  const id = `creation_${format}_${extra.revisionNumber ?? 1}`;
  return {
    id,
    projectId: 'proj_aaaaaaaaaaaaaaaa',
    projectName: 'Bakery',
    role: 'editor',
    creativeId: idOf(format),
    revisionNumber: 1,
    name: `Spring sale (${format})`,
    format,
    width: size[0]!,
    height: size[1]!,
    size: 120_000,
    url: `/api/creations/${id}/file`,
    downloadUrl: `/api/creations/${id}/file?download=1`,
    thumbnailUrl: `/api/creations/${id}/thumbnail`,
    createdAt: '2026-03-02T10:00:00.000Z',
    linkGroup: ID,
    ...extra,
  };
}

function open(props: Partial<Parameters<typeof FormatsBar>[0]> = {}) {
  const onBeforeRender = vi.fn(async () => true);
  const onRendered = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '/creatives/:id',
        element: (
          <FormatsBar
            creativeId={ID}
            format="square"
            readOnly={false}
            available={10}
            revision={1}
            onBeforeRender={onBeforeRender}
            onRendered={onRendered}
            {...props}
          />
        ),
      },
      { path: '/creations', element: <p>Creations page</p> },
    ],
    { initialEntries: [`/creatives/${ID}`] },
  );
  render(
    <ToastProvider>
      <RouterProvider router={router} />
    </ToastProvider>,
  );
  return { onBeforeRender, onRendered, router };
}

describe('linked formats in the editor', () => {
  it('lists the linked formats, this one current and the others links to switch to', async () => {
    mockApi({ [`GET /api/creatives/${ID}/formats`]: { status: 200, body: group([member('square'), member('story'), member('landscape')]) } });
    const { router } = open();
    const nav = await screen.findByRole('navigation', { name: 'Linked formats' });
    await within(nav).findByText('Story');
    expect(within(nav).getByText('Square').closest('[aria-current="page"]')).not.toBeNull();
    expect(within(nav).getByRole('link', { name: 'Story' }).getAttribute('href')).toBe(`/creatives/${idOf('story')}`);
    expect(within(nav).queryByRole('link', { name: 'Square' })).toBeNull();
    // From the keyboard: Tab reaches the links, Enter follows one.
    await userEvent.tab();
    expect(document.activeElement).toBe(within(nav).getByRole('link', { name: 'Story' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/creatives/${idOf('story')}`));
  });

  it('resizes from the keyboard: the missing formats picked, one unticked with Space, the copies made', async () => {
    const calls = mockApi({
      [`GET /api/creatives/${ID}/formats`]: { status: 200, body: group([member('square'), member('story')]) },
      [`POST /api/creatives/${ID}/resize`]: (body) => ({
        status: 201,
        body: { items: (body as { formats: FormatId[] }).formats.map((f) => ({ id: idOf(f), format: f })), skipped: [], nextCursor: null },
      }),
    });
    open();
    const resize = await screen.findByRole('button', { name: /Resize/ });
    resize.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Resize to other formats' });
    const portrait = within(dialog).getByRole('checkbox', { name: /Portrait/ });
    const landscape = within(dialog).getByRole('checkbox', { name: /Landscape/ });
    expect((portrait as HTMLInputElement).checked).toBe(true);
    expect((landscape as HTMLInputElement).checked).toBe(true);
    // Linked formats are shown, ticked and not to be picked.
    expect((within(dialog).getByRole('checkbox', { name: /Story/ }) as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: /Square/ }) as HTMLInputElement).disabled).toBe(true);
    landscape.focus();
    await userEvent.keyboard(' ');
    expect((landscape as HTMLInputElement).checked).toBe(false);
    const submit = within(dialog).getByRole('button', { name: 'Make 1 copy' });
    submit.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByText('1 linked copy made: portrait.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ formats: ['portrait'] });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The group is read again.
    expect(calls.filter((c) => c.path === `/api/creatives/${ID}/formats`).length).toBeGreaterThanOrEqual(2);
  });

  it('says what rendering every format costs before spending, renders them, and offers each PNG and the ZIP', async () => {
    const result: RenderAllResult = {
      items: [
        { creativeId: ID, format: 'square', outcome: 'existing', creation: creation('square') },
        { creativeId: idOf('portrait'), format: 'portrait', outcome: 'rendered', creation: creation('portrait') },
        {
          creativeId: idOf('story'),
          format: 'story',
          outcome: 'failed',
          creation: null,
          error: 'The render failed and your credit was refunded. Please try again.',
        },
      ],
      charged: 1,
      zipUrl: `/api/creatives/${ID}/formats/zip`,
    };
    const calls = mockApi({
      [`GET /api/creatives/${ID}/formats`]: {
        status: 200,
        body: group([
          member('square', { currentCreationId: 'creation_square_1', lastCreationId: 'creation_square_1' }),
          member('portrait'),
          member('story'),
          member('landscape'),
        ]),
      },
      [`POST /api/creatives/${ID}/render-all`]: { status: 201, body: result },
    });
    const { onBeforeRender, onRendered } = open({ available: 5 });
    // Something is rendered already: the ZIP is offered.
    expect((await screen.findByRole('link', { name: /ZIP of all formats/ })).getAttribute('href')).toBe(`/api/creatives/${ID}/formats/zip`);
    await userEvent.click(screen.getByRole('button', { name: /Render all formats/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Render all formats' });
    expect(within(dialog).getByText(/Rendered · free/)).toBeTruthy();
    expect(within(dialog).getByText(/you have 5/).textContent).toMatch(/Costs 3 credits · you have 5\./);
    // Unticking landscape with the keyboard takes a credit off the cost.
    within(dialog)
      .getByRole('checkbox', { name: /Landscape/ })
      .focus();
    await userEvent.keyboard(' ');
    expect(within(dialog).getByText(/you have 5/).textContent).toMatch(/Costs 2 credits/);
    const submit = within(dialog).getByRole('button', { name: /Render 3 formats · 2 credits/ });
    submit.focus();
    await userEvent.keyboard('{Enter}');
    const done = await screen.findByRole('dialog', { name: 'Formats rendered' });
    expect(onBeforeRender).toHaveBeenCalledTimes(1);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ formats: ['square', 'portrait', 'story'] });
    expect(onRendered).toHaveBeenCalledWith('creation_square_1');
    expect(within(done).getByText(/1 credit used\. A render that failed was not charged\./)).toBeTruthy();
    expect(within(done).getByText('The render failed and your credit was refunded. Please try again.')).toBeTruthy();
    expect(within(done).getByRole('link', { name: 'Download the Portrait PNG' }).getAttribute('href')).toBe(
      '/api/creations/creation_portrait_1/file?download=1',
    );
    expect(
      within(done)
        .getByRole('link', { name: /Download all as ZIP/ })
        .getAttribute('href'),
    ).toBe(`/api/creatives/${ID}/formats/zip`);
    // Escape (the dialog's cancel, which happy-dom does not raise from the key) closes it.
    fireEvent(done, new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('does not spend with too few credits, and shows the server’s refusal with the way to get credits', async () => {
    mockApi({
      [`GET /api/creatives/${ID}/formats`]: { status: 200, body: group([member('square'), member('story')]) },
      [`POST /api/creatives/${ID}/render-all`]: {
        status: 402,
        body: envelope('insufficient_credits', 'Rendering these formats needs 2 credits and you have 1.', { _: ['needed:2', 'available:1'] }),
      },
    });
    open({ available: 1 });
    await userEvent.click(await screen.findByRole('button', { name: /Render all formats/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Render all formats' });
    expect(within(dialog).getByText(/That is not enough/)).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: /Render 2 formats · 2 credits/ }) as HTMLButtonElement).disabled).toBe(true);
    // One format fits the balance; the server may still refuse (the balance changed meanwhile).
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Story/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: /Render 1 format · 1 credit/ }));
    expect(await within(dialog).findByText(/needs 2 credits and you have 1/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Get credits' })).toBeTruthy();
  });

  it('refuses to render when the pending edits could not be saved', async () => {
    const calls = mockApi({ [`GET /api/creatives/${ID}/formats`]: { status: 200, body: group([member('square'), member('story')]) } });
    open({ onBeforeRender: async () => false });
    await userEvent.click(await screen.findByRole('button', { name: /Render all formats/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Render 2 formats/ }));
    expect(await screen.findByText(/Save your changes first/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows viewers the formats and the ZIP, but neither Resize nor Render all; a creative alone offers Resize only', async () => {
    mockApi({ [`GET /api/creatives/${ID}/formats`]: { status: 200, body: group([member('square', { lastCreationId: 'c1' }), member('story')]) } });
    open({ readOnly: true });
    await screen.findByRole('link', { name: 'Story' });
    expect(screen.queryByRole('button', { name: /Resize/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Render all/ })).toBeNull();
    expect(screen.getByRole('link', { name: /ZIP of all formats/ })).toBeTruthy();
  });

  it('offers a creative without copies Resize, not Render all or the ZIP; a failed load can be retried', async () => {
    let fail = true;
    mockApi({
      [`GET /api/creatives/${ID}/formats`]: () =>
        fail
          ? { status: 500, body: envelope('internal', 'Something went wrong.') }
          : { status: 200, body: group([member('square', { lastCreationId: 'c1' })]) },
    });
    open();
    const retry = await screen.findByRole('button', { name: 'Reload linked formats' });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('button', { name: /Resize/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Render all/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /ZIP/ })).toBeNull();
  });
});

describe('the creations gallery groups linked formats', () => {
  it('groups the PNGs of one link group at the place of its newest, and leaves the others alone', () => {
    const lone = creation('square', { id: 'lone', linkGroup: null, creativeId: 'other' });
    const items = [
      creation('story'),
      lone,
      creation('square'),
      creation('square', { id: 'old-square', revisionNumber: 1 }),
      creation('landscape', { linkGroup: 'solo' }),
    ];
    const entries = groupCreations(items);
    expect(entries.map((e) => (e.kind === 'group' ? e.items.map((i) => i.id) : e.item.id))).toEqual([
      ['creation_story_1', 'creation_square_1', 'old-square'],
      'lone',
      'creation_landscape_1',
    ]);
  });

  it('names a group after its creative, whichever format copy comes first (names since issue 27: “Spring sale — story”)', async () => {
    mockApi({
      'GET /api/creations': {
        status: 200,
        body: { items: [creation('story', { name: 'Spring sale — story' }), creation('square', { name: 'Spring sale' })], nextCursor: null },
      },
    });
    const router = createMemoryRouter([{ path: '/creations', element: <CreationsGallery projects={[]} /> }], { initialEntries: ['/creations'] });
    render(
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>,
    );
    expect(await screen.findByRole('listitem', { name: 'Spring sale: 2 formats' })).toBeTruthy();
  });

  it('shows a group as one card: every format’s newest PNG, each PNG to download, the ZIP and the creative', async () => {
    mockApi({
      'GET /api/creations': {
        status: 200,
        body: {
          items: [creation('story'), creation('square'), creation('portrait'), creation('landscape', { linkGroup: null, creativeId: 'other', id: 'alone' })],
          nextCursor: null,
        },
      },
    });
    const router = createMemoryRouter([{ path: '/creations', element: <CreationsGallery projects={[]} /> }], { initialEntries: ['/creations'] });
    render(
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>,
    );
    const card = await screen.findByRole('listitem', { name: 'Spring sale: 3 formats' });
    expect(
      within(card)
        .getAllByRole('img')
        .map((i) => i.getAttribute('alt')),
    ).toEqual(['Spring sale (square), square', 'Spring sale (portrait), portrait', 'Spring sale (story), story']);
    expect(
      within(card)
        .getByRole('link', { name: /ZIP of all formats/ })
        .getAttribute('href'),
    ).toBe(`/api/creatives/${idOf('story')}/formats/zip`);
    expect(within(card).getByRole('link', { name: 'Download Spring sale (story), version 1' }).getAttribute('href')).toBe(
      '/api/creations/creation_story_1/file?download=1',
    );
    // Deleting one PNG of the group asks first, like any other.
    await userEvent.click(within(card).getByRole('button', { name: 'Delete Spring sale (portrait), version 1' }));
    expect(await screen.findByRole('dialog', { name: /Delete “Spring sale \(portrait\)”/ })).toBeTruthy();
    // The PNG of a creative without linked copies keeps its own card.
    expect(screen.getByRole('link', { name: 'Download Spring sale (landscape)' })).toBeTruthy();
  });
});
