// The mix of the load run (bench/load-mix.ts): what its virtual users request, with the status each
// request expects: the reads (public pages, funnel pages, the ad preview, presentations, the
// workspace and signed-in API reads) picked by weight, and the paced writes.
import { SEED_PRESENTATIONS, SEED_PREVIEW_ID } from '../scripts/seed.mjs';
import { cookieHeader, type Answer } from './load-mix-http.ts';

export type RouteClass = 'page' | 'funnel' | 'preview' | 'presentation' | 'workspace' | 'api-read' | 'api-write' | 'form';

export interface Request {
  /** The route as reported (its parameters named, e.g. `PATCH /api/creatives/:id`). */
  route: string;
  cls: RouteClass;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  expect: number;
}

export interface User {
  email: string;
  password: string;
  /** The user's project (the demo user's is the seeded Northwind Coffee). */
  projectId: string;
  /** Cookies as a browser keeps them (the session; any other cookie the worker sets is sent back too). */
  jar: Map<string, string>;
  demo: boolean;
  renames: number;
}

export interface Draft {
  id: string;
  revisionNumber: number;
  document: { layers: { type: string; slot?: string; text?: string }[] } & Record<string, unknown>;
  edits: number;
}

/** What a virtual user keeps between its requests: its live creative draft, and how many writes it planned. */
export interface VirtualUser {
  draft: Draft | null;
  n: number;
}

/** A write and what its answer changes when it has the expected status. */
export interface PlannedWrite {
  request: Request;
  done: (answer: Answer) => void;
}

/** A current desktop Chrome: funnel and presentation views from it are counted like a visitor's. */
const BROWSER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
export const NORTHWIND = 'seed_project_northwind_01';
const SPRING_AD = 'seed_ad_northwind_spring_01';
const SEEDED_CREATIVE = 'seed_creative_northwind_1';
const FUNNEL_PAGES = ['/p/northwind-spring/offer', '/p/northwind-spring/story', '/p/northwind-spring/thanks'];
const PUBLIC_PAGES = ['/', '/pricing', '/about', '/contact', '/login', '/imprint', '/privacy', '/terms'];
/** The published, unprotected, unexpired presentations (the seed's fifth is protected, its sixth expired). */
const PRESENTATIONS = SEED_PRESENTATIONS.slice(0, 4);

/** A JSON request as the workspace sends it (signed in as `user`, when given). */
export const jsonRequests = (origin: URL) => (method: string, path: string, user: User | undefined, body?: unknown, extra?: Record<string, string>) => ({
  method,
  path,
  headers: {
    accept: 'application/json',
    origin: origin.origin,
    ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...(user ? { cookie: cookieHeader(user.jar) } : {}),
    ...extra,
  },
  body: body !== undefined ? JSON.stringify(body) : undefined,
});

/** The reads of a signed-in user: its API reads and the workspace shell. */
export function reads(user: User): Request[] {
  const signedIn = { cookie: cookieHeader(user.jar), accept: 'application/json' };
  const api = (route: string, path: string): Request => ({ route: `GET ${route}`, cls: 'api-read', method: 'GET', path, headers: signedIn, expect: 200 });
  const list: Request[] = [
    api('/api/me', '/api/me'),
    api('/api/dashboard', '/api/dashboard'),
    api('/api/projects', '/api/projects'),
    api('/api/projects/:id', `/api/projects/${user.projectId}`),
    api('/api/projects/:id/creatives', `/api/projects/${user.projectId}/creatives`),
    api('/api/creatives', '/api/creatives'),
    api('/api/credits', '/api/credits'),
    { route: 'GET /dashboard', cls: 'workspace', method: 'GET', path: '/dashboard', headers: { cookie: cookieHeader(user.jar) }, expect: 200 },
  ];
  if (user.demo) {
    list.push(
      api('/api/creatives/:id', `/api/creatives/${SEEDED_CREATIVE}`),
      api('/api/projects/:id/ads', `/api/projects/${NORTHWIND}/ads`),
      api('/api/ads/:id', `/api/ads/${SPRING_AD}`),
    );
  }
  return list;
}

/** The reads without a session: public pages, published funnel pages, the ad preview, presentations. */
export const publicReads: Request[] = [
  ...PUBLIC_PAGES.map((path): Request => ({ route: `GET ${path}`, cls: 'page', method: 'GET', path, expect: 200 })),
  ...FUNNEL_PAGES.map((path): Request => ({
    route: `GET ${path}`,
    cls: 'funnel',
    method: 'GET',
    path,
    headers: { 'user-agent': BROWSER_AGENT },
    expect: 200,
  })),
  { route: 'GET /preview/:id', cls: 'preview', method: 'GET', path: `/preview/${SEED_PREVIEW_ID}`, headers: { 'user-agent': BROWSER_AGENT }, expect: 200 },
  ...PRESENTATIONS.map((slug): Request => ({
    route: 'GET /presents/:slug',
    cls: 'presentation',
    method: 'GET',
    path: `/presents/${slug}`,
    headers: { 'user-agent': BROWSER_AGENT },
    expect: 200,
  })),
];

// What a virtual user picks, by weight: a class, then a route of it at random.
export function readPicker(exclude: string[]): (user: User) => Request {
  const mix: [RouteClass, number][] = [
    ['page', 24],
    ['funnel', 18],
    ['preview', 9],
    ['presentation', 9],
    ['workspace', 5],
    ['api-read', 35],
  ];
  const weights = mix.filter(([cls]) => !exclude.includes(cls));
  const totalWeight = weights.reduce((a, [, w]) => a + w, 0);
  const byClass = (cls: RouteClass, user: User) => (cls === 'api-read' || cls === 'workspace' ? reads(user) : publicReads).filter((r) => r.cls === cls);
  return (user: User): Request => {
    let r = Math.random() * totalWeight;
    for (const [cls, w] of weights) {
      r -= w;
      if (r < 0) {
        const routes = byClass(cls, user);
        return routes[Math.floor(Math.random() * routes.length)]!;
      }
    }
    return publicReads[0]!;
  };
}

// Writes, paced by a token bucket shared by all virtual users (at most `writesPerSecond`).
// A virtual user's creative draft goes through create → edit → edit → delete, so that at most
// one live draft per virtual user exists at a time; renames alternate between two names; comments
// go on the seeded ad in review (by its owner through the API, by a customer through the preview's
// review form, from one of 256 addresses: that form allows 20 an hour per address).
export function writePacer(writesPerSecond: number): () => boolean {
  let tokens = 0;
  let lastRefill = performance.now();
  return () => {
    const now = performance.now();
    tokens = Math.min(tokens + ((now - lastRefill) / 1000) * writesPerSecond, Math.max(1, writesPerSecond));
    lastRefill = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

/** The next write of a virtual user (see writePacer for the kinds of writes). */
export function writePlanner(origin: URL): (user: User, vu: VirtualUser) => PlannedWrite {
  const json = jsonRequests(origin);
  let formCount = 0;
  return (user: User, vu: VirtualUser): PlannedWrite => {
    const signedIn = (route: string, method: string, path: string, body: unknown, expect: number): Request => ({
      route: `${method} ${route}`,
      cls: 'api-write',
      expect,
      ...json(method, path, user, body),
    });
    const r = Math.random();
    vu.n += 1;
    if (r < 0.15 && !user.demo) {
      user.renames += 1;
      const name = `Load project ${user.email.split('@')[0]} ${user.renames % 2 ? 'renamed' : ''}`.trim();
      return { request: signedIn('/api/projects/:id', 'PATCH', `/api/projects/${user.projectId}`, { name }, 200), done: () => {} };
    }
    if (r < 0.15 && user.demo) {
      return {
        request: signedIn('/api/ads/:id/reviews', 'POST', `/api/ads/${SPRING_AD}/reviews`, { decision: 'comment', comment: `Load comment ${vu.n}` }, 201),
        done: () => {},
      };
    }
    if (r < 0.25) {
      formCount += 1;
      const form = new URLSearchParams({
        decision: 'comment',
        name: 'Mara Jensen',
        email: 'mara@northwind.example',
        comment: `Looks good, one thought (${formCount})`,
        website: '',
      });
      return {
        request: {
          route: 'POST /preview/:id/reviews',
          cls: 'form',
          method: 'POST',
          path: `/preview/${SEED_PREVIEW_ID}/reviews`,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            origin: origin.origin,
            'user-agent': BROWSER_AGENT,
            'cf-connecting-ip': `10.77.0.${formCount % 256}`,
          },
          body: form.toString(),
          expect: 303,
        },
        done: () => {},
      };
    }
    const draft = vu.draft;
    if (!draft) {
      return {
        request: signedIn(
          '/api/projects/:id/creatives',
          'POST',
          `/api/projects/${user.projectId}/creatives`,
          { template: 'bold-headline', format: 'square' },
          201,
        ),
        done: (answer) => {
          const created = JSON.parse(answer.body) as { id: string; revisionNumber: number; document: Draft['document'] };
          vu.draft = { id: created.id, revisionNumber: created.revisionNumber, document: created.document, edits: 0 };
        },
      };
    }
    if (draft.edits < 2) {
      const document = {
        ...draft.document,
        layers: draft.document.layers.map((l) => (l.type === 'text' && l.slot === 'headline' ? { ...l, text: `Fresh from the roaster, take ${vu.n}` } : l)),
      };
      return {
        request: signedIn('/api/creatives/:id', 'PATCH', `/api/creatives/${draft.id}`, { document, baseRevision: draft.revisionNumber }, 200),
        done: (answer) => {
          const updated = JSON.parse(answer.body) as { revisionNumber: number; document: Draft['document'] };
          vu.draft = { ...draft, revisionNumber: updated.revisionNumber, document: updated.document, edits: draft.edits + 1 };
        },
      };
    }
    return {
      request: signedIn('/api/creatives/:id', 'DELETE', `/api/creatives/${draft.id}`, undefined, 204),
      done: () => {
        vu.draft = null;
      },
    };
  };
}
