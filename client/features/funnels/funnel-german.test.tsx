import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import Funnel from '#client/app/routes/funnel.tsx';
import { startI18n } from '#client/lib/i18n.tsx';
import { I18nRoot } from '#client/lib/i18n-root.tsx';
import { mockApi } from '#client/test/api-mock.ts';
import { analytics, FUNNEL_ID, funnelDetail, pageSummary } from '#client/test/funnels-fixtures.tsx';
import { renderScreen } from '#client/test/fixtures.tsx';

const BASE = `/api/funnels/${FUNNEL_ID}`;

/** The funnel screen in German (issue 28): the funnels area's messages, their plurals and the editor chrome's. */
async function openInGerman(tab: string, detail = funnelDetail(), api: Parameters<typeof mockApi>[0] = {}) {
  const i18n = await startI18n('de', ['funnels', 'editor']);
  mockApi({ [`GET ${BASE}`]: { status: 200, body: detail }, ...api });
  return renderScreen(
    <I18nRoot i18n={i18n}>
      <Funnel />
    </I18nRoot>,
    { url: `/funnels/${FUNNEL_ID}?tab=${tab}`, path: '/funnels/:funnelId' },
  );
}

describe('the funnel screen in German', () => {
  it('shows the tabs, the header and the pages with their week in German, one and many', async () => {
    const pages = [
      pageSummary({ views7d: 1, leads7d: 1 }),
      pageSummary({ id: 'fpg_bbbbbbbbbbbbbbbb', slug: 'danke', title: 'Danke', views7d: 12, leads7d: 3 }),
    ];
    await openInGerman('pages', funnelDetail({ pages, pageCount: 2 }));
    expect(await screen.findByRole('heading', { name: 'Seiten' })).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Funnel' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Seiten', 'Analysen', 'Leads', 'Einstellungen']);
    expect(screen.getByText('2 Seiten')).toBeTruthy();
    expect(screen.getByText(/^1 Aufruf · 1 Lead$/)).toBeTruthy();
    expect(screen.getByText(/^12 Aufrufe · 3 Leads$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Seite hinzufügen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Funnel löschen' })).toBeTruthy();
  });

  it('says a single page in the singular', async () => {
    await openInGerman('pages', funnelDetail({ pages: [pageSummary()], pageCount: 1 }));
    expect(await screen.findByText('1 Seite')).toBeTruthy();
  });

  it('shows the analytics in German with German numbers', async () => {
    await openInGerman('analytics', funnelDetail(), { [`GET ${BASE}/analytics`]: { status: 200, body: analytics() } });
    expect(await screen.findByRole('heading', { name: 'Analysen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '7 Tage' })).toBeTruthy();
    expect((await screen.findAllByText('Besucher')).length).toBeGreaterThan(0);
    // 12 of 152 visitors: a German decimal comma.
    expect(screen.getAllByText('7,9 %').length).toBeGreaterThan(0);
    expect(screen.getByText(/Besucher werden ohne Cookies gezählt/)).toBeTruthy();
  });

  it('shows the theme editor and the settings cards in German', async () => {
    await openInGerman('settings');
    expect(await screen.findByRole('button', { name: 'Theme speichern' })).toBeTruthy();
    expect(screen.getByLabelText('Schrift für Überschriften')).toBeTruthy();
    expect(screen.getByText('Eigene Domain')).toBeTruthy();
    expect(screen.getByText('E-Mail bei neuen Leads')).toBeTruthy();
  });
});
