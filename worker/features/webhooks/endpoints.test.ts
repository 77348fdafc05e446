import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_ENDPOINT_LIMIT, type WebhookDeliveryList, type WebhookEndpointList } from '#common/schemas/webhooks.ts';
import { getDb } from '#worker/db/client.ts';
import { webhookDeliveries } from '#worker/db/schema.ts';
import { purgeOldDeliveries, resendLostDeliveries } from '#worker/features/webhooks/service.ts';
import { createProject, createUser, type TestUser } from '#worker/test/factories.ts';
import { interceptHost } from '#worker/test/fetch.ts';
import { send } from '#worker/test/http.ts';
import { RECEIVER, RECEIVER_URL, createEndpoint, deliverQueued, deliveryRow, endpointRow, holdQueue, webhooksPath } from '#worker/test/webhooks.ts';

/** Webhook endpoints (issue 31 point 4): managed by the project's owner, https and public hosts only, ten at most; the log, send again, test events, the cron. */

type Envelope = { error: { code: string; details?: Record<string, string[]> } };

let owner: TestUser;
let editor: TestUser;
let projectId: string;
let queued: string[];

beforeEach(async () => {
  owner = await createUser({ name: 'Olivia Owner' });
  editor = await createUser({ name: 'Ed Editor' });
  ({ id: projectId } = await createProject(owner, { editor }));
  queued = holdQueue();
});

const create = (body: unknown, user = owner) => send(webhooksPath(projectId), { json: body, cookie: user.cookie });
const list = async () => (await (await send(webhooksPath(projectId), { cookie: owner.cookie })).json()) as WebhookEndpointList;

describe('adding an endpoint', () => {
  it('shows a Standard Webhooks secret once, keeps it sealed, and lists the endpoint without it', async () => {
    const created = await createEndpoint(owner, projectId, ['lead.created', 'creation.rendered']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created).toMatchObject({ url: RECEIVER_URL, events: ['lead.created', 'creation.rendered'], enabled: true, disabledReason: null });
    const row = await endpointRow(created.id);
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(6));
    const listed = await list();
    expect(listed.limit).toBe(WEBHOOK_ENDPOINT_LIMIT);
    expect(listed.items).toEqual([{ ...created, secret: undefined }]);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
  });

  it.each([
    ['http://hooks.example.com/x', 'Only secure (https://) addresses can be read.'],
    ['https://127.0.0.1/hook', 'That address points inside a private network.'],
    ['https://10.1.2.3/hook', 'That address points inside a private network.'],
    ['https://169.254.169.254/latest/meta-data', 'That address points inside a private network.'],
    ['https://[::1]/hook', 'That address points inside a private network.'],
    ['https://localhost/hook', 'That address is a local name, not a public website.'],
    ['https://printer.local/hook', 'That address is a local name, not a public website.'],
    ['https://hooks.example.com:8443/x', 'Only addresses on the standard https port can be read.'],
    ['https://user:pw@hooks.example.com/x', 'Enter the address without a user name or password.'],
  ])('refuses %s with 422 on the address (the website reader’s rules)', async (url, message) => {
    const response = await create({ url, events: ['lead.created'] });
    expect(response.status).toBe(422);
    expect(((await response.json()) as Envelope).error.details?.url).toEqual([message]);
    expect((await list()).items).toEqual([]);
  });

  it.each([
    [{}],
    [{ url: RECEIVER_URL }],
    [{ url: RECEIVER_URL, events: [] }],
    [{ url: RECEIVER_URL, events: ['lead.deleted'] }],
    [{ url: RECEIVER_URL, events: ['lead.created', 'lead.created'] }],
    [{ url: 'not an address', events: ['lead.created'] }],
    [{ url: `https://example.com/${'x'.repeat(600)}`, events: ['lead.created'] }],
    [{ url: 42, events: 'lead.created' }],
  ])('refuses malformed input %j with 422', async (body) => {
    expect((await create(body)).status).toBe(422);
  });

  it('is for the owner only', async () => {
    expect((await create({ url: RECEIVER_URL, events: ['lead.created'] }, editor)).status).toBe(403);
    expect((await send(webhooksPath(projectId), { cookie: editor.cookie })).status).toBe(403);
  });

  it(`allows ${WEBHOOK_ENDPOINT_LIMIT} per project, also under 20 concurrent creates`, async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => create({ url: `https://hooks.example.com/${i}`, events: ['lead.created'] })));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(WEBHOOK_ENDPOINT_LIMIT);
    expect(statuses.filter((s) => s === 402)).toHaveLength(20 - WEBHOOK_ENDPOINT_LIMIT);
    expect((await list()).items).toHaveLength(WEBHOOK_ENDPOINT_LIMIT);
  });
});

describe('changing an endpoint', () => {
  it('changes the events and address, switches it off and on (clearing a failure), and deletes it', async () => {
    const created = await createEndpoint(owner, projectId);
    const patch = (body: unknown) => send(webhooksPath(projectId, `/${created.id}`), { method: 'PATCH', json: body, cookie: owner.cookie });
    const response = await patch({ events: ['ad.approved'], url: 'https://crm.example.org/in' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ events: ['ad.approved'], url: 'https://crm.example.org/in', enabled: true });
    expect((await patch({ url: 'http://crm.example.org/in' })).status).toBe(422);
    expect(await (await patch({ enabled: false })).json()).toMatchObject({ enabled: false, disabledReason: 'owner' });
    expect(await (await patch({ enabled: true })).json()).toMatchObject({ enabled: true, disabledReason: null });
    expect((await patch({ enabled: 'yes' })).status).toBe(422);
    expect((await send(webhooksPath(projectId, `/${created.id}`), { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    expect((await list()).items).toEqual([]);
    expect((await send(webhooksPath(projectId, `/${created.id}`), { method: 'DELETE', cookie: owner.cookie })).status).toBe(404);
  });

  it('answers 404 for another project’s endpoint on every route, and changes nothing there', async () => {
    const other = await createUser();
    const otherProject = await createProject(other);
    const theirs = await createEndpoint(other, otherProject.id);
    const mine = await createEndpoint(owner, projectId);
    await send(webhooksPath(otherProject.id, `/${theirs.id}/test`), { method: 'POST', cookie: other.cookie });
    const [theirDelivery] = queued;
    const sealedBefore = (await endpointRow(theirs.id))!.secretSealed;
    const base = webhooksPath(projectId, `/${theirs.id}`);
    const attempts: [string, string, unknown?][] = [
      ['PATCH', base, { enabled: false }],
      ['DELETE', base],
      ['POST', `${base}/rotate`],
      ['POST', `${base}/test`],
      ['GET', `${base}/deliveries`],
      ['POST', `${base}/deliveries/${theirDelivery}/resend`],
      ['POST', webhooksPath(projectId, `/${mine.id}/deliveries/${theirDelivery}/resend`)],
      ['GET', webhooksPath(projectId, '/not-an-id!/deliveries')],
    ];
    for (const [method, path, json] of attempts) {
      const response = await send(path, { method, cookie: owner.cookie, ...(json === undefined ? {} : { json }) });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect(await endpointRow(theirs.id)).toMatchObject({ disabledAt: null, secretSealed: sealedBefore });
    expect(queued).toHaveLength(1);
  });
});

describe('the delivery log', () => {
  it('sends a test event, logs the answer (status, latency, the first 1 KB), and sends it again as a new delivery of the same event', async () => {
    const endpoint = await createEndpoint(owner, projectId);
    const calls = interceptHost(RECEIVER, () => new Response('ok '.repeat(1000), { status: 200 }));
    const test = await send(webhooksPath(projectId, `/${endpoint.id}/test`), { method: 'POST', cookie: owner.cookie });
    expect(test.status).toBe(202);
    expect(await test.json()).toMatchObject({ type: 'webhook.test', status: 'pending', attempts: 0 });
    expect(await deliverQueued(queued)).toMatchObject({ acked: [queued[0]], retried: [] });
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]!.body)).toMatchObject({ type: 'webhook.test', data: { projectId, endpointId: endpoint.id } });

    const log = async () =>
      ((await (await send(webhooksPath(projectId, `/${endpoint.id}/deliveries`), { cookie: owner.cookie })).json()) as WebhookDeliveryList).items;
    const [delivered] = await log();
    expect(delivered).toMatchObject({ id: queued[0], type: 'webhook.test', status: 'delivered', attempts: 1, statusCode: 200, nextAttemptAt: null });
    expect(delivered!.response).toHaveLength(1024);
    expect(delivered!.latencyMs).toBeGreaterThanOrEqual(0);

    const again = await send(webhooksPath(projectId, `/${endpoint.id}/deliveries/${delivered!.id}/resend`), { method: 'POST', cookie: owner.cookie });
    expect(again.status).toBe(202);
    await deliverQueued([queued[1]!]);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.request.headers.get('webhook-id')).toBe(calls[0]!.request.headers.get('webhook-id'));
    expect(calls[1]!.body).toBe(calls[0]!.body);
    const after = await log();
    expect(after.map((d) => d.eventId)).toEqual([delivered!.eventId, delivered!.eventId]);
    expect(after.map((d) => d.status)).toEqual(['delivered', 'delivered']);
  });
});

describe('the cron', () => {
  it('queues again a pending delivery whose message was lost, and purges log rows older than 30 days', async () => {
    await getDb(env.DB).delete(webhookDeliveries);
    const endpoint = await createEndpoint(owner, projectId);
    await send(webhooksPath(projectId, `/${endpoint.id}/test`), { method: 'POST', cookie: owner.cookie });
    const [lost] = queued;
    const now = Date.now();
    expect(await resendLostDeliveries(getDb(env.DB), new Date(now + 60_000))).toBe(0);
    expect(await resendLostDeliveries(getDb(env.DB), new Date(now + 10 * 60_000))).toBe(1);
    expect(queued).toEqual([lost, lost]);
    // Both messages arrive: the delivery is sent once.
    const calls = interceptHost(RECEIVER, () => new Response(null, { status: 204 }));
    const { acked } = await deliverQueued(queued);
    expect(acked).toEqual([lost, lost]);
    expect(calls).toHaveLength(1);

    await getDb(env.DB)
      .insert(webhookDeliveries)
      .values({
        id: 'old-delivery-000001',
        eventId: 'msg_old',
        endpointId: endpoint.id,
        projectId,
        type: 'webhook.test',
        payload: '{}',
        status: 'delivered',
        deadlineAt: new Date(now - 30 * 86_400_000),
        createdAt: new Date(now - 31 * 86_400_000),
      });
    expect(await purgeOldDeliveries(getDb(env.DB), new Date(now))).toBe(1);
    expect(await deliveryRow('old-delivery-000001')).toBeUndefined();
    expect(await deliveryRow(lost!)).toBeDefined();
  });
});
