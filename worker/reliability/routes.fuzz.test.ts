import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createApp } from '#worker/app.ts';
import { refusalOf as fetchRuleBroken } from '#worker/lib/safe-fetch.ts';
import { anySite } from '#worker/test/brand-sites.ts';
import { send } from '#worker/test/http.ts';
import { holdQueue } from '#worker/test/webhooks.ts';
import { registeredRoutes, type RegisteredRoute } from '#worker/test/routes.ts';
import { responseProblems } from '#worker/reliability/check.ts';
import { depthProblems, type Tally } from '#worker/reliability/depth.ts';
import { readBackProblems } from '#worker/reliability/read-back.ts';
import { bodyKind, caseArbitrary, type FuzzCase } from '#worker/reliability/requests.ts';
import { apiKeyOf, createWorld, type World } from '#worker/reliability/world.ts';

/**
 * The reliability fuzz (issue 15 point 1): every route the router holds, found by walking
 * `createApp().routes` (a new route is fuzzed without being named here), gets generated
 * path params, queries and bodies — JSON shaped by the route's own schema with hostile
 * values mixed in, malformed urlencoded and multipart forms, raw bytes for routes that read
 * their own body — sent as the owner of a real project (an admin on the Agency plan, so
 * requests get past access into validation and the services) and, one in four, anonymously.
 * Every response: below 500, and an /api error in the envelope. After a changing route,
 * what the owner's project holds is read back through the API and parsed with its schema.
 * Cases come from a seed per route (the global FC_SEED mixed with the route), so a failure
 * is replayed by running the same route again.
 */
const RUNS = inject('fuzzRuns') || 20;
/**
 * Changing routes in a row that share one world and one read-back. The read-back (every
 * writable resource read through the API and parsed) cost ≈ 0.7 s a route, more than the 20
 * requests themselves, so `npm test` groups 4 routes (≈ 60 s for the whole fuzz here, was
 * 170 s); the full run (`npm run test:reliability`) gives each route its own world. A group ends
 * early after a DELETE, or when its owner is signed out or its project gone (the next route
 * would reach nothing).
 */
const GROUP = Math.max(1, inject('fuzzGroup') || (inject('fuzzRuns') ? 1 : 4));
/** The most distinct failures listed per route (the first is usually enough to find the bug). */
const REPORTED = 8;

const ROUTES = registeredRoutes(createApp());

function seedFor(route: RegisteredRoute): number {
  const base = fc.readConfigureGlobal().seed ?? 0;
  return [...route.key].reduce((h, ch) => Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0, (base ^ 2166136261) >>> 0) | 0;
}

function describeCase(method: string, c: FuzzCase, as: string): string {
  const body =
    c.body === undefined
      ? ''
      : typeof c.body === 'string'
        ? c.body
        : `bytes[${c.body.byteLength}] ${[...c.body.slice(0, 24)].map((b) => b.toString(16).padStart(2, '0')).join(' ')}`;
  const shown = body.length > 300 ? `${body.slice(0, 300)}… (${body.length} chars)` : body;
  return `${method} ${c.path.length > 300 ? `${c.path.slice(0, 300)}…` : c.path} as ${as} [${c.kind}] ${c.headers['content-type'] ?? '(no content-type)'} ${shown}`;
}

/**
 * Routes that read an address the user names (the brand-kit reader): reaching out is what they
 * are for, so the fuzz answers them with a small site (worker/test/brand-sites.ts anySite) and
 * they run to their end; only a request the fetch rules should have stopped
 * (worker/lib/safe-fetch.ts) is a finding.
 */
const READS_THE_WEB = new Set(['POST /api/projects/:projectId/brand-kit/read']);

/** Reads that change nothing share one world; every other route gets fresh project content (it may delete its project; its owner is replaced when signed out). */
const readOnly = (route: RegisteredRoute) => route.method === 'GET' || route.method === 'HEAD';

describe(`reliability fuzz: ${ROUTES.length} routes × ${RUNS} requests`, () => {
  let shared: World;
  let latest: World | undefined;
  /** The changing routes sharing the current world, until its read-back. */
  let group: { world: World; routes: string[] } | undefined;
  let outbound: string[] = [];
  let address = 0;
  const kinds = new Map<string, number>();
  /** Resources earlier read-backs found sound (readBackProblems reads each listed one once). */
  const soundPaths = new Set<string>();
  /** Per route, the owner's requests accepted (< 400) and why the others were refused: how deep the generated inputs reach. */
  const tallies = new Map<string, Tally>();

  beforeAll(async () => {
    shared = await createWorld();
  }, 60_000);

  afterAll(() => {
    // What the run covered, in the test output (kinds of bodies sent across all routes).
    console.info(`[fuzz] ${RUNS} cases per route; bodies by kind: ${JSON.stringify(Object.fromEntries([...kinds].sort()))}`);
  });

  const lastChanging = ROUTES.findLast((route) => !readOnly(route));
  for (const route of ROUTES) {
    it(`${route.key} (${bodyKind(route)})`, { timeout: 30 * 60_000 }, async () => {
      // No network in a fuzz: every provider is off in tests, so an outbound call is a finding.
      outbound = [];
      vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        if (!READS_THE_WEB.has(route.key)) {
          outbound.push(url);
          return new Response('no network in the fuzz', { status: 503 });
        }
        if (!URL.canParse(url) || fetchRuleBroken(new URL(url))) outbound.push(url);
        return anySite(new Request(input, init));
      });
      // Webhook deliveries (a test event, "send again", an event of another route) stay on the queue: never sent.
      holdQueue();
      const errors: string[] = [];
      vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
        errors.push(args.map((a) => (a instanceof Error ? `${a.name}: ${a.message}` : String(a))).join(' '));
      });

      if (!readOnly(route) && !group) group = { world: (latest = await createWorld(latest)), routes: [] };
      group?.routes.push(route.key);
      const world = readOnly(route) ? shared : group!.world;
      const cases = fc.sample(caseArbitrary(route, world), { numRuns: RUNS, seed: seedFor(route) });
      // The public API's routes: the owner's requests carry a key of the project (a fresh one: the limit is per key).
      const bearer: Record<string, string> = isApiKeyRule(route.access) ? { authorization: `Bearer ${await apiKeyOf(world)}` } : {};
      const failures = new Map<string, string>();
      const tally: Tally = { accepted: 0, refused: new Map() };
      tallies.set(route.key, tally);

      for (const [index, c] of cases.entries()) {
        kinds.set(c.kind, (kinds.get(c.kind) ?? 0) + 1);
        const roles: ('owner' | 'anonymous')[] = index % 4 === 0 ? ['owner', 'anonymous'] : ['owner'];
        for (const as of roles) {
          errors.length = 0;
          address += 1;
          const cookie = as === 'owner' ? world.owner.cookie : c.anonymousCookie;
          const response = await send(c.path, {
            method: route.method,
            body: c.body,
            cookie,
            // A fresh client network per request (limits count an IPv6 /64 as one client): a 429 is
            // fine, but should not hide the routes behind the limits.
            headers: {
              ...c.headers,
              ...(as === 'owner' ? bearer : {}),
              'cf-connecting-ip': `2001:db8:${(address >>> 16).toString(16)}:${(address & 0xffff).toString(16)}::1`,
            },
          });
          const status = response.status;
          if (as === 'owner' && status < 400) tally.accepted += 1;
          else if (as === 'owner') {
            const reason = await refusalOf(response.clone());
            tally.refused.set(reason, (tally.refused.get(reason) ?? 0) + 1);
          }
          const problems = await responseProblems(c.path, response);
          if (problems.length === 0) continue;
          const signature = `${status} ${problems.join('; ')} ${errors[0]?.slice(0, 160) ?? ''}`;
          if (!failures.has(signature) && failures.size < REPORTED) {
            failures.set(
              signature,
              `${problems.join('; ')}\n    ${describeCase(route.method, c, as)}${errors.length ? `\n    logged: ${errors.join(' | ').slice(0, 600)}` : ''}`,
            );
          }
        }
      }

      let stored: string[] = [];
      let writers = route.key;
      if (!readOnly(route) && (group!.routes.length >= GROUP || route.method === 'DELETE' || route === lastChanging || !(await usable(world)))) {
        writers = group!.routes.join(', ');
        group = undefined;
        stored = await readBackProblems(world, ROUTES, undefined, soundPaths);
      }
      expect([...failures.values()], `responses to ${route.key} that break the rules`).toEqual([]);
      expect(stored, `what ${writers} stored, read back through the API`).toEqual([]);
      expect(outbound, 'outbound requests').toEqual([]);
    });
  }

  // After every route (the tests of a file run in order): each changing route must have let
  // some of the owner's requests through, or be on the commented list of routes that cannot.
  it('reaches past validation on every changing route (or the route is listed as unreachable)', () => {
    const changing = ROUTES.filter((route) => bodyKind(route) !== 'none').map((route) => route.key);
    const { problems, nowReached } = depthProblems(tallies, changing);
    if (nowReached.length) console.info(`[fuzz] listed as not reached yet, but reached at ${RUNS} cases per route: ${nowReached.join(', ')}`);
    expect(problems).toEqual([]);
  });
});

/**
 * Whether the next route can still reach the world as a fresh one would let it: its owner signed
 * in, its project there and not archived, and the resources the world made still answering
 * (a route may have deleted, unpublished or renamed one).
 */
async function usable(world: World): Promise<boolean> {
  // Public pages are asked for signed out: their author may see an unpublished one.
  const ok = async (path: string) => (await send(path, path.startsWith('/api/') ? { cookie: world.owner.cookie } : {})).status === 200;
  if (!(await ok('/api/me'))) return false;
  const project = await send(`/api/projects/${world.ids.projectId}`, { cookie: world.owner.cookie });
  if (project.status !== 200 || ((await project.json()) as { archived?: boolean }).archived) return false;
  const { ids } = world;
  for (const path of [
    `/api/media/${ids.mediaId}`,
    `/api/creatives/${ids.creativeId}`,
    `/api/ads/${ids.adId}`,
    `/api/funnels/${ids.funnelId}`,
    `/api/pages/${ids.pageId}`,
    `/p/${ids.funnelName}/${ids.pageSlug}`,
    `/api/presentations/${ids.presentationId}`,
    `/presents/${ids.slug}`,
  ])
    if (!(await ok(path))) return false;
  return true;
}

function isApiKeyRule(rule: unknown): boolean {
  return typeof rule === 'object' && rule !== null && 'apiKey' in rule;
}

/** Why a response refused a request, for the depth report: `status code [fields the details name]`. */
async function refusalOf(response: Response): Promise<string> {
  try {
    const { error } = (await response.json()) as { error?: { code?: string; details?: Record<string, unknown> } };
    const fields = Object.keys(error?.details ?? {});
    return `${response.status} ${error?.code ?? '?'}${fields.length ? ` [${fields.slice(0, 4).join(',')}]` : ''}`;
  } catch {
    return `${response.status}`;
  }
}
