import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CreativeDocument, Layer } from '#common/creative/document.ts';
import { buildTemplate } from '#common/creative/templates.ts';
import type { CreativeDetail } from '#common/schemas/creatives.ts';
import { DEFAULT_BRAND_KIT } from '#common/schemas/projects.ts';
import { ToastProvider } from '#client/components/toast.tsx';
import { SessionProvider } from '#client/lib/session.tsx';
import CreativeEditorRoute from '#client/app/routes/creative-editor.tsx';
import { layerName } from '#client/features/creatives/layer-names.ts';
import { testFallbackI18n } from '#client/lib/i18n-context.tsx';
import { mockApi } from '#client/test/api-mock.ts';

/** The editor as a user meets it: the layers panel, the arrange toolbar and the clipboard through the route. */

const A = 'creative_aaaaaaaaaaaa';
const B = 'creative_bbbbbbbbbbbb';
const template = buildTemplate('bold-headline', { brand: DEFAULT_BRAND_KIT, format: 'square' });
const picture: Layer = { id: 'photo', name: 'Photo', type: 'image', mediaId: 'media_aaaaaaaaaaaa', fit: 'cover', radius: 0, x: 50, y: 50, w: 40, h: 40 };

function detail(id: string, projectId: string, document: CreativeDocument): CreativeDetail {
  return {
    id,
    projectId,
    projectName: 'Bakery',
    role: 'editor',
    name: 'Spring launch',
    status: 'draft',
    format: 'square',
    template: 'bold-headline',
    revision: { id: 'rev_aaaaaaaaaaaaaaaa', number: 1 },
    document,
    images: {},
    lastCreationId: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-02T10:00:00.000Z',
    brandKit: DEFAULT_BRAND_KIT,
    projectArchived: false,
    currentCreationId: null,
  };
}

function open(id: string) {
  const router = createMemoryRouter([{ path: '/creatives/:objectId', element: <CreativeEditorRoute /> }], { initialEntries: [`/creatives/${id}`] });
  return render(
    <SessionProvider initialUser={null}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </SessionProvider>,
  );
}

/** A layer's name as the list shows it (in English, the tests' language). */
const name = (id: string) => {
  const english = testFallbackI18n()!;
  return layerName(
    template.layers.find((l) => l.id === id)!,
    english._.bind(english),
  ).trim();
};
const row = (id: string) => within(screen.getByRole('list', { name: 'Layers, front to back' })).getByRole('button', { name: name(id) });
/** The layer's box on the canvas (its position is the document's, in percent). */
const box = (id: string) => document.querySelector<HTMLElement>(`[data-layer="${id}"]`)!;

beforeEach(async () => {
  // Both clipboards: this browser's stored copy and the system's (happy-dom keeps one per test file).
  localStorage.clear();
  await navigator.clipboard.writeText('');
});

describe('arranging in the editor', () => {
  it('selects two layers in the list, aligns them from the toolbar in one undo step, groups them', async () => {
    mockApi({ [`GET /api/creatives/${A}`]: { status: 200, body: detail(A, 'proj_aaaaaaaaaaaaaaaa', template) } });
    const user = userEvent.setup();
    open(A);
    await user.click(await screen.findByRole('list', { name: 'Layers, front to back' }).then(() => row('headline')));
    expect(screen.getByRole('button', { name: 'Align left to the canvas' })).toBeTruthy();
    await user.keyboard('{Control>}');
    await user.click(row('cta'));
    await user.keyboard('{/Control}');
    const toolbar = screen.getByRole('group', { name: 'Arrange' });
    await user.click(within(toolbar).getByRole('button', { name: 'Align right' }));
    const right = (id: string) => parseFloat(box(id).style.left) + parseFloat(box(id).style.width);
    expect(right('cta')).toBeCloseTo(right('headline'), 1);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(box('cta').style.left).toBe(`${template.layers.find((l) => l.id === 'cta')!.x}%`);
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    await user.click(within(toolbar).getByRole('button', { name: 'Group' }));
    expect(within(screen.getByRole('list', { name: 'Layers, front to back' })).getByRole('button', { name: 'Group of 2' })).toBeTruthy();
  });

  it('copies with Ctrl+C and pastes into a creative of another project with Ctrl+V: the picture’s frame stays empty', async () => {
    const source = { ...template, layers: [...template.layers, picture] };
    mockApi({
      [`GET /api/creatives/${A}`]: { status: 200, body: detail(A, 'proj_aaaaaaaaaaaaaaaa', source) },
      [`GET /api/creatives/${B}`]: { status: 200, body: detail(B, 'proj_bbbbbbbbbbbbbbbb', template) },
    });
    const user = userEvent.setup();
    const first = open(A);
    await screen.findByRole('list', { name: 'Layers, front to back' });
    await user.click(within(screen.getByRole('list', { name: 'Layers, front to back' })).getByRole('button', { name: 'Photo' }));
    await user.keyboard('{Control>}');
    await user.click(row('cta'));
    await user.keyboard('{/Control}');
    box('cta').focus();
    await user.keyboard('{Control>}c{/Control}');
    await screen.findByText('2 layers copied.');
    first.unmount();

    open(B);
    await screen.findByRole('list', { name: 'Layers, front to back' });
    box('cta').focus();
    await user.keyboard('{Control>}v{/Control}');
    await screen.findByText(/Pictures of another project stay there/);
    const pasted = [...document.querySelectorAll<HTMLElement>('[data-layer]')].map((el) => el.dataset.layer);
    expect(pasted).toEqual(['logo', 'headline', 'body', 'cta', 'cta-2', 'photo']);
    // The copies are selected, in the list too.
    expect(
      within(screen.getByRole('list', { name: 'Layers, front to back' }))
        .getByRole('button', { name: 'Photo' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('duplicates with Ctrl+D next to the original, and says when nothing was copied yet', async () => {
    mockApi({ [`GET /api/creatives/${A}`]: { status: 200, body: detail(A, 'proj_aaaaaaaaaaaaaaaa', template) } });
    const user = userEvent.setup();
    open(A);
    await screen.findByRole('list', { name: 'Layers, front to back' });
    await user.click(row('body'));
    box('body').focus();
    await user.keyboard('{Control>}d{/Control}');
    await waitFor(() => expect(box('body-2')).toBeTruthy());
    const original = template.layers.find((l) => l.id === 'body')!;
    expect(box('body-2').style.left).toBe(`${original.x + 2}%`);
    expect(box('body-2').getAttribute('aria-pressed')).toBe('true');
    box('body-2').focus();
    await user.keyboard('{Control>}v{/Control}');
    await screen.findByText(/Nothing to paste/);
  });
});
