import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '#common/schemas/blocks-theme.ts';
import { BLOCK_TYPES } from '#common/schemas/blocks.ts';
import type { FunnelDetail } from '#common/schemas/funnels.ts';
import ComponentSheetRoute from '#client/app/routes/component-sheet.tsx';
import { tooWideForPhone } from '#client/test/ads-fixtures.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { adoptedFontFaces } from '#client/test/funnels-fixtures.tsx';
import { PROJECT_ID, renderScreen } from '#client/test/fixtures.tsx';
import { en } from '#common/locales/funnels/en.ts';
import { BLOCK_INFO } from '#client/features/pages/block-info.ts';

const theme = { ...DEFAULT_THEME, colors: { ...DEFAULT_THEME.colors, primary: '#0f766e' } };

function funnel(): FunnelDetail {
  return {
    id: 'fnl_aaaaaaaaaaaaaaaa',
    projectId: PROJECT_ID,
    projectName: 'Acme Surf',
    name: 'spring',
    title: 'Spring campaign',
    customDomain: null,
    pageCount: 0,
    publishedCount: 0,
    views7d: 0,
    leads7d: 0,
    daily7d: [],
    url: '/p/spring',
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    theme,
    brandTheme: DEFAULT_THEME,
    notifyLeads: false,
    locale: 'en',
    pages: [],
    role: 'viewer',
  };
}

function open() {
  return renderScreen(<ComponentSheetRoute />, { url: '/_components/spring', path: '/_components/:funnelName' });
}

describe('the component sheet', () => {
  it('shows every block type with its sample in the funnel’s theme, on desktop and phone', async () => {
    mockApi({ 'GET /api/funnels/by-name/spring': { status: 200, body: funnel() } });
    const { container } = open();
    await screen.findByRole('heading', { name: 'Components of Spring campaign', level: 1 });
    for (const type of BLOCK_TYPES) expect(screen.getByRole('heading', { level: 2, name: `${en[BLOCK_INFO[type].label]} ${type}` })).toBeTruthy();
    const frame = within(screen.getByRole('region', { name: 'Hero sample' })).getByTitle('Hero sample on a desktop') as HTMLIFrameElement;
    await waitFor(() => expect(frame.contentDocument?.body.textContent).toContain('Fresh coffee, delivered before you wake up'));
    expect((frame.contentDocument!.querySelector('.fp-root') as HTMLElement).style.getPropertyValue('--fp-primary')).toBe('#0f766e');
    expect(screen.getByRole('link', { name: 'Spring campaign' }).getAttribute('href')).toBe('/funnels/fnl_aaaaaaaaaaaaaaaa');

    window.innerWidth = 390;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Phone' }));
    expect(screen.getByRole('button', { name: 'Phone' }).getAttribute('aria-pressed')).toBe('true');
    expect(tooWideForPhone(container)).toEqual([]);
  });

  it('draws headings in the theme’s fonts, their faces loaded into the preview’s frame (not a fallback serif)', async () => {
    const serif = { ...funnel(), theme: { ...theme, fonts: { heading: 'playfair-display', body: 'lora' } } } satisfies FunnelDetail;
    mockApi({ 'GET /api/funnels/by-name/spring': { status: 200, body: serif } });
    open();
    const frame = (await within(await screen.findByRole('region', { name: 'Hero sample' })).findByTitle('Hero sample on a desktop')) as HTMLIFrameElement;
    await waitFor(() => expect(frame.contentDocument?.querySelector('.fp-root')).toBeTruthy());
    const doc = frame.contentDocument!;
    expect((doc.querySelector('.fp-root') as HTMLElement).style.getPropertyValue('--fp-heading-font')).toMatch(/^"Playfair Display",/);
    const faces = adoptedFontFaces(doc);
    expect(faces.css).toContain('url(/fonts/playfair-display-page-700-normal.woff2)');
    expect(faces.css).toContain('url(/fonts/lora-page-400-normal.woff2)');
    expect(faces.css).toMatch(/font-family: "Playfair Display"/);
    // One face per family, weight and file (the pages' WOFF2, the rest of Latin, Latin Extended), loaded once into the frame's document.
    expect(faces.count).toBe(2 * 2 * 3);
  });

  it('says a funnel that does not exist (or is not the user’s) is not found', async () => {
    mockApi({ 'GET /api/funnels/by-name/spring': { status: 404, body: envelope('not_found', 'We could not find that.') } });
    open();
    await screen.findByText('Page not found');
  });
});
