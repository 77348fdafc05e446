import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_THEME } from '#common/schemas/blocks-theme.ts';
import type { FunnelDetail } from '#common/schemas/funnels.ts';
import { ToastProvider } from '#client/components/toast.tsx';
import { FunnelLanguageCard } from '#client/features/funnels/language-card.tsx';
import { PagePreview } from '#client/features/pages/preview.tsx';
import { mockApi } from '#client/test/api-mock.ts';
import { writes } from '#client/test/fixtures.tsx';
import { funnelDetail } from '#client/test/funnels-fixtures.tsx';

describe('a funnel’s language', () => {
  it('saves the language chosen, at once', async () => {
    const calls = mockApi({ 'PATCH /api/funnels/fnl_aaaaaaaaaaaaaaaa': { status: 200, body: funnelDetail({ locale: 'de' }) } });
    const onSaved = vi.fn<(funnel: FunnelDetail) => void>();
    render(
      <ToastProvider>
        <FunnelLanguageCard funnel={funnelDetail({ id: 'fnl_aaaaaaaaaaaaaaaa' })} onSaved={onSaved} />
      </ToastProvider>,
    );
    const select = screen.getByLabelText('Language of the pages');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['English', 'Deutsch']);
    await userEvent.selectOptions(select, 'de');
    expect(await screen.findByText('The pages now speak Deutsch.')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'PATCH', path: '/api/funnels/fnl_aaaaaaaaaaaaaaaa', body: { locale: 'de' } }]);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ locale: 'de' }));
  });

  it('cannot be changed by a viewer', () => {
    render(
      <ToastProvider>
        <FunnelLanguageCard funnel={funnelDetail({ role: 'viewer' })} onSaved={() => {}} />
      </ToastProvider>,
    );
    expect(screen.getByLabelText('Language of the pages')).toHaveProperty('disabled', true);
  });

  it('shows the page’s own words in the funnel’s language in the editor’s preview', async () => {
    const doc = {
      blocks: [{ id: 'sale', type: 'countdown' as const, props: { heading: 'Sale', endsAt: '2099-01-01T12:00:00.000Z', expiredText: '', button: null } }],
      seo: { title: '', description: '', image: null },
    };
    render(<PagePreview doc={doc} theme={DEFAULT_THEME} locale="de" sizes={{}} device="desktop" label="Preview" />);
    const frame = screen.getByTitle('Preview on a desktop') as HTMLIFrameElement;
    await waitFor(() => expect(frame.contentDocument?.body.childElementCount).toBeGreaterThan(0));
    const page = frame.contentDocument!;
    expect(await within(page.body).findByText('Tage')).toBeTruthy();
    expect(within(page.body).queryByText('Days')).toBeNull();
    expect(page.documentElement.lang).toBe('de');
  });
});
