import type { AdDetail, AdPost, AdReview, AdSummary, InstagramConnection } from '#common/schemas/ads.ts';
import { ProjectMarketing } from '#client/app/routes/project-section.tsx';
import { mockApi } from '#client/test/api-mock.ts';
import { PROJECT_ID, projectDetail, renderScreen } from '#client/test/fixtures.tsx';
import type { ProjectDetail } from '#common/schemas/projects.ts';

export const BASE = `/api/projects/${PROJECT_ID}`;
export const AD_ID = 'ad_aaaaaaaaaaaaaaaa';
export const CREATION_A = 'crn_aaaaaaaaaaaaaaaa';
export const CREATION_B = 'crn_bbbbbbbbbbbbbbbb';

export function adSummary(overrides: Partial<AdSummary> = {}): AdSummary {
  return {
    id: AD_ID,
    projectId: PROJECT_ID,
    name: 'Spring sale',
    kind: 'single',
    status: 'draft',
    headline: 'Surf lessons -20%',
    placements: ['instagram_feed'],
    revision: 3,
    thumbnailUrl: `/api/creations/${CREATION_A}/file`,
    itemCount: 1,
    reviewCount: 0,
    post: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function adDetail(overrides: Partial<AdDetail> = {}): AdDetail {
  return {
    ...adSummary(),
    role: 'owner',
    primaryText: 'Learn to surf this spring.',
    description: '',
    cta: 'learn_more',
    destinationUrl: 'https://acme.example/spring',
    pageName: 'Acme Surf',
    avatarMediaId: null,
    avatarUrl: null,
    items: [
      {
        position: 0,
        creationId: CREATION_A,
        name: 'Spring square',
        format: 'square',
        width: 1080,
        height: 1080,
        url: `/api/creations/${CREATION_A}/file`,
        deleted: false,
      },
    ],
    previewUrl: null,
    approval: { mode: 'required', waitingAt: null },
    ...overrides,
  };
}

export function adPost(overrides: Partial<AdPost> = {}): AdPost {
  return {
    id: 'post_aaaaaaaaaaaaaaaa',
    status: 'scheduled',
    kind: 'single',
    scheduledAt: '2030-05-01T08:30:00.000Z',
    publishedAt: null,
    permalink: null,
    attempts: 0,
    errorClass: null,
    error: null,
    sandbox: true,
    username: 'acme-surf.sandbox',
    ...overrides,
  };
}

export function review(overrides: Partial<AdReview> = {}): AdReview {
  return {
    id: 'rev_aaaaaaaaaaaaaaaa',
    reviewerName: 'Carla Customer',
    reviewerEmail: 'carla@example.com',
    member: false,
    decision: 'request_changes',
    comment: 'Please use the blue logo.',
    revision: 3,
    level: null,
    createdAt: '2026-03-02T09:00:00.000Z',
    ...overrides,
  };
}

export function connection(
  overrides: Partial<InstagramConnection> = {},
  account: Partial<NonNullable<InstagramConnection['account']>> | null = null,
): InstagramConnection {
  return {
    configured: false,
    missing: ['INSTAGRAM_APP_ID', 'INSTAGRAM_APP_SECRET'],
    account: account
      ? {
          id: 'iga_aaaaaaaaaaaaaaaa',
          username: 'acme-surf.sandbox',
          pictureUrl: null,
          sandbox: true,
          status: 'active',
          brokenReason: null,
          tokenExpiresAt: null,
          connectedAt: '2026-03-01T00:00:00.000Z',
          ...account,
        }
      : null,
    ...overrides,
  };
}

export const creationItem = (id: string, name: string) => ({
  id,
  projectId: PROJECT_ID,
  projectName: 'Acme Surf',
  role: 'owner' as const,
  creativeId: 'crv_aaaaaaaaaaaaaaaa',
  revisionNumber: 1,
  name,
  format: 'square' as const,
  width: 1080,
  height: 1080,
  size: 4096,
  url: `/api/creations/${id}/file`,
  downloadUrl: `/api/creations/${id}/file?download=1`,
  thumbnailUrl: `/api/creations/${id}/thumbnail`,
  createdAt: '2026-03-01T00:00:00.000Z',
});

/** The marketing page at `url` (relative to the project), with the project and the given API. */
export function openMarketing(query = '', api: Parameters<typeof mockApi>[0] = {}, project: Partial<ProjectDetail> = {}) {
  const calls = mockApi({
    [`GET ${BASE}`]: { status: 200, body: projectDetail(project) },
    [`GET ${BASE}/instagram`]: { status: 200, body: connection() },
    [`GET ${BASE}/ads`]: { status: 200, body: { items: [], nextCursor: null } },
    [`GET ${BASE}/insights`]: { status: 200, body: { items: [] } },
    [`GET ${BASE}/review-board`]: { status: 200, body: { board: null } },
    'GET /api/funnels': { status: 200, body: { items: [] } },
    ...api,
  });
  const rendered = renderScreen(<ProjectMarketing />, {
    url: `/projects/${PROJECT_ID}/marketing${query}`,
    path: '/projects/:projectId/marketing',
  });
  return { ...rendered, calls };
}

/**
 * Classes that would make an element wider than a 390 px phone: fixed widths and fixed grid
 * columns that apply below the `sm` breakpoint (happy-dom lays nothing out, so this reads the classes).
 */
export function tooWideForPhone(root: HTMLElement): string[] {
  const found: string[] = [];
  const remOf = (value: string) => {
    const rem = /^(\d+(?:\.\d+)?)rem$/.exec(value);
    const px = /^(\d+(?:\.\d+)?)px$/.exec(value);
    return rem ? Number(rem[1]) * 16 : px ? Number(px[1]) : 0;
  };
  for (const el of root.querySelectorAll<HTMLElement>('[class]')) {
    for (const token of (el.getAttribute('class') ?? '').split(/\s+/)) {
      if (/^(sm|md|lg|xl|2xl|min-\[[^\]]+\]):/.test(token)) continue;
      const scale = /^(?:min-)?w-(\d+(?:\.\d+)?)$/.exec(token);
      if (scale && Number(scale[1]) * 4 > 390) found.push(token);
      const arbitrary = /^(?:min-)?w-\[([^\]]+)\]$/.exec(token);
      if (arbitrary && !/vw|%|min\(/.test(arbitrary[1]!) && remOf(arbitrary[1]!) > 390) found.push(token);
      const cols = /^grid-cols-\[(.+)\]$/.exec(token);
      if (cols) {
        const fixed = cols[1]!.split('_').reduce((sum, part) => sum + remOf(part), 0);
        if (fixed > 390 - 32) found.push(token);
      }
      if (/^whitespace-nowrap$/.test(token) && (el.textContent ?? '').length > 40) found.push(`${token} on “${el.textContent?.slice(0, 30)}…”`);
    }
  }
  return found;
}
