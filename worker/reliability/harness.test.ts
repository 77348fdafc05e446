import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { adUpdateInput } from '#common/schemas/ads.ts';
import { passwordResetForm } from '#common/schemas/auth.ts';
import { projectUpdateInput } from '#common/schemas/projects.ts';
import { hostileJson, percentEncode, schemaFields, shapedJson } from '#worker/reliability/arbitraries.ts';
import { envelopeProblems, responseProblems } from '#worker/reliability/check.ts';
import { depthProblems, type Tally } from '#worker/reliability/depth.ts';
import { readBackProblems, storedProblems } from '#worker/reliability/read-back.ts';
import { worldIdForField, type World } from '#worker/reliability/world.ts';
import type { RegisteredRoute } from '#worker/test/routes.ts';

/** The fuzz's own judgement and generators: a fuzz that cannot see a bug, or never sends the hostile input, proves nothing. */
describe('reliability fuzz harness', () => {
  const envelope = {
    error: { code: 'validation_failed', message: 'Some fields need your attention.', details: { name: ['Enter your name.'] }, requestId: 'r-1' },
  };

  it('accepts the envelope and refuses everything else', async () => {
    expect(envelopeProblems(envelope, 422)).toEqual([]);
    expect(envelopeProblems(envelope, 400)).toEqual(['code validation_failed (422) on a 400 response']);
    expect(envelopeProblems({ error: { ...envelope.error, code: 'oops' } }, 422)).toEqual(['an unknown error code "oops"']);
    expect(envelopeProblems({ error: { ...envelope.error, requestId: '' } }, 422)).toEqual(['an error without a request id']);
    expect(envelopeProblems({ error: { ...envelope.error, details: { name: 'x' } } }, 422)).toEqual(['error details that are not field → messages']);
    expect(envelopeProblems({ error: { ...envelope.error, stack: 'x' } }, 422)).toEqual(['extra error fields ["stack"]']);
    expect(envelopeProblems({ message: 'Not found' }, 404)).toEqual(['an /api error body with keys ["message"]']);
  });

  it('flags a 500 anywhere, a non-JSON /api error and a stack trace', async () => {
    expect(await responseProblems('/about', new Response('<h1>Oops</h1>', { status: 500 }))).toEqual(['status 500']);
    expect(await responseProblems('/api/x', new Response('Internal Server Error', { status: 500 }))).toEqual([
      'status 500',
      'an /api error that is not JSON: Internal Server Error',
    ]);
    expect(await responseProblems('/login', new Response('TypeError: x\n    at f (worker.js:1:2)', { status: 400 }))).toEqual(['a stack trace in the body']);
    expect(await responseProblems('/api/x?y=1', Response.json(envelope, { status: 422 }))).toEqual([]);
    // Pages answer errors with HTML; only the JSON side must use the envelope.
    expect(await responseProblems('/contact', new Response('<p>Please correct the highlighted fields.</p>', { status: 422 }))).toEqual([]);
    // The error page answers the failure it describes; any other 5xx there is still a bug.
    expect(await responseProblems('/error?ref=abc', new Response('<h1>Something went wrong</h1>', { status: 500 }))).toEqual([]);
    expect(await responseProblems('/error', new Response('<h1>Oops</h1>', { status: 503 }))).toEqual(['status 503']);
  });

  it('generates hostile JSON from a fixed seed: __proto__ and constructor keys, lone surrogates, deep nesting, huge strings, empty strings, edge numbers', () => {
    const texts = fc.sample(hostileJson(['name']), { numRuns: 3000, seed: 42 });
    const joined = texts.join('\n');
    expect(joined).toContain('"__proto__":');
    expect(joined).toContain('"constructor":');
    expect(texts.some((t) => /\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])/i.test(t))).toBe(true); // a lone high surrogate, escaped
    expect(texts.some((t) => t.startsWith('[[[[[[[[[['))).toBe(true); // deep nesting
    expect(texts.some((t) => t.length > 100_000)).toBe(true); // huge strings
    expect(texts).toContain('""');
    expect(texts.some((t) => /(^|[,:[])(1e309|-1e400|9007199254740993)([,\]}]|$)/.test(t))).toBe(true); // edge numbers
    // Every generated body is JSON (a broken body is its own, separate case).
    for (const text of texts.slice(0, 500)) expect(() => JSON.parse(text)).not.toThrow();
  });

  it('shapes bodies by the route’s schema, so many get past validation', () => {
    for (const schema of [projectUpdateInput, adUpdateInput]) {
      const bodies = fc.sample(shapedJson(schema), { numRuns: 300, seed: 7 });
      const valid = bodies.filter((text) => schema.safeParse(JSON.parse(text)).success).length;
      expect(valid).toBeGreaterThan(30);
      expect(valid).toBeLessThan(300); // and some do not
    }
  });

  it('finds a form’s fields through a pipe that starts with a transform (the /password-reset form)', () => {
    expect(Object.keys(schemaFields(passwordResetForm)).sort()).toEqual(['email', 'intent', 'password', 'token']);
    expect(Object.keys(schemaFields(projectUpdateInput))).toContain('name');
  });

  it('percent-encodes lone surrogates as the invalid UTF-8 a hostile client sends', () => {
    expect(percentEncode('a\ud800/b')).toBe('a%ED%A0%80%2Fb');
    expect(percentEncode('🙂')).toBe(encodeURIComponent('🙂'));
  });

  it('puts the world’s ids into the body fields that name resources', () => {
    const world = { ids: { creationId: 'c1', mediaId: 'm1', pageId: 'p1', sessionId: 's1' } } as unknown as World;
    const schema = z.object({ creationIds: z.array(z.string()), avatarMediaId: z.optional(z.string()), title: z.string() });
    const bodies = fc
      .sample(
        shapedJson(schema, 0, (key) => worldIdForField(world, key)),
        { numRuns: 200, seed: 3 },
      )
      .join('\n');
    expect(bodies).toContain('"c1"');
    expect(bodies).toContain('"avatarMediaId":"m1"');
    expect(bodies).not.toContain('"title":"c1"');
    expect(worldIdForField(world, 'pageIds')).toBe('p1');
    expect(worldIdForField(world, 'sessionId')).toBeUndefined(); // only ever a path parameter, never a body's
  });
});

describe('reliability fuzz read-back: what is stored reads back through its GET and passes its own write schema', () => {
  /** A world with one ad of its own, and the ad routes the read-back finds: a GET and a PATCH that takes JSON. */
  const world = { owner: { cookie: '' }, ids: { projectId: 'P', adId: 'own' } } as unknown as World;
  const routes = [
    { key: 'GET /api/ads/:id', method: 'GET', path: '/api/ads/:id', handlers: [], validations: [] },
    {
      key: 'PATCH /api/ads/:id',
      method: 'PATCH',
      path: '/api/ads/:id',
      handlers: [],
      access: { ad: 'editor' },
      validations: [{ target: 'json', schema: z.object({ name: z.optional(z.string().check(z.minLength(1))) }) }],
    },
  ] as unknown as RegisteredRoute[];

  it('keeps stored nulls, unless null is how the schema’s empty string is stored', async () => {
    // name cannot be null; website '' is stored as null (projects/service.ts), so null reads back as ''.
    expect(await storedProblems('/api/projects/x', projectUpdateInput, { name: null, website: null, id: 'x' })).toEqual([
      '/api/projects/x: stored name fails the write schema: Give the project a name. (null)',
    ]);
    expect(await storedProblems('/api/projects/x', projectUpdateInput, { name: 'Acme', website: null })).toEqual([]);
  });

  it('counts the schema’s object-level rules, and skips only fields the GET does not return', async () => {
    const schema = z.object({ from: z.number(), to: z.number(), baseRevision: z.number() }).check(z.refine((v) => v.from <= v.to, 'from must come before to'));
    expect(await storedProblems('/api/x/1', schema, { from: 2, to: 1 })).toEqual([]); // baseRevision is never returned: the refinement does not run either
    const loose = z.object({ from: z.number(), to: z.number() }).check(z.refine((v) => v.from <= v.to, 'from must come before to'));
    expect(await storedProblems('/api/x/1', loose, { from: 2, to: 1 })).toEqual([
      '/api/x/1: stored (the whole object) fails the write schema: from must come before to ({"from":2,"to":1})',
    ]);
  });

  it('fails a GET that answers non-200 for a resource the fuzz knows exists', async () => {
    const api = (answers: Record<string, Response>) => async (path: string) =>
      answers[path] ?? Response.json({ error: { code: 'not_found' } }, { status: 404 });
    const listing = (ids: string[]) => Response.json({ items: ids.map((id) => ({ id })) });
    const base = { '/api/me': Response.json({}), '/api/projects/P': Response.json({}) };

    // Listed, yet its GET fails: a finding whatever the status.
    expect(
      await readBackProblems(
        world,
        routes,
        api({ ...base, '/api/projects/P/ads?limit=100': listing(['own', 'made']), '/api/ads/own': Response.json({ name: 'a' }) }),
      ),
    ).toEqual(['/api/ads/made: GET answers 404 not_found for a resource its listing holds']);
    // The world's own ad, no longer listed: the route under test deleted it; a 4xx is fine, a 5xx is not.
    expect(await readBackProblems(world, routes, api({ ...base, '/api/projects/P/ads?limit=100': listing([]) }))).toEqual([]);
    expect(
      await readBackProblems(
        world,
        routes,
        api({ ...base, '/api/projects/P/ads?limit=100': listing([]), '/api/ads/own': new Response('boom', { status: 500 }) }),
      ),
    ).toEqual(['/api/ads/own: GET answers 500 boom for a resource the fuzz made']);
    // No listing answers and the project is still there: the world's own ad must read.
    expect(await readBackProblems(world, routes, api(base))).toEqual(['/api/ads/own: GET answers 404 not_found for a resource the fuzz made']);
    // A listing that fails is a finding, not a listing that does not exist (the 100-id page that broke D1's parameter limit).
    expect(
      await readBackProblems(
        world,
        routes,
        api({
          ...base,
          '/api/projects/P/ads?limit=100': listing(['own']),
          '/api/ads?limit=100': new Response('too many SQL variables', { status: 500 }),
          '/api/ads/own': Response.json({ name: 'a' }),
        }),
      ),
    ).toEqual(['/api/ads?limit=100: the listing answers 500 too many SQL variables']);
    // A stored value outside the schema.
    expect(
      await readBackProblems(world, routes, api({ ...base, '/api/projects/P/ads?limit=100': listing(['own']), '/api/ads/own': Response.json({ name: null }) })),
    ).toEqual(['/api/ads/own: stored name fails the write schema: Invalid input (null)']);
  });

  it('reads a listed resource an earlier read-back found sound once per run; the world’s own, and an unsound one, every time', async () => {
    const stored: Record<string, unknown> = { '/api/ads/own': { name: 'a' }, '/api/ads/earlier': { name: 'b' }, '/api/ads/broken': { name: '' } };
    const reads: string[] = [];
    const read = async (path: string) => {
      reads.push(path);
      if (path === '/api/me' || path === '/api/projects/P') return Response.json({});
      if (path === '/api/projects/P/ads?limit=100') return Response.json({ items: ['own', 'earlier', 'broken'].map((id) => ({ id })) });
      return path in stored ? Response.json(stored[path]) : Response.json({ error: { code: 'not_found' } }, { status: 404 });
    };
    const checked = new Set<string>();
    const broken = ['/api/ads/broken: stored name fails the write schema: Invalid input ("")'];
    expect(await readBackProblems(world, routes, read, checked)).toEqual(broken);
    expect(reads.filter((path) => path.startsWith('/api/ads/'))).toEqual(['/api/ads/own', '/api/ads/earlier', '/api/ads/broken']);
    reads.length = 0;
    expect(await readBackProblems(world, routes, read, checked)).toEqual(broken);
    expect(reads.filter((path) => path.startsWith('/api/ads/'))).toEqual(['/api/ads/own', '/api/ads/broken']);
  });
});

describe('reliability fuzz depth: every changing route accepts some of the owner’s requests, or is listed with a reason', () => {
  const tally = (accepted: number, refused: [string, number][] = []): Tally => ({ accepted, refused: new Map(refused) });
  const never = { 'POST /api/webhooks/stripe': 'signed by Stripe' };
  const notYet = { 'POST /api/ads/:id/publish': 'needs an approved ad' };

  it('fails a changing route that accepted nothing, unless it is listed', () => {
    const tallies = new Map([
      [
        'POST /api/ads',
        tally(0, [
          ['422 validation_failed [creationIds]', 15],
          ['404 not_found', 5],
        ]),
      ],
      ['PATCH /api/ads/:id', tally(3)],
      ['POST /api/webhooks/stripe', tally(0, [['400 bad_request', 20]])],
    ]);
    const changing = ['POST /api/ads', 'PATCH /api/ads/:id', 'POST /api/webhooks/stripe', 'POST /api/ads/:id/publish', 'DELETE /api/ads/:id'];
    expect(depthProblems(tallies, changing, never, notYet)).toEqual({
      problems: ["POST /api/ads accepted none of the owner's requests: 422 validation_failed [creationIds] ×15, 404 not_found ×5"],
      nowReached: [],
    });
    // A route on the to-do list that is reached is news, not a failure.
    expect(depthProblems(new Map([['POST /api/ads/:id/publish', tally(2)]]), changing, never, notYet)).toEqual({
      problems: [],
      nowReached: ['POST /api/ads/:id/publish (2 accepted)'],
    });
  });

  it('fails a listed route that accepted a request, and a listed route that does not exist', () => {
    const changing = ['POST /api/webhooks/stripe', 'POST /api/ads/:id/publish'];
    expect(depthProblems(new Map([['POST /api/webhooks/stripe', tally(1)]]), changing, never, notYet).problems).toEqual([
      'POST /api/webhooks/stripe is listed as never accepting (signed by Stripe) but accepted 1: take it off the list',
    ]);
    expect(depthProblems(new Map(), ['POST /api/ads'], never, notYet).problems).toEqual([
      'POST /api/webhooks/stripe is listed as not accepting but is not a changing route',
      'POST /api/ads/:id/publish is listed as not accepting but is not a changing route',
    ]);
  });
});
