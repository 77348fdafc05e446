import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FirstSteps } from '#client/app/first-steps.tsx';
import Dashboard from '#client/app/routes/dashboard.tsx';
import { startI18n } from '#client/lib/i18n.tsx';
import { I18nRoot } from '#client/lib/i18n-root.tsx';
import { mockApi } from '#client/test/api-mock.ts';
import { creditSummary, projectDetail, renderScreen, user } from '#client/test/fixtures.tsx';

const week = (views: number[], leads: number[]) => views.map((v, i) => ({ day: `2026-11-${17 + i}`, views: v, leads: leads[i] ?? 0 }));

const BOARD = {
  credits: { ...creditSummary(), total: 118, monthly: 18, purchased: 100, nextResetAt: '2026-12-20T12:00:00.000Z' },
  projects: { ownedActive: 1, more: false, recent: [projectDetail({ id: 'proj_bbbbbbbbbbbbbbbb', name: 'Bistro Verde', role: 'editor' })] },
  creations: { recent: [], more: false },
  ads: {
    projects: [{ projectId: 'proj_aaaaaaaaaaaaaaaa', projectName: 'Acme Surf', inReview: 2, scheduled: 1, published: 0, failed: 1, reviews: 3 }],
    totals: { inReview: 2, scheduled: 1, published: 0, failed: 1, reviews: 1 },
  },
  funnels: {
    count: 1,
    views7d: 82,
    leads7d: 1,
    daily7d: week([1, 0, 25, 0, 0, 6, 50], [1, 0, 0, 0, 0, 0, 0]),
    top: [{ id: 'fun1', title: 'Spring offer', projectName: 'Acme Surf', views7d: 75, leads7d: 1, daily7d: week([0, 0, 25, 0, 0, 0, 50], []) }],
  },
  affiliate: { pending: 1200, available: 900, paidOut: 3000, reversed: 0 },
  bestPosts: [
    {
      postId: 'post1',
      adId: 'ad_aaaaaaaaaaaaaaaa',
      projectId: 'proj_aaaaaaaaaaaaaaaa',
      projectName: 'Acme Surf',
      kind: 'single',
      caption: 'Frühlingsangebot',
      permalink: null,
      publishedAt: '2026-11-20T10:00:00.000Z',
      fetchedAt: '2026-11-21T10:00:00.000Z',
      state: 'ok',
      reach: 12345,
      likes: 1000,
      comments: 100,
      saves: 100,
      shares: 34,
      views: 20000,
      engagement: 1234,
    },
  ],
  firstSteps: { brandKit: true, creative: true, approvedAd: true, livePage: true, presentation: null },
};

describe('the dashboard in German', () => {
  it('greets, counts with German plurals and numbers, and names the plan’s limit', async () => {
    mockApi({ 'GET /api/dashboard': { status: 200, body: BOARD } });
    const i18n = await startI18n('de', ['dashboard']);
    renderScreen(
      <I18nRoot i18n={i18n}>
        <Dashboard />
      </I18nRoot>,
      { signedIn: user({ name: 'Anna Schmidt', plan: { id: 'free', name: 'Free' } }) },
    );
    expect(screen.getByRole('status', { name: 'Ihre Übersicht wird geladen' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: /^Guten (Morgen|Tag|Abend), Anna$/ })).toBeTruthy();

    const credits = screen.getByRole('link', { name: /^Credits/ });
    expect(credits.textContent).toContain('18 monatlich · 100 gekauft · erneuert am 20. Dez.');
    // one review, and three on one project
    expect(screen.getByRole('link', { name: /Anzeigen in Freigabe/ }).textContent).toContain('1 Bewertung zu Ihren Anzeigen');
    expect(screen.getByRole('link', { name: /Acme Surf 2 in Freigabe · 1 geplant · 1 fehlgeschlagen · 3 Bewertungen/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Instagram-Beiträge/ }).textContent).toContain('1 geplant · 0 veröffentlicht · 1 fehlgeschlagen');

    const visits = screen.getByRole('link', { name: /Funnel-Besuche · 7 Tage/ });
    expect(visits.textContent).toContain('1 Lead');
    const chart = within(visits).getByRole('img').getAttribute('aria-label');
    expect(chart).toContain('Besuche und Leads pro Tag in den letzten 7 Tagen: 1 Besuch, 1 Lead; 0 Besuche, 0 Leads; 25 Besuche, 0 Leads');
    expect(screen.getByRole('link', { name: /Spring offer/ }).textContent).toContain('Acme Surf · 75 Besuche · 1 Lead');
    expect(screen.getByText('1 Funnel · die meistbesuchten')).toBeTruthy();

    expect(screen.getByRole('link', { name: /Partner\u00ADprovisionen/ }).textContent).toMatch(/9\s€ verfügbar · 12\s€ zurückgehalten/);
    expect(screen.getByText('Ihnen gehören 1 von 3 aktiven Projekten im Tarif Free')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Bistro Verde/ }).textContent).toContain('2 Dateien · Bearbeiter');
    expect(screen.getByText('Noch nichts gerendert')).toBeTruthy();
    // The best posts, with German numbers.
    expect(screen.getByText('Die besten Beiträge der letzten 30 Tage')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Frühlingsangebot/ }).textContent).toContain('Acme Surf · 12.345 erreicht · 1.234 Interaktionen');
  });

  it('shows the first steps in German', async () => {
    const i18n = await startI18n('de', ['dashboard']);
    renderScreen(
      <I18nRoot i18n={i18n}>
        <FirstSteps
          state={{ brandKit: true, creative: false, approvedAd: false, livePage: false, presentation: null }}
          projectId={undefined}
          hasProjects={false}
        />
      </I18nRoot>,
    );
    const region = screen.getByRole('region', { name: 'Erste Schritte' });
    expect(within(region).getByText('1 von 4 erledigt')).toBeTruthy();
    expect(within(region).getByRole('progressbar', { name: 'Erledigte erste Schritte' }).getAttribute('aria-valuetext')).toBe('1 von 4');
    expect(within(region).getByRole('link', { name: 'Creative erstellen' }).getAttribute('href')).toBe('/creatives');
    expect(within(region).getByRole('button', { name: 'Ausblenden' })).toBeTruthy();
  });
});
