import { env } from 'cloudflare:test';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebhookEndpointWithSecret } from '#common/schemas/webhooks.ts';
import { getDb } from '#worker/db/client.ts';
import { backoffSeconds } from '#worker/features/webhooks/delivery.ts';
import { emitEvent } from '#worker/features/webhooks/service.ts';
import { mailsTo, speaks } from '#worker/test/emails.ts';
import { createProject, createUser, type TestUser } from '#worker/test/factories.ts';
import { interceptHost, type Intercepted } from '#worker/test/fetch.ts';
import { send } from '#worker/test/http.ts';
import { RECEIVER, createEndpoint, deliverQueued, deliveryRow, endpointRow, holdQueue, webhooksPath } from '#worker/test/webhooks.ts';

/**
 * Delivering webhooks (issue 31 point 4): Standard Webhooks signatures checked with the
 * `standardwebhooks` package's own verify (rotation: both secrets for 24 h), retries with
 * exponential backoff for 24 h, then the endpoint switched off and its owners emailed; a
 * delivered message is not sent again; redirects are not followed.
 */

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 30, 12);

let owner: TestUser;
let editor: TestUser;
let projectId: string;
let queued: string[];
let endpoint: WebhookEndpointWithSecret;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
  owner = await createUser({ name: 'Olivia Owner' });
  editor = await createUser({ name: 'Ed Editor' });
  ({ id: projectId } = await createProject(owner, { editor }, 'Northwind Coffee'));
  queued = holdQueue();
  endpoint = await createEndpoint(owner, projectId, ['lead.created']);
});

afterEach(() => {
  vi.useRealTimers();
});

async function sendTest(): Promise<string> {
  const response = await send(webhooksPath(projectId, `/${endpoint.id}/test`), { method: 'POST', cookie: owner.cookie });
  expect(response.status).toBe(202);
  return queued.at(-1)!;
}

const headersOf = (call: Intercepted) => Object.fromEntries(call.request.headers);

describe('signatures', () => {
  it('signs per Standard Webhooks: the package’s verify accepts it, and refuses it tampered or stale', async () => {
    const calls = interceptHost(RECEIVER, () => new Response('thanks'));
    await deliverQueued([await sendTest()]);
    const [call] = calls;
    const headers = headersOf(call!);
    expect(headers['webhook-id']).toMatch(/^msg_/);
    expect(headers['webhook-timestamp']).toBe(String(T0 / 1000));
    expect(headers['content-type']).toBe('application/json');
    expect(headers['cookie']).toBeUndefined();
    expect(headers['authorization']).toBeUndefined();
    const wh = new Webhook(endpoint.secret);
    expect(wh.verify(call!.body, headers)).toMatchObject({ type: 'webhook.test', timestamp: new Date(T0).toISOString() });
    expect(() => wh.verify(call!.body.replace('test', 'tEst'), headers)).toThrow();
    expect(() => new Webhook(`whsec_${btoa('another secret of 32 bytes......')}`).verify(call!.body, headers)).toThrow();
    vi.setSystemTime(T0 + 10 * 60_000);
    expect(() => wh.verify(call!.body, headers)).toThrow(/too old/);
  });

  it('signs with both secrets for 24 h after a rotation, then with the new one only', async () => {
    const rotate = await send(webhooksPath(projectId, `/${endpoint.id}/rotate`), { method: 'POST', cookie: owner.cookie });
    expect(rotate.status).toBe(200);
    const rotated = (await rotate.json()) as WebhookEndpointWithSecret;
    expect(rotated.secret).not.toBe(endpoint.secret);
    expect(rotated.previousSecretExpiresAt).toBe(new Date(T0 + 24 * HOUR).toISOString());
    const calls = interceptHost(RECEIVER, () => new Response(null, { status: 204 }));

    await deliverQueued([await sendTest()]);
    const during = headersOf(calls[0]!);
    expect(during['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(new Webhook(endpoint.secret).verify(calls[0]!.body, during)).toBeTruthy();
    expect(new Webhook(rotated.secret).verify(calls[0]!.body, during)).toBeTruthy();

    vi.setSystemTime(T0 + 24 * HOUR + 1000);
    await deliverQueued([await sendTest()]);
    const after = headersOf(calls[1]!);
    expect(after['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(new Webhook(rotated.secret).verify(calls[1]!.body, after)).toBeTruthy();
    expect(() => new Webhook(endpoint.secret).verify(calls[1]!.body, after)).toThrow(/No matching signature/);
  });
});

describe('retries', () => {
  it('backs off exponentially: 30 s, then three times longer each time, at most 6 h', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 12].map(backoffSeconds)).toEqual([30, 90, 270, 810, 2430, 7290, 21600, 21600, 21600]);
  });

  it('retries a failing endpoint on that schedule for 24 h, then gives up, switches it off and emails its owners once', async () => {
    await speaks(owner, 'de');
    const calls = interceptHost(RECEIVER, () => new Response('down for maintenance', { status: 503 }));
    await emitEvent(getDb(env.DB), projectId, 'lead.created', { leadId: 'lead-1' });
    const deliveryId = queued.at(-1)!;
    expect(await deliveryRow(deliveryId)).toMatchObject({ type: 'lead.created', deadlineAt: new Date(T0 + 24 * HOUR) });

    const delays: number[] = [];
    for (let attempt = 1; attempt < 40; attempt += 1) {
      const { acked, retried } = await deliverQueued([deliveryId]);
      if (acked.length === 1) break;
      const delay = retried[0]!.delaySeconds!;
      delays.push(delay);
      const row = await deliveryRow(deliveryId);
      expect(row).toMatchObject({ status: 'pending', attempts: attempt, lastStatusCode: 503, lastResponse: 'down for maintenance' });
      expect(row!.nextAttemptAt!.getTime()).toBe(Date.now() + delay * 1000);
      // The message comes back early: it waits for the rest of the delay without a POST.
      const early = await deliverQueued([deliveryId]);
      expect(early.retried[0]!.delaySeconds).toBe(delay);
      vi.setSystemTime(Date.now() + delay * 1000);
    }
    expect(delays).toEqual([30, 90, 270, 810, 2430, 7290, 21600, 21600, 21600]);
    expect(calls).toHaveLength(delays.length + 1);
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: 'failed', nextAttemptAt: null, attempts: delays.length + 1 });
    expect(await endpointRow(endpoint.id)).toMatchObject({ disabledReason: 'failing' });

    // Once, to the owner only, in the owner's language.
    const mails = await mailsTo(owner.email, 'webhook_disabled');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Ein Webhook von Northwind Coffee wurde ausgeschaltet');
    expect(mails[0]!.textBody).toContain(endpoint.url);
    expect(mails[0]!.textBody).toContain(`/projects/${projectId}`);
    expect(await mailsTo(editor.email, 'webhook_disabled')).toEqual([]);

    // Off: a new event makes no delivery for it.
    const before = queued.length;
    await emitEvent(getDb(env.DB), projectId, 'lead.created', { leadId: 'lead-2' });
    expect(queued).toHaveLength(before);
  });

  it('a test event that keeps failing is given up without switching the endpoint off', async () => {
    interceptHost(RECEIVER, () => new Response(null, { status: 500 }));
    const id = await sendTest();
    for (let i = 0; i < 20; i += 1) {
      const { retried } = await deliverQueued([id]);
      if (retried.length === 0) break;
      vi.setSystemTime(Date.now() + retried[0]!.delaySeconds! * 1000);
    }
    expect(await deliveryRow(id)).toMatchObject({ status: 'failed' });
    expect(await endpointRow(endpoint.id)).toMatchObject({ disabledAt: null });
  });

  it('does not send a delivered message again when the queue delivers it twice', async () => {
    const calls = interceptHost(RECEIVER, () => new Response('ok'));
    const id = await sendTest();
    expect((await deliverQueued([id])).acked).toEqual([id]);
    expect((await deliverQueued([id, id])).acked).toEqual([id, id]);
    expect(calls).toHaveLength(1);
    expect(await deliveryRow(id)).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('does not follow a redirect (to a private address or anywhere): the attempt fails and is retried', async () => {
    const calls = interceptHost(RECEIVER, () => new Response(null, { status: 307, headers: { location: 'https://127.0.0.1/admin' } }));
    const id = await sendTest();
    const { retried } = await deliverQueued([id]);
    expect(retried).toEqual([{ deliveryId: id, delaySeconds: 30 }]);
    expect(calls).toHaveLength(1);
    expect(await deliveryRow(id)).toMatchObject({
      status: 'pending',
      lastStatusCode: null,
      lastResponse: 'The endpoint answered with a redirect; webhooks are not redirected.',
    });
  });

  it('an unreachable endpoint is an attempt without a status, retried', async () => {
    interceptHost(RECEIVER, () => {
      throw new TypeError('connection refused');
    });
    const id = await sendTest();
    expect((await deliverQueued([id])).retried).toHaveLength(1);
    expect(await deliveryRow(id)).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null, lastResponse: 'The site could not be reached.' });
  });
});
