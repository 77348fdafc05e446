import { DEFAULT_THEME } from '#common/schemas/blocks-theme.ts';
import { newSection } from '#common/schemas/presentations.ts';
import type { Presentation, PresentationStats, PresentationSummary } from '#client/features/presentations/model.ts';
import { PROJECT_ID } from '#client/test/fixtures.tsx';

export const PRESENTATION_ID = 'prs_aaaaaaaaaaaaaaaa';
export const OTHER_PRESENTATION = 'prs_bbbbbbbbbbbbbbbb';

const WEEK = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07'];

export function presentationSummary(overrides: Partial<PresentationSummary> = {}): PresentationSummary {
  return {
    id: PRESENTATION_ID,
    slug: 'harbour-bakery',
    customerName: 'Harbour Bakery',
    headline: 'More weekend orders from Instagram',
    status: 'draft',
    expired: false,
    url: '/presents/harbour-bakery',
    author: { id: 'user_aaaaaaaaaaaaaaaa', name: 'Olivia Owner' },
    projectId: PROJECT_ID,
    projectName: 'Acme Surf',
    hasPassword: false,
    expiresAt: null,
    updatedAt: '2026-03-07T10:00:00.000Z',
    publishedAt: null,
    views7d: 30,
    visitors7d: 21,
    daily7d: WEEK.map((day, i) => ({ day, visitors: i * 1, views: i * 2 })),
    ...overrides,
  };
}

export function presentationDetail(overrides: Partial<Presentation> = {}): Presentation {
  return {
    ...presentationSummary(),
    revision: 4,
    document: {
      customerName: 'Harbour Bakery',
      logo: null,
      headline: 'More weekend orders from Instagram',
      intro: 'Dear Anna, here is what we would do for the bakery.',
      theme: DEFAULT_THEME,
      locale: 'en',
      sections: [
        newSection('hero', 'hero'),
        newSection('pricing', 'pricing'),
        { ...newSection('cta', 'cta'), props: { ...newSection('cta', 'cta').props, heading: 'Book a call', href: 'https://cal.example/anna' } },
      ],
    },
    resolved: { images: {}, creations: {}, ads: {}, pages: {} },
    ogImageUrl: '/presents/harbour-bakery/og.png',
    refCode: 'OLIVIA42',
    createdAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function presentationStats(days: 7 | 30 = 7): PresentationStats {
  const series = Array.from({ length: days }, (_, i) => ({
    day: `2026-03-${String(i + 1).padStart(2, '0')}`,
    visitors: i % 4,
    views: i % 5,
    seconds: 60 * (i % 3),
  }));
  return {
    days,
    totals: { visitors: days === 7 ? 12 : 40, views: days === 7 ? 18 : 66, seconds: 1000, avgSeconds: 95 },
    series,
    sections: [
      { id: 'hero', type: 'hero', title: 'Harbour Bakery', reached: 12 },
      { id: 'pricing', type: 'pricing', title: '', reached: 7 },
      { id: 'cta', type: 'cta', title: 'Book a call', reached: 3 },
    ],
  };
}
