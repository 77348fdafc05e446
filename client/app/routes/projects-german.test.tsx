import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import Project from '#client/app/routes/project.tsx';
import Projects from '#client/app/routes/projects.tsx';
import { ROUTE_AREAS } from '#client/app/route-areas.ts';
import { startI18n } from '#client/lib/i18n.tsx';
import { I18nRoot } from '#client/lib/i18n-root.tsx';
import { mockApi } from '#client/test/api-mock.ts';
import { mediaItem, page, PROJECT_ID, projectDetail, renderScreen, writes } from '#client/test/fixtures.tsx';

const BASE = `/api/projects/${PROJECT_ID}`;

/** The projects screens in German (issue 28), under the catalogs their routes load. */
describe('the projects screens in German', () => {
  it('lists the projects with their counts and roles', async () => {
    mockApi({
      'GET /api/projects': page([
        projectDetail({ id: 'project_one_aaaaaaaa', name: 'Acme Surf', counts: { media: 1, members: 1 } }),
        projectDetail({ id: 'project_two_aaaaaaaa', name: 'Beta Bakery', role: 'editor', counts: { media: 2, members: 3 } }),
      ]),
    });
    const i18n = await startI18n('de', [...ROUTE_AREAS['/projects']]);
    renderScreen(
      <I18nRoot i18n={i18n}>
        <Projects />
      </I18nRoot>,
      { url: '/projects' },
    );
    expect(await screen.findByRole('heading', { name: 'Projekte', level: 1 })).toBeTruthy();
    const acme = (await screen.findByRole('heading', { name: 'Acme Surf' })).closest('a')!;
    const beta = screen.getByRole('heading', { name: 'Beta Bakery' }).closest('a')!;
    expect(within(acme).getByText('1 Datei')).toBeTruthy();
    expect(within(acme).getByText('1 Mitglied')).toBeTruthy();
    expect(within(acme).getByText('Inhaber')).toBeTruthy();
    expect(within(beta).getByText('2 Dateien')).toBeTruthy();
    expect(within(beta).getByText('3 Mitglieder')).toBeTruthy();
    expect(within(beta).getByText('Bearbeiter')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Aktiv' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Archiviert' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Neues Projekt' })).toBeTruthy();
  });

  it('shows a project’s page and deletes files from its library in German', async () => {
    const a = mediaItem('media_aaaaaaaaaaaaaaaa', { name: 'a.jpg' });
    const b = mediaItem('media_bbbbbbbbbbbbbbbb', { name: 'logo.png' });
    const calls = mockApi({
      [`GET ${BASE}`]: { status: 200, body: projectDetail() },
      [`GET ${BASE}/members`]: {
        status: 200,
        body: {
          items: [{ userId: 'user_aaaaaaaaaaaaaaaa', name: 'Olivia Owner', email: 'olivia@example.com', role: 'owner', joinedAt: '2026-01-01T00:00:00.000Z' }],
          invites: [],
          nextCursor: null,
        },
      },
      [`GET ${BASE}/media`]: page([a, b]),
      [`GET ${BASE}/media/tags`]: { status: 200, body: { items: [], nextCursor: null } },
      [`POST ${BASE}/media/delete`]: { status: 200, body: { deleted: [a.id], refused: [{ id: b.id, name: 'logo.png', usedBy: ['Brand kit logo'] }] } },
    });
    const i18n = await startI18n('de', [...ROUTE_AREAS['/projects/:projectId']]);
    renderScreen(null, {
      url: `/projects/${PROJECT_ID}/`,
      path: '/never',
      routes: [
        {
          path: '/projects/:projectId',
          element: (
            <I18nRoot i18n={i18n}>
              <Project />
            </I18nRoot>
          ),
        },
      ],
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: 'Marke und Medien' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Medienbibliothek' })).toBeTruthy();
    expect(screen.getByText(/von .* belegt/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Markenkit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Einstellungen' })).toBeTruthy();
    expect(await screen.findByText('Olivia Owner')).toBeTruthy();

    await user.click(await screen.findByLabelText('a.jpg auswählen'));
    await user.click(screen.getByLabelText('logo.png auswählen'));
    expect(screen.getByText('2 ausgewählt')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    const dialog = screen.getByRole('dialog', { name: '2 Dateien löschen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('1 Datei gelöscht.')).toBeTruthy();
    expect(screen.getByText('„logo.png“ wird noch verwendet: Brand kit logo.')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'POST', path: `${BASE}/media/delete`, body: { ids: [a.id, b.id] } }]);
  });
});
