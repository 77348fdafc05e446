import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { PublicUser } from '#common/schemas/auth.ts';
import type { MediaDetail, MediaItem } from '#common/schemas/media.ts';
import { DEFAULT_BRAND_KIT, type ProjectDetail } from '#common/schemas/projects.ts';
import { ToastProvider } from '#client/components/toast.tsx';
import { SessionProvider } from '#client/lib/session.tsx';

export const PROJECT_ID = 'proj_aaaaaaaaaaaaaaaa';

export function user(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 'user_aaaaaaaaaaaaaaaa',
    email: 'olivia@example.com',
    name: 'Olivia Owner',
    role: 'user',
    plan: { id: 'free', name: 'Free' },
    createdAt: '2026-01-01T00:00:00.000Z',
    locale: 'en',
    timeZone: 'UTC',
    ...overrides,
  };
}

export function projectDetail(overrides: Partial<ProjectDetail> = {}): ProjectDetail {
  return {
    id: PROJECT_ID,
    name: 'Acme Surf',
    description: 'Surf school',
    website: null,
    role: 'owner',
    archived: false,
    brandKit: { ...DEFAULT_BRAND_KIT, colors: ['#112233'] },
    logoUrl: null,
    counts: { media: 2, members: 1 },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    storage: { usedBytes: 1024, limitBytes: 1024 ** 3 },
    locale: 'en',
    ...overrides,
  };
}

export function mediaItem(id: string, overrides: Partial<MediaItem> = {}): MediaItem {
  return {
    id,
    projectId: PROJECT_ID,
    kind: 'image',
    mime: 'image/png',
    name: `${id}.png`,
    size: 2048,
    sha256: id.padEnd(64, '0'),
    width: 800,
    height: 600,
    durationMs: null,
    alt: '',
    tags: [],
    focal: null,
    hasThumbnail: true,
    fileUrl: `/api/media/${id}/file`,
    thumbnailUrl: `/api/media/${id}/thumbnail`,
    uploadedBy: { id: 'user_aaaaaaaaaaaaaaaa', name: 'Olivia Owner' },
    createdAt: '2026-02-01T00:00:00.000Z',
    updatedAt: '2026-02-01T00:00:00.000Z',
    ...overrides,
  };
}

export function mediaDetail(id: string, overrides: Partial<MediaDetail> = {}): MediaDetail {
  return { ...mediaItem(id), usedBy: [], role: 'owner', projectName: 'Acme Surf', projectArchived: false, ...overrides };
}

/** GET /api/credits as the worker answers it. */
export function creditSummary(overrides: Record<string, unknown> = {}) {
  return {
    monthly: 20,
    purchased: 5,
    total: 25,
    monthlyAllowance: 25,
    periodStart: '2026-03-01T00:00:00.000Z',
    nextResetAt: '2026-04-01T00:00:00.000Z',
    low: false,
    ...overrides,
  };
}

/**
 * Renders a screen as the workspace does: the session (a signed-in user, unless `null`),
 * toasts, and a memory router at `url`. Extra routes stand for the places a screen links to.
 */
export function renderScreen(element: ReactNode, { url = '/', path = '*', signedIn = user(), routes = [] as RouteObject[] } = {}) {
  const router = createMemoryRouter([{ path, element }, ...routes, { path: '*', element: <p>Somewhere else</p> }], { initialEntries: [url] });
  const result = render(
    <SessionProvider initialUser={signedIn}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </SessionProvider>,
  );
  return { ...result, router };
}

/** The non-GET requests a test made, in order (reads are an implementation detail). */
export function writes<T extends { method: string }>(calls: T[]): T[] {
  return calls.filter((c) => c.method !== 'GET');
}

/** The GET requests made so far through the mocked fetch, as path + parsed query. */
export function gets(): { path: string; query: Record<string, string> }[] {
  return vi
    .mocked(globalThis.fetch)
    .mock.calls.map(([input, init]) => (input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init)))
    .filter((request) => request.method === 'GET')
    .map((request) => {
      const url = new URL(request.url);
      return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
    });
}

/** A page of a cursor-paginated list, as the worker answers it. */
export const page = <T,>(items: T[], nextCursor: string | null = null) => ({ status: 200, body: { items, nextCursor } });
