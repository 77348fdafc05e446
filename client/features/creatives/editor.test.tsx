import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildTemplate } from '#common/creative/templates.ts';
import type { CreativeDetail } from '#common/schemas/creatives.ts';
import { DEFAULT_BRAND_KIT } from '#common/schemas/projects.ts';
import { SessionProvider } from '#client/app/session.tsx';
import { ToastProvider } from '#client/components/toast.tsx';
import CreativeEditorRoute from '#client/app/routes/creative-editor.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';

const ID = 'creative_aaaaaaaaaaaa';

function detail(role: CreativeDetail['role']): CreativeDetail {
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
    currentCreationId: null,
  };
}

function open() {
  const router = createMemoryRouter([{ path: '/creatives/:objectId', element: <CreativeEditorRoute /> }], { initialEntries: [`/creatives/${ID}`] });
  return render(
    <SessionProvider initialUser={null}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </SessionProvider>,
  );
}

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

  it('autosaves an editor’s change with the revision it started from, and shows a conflict instead of overwriting', async () => {
    const calls = mockApi({
      [`GET /api/creatives/${ID}`]: { status: 200, body: detail('editor') },
      [`PATCH /api/creatives/${ID}`]: { status: 409, body: envelope('conflict', 'Someone saved a newer version of this creative.') },
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: /Made for the way you work \(text layer\)/ }));
    const text = screen.getByLabelText('Text');
    await userEvent.clear(text);
    await userEvent.type(text, 'Hello');
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true), { timeout: 3000 });
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toMatchObject({
      baseRevision: 1,
      document: { layers: expect.arrayContaining([expect.objectContaining({ id: 'headline', text: 'Hello' })]) },
    });
    await screen.findByText('A newer version exists');
    // No retry loop: one PATCH, the conflict stays on screen.
    await new Promise((r) => setTimeout(r, 1500));
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
  });
});
