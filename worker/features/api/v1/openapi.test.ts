import type { Validator as ValidatorType } from '@cfworker/json-schema';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { V1_ROUTES } from '#common/schemas/api-v1.ts';
import { createApp } from '#worker/app.ts';
import { buildDocument } from '#worker/features/api/v1/openapi.ts';
import { apiGet, createKey, setPlan } from '#worker/test/api-keys.ts';
import { createCreative } from '#worker/test/creatives.ts';
import { createFunnel, createFunnelPage, createProject, createUser } from '#worker/test/factories.ts';
import { registeredRoutes } from '#worker/test/routes.ts';
import { creation, newAd } from '#worker/test/ads.ts';
import { insertLead } from '#worker/test/leads.ts';
import { holdBatches } from '#worker/test/batches.ts';

/**
 * The contract of /api/v1 (issue 31, decision 0040): the OpenAPI document the worker serves and
 * the routes Hono has are the same set, and what the real routes answer is valid against the
 * document's schemas (checked by a JSON Schema 2020-12 validator, not by the zod schemas the
 * document was made from).
 */

type Document = ReturnType<typeof buildDocument>;
type Operation = { security: { apiKey: string[] }[]; responses: Record<string, { content?: Record<string, { schema: object }> }> };

let served: Document;

type ValidatorClass = typeof ValidatorType;
let Validator: ValidatorClass;

/**
 * @cfworker/json-schema makes its default base URI from `self.location` when it loads; in the
 * test pool's isolate that can be a value `new URL` refuses. It is loaded with no location, then
 * the global is put back as it was.
 */
async function loadValidator(): Promise<ValidatorClass> {
  const own = Object.getOwnPropertyDescriptor(globalThis, 'location');
  Object.defineProperty(globalThis, 'location', { value: undefined, configurable: true, writable: true });
  try {
    return (await import('@cfworker/json-schema')).Validator;
  } finally {
    if (own) Object.defineProperty(globalThis, 'location', own);
    else delete (globalThis as { location?: unknown }).location;
  }
}

beforeAll(async () => {
  Validator = await loadValidator();
  const response = await apiGet('/openapi.json', undefined);
  expect(response.status).toBe(200);
  served = (await response.json()) as Document;
});

const operationOf = (path: string, method: string) => (served.paths[path] as Record<string, Operation> | undefined)?.[method];

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and the same as the one built in the worker', () => {
    expect(served.openapi).toBe('3.1.0');
    expect(served).toEqual(JSON.parse(JSON.stringify(buildDocument())));
  });

  it('names every /api/v1 route Hono has, with its method, and no other', () => {
    const inRouter = registeredRoutes(createApp())
      .filter((route) => route.path.startsWith('/api/v1/'))
      .map((route) => `${route.method.toLowerCase()} ${route.path.slice('/api/v1'.length).replace(/:(\w+)/g, '{$1}')}`)
      .sort();
    const inDocument = Object.entries(served.paths)
      .flatMap(([path, operations]) => Object.keys(operations as object).map((method) => `${method} ${path}`))
      .sort();
    expect(inDocument).toEqual(inRouter);
    expect(inDocument.length).toBe(V1_ROUTES.length);
  });

  it('asks for the scope each route’s bearer rule asks for', () => {
    for (const route of registeredRoutes(createApp()).filter((r) => r.path.startsWith('/api/v1/'))) {
      const operation = operationOf(route.path.slice('/api/v1'.length).replace(/:(\w+)/g, '{$1}'), route.method.toLowerCase())!;
      const rule = route.access;
      const scope = typeof rule === 'object' && 'apiKey' in rule ? rule.apiKey : null;
      expect(operation.security, route.key).toEqual(scope ? [{ apiKey: [scope] }] : []);
    }
  });
});

describe('the real answers', () => {
  let secret: string;
  const ids: Record<string, string> = {};
  const bodies: Record<string, unknown> = {};

  beforeAll(async () => {
    const owner = await createUser();
    const { id: projectId } = await createProject(owner);
    await setPlan(owner, 'pro');
    secret = (await createKey(owner, projectId, ['read', 'render', 'ads', 'leads'])).secret;
    const creative = await createCreative(owner, projectId);
    ids.creatives = creative.id;
    ids.creations = await creation(projectId, owner);
    ids.ads = (await newAd(owner, projectId, { creationIds: [ids.creations] })).id;
    const funnel = await createFunnel(owner, projectId);
    const page = await createFunnelPage(owner, funnel.id);
    ids.funnels = funnel.id;
    ids.leadId = await insertLead(funnel, page.id, { email: 'lead@example.com' }, new Date());
    bodies.createAd = { creationIds: [ids.creations], primaryText: 'Spring', submit: true };
    bodies.createRender = { template: 'bold-headline' };
    // Runs of bulk creatives: their queue is held (nothing is drawn in the background here).
    holdBatches();
    bodies.createBatch = { creativeId: creative.id, rows: [{ modifications: [{ layer: 'headline', text: 'Spring' }] }] };
    const run = await apiGet('/batches', secret, { method: 'POST', json: bodies.createBatch });
    ids.batches = ((await run.json()) as { id: string }).id;
  });
  beforeEach(() => {
    holdBatches();
  });

  for (const route of V1_ROUTES) {
    it(`${route.method.toUpperCase()} ${route.path} answers what the document says`, { timeout: 60_000 }, async () => {
      const path = route.path.replace(/^\/(\w+)\/\{id\}/, (_, collection: string) => `/${collection}/${ids[collection]}`).replace('{leadId}', ids.leadId!);
      const json = route.method === 'post' || route.method === 'patch' ? (bodies[route.operationId] ?? {}) : undefined;
      const response = await apiGet(path, route.scope ? secret : undefined, { method: route.method.toUpperCase(), json });
      const status = route.status ?? 200;
      expect(response.status).toBe(status);
      const content = (operationOf(route.path, route.method)!.responses as Record<string, { content?: Record<string, { schema: object }> }>)[String(status)]!
        .content;
      if (!content) return expect(await response.text()).toBe('');
      const result = new Validator(content['application/json']!.schema as never, '2020-12', false).validate(await response.json());
      expect(result.errors).toEqual([]);
    });
  }

  it('answers errors in the document’s envelope', async () => {
    const response = await apiGet('/creatives', undefined);
    expect(response.status).toBe(401);
    const result = new Validator(served.components.schemas.Error as never, '2020-12', false).validate(await response.json());
    expect(result.errors).toEqual([]);
  });

  it('would notice an answer that breaks the document', () => {
    const schema = operationOf('/creatives/{id}', 'get')!.responses['200']!.content!['application/json']!.schema;
    expect(new Validator(schema as never, '2020-12', false).validate({ id: 'x' }).valid).toBe(false);
  });
});
