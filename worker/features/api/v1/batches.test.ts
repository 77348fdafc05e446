import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiKeyCreated } from '#common/schemas/api-keys.ts';
import { v1Batch } from '#common/schemas/api-v1-batches.ts';
import type { BatchMessage } from '#worker/features/creatives/batches/service.ts';
import { apiCaller, apiGet, createKey } from '#worker/test/api-keys.ts';
import { drawAll, holdBatches } from '#worker/test/batches.ts';
import { balance, bytesOf, createCreative } from '#worker/test/creatives.ts';
import type { TestUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';
import { deliveriesOfProject, holdQueue, createEndpoint } from '#worker/test/webhooks.ts';

/** Bulk creatives and asynchronous renders through /api/v1 (issue 31 points 6 and 2, decision 0046). */

const RENDERING = { timeout: 120_000 };

let owner: TestUser;
let projectId: string;
let key: ApiKeyCreated;
let held: BatchMessage[];

beforeEach(async () => {
  ({ owner, projectId, key } = await apiCaller(['read', 'render'], { credits: 10 }));
  held = holdBatches();
  holdQueue();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}, secret = key.secret) =>
  send(`/api/v1${path}`, { json: body, headers: { authorization: `Bearer ${secret}`, ...headers } });

describe('POST /api/v1/batches', RENDERING, () => {
  it('starts a run of a template (202), draws it in the background, and reads it back with each done row’s creation', async () => {
    const response = await post('/batches', {
      template: 'bold-headline',
      format: 'portrait',
      rows: [{ modifications: [{ layer: 'headline', text: 'Dark roast' }] }, { modifications: [{ layer: 'nope', text: 'x' }] }],
    });
    expect(response.status, await response.clone().text()).toBe(202);
    const run = v1Batch.parse(await response.json());
    expect(run).toMatchObject({ status: 'queued', total: 2, failed: 1, format: 'portrait' });
    expect(await balance(owner)).toBe(9);
    await drawAll(held);

    const read = await apiGet(`/batches/${run.id}`, key.secret);
    expect(read.status).toBe(200);
    const done = v1Batch.parse(await read.json());
    expect(done).toMatchObject({ status: 'done', done: 1, failed: 1, credits: 1 });
    expect(done.rows![1]).toMatchObject({ status: 'failed', error: 'No layer is named “nope”.', creation: null });
    const creation = done.rows![0]!.creation!;
    expect(creation).toMatchObject({ format: 'portrait', width: 1080, height: 1350 });
    const url = new URL(creation.url);
    const png = await bytesOf(await send(url.pathname + url.search));
    expect(Array.from(png.slice(1, 4))).toEqual([0x50, 0x4e, 0x47]);
    expect(await balance(owner)).toBe(9);
  });

  it('honours Idempotency-Key: the same start twice is one run, one hold', async () => {
    const creative = await createCreative(owner, projectId);
    const body = { creativeId: creative.id, rows: [{ modifications: [{ layer: 'headline', text: 'Once' }] }] };
    const [a, b] = [await post('/batches', body, { 'idempotency-key': 'run-1' }), await post('/batches', body, { 'idempotency-key': 'run-1' })];
    expect(a.status).toBe(202);
    expect(b.status).toBe(202);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
    expect(((await b.json()) as { id: string }).id).toBe(((await a.json()) as { id: string }).id);
    expect(await balance(owner)).toBe(9);
  });

  it('refuses what is not a run (4xx), and another project’s run is a 404', async () => {
    expect((await post('/batches', { template: 'bold-headline', rows: [] })).status).toBe(422);
    expect((await post('/batches', { rows: [{}] })).status).toBe(422);
    const { key: otherKey } = await apiCaller(['render'], { credits: 5, name: 'Oscar Other' });
    const theirs = v1Batch.parse(await (await post('/batches', { template: 'bold-headline', rows: [{}] }, {}, otherKey.secret)).json());
    expect((await apiGet(`/batches/${theirs.id}`, key.secret)).status).toBe(404);
    const readOnly = await createKey(owner, projectId, ['read'], 'Reader');
    expect((await apiGet(`/batches/${theirs.id}`, readOnly.secret)).status).toBe(403);
  });
});

describe('POST /api/v1/renders with async', RENDERING, () => {
  it('answers 202 with a run of one row, and sends creation.rendered when it is drawn', async () => {
    await createEndpoint(owner, projectId, ['creation.rendered', 'batch.completed']);
    const response = await post('/renders', { template: 'bold-headline', async: true, modifications: [{ layer: 'headline', text: 'Later' }] });
    expect(response.status, await response.clone().text()).toBe(202);
    const run = v1Batch.parse(await response.json());
    expect(run).toMatchObject({ total: 1, status: 'queued' });
    expect(await deliveriesOfProject(projectId)).toEqual([]);
    await drawAll(held);
    const done = v1Batch.parse(await (await apiGet(`/batches/${run.id}`, key.secret)).json());
    expect(done.status).toBe('done');
    const deliveries = await deliveriesOfProject(projectId);
    expect(deliveries.map((d) => d.type)).toEqual(['creation.rendered']);
    expect(JSON.parse(deliveries[0]!.payload)).toMatchObject({ data: { creationId: done.rows![0]!.creation!.id } });
    expect(await balance(owner)).toBe(9);
  });
});
