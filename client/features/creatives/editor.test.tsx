import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTemplate } from '#common/creative/templates.ts';
import type { PublicUser } from '#common/schemas/auth.ts';
import type { CreativeDetail } from '#common/schemas/creatives.ts';
import { DEFAULT_BRAND_KIT } from '#common/schemas/projects.ts';
import { ToastProvider } from '#client/components/toast.tsx';
import { SessionProvider } from '#client/lib/session.tsx';
import CreativeEditorRoute from '#client/app/routes/creative-editor.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';

const ID = 'creative_aaaaaaaaaaaa';
const USER: PublicUser = {
  id: 'user_aaaaaaaaaaaaaaaa',
  email: 'erin@example.com',
  name: 'Erin',
  role: 'user',
  plan: { id: 'free', name: 'Free' },
  createdAt: '2026-01-01T00:00:00.000Z',
  locale: 'en',
};

function detail(role: CreativeDetail['role'], extra: Partial<CreativeDetail> = {}): CreativeDetail {
  return {
    id: ID,
    projectId: 'proj_aaaaaaaaaaaaaaaa',
    projectName: 'Bakery',
    role,
    name: 'Spring launch',
    status: 'draft',
    format: 'square',
    template: 'bold-headline',
    revision: { id: 'rev_aaaaaaaaaaaaaaaa', number: 1 },
    document: buildTemplate('bold-headline', { brand: DEFAULT_BRAND_KIT, format: 'square' }),
    images: {},
    lastCreationId: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-02T10:00:00.000Z',
    brandKit: DEFAULT_BRAND_KIT,
    projectArchived: false,
    currentCreationId: null,
    ...extra,
  };
}

/** The balance as GET /api/credits answers it. */
function credits(total: number) {
  return {
    status: 200,
    body: {
      monthly: total,
      purchased: 0,
      total,
      monthlyAllowance: 25,
      periodStart: '2026-03-01T00:00:00.000Z',
      nextResetAt: '2026-04-01T00:00:00.000Z',
      low: total < 5,
    },
  };
}

function open(user: PublicUser | null = null) {
  const router = createMemoryRouter(
    [
      { path: '/creatives/:objectId', element: <CreativeEditorRoute /> },
      { path: '/account/credits', element: <p>Credits page</p> },
    ],
    { initialEntries: [`/creatives/${ID}`] },
  );
  return render(
    <SessionProvider initialUser={user}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </SessionProvider>,
  );
}

/** Selects the headline's text layer and types `words` as its text; the Text field back. */
async function typeHeadline(user: ReturnType<typeof userEvent.setup>, words: string) {
  await user.click(await screen.findByRole('button', { name: /Made for the way you work \(text layer\)/ }));
  const text = screen.getByLabelText('Text');
  await user.clear(text);
  await user.type(text, words);
  return text;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the creative editor', () => {
  it('is read-only for viewers: no render, variations, undo or layer tools, and every field disabled', async () => {
    const calls = mockApi({ [`GET /api/creatives/${ID}`]: { status: 200, body: detail('viewer') } });
    open();
    await screen.findByText(/You can view this creative/);
    expect(screen.queryByRole('button', { name: /Render PNG/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Variations/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Add a layer' })).toBeNull();
    expect((screen.getByLabelText('Creative name') as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: /Made for the way you work \(text layer\)/ }));
    expect((screen.getByLabelText('Text') as HTMLTextAreaElement).disabled).toBe(true);
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('is read-only for an editor while the project is archived, and says why', async () => {
    const calls = mockApi({ [`GET /api/creatives/${ID}`]: { status: 200, body: detail('editor', { projectArchived: true }) } });
    open();
    await screen.findByText(/This project is archived, so its creatives are read-only/);
    expect(screen.queryByRole('button', { name: /Render PNG/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Variations/ })).toBeNull();
    expect((screen.getByLabelText('Creative name') as HTMLInputElement).disabled).toBe(true);
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('autosaves an editor’s change with the revision it started from, and shows a conflict instead of overwriting', async () => {
    // Fake timers that also follow the real clock: the second of autosave, and a long wait after the conflict, take no real time.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = mockApi({
      [`GET /api/creatives/${ID}`]: { status: 200, body: detail('editor') },
      [`PATCH /api/creatives/${ID}`]: { status: 409, body: envelope('conflict', 'Someone saved a newer version of this creative.') },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    open();
    await typeHeadline(user, 'Hello');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toMatchObject({
      baseRevision: 1,
      document: { layers: expect.arrayContaining([expect.objectContaining({ id: 'headline', text: 'Hello' })]) },
    });
    await screen.findByText('A newer version exists');
    // No retry loop: a minute later, still one PATCH, and the conflict stays on screen.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
    expect(screen.getByText('A newer version exists')).toBeTruthy();
  });

  it('shows the name the server gave after a save (a name that follows the headline), unless the name is being edited', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const saved = (body: unknown) => {
      const document = (body as { document: CreativeDetail['document'] }).document;
      const headline = document.layers.find((l) => l.id === 'headline');
      return { status: 200, body: detail('editor', { name: headline?.type === 'text' ? headline.text : '', document, revision: { id: 'rev_b', number: 2 } }) };
    };
    const calls = mockApi({ [`GET /api/creatives/${ID}`]: { status: 200, body: detail('editor') }, [`PATCH /api/creatives/${ID}`]: saved });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    open();
    const text = await typeHeadline(user, 'Hello');
    await vi.advanceTimersByTimeAsync(1000);
    await waitFor(() => expect((screen.getByLabelText('Creative name') as HTMLInputElement).value).toBe('Hello'));
    // A name being typed is not overwritten by the next save.
    await user.type(text, ' there');
    const name = screen.getByLabelText('Creative name');
    await user.clear(name);
    await user.type(name, 'My own');
    await vi.advanceTimersByTimeAsync(1000);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    await screen.findByText('Saved');
    expect((name as HTMLInputElement).value).toBe('My own');
  });

  it('says what a render costs: 1 credit, or nothing for a version rendered before', async () => {
    mockApi({ [`GET /api/creatives/${ID}`]: { status: 200, body: detail('editor') }, 'GET /api/credits': credits(5) });
    const { unmount } = open(USER);
    expect((await screen.findByRole('button', { name: 'Render PNG · 1 credit' })).hasAttribute('disabled')).toBe(false);
    unmount();

    mockApi({
      [`GET /api/creatives/${ID}`]: { status: 200, body: detail('editor', { currentCreationId: 'cn_aaaaaaaaaaaaaaaa' }) },
      'GET /api/credits': credits(0),
    });
    open(USER);
    // This version has its PNG: rendering it again is free, even without credits.
    expect((await screen.findByRole('button', { name: 'Render PNG · free' })).hasAttribute('disabled')).toBe(false);
  });

  it('without credits, disables render and variations and says why, with a link to get credits', async () => {
    const calls = mockApi({ [`GET /api/creatives/${ID}`]: { status: 200, body: detail('editor') }, 'GET /api/credits': credits(0) });
    open(USER);
    const renderButton = await screen.findByRole('button', { name: 'Render PNG · 1 credit' });
    await waitFor(() => expect(renderButton.hasAttribute('disabled')).toBe(true));
    expect(screen.getByRole('button', { name: /Variations/ }).hasAttribute('disabled')).toBe(true);
    const note = screen.getByText(/You have no credits left/);
    expect(renderButton.getAttribute('aria-describedby')).toBe(note.closest('[id]')!.id);
    await userEvent.click(within(note.closest('[id]') as HTMLElement).getByRole('link', { name: 'Get credits' }));
    await screen.findByText('Credits page');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('offers as many variations as the balance pays for, and at most 8', async () => {
    mockApi({ [`GET /api/creatives/${ID}`]: { status: 200, body: detail('editor') }, 'GET /api/credits': credits(1) });
    const { unmount } = open(USER);
    await waitFor(() => expect(screen.getByRole('button', { name: /Variations/ }).hasAttribute('disabled')).toBe(false));
    await userEvent.click(screen.getByRole('button', { name: /Variations/ }));
    // The dialog is loaded when first opened.
    const slider = (await screen.findByLabelText('How many')) as HTMLInputElement;
    expect([slider.min, slider.max, slider.value]).toEqual(['1', '1', '1']);
    expect(screen.getByRole('button', { name: 'Generate 1' })).toBeTruthy();
    expect(screen.getByText(/you have 1/)).toBeTruthy();
    unmount();

    mockApi({ [`GET /api/creatives/${ID}`]: { status: 200, body: detail('editor') }, 'GET /api/credits': credits(40) });
    open(USER);
    await waitFor(() => expect(screen.getByRole('button', { name: /Variations/ }).hasAttribute('disabled')).toBe(false));
    await userEvent.click(screen.getByRole('button', { name: /Variations/ }));
    expect(((await screen.findByLabelText('How many')) as HTMLInputElement).max).toBe('8');
  });

  it('lists the versions in the history dialog and restores one as the newest; a refused restore keeps the dialog open', async () => {
    const doc = detail('editor').document;
    const older = { ...doc, layers: doc.layers.map((l) => (l.id === 'headline' && l.type === 'text' ? { ...l, text: 'Version one' } : l)) };
    const revision = (number: number, current: boolean, document = doc) => ({
      id: `rev_${String(number).repeat(16)}`,
      number,
      reason: number === 1 ? 'created' : 'edited',
      authorName: number === 1 ? null : 'Erin',
      current,
      document,
      createdAt: `2026-03-0${number}T10:00:00.000Z`,
    });
    let refuse = true;
    const calls = mockApi({
      [`GET /api/creatives/${ID}`]: { status: 200, body: detail('editor', { revision: { id: 'rev_2222222222222222', number: 2 } }) },
      [`GET /api/creatives/${ID}/revisions`]: { status: 200, body: { items: [revision(2, true), revision(1, false, older)], nextCursor: null } },
      [`POST /api/creatives/${ID}/revisions/rev_1111111111111111/restore`]: () =>
        refuse
          ? { status: 409, body: envelope('conflict', 'Someone saved a newer version of this creative.') }
          : { status: 200, body: detail('editor', { document: older, revision: { id: 'rev_3333333333333333', number: 3 } }) },
    });
    open(USER);
    await userEvent.click(await screen.findByRole('button', { name: 'History' }));
    // The dialog is loaded when first opened.
    const dialog = await screen.findByRole('dialog', { name: 'Version history' });
    await within(dialog).findByText('Version 2');
    expect(within(dialog).getByText('current')).toBeTruthy();
    expect(within(dialog).getByText(/Former member/)).toBeTruthy();
    // Only the older version can be restored.
    expect(within(dialog).getAllByRole('button', { name: /Restore/ })).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: /Restore/ }));
    expect(await within(dialog).findByText('Someone saved a newer version of this creative.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Version history' })).toBe(dialog);

    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: /Restore/ }));
    await screen.findByText('Version 1 restored as version 3.');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Version history' })).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/api/creatives/${ID}/revisions/rev_1111111111111111/restore`,
      `/api/creatives/${ID}/revisions/rev_1111111111111111/restore`,
    ]);
    // The editor shows the restored document.
    await userEvent.click(screen.getByRole('button', { name: /Version one \(text layer\)/ }));
    expect((screen.getByLabelText('Text') as HTMLTextAreaElement).value).toBe('Version one');
  });

  it('has no <main> landmark of its own: it is drawn inside the workspace shell’s', async () => {
    mockApi({ [`GET /api/creatives/${ID}`]: { status: 200, body: detail('editor') } });
    const { container } = open();
    await screen.findByRole('region', { name: /Canvas/ });
    expect(container.querySelector('main')).toBeNull();
  });
});
