import createClient from 'openapi-fetch';
import { beforeAll, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod/mini';
import { V1_ROUTES, type V1Creation, type V1Creative, type V1CreativePage, type V1TemplateList } from '#common/schemas/api-v1.ts';
import type { V1Ad, V1FunnelList, V1LeadPage } from '#common/schemas/api-v1-ads.ts';
import type { V1Batch } from '#common/schemas/api-v1-batches.ts';
import { creation } from '#worker/test/ads.ts';
import type { components, paths } from '#worker/test/api-v1-paths.ts';
import { createKey, setPlan } from '#worker/test/api-keys.ts';
import { holdBatches } from '#worker/test/batches.ts';
import { createCreative, setCredits } from '#worker/test/creatives.ts';
import { createFunnel, createFunnelPage, createProject, createUser } from '#worker/test/factories.ts';
import { dispatch, ORIGIN } from '#worker/test/http.ts';
import { insertLead } from '#worker/test/leads.ts';

/**
 * Every /api/v1 route through a client generated from the OpenAPI document the worker serves
 * (issue 31 point 8, decision 0048): openapi-fetch with the `paths` openapi-typescript made of
 * it (worker/test/api-v1-paths.ts, kept current by `npm run lint`). The calls compile only with
 * the parameters and bodies the document declares, and what they answer is typed by it; each
 * answer's status must be one the document declares for the operation.
 */

const RENDERING = { timeout: 120_000 };

type ApiError = components['schemas']['Error'];
type RenderBody = NonNullable<paths['/renders']['post']['requestBody']>['content']['application/json'];

/** What the client exercised (`get /creatives/{id}`), answered with a success. */
const exercised = new Set<string>();
/** Answers whose status the document does not declare for the operation. */
const undeclared: string[] = [];

/** The operations' declared statuses, read from the document itself (GET /openapi.json). */
const declaredStatuses = z.record(z.string(), z.record(z.string(), z.looseObject({ responses: z.record(z.string(), z.unknown()) })));
let declared: z.infer<typeof declaredStatuses> | undefined;

function clientWith(secret?: string) {
  const client = createClient<paths>({
    baseUrl: `${ORIGIN}/api/v1`,
    // A server-to-server caller: no cookie, no Origin; its own address.
    headers: { 'cf-connecting-ip': '203.0.113.31', ...(secret ? { authorization: `Bearer ${secret}` } : {}) },
    fetch: (request) => dispatch(request),
  });
  client.use({
    onResponse({ request, schemaPath, response }) {
      const operation = `${request.method.toLowerCase()} ${schemaPath}`;
      if (response.ok) exercised.add(operation);
      if (declared && !declared[schemaPath]?.[request.method.toLowerCase()]?.responses[String(response.status)])
        undeclared.push(`${operation} → ${response.status}`);
    },
  });
  return client;
}

/** The answer's data when it came with `status`; otherwise the test fails with what the worker said. */
async function answer<T>(call: Promise<{ data?: T; error?: ApiError; response: Response }>, status: number): Promise<T> {
  const { data, error, response } = await call;
  expect(error, JSON.stringify(error)).toBeUndefined();
  expect(response.status).toBe(status);
  if (data === undefined) throw new Error(`no body with ${response.status}`);
  return data;
}

let api: ReturnType<typeof clientWith>;
let creativeId: string;
let creationId: string;
let funnelId: string;
let leadId: string;

beforeAll(async () => {
  const owner = await createUser();
  const { id: projectId } = await createProject(owner);
  await setPlan(owner, 'pro');
  await setCredits(owner, 10);
  const { secret } = await createKey(owner, projectId, ['read', 'render', 'ads', 'leads']);
  api = clientWith(secret);
  // What the document declares, as the client read it: each answer below is held to it.
  declared = declaredStatuses.parse((await answer(clientWith().GET('/openapi.json'), 200)).paths);
  creativeId = (await createCreative(owner, projectId)).id;
  creationId = await creation(projectId, owner);
  const funnel = await createFunnel(owner, projectId);
  funnelId = funnel.id;
  leadId = await insertLead(funnel, (await createFunnelPage(owner, funnel.id)).id, { email: 'lead@example.com' }, new Date('2026-11-30T09:00:00Z'));
});

// Runs are started but not drawn here (batches.test.ts draws them): their queue is held.
beforeEach(() => {
  holdBatches();
});

describe('the generated client', () => {
  it('reads the document with no key', async () => {
    const document = await answer(clientWith().GET('/openapi.json'), 200);
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual([...new Set(V1_ROUTES.map((route) => route.path))]);
  });

  it('lists, reads creatives and creations, and lists templates', async () => {
    const page = await answer(api.GET('/creatives', { params: { query: { limit: 5 } } }), 200);
    expectTypeOf(page).toEqualTypeOf<V1CreativePage>();
    expect(page.items.map((item) => item.id)).toEqual([creativeId]);
    expect(page.nextCursor).toBeNull();

    const creative = await answer(api.GET('/creatives/{id}', { params: { path: { id: creativeId } } }), 200);
    expectTypeOf(creative).toEqualTypeOf<V1Creative>();
    expect(creative).toMatchObject({ id: creativeId, format: 'square', width: 1080, height: 1080 });
    expect(creative.layers.map((layer) => layer.id)).toContain('headline');

    const picture = await answer(api.GET('/creations/{id}', { params: { path: { id: creationId } } }), 200);
    expectTypeOf(picture).toEqualTypeOf<V1Creation>();
    expect(picture).toMatchObject({ id: creationId, format: 'square', width: 1080 });
    expect(new URL(picture.url).origin).toBe(ORIGIN);

    const templates = await answer(api.GET('/templates'), 200);
    expectTypeOf(templates).toEqualTypeOf<V1TemplateList>();
    expect(templates.items.find((template) => template.id === 'bold-headline')?.formats).toContainEqual({ format: 'story', width: 1080, height: 1920 });
  });

  it('renders synchronously (201), again from the same input at no cost (200), and in the background (202)', RENDERING, async () => {
    const body = { template: 'bold-headline', format: 'portrait', modifications: [{ layer: 'headline', text: 'Dark roast' }] } satisfies RenderBody;
    const made = await answer(api.POST('/renders', { body }), 201);
    // One operation answers a creation or, with `async`, a run: the client tells them apart by their fields.
    expectTypeOf(made).toEqualTypeOf<V1Creation | V1Batch>();
    if (!('url' in made)) throw new Error('a run instead of a creation');
    expect(made).toMatchObject({ format: 'portrait', width: 1080, height: 1350 });
    const again = await answer(api.POST('/renders', { body, params: { header: { 'Idempotency-Key': 'render-again' } } }), 200);
    expect(again.id).toBe(made.id);

    const started = await answer(api.POST('/renders', { body: { ...body, format: 'story', async: true } }), 202);
    if (!('total' in started)) throw new Error('a creation instead of a run');
    expect(started).toMatchObject({ status: 'queued', total: 1, format: 'story' });
  });

  it('starts a run and reads it with its rows', async () => {
    const run = await answer(api.POST('/batches', { body: { creativeId, rows: [{ modifications: [{ layer: 'headline', text: 'Spring' }] }, {}] } }), 202);
    expectTypeOf(run).toEqualTypeOf<V1Batch>();
    expect(run).toMatchObject({ status: 'queued', total: 2, creativeId });

    const read = await answer(api.GET('/batches/{id}', { params: { path: { id: run.id } } }), 200);
    expect(read.rows?.map((row) => row.status)).toEqual(['waiting', 'waiting']);
  });

  it('creates an ad, sends a draft for review and reads it', async () => {
    const submitted = await answer(api.POST('/ads', { body: { creationIds: [creationId], primaryText: 'Spring', submit: true } }), 201);
    expectTypeOf(submitted).toEqualTypeOf<V1Ad>();
    expect(submitted).toMatchObject({ status: 'in_review', creationIds: [creationId], primaryText: 'Spring' });

    const draft = await answer(api.POST('/ads', { body: { creationIds: [creationId], placements: ['instagram_feed'] } }), 201);
    expect(draft.status).toBe('draft');
    const sent = await answer(api.POST('/ads/{id}/submit', { params: { path: { id: draft.id } } }), 200);
    expect(sent).toMatchObject({ id: draft.id, status: 'in_review' });

    const read = await answer(api.GET('/ads/{id}', { params: { path: { id: draft.id } } }), 200);
    expect(read).toMatchObject({ id: draft.id, status: 'in_review', placements: ['instagram_feed'] });
  });

  it('lists funnels and their leads since a time, and deletes a lead (204)', async () => {
    const funnels = await answer(api.GET('/funnels'), 200);
    expectTypeOf(funnels).toEqualTypeOf<V1FunnelList>();
    expect(funnels.items.map((funnel) => funnel.id)).toEqual([funnelId]);

    const leads = (since: string) => api.GET('/funnels/{id}/leads', { params: { path: { id: funnelId }, query: { since, limit: 10 } } });
    const page = await answer(leads('2026-11-30T08:00:00Z'), 200);
    expectTypeOf(page).toEqualTypeOf<V1LeadPage>();
    expect(page.items).toEqual([expect.objectContaining({ id: leadId, data: { email: 'lead@example.com' } })]);
    expect((await answer(leads('2026-11-30T10:00:00Z'), 200)).items).toEqual([]);

    const deleted = await api.DELETE('/funnels/{id}/leads/{leadId}', { params: { path: { id: funnelId, leadId } } });
    expect(deleted.response.status).toBe(204);
    expect(deleted.error).toBeUndefined();
    expect((await answer(leads('2026-11-30T08:00:00Z'), 200)).items).toEqual([]);
  });

  it('gets the errors the document declares, typed as its Error', async () => {
    const missing = await api.GET('/creatives/{id}', { params: { path: { id: 'no-such-creative-0000' } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.error.code).toBe('not_found');

    const unreadable = await api.POST('/renders', { body: { template: 'bold-headline' }, bodySerializer: () => '{"template":' });
    expect(unreadable.response.status).toBe(400);
    expect(unreadable.error?.error).toMatchObject({ code: 'bad_request', requestId: expect.any(String) });

    const invalid = await api.GET('/funnels/{id}/leads', { params: { path: { id: funnelId }, query: { limit: 1000 } } });
    expect(invalid.response.status).toBe(422);
    expect(invalid.error?.error.details).toHaveProperty('limit');

    const noKey = await clientWith().GET('/templates');
    expect(noKey.response.status).toBe(401);
  });
});

describe('what the client exercised', () => {
  it('is every route of the document, each answered with a status it declares', () => {
    const routes = V1_ROUTES.map((route) => `${route.method} ${route.path}`).sort();
    expect([...exercised].sort()).toEqual(routes);
    expect(undeclared).toEqual([]);
  });
});
