import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import type { WebhookDeliveryList } from '#common/schemas/webhooks.ts';
import type { en as validationEn } from '#common/locales/validation/en.ts';
import { getDb } from '#worker/db/client.ts';
import { webhookDeliveries } from '#worker/db/schema.ts';
import { i18nFor } from '#worker/lib/i18n.ts';
import { createProject, createUser, type TestUser } from '#worker/test/factories.ts';
import { interceptHost } from '#worker/test/fetch.ts';
import { send } from '#worker/test/http.ts';
import { RECEIVER, createEndpoint, deliverQueued, holdQueue, webhooksPath } from '#worker/test/webhooks.ts';

/**
 * The delivery log in the reader's language (decision 0032: signed in, the account's language):
 * why a delivery got no answer is stored in English and said in German to a German reader; an
 * endpoint's own answer is shown as it came.
 */

/** Every reason the delivery stores when there was no answer, and its message in the validation area. */
const REASONS: readonly [english: string, id: keyof typeof validationEn][] = [
  ['The site could not be reached.', 'validation.brand.unreachable'],
  ['The endpoint answered with a redirect; webhooks are not redirected.', 'validation.webhooks.redirected'],
  ['The endpoint was switched off.', 'validation.webhooks.switchedOff'],
  ['The site did not answer in time.', 'validation.brand.timeout'],
  ['The delivery could not be sent.', 'validation.webhooks.notSent'],
];

let owner: TestUser;
let projectId: string;
let queued: string[];

beforeEach(async () => {
  owner = await createUser({ name: 'Olivia Owner' });
  ({ id: projectId } = await createProject(owner));
  queued = holdQueue();
});

const speak = async (locale: 'en' | 'de') => expect((await send('/api/me', { method: 'PATCH', json: { locale }, cookie: owner.cookie })).status).toBe(200);

async function logOf(endpointId: string): Promise<Map<string, string | null>> {
  const response = await send(webhooksPath(projectId, `/${endpointId}/deliveries`), { cookie: owner.cookie });
  expect(response.status).toBe(200);
  const { items } = (await response.json()) as WebhookDeliveryList;
  return new Map(items.map((item) => [item.id, item.response]));
}

const sendTest = async (endpointId: string) =>
  expect((await send(webhooksPath(projectId, `/${endpointId}/test`), { method: 'POST', cookie: owner.cookie })).status).toBe(202);

/**
 * A delivery row: a pending event's (no answer yet), or one as the queue leaves it, for the
 * reasons no test can bring about on time (a timeout, an unexpected error).
 */
async function logged(endpointId: string, id: string, response: string | null, statusCode: number | null = null) {
  const now = new Date();
  const pending = response === null;
  await getDb(env.DB)
    .insert(webhookDeliveries)
    .values({
      id,
      eventId: `msg_${id}`,
      endpointId,
      projectId,
      type: pending ? 'lead.created' : 'webhook.test',
      payload: '{}',
      status: pending ? 'pending' : 'failed',
      attempts: pending ? 0 : 1,
      nextAttemptAt: pending ? now : null,
      lastStatusCode: statusCode,
      lastLatencyMs: pending ? null : 5,
      lastResponse: response,
      lastAttemptAt: pending ? null : now,
      deadlineAt: pending ? new Date(now.getTime() + 86_400_000) : now,
      createdAt: now,
    });
}

describe('the delivery log’s reasons', () => {
  it('are said in German to a German reader and in English to an English one; an endpoint’s own answer stays as it came', async () => {
    const endpoint = await createEndpoint(owner, projectId);
    // Through the queue, as the workspace's "send a test event": the receiver cannot be reached,
    // then it redirects; and an event waits while the endpoint is switched off.
    let call = 0;
    interceptHost(RECEIVER, () => {
      call += 1;
      if (call === 1) throw new TypeError('connection refused');
      return new Response(null, { status: 302, headers: { location: 'https://elsewhere.example.com/' } });
    });
    for (let i = 0; i < 2; i += 1) await sendTest(endpoint.id);
    await deliverQueued([queued[0]!]);
    await deliverQueued([queued[1]!]);
    await logged(endpoint.id, 'delivery-waiting-0001', null);
    expect((await send(webhooksPath(projectId, `/${endpoint.id}`), { method: 'PATCH', json: { enabled: false }, cookie: owner.cookie })).status).toBe(200);
    await deliverQueued(['delivery-waiting-0001']);
    await logged(endpoint.id, 'delivery-timeout-0001', 'The site did not answer in time.');
    await logged(endpoint.id, 'delivery-notsent-0001', 'The delivery could not be sent.');
    // The endpoint's own answer, in English, with its status: never translated.
    await logged(endpoint.id, 'delivery-answer-00001', 'The site could not be reached.', 503);
    const ids = [...queued.slice(0, 2), 'delivery-waiting-0001', 'delivery-timeout-0001', 'delivery-notsent-0001'];

    await speak('en');
    const english = await logOf(endpoint.id);
    expect(ids.map((id) => english.get(id))).toEqual(REASONS.map(([text]) => text));

    await speak('de');
    const german = await logOf(endpoint.id);
    const de = i18nFor('de');
    expect(ids.map((id) => german.get(id))).toEqual(REASONS.map(([, id]) => de._(id)));
    for (const [text, id] of REASONS) expect(de._(id)).not.toBe(text);
    expect(german.get('delivery-answer-00001')).toBe('The site could not be reached.');
  });
});
