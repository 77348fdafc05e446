import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AdSummary } from '#common/schemas/ads.ts';
import { ToastProvider } from '#client/components/toast.tsx';
import { startI18n } from '#client/lib/i18n.tsx';
import { I18nRoot } from '#client/lib/i18n-root.tsx';
import type { Paged } from '#client/lib/use-paged.ts';
import { AdEditorDialog } from '#client/features/ads/ad-editor.tsx';
import { AdsList } from '#client/features/ads/ads-list.tsx';
import { mockApi } from '#client/test/api-mock.ts';
import { AD_ID, adDetail, adSummary, connection, review } from '#client/test/ads-fixtures.tsx';

/** A loaded list of `items` (one page). */
function ready(items: AdSummary[]): Paged<AdSummary> {
  const page = { items, nextCursor: null };
  return {
    status: 'ready',
    data: page,
    error: undefined,
    reload: () => {},
    setData: () => {},
    items,
    hasMore: false,
    loadingMore: false,
    moreFailed: false,
    loadMore: async () => {},
    patch: () => {},
  } as unknown as Paged<AdSummary>;
}

async function german(ui: React.ReactNode) {
  const i18n = await startI18n('de', ['ads']);
  return render(
    <I18nRoot i18n={i18n}>
      <ToastProvider>
        <MemoryRouter>{ui}</MemoryRouter>
      </ToastProvider>
    </I18nRoot>,
  );
}

describe('the ads screens in German', () => {
  it('lists ads with German labels, statuses and review counts (one and several)', async () => {
    await german(
      <AdsList
        list={ready([
          adSummary({ id: 'ad_1', name: 'Frühling', status: 'in_review', reviewCount: 1 }),
          adSummary({ id: 'ad_2', name: 'Sommer', kind: 'carousel', itemCount: 3, status: 'approved', reviewCount: 2, placements: ['instagram_story'] }),
        ])}
        status=""
        onStatus={() => {}}
        hrefOf={(ad) => `?ad=${ad.id}`}
        onNew={() => {}}
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Anzeigen' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Neue Anzeige/ }).length).toBeGreaterThan(0);
    const filter = screen.getByRole('group', { name: 'Nach Status filtern' });
    expect(within(filter).getByRole('button', { name: 'Alle' })).toBeTruthy();
    expect(within(filter).getByRole('button', { name: 'Änderungen angefordert' })).toBeTruthy();
    expect(screen.getByText(/Einzelbild · Instagram-Feed · 1 Rückmeldung$/)).toBeTruthy();
    expect(screen.getByText(/Karussell aus 3 · Instagram-Story · 2 Rückmeldungen$/)).toBeTruthy();
    expect(screen.getAllByText('In Freigabe').length).toBeGreaterThan(0);
  });

  it('says so in German when no ad has the status picked', async () => {
    await german(<AdsList list={ready([])} status="published" onStatus={() => {}} hrefOf={() => ''} onNew={undefined} />);
    expect(await screen.findByText('Keine veröffentlichten Anzeigen')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Alle Anzeigen zeigen' })).toBeTruthy();
  });

  it('opens the editor in German: form, preview link, reviews and publishing', async () => {
    mockApi({
      [`GET /api/ads/${AD_ID}`]: { status: 200, body: adDetail({ status: 'changes_requested' }) },
      [`GET /api/ads/${AD_ID}/reviews`]: { status: 200, body: { items: [review({ decision: 'request_changes', comment: 'Bitte heller.' })] } },
    });
    await german(<AdEditorDialog adId={AD_ID} instagram={connection()} onClose={() => {}} onChanged={() => {}} onDeleted={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByLabelText('Haupttext')).toBeTruthy();
    expect(within(dialog).getByText('Änderungen angefordert', { selector: 'span' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Zur Freigabe einreichen' })).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Vorschaulink' })).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Instagram-Beitrag' })).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Call-to-Action' })).toBeTruthy();
    expect(within(dialog).getByRole('option', { name: 'Mehr dazu' })).toBeTruthy();
    expect(await within(dialog).findByText('Bitte heller.')).toBeTruthy();
    expect(within(dialog).getByText(/hat Änderungen angefordert/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Anzeige löschen' })).toBeTruthy();
  });
});
