import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { I18n } from '@lingui/core';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { buildTemplate } from '#common/creative/templates.ts';
import type { FormatId } from '#common/creative/document.ts';
import type { PublicUser } from '#common/schemas/auth.ts';
import type { CreativeDetail } from '#common/schemas/creatives.ts';
import type { LinkedFormat } from '#common/schemas/formats.ts';
import { DEFAULT_BRAND_KIT } from '#common/schemas/projects.ts';
import { ROUTE_AREAS } from '#client/app/route-areas.ts';
import { ToastProvider } from '#client/components/toast.tsx';
import { startI18n } from '#client/lib/i18n.tsx';
import { I18nRoot } from '#client/lib/i18n-root.tsx';
import { SessionProvider } from '#client/lib/session.tsx';
import CreativeEditorRoute from '#client/app/routes/creative-editor.tsx';
import { runArrange } from '#client/features/creatives/arrange-toolbar.tsx';
import { RenderAllDialog, ResizeDialog } from '#client/features/creatives/formats-dialogs.tsx';
import { mockApi } from '#client/test/api-mock.ts';

/** The creative editor in German: the words of the creatives area, its plurals and its formats. */

const ID = 'creative_aaaaaaaaaaaa';
const USER: PublicUser = {
  id: 'user_aaaaaaaaaaaaaaaa',
  email: 'erin@example.com',
  name: 'Erin',
  role: 'user',
  plan: { id: 'free', name: 'Free' },
  createdAt: '2026-01-01T00:00:00.000Z',
  locale: 'de',
};
const template = buildTemplate('bold-headline', { brand: DEFAULT_BRAND_KIT, format: 'square' });

function detail(): CreativeDetail {
  return {
    id: ID,
    projectId: 'proj_aaaaaaaaaaaaaaaa',
    projectName: 'Bäckerei',
    role: 'editor',
    name: 'Frühlingsaktion',
    status: 'draft',
    format: 'square',
    template: 'bold-headline',
    revision: { id: 'rev_aaaaaaaaaaaaaaaa', number: 1 },
    document: template,
    images: {},
    lastCreationId: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-02T10:00:00.000Z',
    brandKit: DEFAULT_BRAND_KIT,
    projectArchived: false,
    currentCreationId: null,
  };
}

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

function member(format: FormatId): LinkedFormat {
  return {
    id: format === 'square' ? ID : `creative_${format}_aaaaaa`,
    name: `Frühlingsaktion (${format})`,
    format,
    status: 'draft',
    revisionNumber: 1,
    currentCreationId: null,
    lastCreationId: null,
  };
}

/** German with the areas the editor's route loads. */
const german = () => startI18n('de', [...ROUTE_AREAS['/creatives/:objectId']]);

async function openEditor() {
  const i18n = await german();
  const router = createMemoryRouter([{ path: '/creatives/:objectId', element: <CreativeEditorRoute /> }], { initialEntries: [`/creatives/${ID}`] });
  render(
    <I18nRoot i18n={i18n}>
      <SessionProvider initialUser={USER}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </SessionProvider>
    </I18nRoot>,
  );
}

function inGerman(i18n: I18n, ui: ReactNode) {
  const router = createMemoryRouter([{ path: '/', element: ui }]);
  return render(
    <I18nRoot i18n={i18n}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </I18nRoot>,
  );
}

describe('the creative editor in German', () => {
  it('shows its header, panels and layers in German, with the render’s cost in credits', async () => {
    mockApi({ [`GET /api/creatives/${ID}`]: { status: 200, body: detail() }, 'GET /api/credits': credits(5) });
    await openEditor();
    expect(await screen.findByRole('button', { name: 'PNG rendern · 1 Credit' })).toBeTruthy();
    expect(screen.getByLabelText('Name des Creatives')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Varianten/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Verlauf/ })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Ebene hinzufügen' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Quadrat/ })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Ebenen, von vorne nach hinten' });
    expect(within(list).getAllByRole('button', { name: /ausblenden/ }).length).toBeGreaterThan(0);
    expect(screen.getByText(/Wählen Sie eine Ebene auf der Arbeitsfläche/)).toBeTruthy();

    // A text layer: its box names its kind, the properties panel its fields.
    await userEvent.click(screen.getByRole('button', { name: /Made for the way you work \(Textebene\)/ }));
    expect(screen.getByText('Textebene')).toBeTruthy();
    expect(screen.getByLabelText('Text')).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Ausrichtung' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Anordnen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Links an der Arbeitsfläche ausrichten' })).toBeTruthy();
  });

  it('counts in German: one format and one credit, several formats and credits', async () => {
    const i18n = await german();
    const props = { open: true, creativeId: ID, available: 10, onClose: vi.fn(), onBeforeRender: vi.fn(async () => true), onRendered: vi.fn() };
    const one = inGerman(i18n, <RenderAllDialog {...props} items={[member('square')]} />);
    expect(await screen.findByRole('dialog', { name: 'Alle Formate rendern' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '1 Format rendern · 1 Credit' })).toBeTruthy();
    one.unmount();

    inGerman(i18n, <RenderAllDialog {...props} items={[member('square'), member('story'), member('portrait')]} />);
    expect(await screen.findByRole('button', { name: '3 Formate rendern · 3 Credits' })).toBeTruthy();
    expect(screen.getByText(/Sie haben 10/)).toBeTruthy();
    expect(screen.getAllByText('1 Credit')).toHaveLength(3);
  });

  it('offers the missing formats by their German names, and a copy or copies', async () => {
    const i18n = await german();
    inGerman(i18n, <ResizeDialog open creativeId={ID} items={[member('square')]} onClose={vi.fn()} onResized={vi.fn()} />);
    expect(await screen.findByRole('dialog', { name: 'In andere Formate übertragen' })).toBeTruthy();
    expect(screen.getByText('Hochformat')).toBeTruthy();
    expect(screen.getByText('Querformat')).toBeTruthy();
    expect(screen.getByText('1080 × 1920 · Stories und Reels 9:16')).toBeTruthy();
    expect(screen.getByRole('button', { name: '3 Kopien erstellen' })).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: /Querformat/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Story/ }));
    expect(screen.getByRole('button', { name: '1 Kopie erstellen' })).toBeTruthy();
  });

  it('announces what an arrange tool did, in German', async () => {
    const i18n = await german();
    const t = i18n._.bind(i18n);
    const [a, b] = template.layers.filter((l) => !l.locked);
    expect(runArrange(template, [a!.id, b!.id], { type: 'group' }, t)?.message).toBe('2 Ebenen gruppiert.');
    expect(runArrange(template, [a!.id], { type: 'lock', locked: true }, t)?.message).toBe('1 Ebene gesperrt.');
    expect(runArrange(template, [a!.id], { type: 'align', edge: 'left' }, t)?.message).toBe('Links an der Arbeitsfläche ausgerichtet.');
  });
});
