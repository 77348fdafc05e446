import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminUserDetail, AdminUserSummary, ProjectSupportView, SystemFigures } from '#common/schemas/admin.ts';
import Admin from '#client/app/routes/admin.tsx';
import AdminProject from '#client/app/routes/admin-project.tsx';
import { startI18n } from '#client/lib/i18n.tsx';
import { I18nRoot } from '#client/lib/i18n-root.tsx';
import { mockApi } from '#client/test/api-mock.ts';
import { page, renderScreen, user as sessionUser } from '#client/test/fixtures.tsx';

const ME = 'user_aaaaaaaaaaaaaaaa';
const MARTA = 'user_bbbbbbbbbbbbbbbb';
const PROJECT = 'proj_cccccccccccccccc';
const admin = sessionUser({ id: ME, role: 'admin', name: 'Ada Admin', email: 'ada@example.com', locale: 'de' });

const summary: AdminUserSummary = {
  id: MARTA,
  email: 'marta@example.com',
  name: 'Marta Maker',
  role: 'user',
  plan: 'pro',
  createdAt: '2026-03-01T10:00:00.000Z',
  disabledAt: null,
  credits: 1250,
  projects: 1,
};

const detail: AdminUserDetail = {
  ...summary,
  balance: { monthly: 1000, purchased: 250, total: 1250, nextResetAt: '2026-04-01T10:00:00.000Z' },
  sessions: 1,
  memberOf: [{ id: PROJECT, name: 'Harbour Bakery', role: 'owner' }],
  ledger: [],
};

const figures: SystemFigures = {
  users: { total: 1200, disabled: 2, admins: 1, newThisWeek: 9 },
  projects: { total: 48, newThisWeek: 4 },
  rendersThisWeek: 35,
  publishesThisWeek: { total: 3, instagram: 1, pages: 2 },
  daily: Array.from({ length: 7 }, (_, i) => ({ day: `2026-03-0${i + 1}`, signups: i, projects: 1, renders: 5, publishes: i % 2 })),
};

async function inGerman(element: React.ReactNode, options: Parameters<typeof renderScreen>[1]) {
  const i18n = await startI18n('de', ['admin']);
  return renderScreen(<I18nRoot i18n={i18n}>{element}</I18nRoot>, { signedIn: admin, ...options });
}

describe('the admin screens in German', () => {
  it('shows the users with German columns, plan and role, and the account dialog’s plurals', async () => {
    mockApi({ 'GET /api/admin/users': page([summary]), [`GET /api/admin/users/${MARTA}`]: { status: 200, body: detail } });
    await inGerman(<Admin />, { url: '/admin', path: '/admin' });
    expect(screen.getByRole('tab', { name: 'Nutzer' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Kennzahlen' })).toBeTruthy();
    const row = (await screen.findByText('Marta Maker')).closest('tr')!;
    expect(within(row).getByText('Pro')).toBeTruthy();
    expect(within(row).getByText('Nutzer')).toBeTruthy();
    expect(within(row).getByText('1.250')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Tarif' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Nutzer nach E-Mail oder Name suchen' })).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Marta Maker verwalten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marta Maker' });
    expect(await within(dialog).findByText(/1 aktive Sitzung$/)).toBeTruthy();
    expect(within(dialog).getByText('Inhaber')).toBeTruthy();
    expect(dialog.textContent).toContain('(1.000 monatlich, 250 gekauft)');
    await user.type(within(dialog).getByLabelText('Credits'), '1');
    await user.type(within(dialog).getByLabelText('Grund'), 'Kulanz');
    await user.click(within(dialog).getByRole('button', { name: 'Credits anpassen' }));
    const one = await screen.findByRole('dialog', { name: '1 Credit gutschreiben?' });
    expect(one.textContent).toContain('Guthaben 1.250 → 1.251. Grund: „Kulanz“.');
  });

  it('shows the figures with German plurals and numbers', async () => {
    mockApi({ 'GET /api/admin/figures': { status: 200, body: figures } });
    await inGerman(<Admin />, { url: '/admin?tab=figures', path: '/admin' });
    expect(await screen.findByRole('img', { name: /^Nutzer, letzte 7 Tage: .*: 0 Registrierungen; .*: 1 Registrierung; .*: 2 Registrierungen;/ })).toBeTruthy();
    expect(screen.getByText('1.200')).toBeTruthy();
    expect(screen.getByText('9 neu diese Woche · 2 gesperrt · 1 Admin')).toBeTruthy();
    expect(screen.getByText('1 Instagram-Beitrag · 2 Seitenversionen')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Renderings diese Woche' })).toBeTruthy();
  });

  it('shows a project’s support view in German', async () => {
    const view: ProjectSupportView = {
      project: {
        id: PROJECT,
        name: 'Harbour Bakery',
        description: '',
        website: null,
        archivedAt: null,
        deletedAt: null,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-02T00:00:00.000Z',
      },
      members: [{ userId: MARTA, name: 'Marta Maker', email: 'marta@example.com', role: 'editor', since: '2026-01-01T00:00:00.000Z', disabled: false }],
      usage: { media: 12, storageBytes: 3 * 1024 * 1024, creatives: 4, creations: 9, ads: 2, funnels: 1, pages: 3, leads: 1700, postsPublished: 1 },
      activity: [{ kind: 'creation', id: 'cre_aaaaaaaaaaaaaaaa', name: 'Spring square', at: '2026-03-01T10:00:00.000Z' }],
      audit: [
        {
          id: 'aud_aaaaaaaaaaaaaaaa',
          action: 'project.support_viewed',
          targetType: 'project',
          targetId: PROJECT,
          targetLabel: 'Harbour Bakery',
          projectId: PROJECT,
          actor: null,
          ip: null,
          details: null,
          createdAt: '2026-03-02T10:00:00.000Z',
        },
      ],
    };
    mockApi({ [`GET /api/admin/projects/${PROJECT}`]: { status: 200, body: view } });
    await inGerman(<AdminProject />, { url: `/admin/${PROJECT}`, path: '/admin/:projectId' });
    expect(await screen.findByRole('heading', { name: 'Harbour Bakery' })).toBeTruthy();
    expect(screen.getByText(/^Support-Ansicht, nur lesen · erstellt am /)).toBeTruthy();
    expect(screen.getByText('Bearbeiter')).toBeTruthy();
    expect(screen.getByText('1.700')).toBeTruthy();
    expect(screen.getByText('Rendering erstellt:')).toBeTruthy();
    expect(screen.getByText('Projekt vom Support angesehen')).toBeTruthy();
    expect(screen.getByText('vom System, Adresse: unbekannt')).toBeTruthy();
  });
});
