import { abTest } from '#common/ab-stats.ts';
import { DEFAULT_THEME } from '#common/schemas/blocks-theme.ts';
import type { ProjectSummary } from '#common/schemas/projects.ts';
import type { AnalyticsReport, FunnelDetail, FunnelSummary, Lead, PageSummary } from '#client/features/funnels/api.ts';
import { page, PROJECT_ID, projectDetail } from '#client/test/fixtures.tsx';

export const FUNNEL_ID = 'fnl_aaaaaaaaaaaaaaaa';
export const PAGE_A = 'fpg_aaaaaaaaaaaaaaaa';
export const PAGE_B = 'fpg_bbbbbbbbbbbbbbbb';
export const PAGE_C = 'fpg_cccccccccccccccc';
export const LEAD_ID = 'lead_aaaaaaaaaaaaaaaa';
export const OTHER_PROJECT = 'proj_bbbbbbbbbbbbbbbb';

const WEEK = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07'];

export function projectSummary(overrides: Partial<ProjectSummary> = {}): ProjectSummary {
  const { storage: _storage, ...summary } = projectDetail();
  return { ...summary, ...overrides };
}

export function funnelSummary(overrides: Partial<FunnelSummary> = {}): FunnelSummary {
  return {
    id: FUNNEL_ID,
    projectId: PROJECT_ID,
    projectName: 'Acme Surf',
    name: 'spring-offer',
    title: 'Spring offer',
    customDomain: null,
    pageCount: 2,
    views7d: 120,
    leads7d: 9,
    daily7d: WEEK.map((day, i) => ({ day, views: 10 + i * 2, leads: i % 3 })),
    publishedCount: 1,
    url: '/p/spring-offer',
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-01T09:00:00.000Z',
    ...overrides,
  };
}

export function pageSummary(overrides: Partial<PageSummary> = {}): PageSummary {
  return {
    id: PAGE_A,
    funnelId: FUNNEL_ID,
    funnelName: 'spring-offer',
    funnelTitle: 'Spring offer',
    projectId: PROJECT_ID,
    slug: 'offer',
    title: 'Offer',
    position: 0,
    status: 'published',
    hasVariantB: false,
    splitB: 0,
    views7d: 80,
    leads7d: 7,
    daily7d: WEEK.map((day, i) => ({ day, views: 8 + i * 2, leads: i % 2 })),
    publishedAt: '2026-03-01T10:00:00.000Z',
    url: '/p/spring-offer/offer',
    customUrl: null,
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export const threePages = () => [
  pageSummary(),
  pageSummary({ id: PAGE_B, slug: 'thanks', title: 'Thank you', position: 1, status: 'changed', views7d: 7, leads7d: 0, url: '/p/spring-offer/thanks' }),
  pageSummary({
    id: PAGE_C,
    slug: 'story',
    title: 'Our story',
    position: 2,
    status: 'draft',
    publishedAt: null,
    views7d: 0,
    leads7d: 0,
    url: '/p/spring-offer/story',
  }),
];

export function funnelDetail(overrides: Partial<FunnelDetail> = {}): FunnelDetail {
  return {
    ...funnelSummary(),
    theme: DEFAULT_THEME,
    brandTheme: { ...DEFAULT_THEME, colors: { ...DEFAULT_THEME.colors, primary: '#112233' }, fonts: { heading: 'lora', body: 'inter' } },
    notifyLeads: false,
    locale: 'en',
    pages: threePages(),
    role: 'owner',
    ...overrides,
  };
}

export function lead(overrides: Partial<Lead> = {}): Lead {
  return {
    id: LEAD_ID,
    pageId: PAGE_A,
    pageSlug: 'offer',
    pageTitle: 'Offer',
    variant: 'a',
    data: { name: 'Lena Surfer', email: 'lena@example.com', consent: true },
    email: 'lena@example.com',
    utm: { source: 'instagram', medium: 'paid', campaign: 'spring', term: '', content: '' },
    referrer: 'instagram.com',
    createdAt: '2026-03-05T09:30:00.000Z',
    ...overrides,
  };
}

export function analytics(overrides: Partial<AnalyticsReport> = {}): AnalyticsReport {
  const series = (scale: number) => WEEK.map((day, i) => ({ day, views: (10 + i) * scale, visitors: (8 + i) * scale, leads: i % 2 }));
  const totals = { views: 181, visitors: 152, leads: 12, conversion: 12 / 152 };
  return {
    days: 7,
    from: WEEK[0]!,
    to: WEEK[6]!,
    totals,
    series: series(2),
    pages: [
      {
        pageId: PAGE_A,
        slug: 'offer',
        title: 'Offer',
        position: 0,
        totals,
        variants: [
          {
            variant: 'a',
            series: series(1),
            totals: { views: 91, visitors: 77, leads: 3, conversion: 3 / 77 },
            referrers: [
              { value: 'instagram.com', count: 40 },
              { value: 'google.com', count: 12 },
            ],
            utmSources: [{ value: 'instagram', count: 50 }],
          },
          {
            variant: 'b',
            series: series(1),
            totals: { views: 90, visitors: 75, leads: 9, conversion: 9 / 75 },
            referrers: [],
            utmSources: [],
          },
        ],
        ab: abTest({ visitors: 77, leads: 3 }, { visitors: 75, leads: 9 }),
      },
    ],
    ...overrides,
  };
}

/** GET /api/projects, active (the first of each pair of calls) then archived. */
export function projectsReply(active = [projectSummary(), projectSummary({ id: OTHER_PROJECT, name: 'Bistro Nord', role: 'viewer' })]) {
  let n = 0;
  return () => (n++ % 2 === 0 ? page(active) : page([]));
}

/** The @font-face rules a document (a preview's frame) has adopted, as CSS text, and how many. */
export function adoptedFontFaces(doc: Document): { css: string; count: number } {
  const faces = doc.adoptedStyleSheets.flatMap((sheet) => [...sheet.cssRules]).filter((rule) => rule instanceof doc.defaultView!.CSSFontFaceRule);
  return { css: faces.map((rule) => rule.cssText).join('\n'), count: faces.length };
}
