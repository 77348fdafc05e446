import { blockDefaults } from '#common/schemas/blocks-defaults.ts';
import { DEFAULT_THEME } from '#common/schemas/blocks-theme.ts';
import type { Block, BlockOf, PageDocument } from '#common/schemas/blocks.ts';
import type { PageDetail, PageVersion } from '#common/schemas/funnels.ts';
import PageEditorRoute from '#client/app/routes/page-editor.tsx';
import { mockApi } from '#client/test/api-mock.ts';
import { page as listPage, PROJECT_ID, renderScreen } from '#client/test/fixtures.tsx';

/** The page editor's screen with its API mocked: the page, its draft, the PATCH as the worker answers it (client/features/pages tests). */
export const PAGE_ID = 'fpg_aaaaaaaaaaaaaaaa';
export const FUNNEL_ID = 'fnl_aaaaaaaaaaaaaaaa';
export const BASE = `/api/pages/${PAGE_ID}`;

export const hero: BlockOf<'hero'> = { id: 'hero', type: 'hero', props: { ...blockDefaults.hero(), heading: 'Fresh coffee weekly' } };
export const text: Block = { id: 'text', type: 'text', props: { markdown: 'Our story in short.', align: 'left' } };
export const doc: PageDocument = { blocks: [hero, text], seo: { title: 'Offer', description: '', image: null } };

export function pageDetail(overrides: Partial<PageDetail> = {}): PageDetail {
  return {
    id: PAGE_ID,
    funnelId: FUNNEL_ID,
    funnelName: 'spring',
    funnelTitle: 'Spring campaign',
    projectId: PROJECT_ID,
    slug: 'offer',
    title: 'Spring offer',
    position: 0,
    status: 'draft',
    hasVariantB: false,
    splitB: 0,
    views7d: 0,
    leads7d: 0,
    daily7d: [],
    publishedAt: null,
    url: '/p/spring/offer',
    customUrl: null,
    updatedAt: '2026-03-01T10:00:00.000Z',
    draft: doc,
    draftB: null,
    revision: 3,
    publishedRevision: null,
    theme: DEFAULT_THEME,
    funnel: { id: FUNNEL_ID, name: 'spring', title: 'Spring campaign', customDomain: null, locale: 'en' },
    versionCount: 0,
    role: 'editor',
    ...overrides,
  };
}

/** The PATCH as the worker answers it: the body applied on top, revision + 1. */
export function patched(body: unknown, base = pageDetail()): { status: number; body: PageDetail } {
  const b = body as { baseRevision: number; document?: PageDocument; documentB?: PageDocument | null; splitB?: number; title?: string; slug?: string };
  return {
    status: 200,
    body: {
      ...base,
      revision: b.baseRevision + 1,
      ...(b.document ? { draft: b.document } : {}),
      ...(b.documentB !== undefined ? { draftB: b.documentB } : {}),
      ...(b.splitB !== undefined ? { splitB: b.splitB } : {}),
      ...(b.title ? { title: b.title } : {}),
      ...(b.slug ? { slug: b.slug } : {}),
    },
  };
}

export function open(routes: Parameters<typeof mockApi>[0] = {}, detail = pageDetail()) {
  const calls = mockApi({
    [`GET ${BASE}`]: { status: 200, body: detail },
    [`GET /api/projects/${PROJECT_ID}/media`]: listPage([]),
    [`PATCH ${BASE}`]: (body) => patched(body, detail),
    ...routes,
  });
  const view = renderScreen(<PageEditorRoute />, {
    url: `/pages/${PAGE_ID}`,
    path: '/pages/:funnelPageId',
    routes: [{ path: '/funnels/:funnelId', element: <p>Funnel page</p> }],
  });
  return { calls, ...view };
}

/** A published version of the page, as the versions list shows it. */
export function pageVersion(id: string, number: number, overrides: Partial<PageVersion> = {}): PageVersion {
  return {
    id,
    number,
    title: 'Spring offer',
    slug: 'offer',
    publishedAt: `2026-03-0${number}T10:00:00.000Z`,
    publishedBy: 'Olivia Owner',
    hasVariantB: false,
    live: false,
    ...overrides,
  };
}
