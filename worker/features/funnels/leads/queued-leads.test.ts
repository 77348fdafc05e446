import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { BlockOf } from '#common/schemas/blocks.ts';
import { getDb } from '#worker/db/client.ts';
import { emailOutbox, leads, pageStats } from '#worker/db/schema.ts';
import type { Bindings } from '#worker/env.ts';
import { submitLead } from '#worker/features/funnels/leads/service.ts';
import { createProject, createUser, type TestUser } from '#worker/test/factories.ts';
import { flakyD1, recordingQueue } from '#worker/test/flaky-d1.ts';
import { formBlock, heroBlock, pageDoc, seedFunnel, type SeededFunnel } from '#worker/test/funnels-edge.ts';
import { nextAddress, send } from '#worker/test/http.ts';
import { createEndpoint, deliveriesOfProject, holdQueue } from '#worker/test/webhooks.ts';
import { deliverWrites as deliver, quietLogs } from '#worker/test/writes-queue.ts';

/**
 * Leads sent while D1 refuses the write (decision 0043): the visitor's answer is the one of
 * success, the lead waits on the WRITES queue and the queue's handler writes it once, with its
 * count and the members' email, whatever the failures and redeliveries on the way.
 */

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const VALID = { formId: 'signup', name: 'Ada Lovelace', email: 'ada@example.com', plan: 'Weekly', consent: 'on' };
const db = () => getDb(env.DB);

let projectId: string;
let owner: TestUser;

beforeAll(async () => {
  owner = await createUser({ name: 'Olga Owner' });
  const editor = await createUser({ name: 'Eddie Editor' });
  projectId = (await createProject(owner, { editor })).id;
});

function funnelWithForm(notifyLeads = true) {
  return seedFunnel(projectId, {
    notifyLeads,
    pages: [
      { slug: 'offer', title: 'Spring offer', a: pageDoc([heroBlock('Spring blend'), formBlock()]) },
      { slug: 'thanks', a: pageDoc([heroBlock('Thank you!')]) },
    ],
  });
}

function post(path: string, fields: Record<string, string>, bindings: Partial<Bindings>, ip = nextAddress()) {
  return send(path, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': BROWSER, 'cf-connecting-ip': ip },
    env: bindings,
  });
}

const leadsOf = (funnel: SeededFunnel) => db().select().from(leads).where(eq(leads.funnelId, funnel.id)).all();
const countedLeads = async (funnel: SeededFunnel) =>
  (await db().select().from(pageStats).where(eq(pageStats.pageId, funnel.pages[0]!.id)).all()).reduce((sum, row) => sum + row.leads, 0);
const leadEmails = () => db().select().from(emailOutbox).where(eq(emailOutbox.kind, 'funnel_lead')).all();

describe('a form post while D1 refuses the write', () => {
  it('answers as a success would (303 to the next page), queues the lead and writes it with its count and email when D1 answers', async () => {
    quietLogs();
    const funnel = await funnelWithForm();
    const healthy = await post(`/p/${funnel.name}/offer`, VALID, {});
    const flaky = flakyD1(env.DB, 1000);
    const writes = recordingQueue();
    const response = await post(
      `/p/${funnel.name}/offer`,
      { ...VALID, email: 'grace@example.com', utm_source: 'newsletter' },
      { DB: flaky.d1, WRITES: writes.queue },
    );
    expect(response.status).toBe(healthy.status);
    expect(response.headers.get('location')).toBe(healthy.headers.get('location'));
    expect(response.headers.get('location')).toBe(`/p/${funnel.name}/thanks`);
    // Two writes were refused: the rate limit's count (kept in memory instead) and the lead's batch.
    expect(flaky.failed).toBe(2);
    expect(flaky.written).toBe(0);
    expect(writes.sent).toHaveLength(1);
    const message = writes.sent[0] as { kind: string; id: string; sentAt: number; data: { lead: { id: string } } };
    expect(message).toMatchObject({ kind: 'lead', id: message.data.lead.id });
    const before = await leadsOf(funnel);
    expect(before).toHaveLength(1);
    const emailsBefore = (await leadEmails()).length;

    const settled = await deliver(writes.sent);
    expect(settled.acked).toEqual(settled.ids);
    expect(settled.retried).toEqual([]);
    const after = await leadsOf(funnel);
    expect(after).toHaveLength(2);
    expect(after.find((lead) => lead.id === message.id)).toMatchObject({
      pageId: funnel.pages[0]!.id,
      variant: 'a',
      email: 'grace@example.com',
      data: { name: 'Ada Lovelace', email: 'grace@example.com', plan: 'Weekly', consent: true },
      utm: { source: 'newsletter', medium: '', campaign: '', term: '', content: '' },
      createdAt: new Date(message.sentAt),
    });
    expect(await countedLeads(funnel)).toBe(2);
    // One email per member (owner, editor), as for a lead written at once.
    expect((await leadEmails()).length - emailsBefore).toBe(2);
  });

  it('on the last page: the thank-you state, the same as a written lead', async () => {
    quietLogs();
    const funnel = await seedFunnel(projectId, { pages: [{ slug: 'only', a: pageDoc([formBlock()]) }] });
    const writes = recordingQueue();
    const response = await post(`/p/${funnel.name}/only`, VALID, { DB: flakyD1(env.DB, 1000).d1, WRITES: writes.queue });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/p/${funnel.name}/only?sent=signup`);
    const thanks = await send(`/p/${funnel.name}/only?sent=signup`, { headers: { 'user-agent': BROWSER } });
    expect(await thanks.text()).toContain('Thanks! The guide is on its way.');
    expect(writes.sent).toHaveLength(1);
  });

  it('a duplicate delivery writes one lead, counts it once and emails the members once', async () => {
    quietLogs();
    const funnel = await funnelWithForm();
    const writes = recordingQueue();
    await post(`/p/${funnel.name}/offer`, VALID, { DB: flakyD1(env.DB, 1000).d1, WRITES: writes.queue });
    const emailsBefore = (await leadEmails()).length;
    const message = writes.sent[0]!;
    // The same message twice in one batch, then once more later (at-least-once delivery).
    const first = await deliver([message, message]);
    expect(first.acked).toEqual(first.ids);
    const again = await deliver([message], { attempts: 2 });
    expect(again.acked).toEqual(again.ids);
    expect(await leadsOf(funnel)).toHaveLength(1);
    expect(await countedLeads(funnel)).toBe(1);
    expect((await leadEmails()).length - emailsBefore).toBe(2);
  });

  it('while D1 still refuses, the handler retries the message with a growing delay and writes it once D1 answers', async () => {
    quietLogs();
    const funnel = await funnelWithForm(false);
    const writes = recordingQueue();
    await post(`/p/${funnel.name}/offer`, VALID, { DB: flakyD1(env.DB, 1000).d1, WRITES: writes.queue });
    const down = flakyD1(env.DB, 1000);
    const delays: number[] = [];
    for (const attempts of [1, 2, 3, 9, 20]) {
      const settled = await deliver(writes.sent, { attempts, bindings: { DB: down.d1 } });
      expect(settled.acked).toEqual([]);
      expect(settled.retried.map((retry) => retry.msgId)).toEqual(settled.ids);
      delays.push(settled.retried[0]!.delaySeconds ?? Number.NaN);
    }
    expect(delays).toEqual([10, 20, 40, 2560, 3600]);
    expect(await leadsOf(funnel)).toEqual([]);
    const settled = await deliver(writes.sent, { attempts: 6 });
    expect(settled.acked).toEqual(settled.ids);
    expect(await leadsOf(funnel)).toHaveLength(1);
    expect(await countedLeads(funnel)).toBe(1);
  });

  it('when the queue refuses too, the visitor gets the error page: nothing pretends to be sent', async () => {
    quietLogs();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const funnel = await funnelWithForm();
    const writes = recordingQueue(undefined, { refuse: true });
    const response = await post(`/p/${funnel.name}/offer`, VALID, { DB: flakyD1(env.DB, 1000).d1, WRITES: writes.queue });
    expect(response.status).toBe(500);
    expect(response.headers.get('location')).toBeNull();
    expect(writes.sent).toEqual([]);
    expect(await leadsOf(funnel)).toEqual([]);
    const lines = error.mock.calls.map((call) => String(call[0]));
    const lost = lines.find((line) => line.includes('write_not_deferred'));
    expect(lost).toBeDefined();
    // The log names the kind and the id, never what the visitor typed.
    expect(lost).toContain('"kind":"lead"');
    expect(lost).not.toContain('ada@example.com');
    // Nor does the error's report carry it (drizzle's wrapper lists the statement's values).
    expect(error.mock.calls.flat().map(String).join('\n')).not.toContain('ada@example.com');
  });

  it('bad input is still a clear 422 and is never queued', async () => {
    quietLogs();
    const funnel = await funnelWithForm();
    const writes = recordingQueue();
    const response = await post(
      `/p/${funnel.name}/offer`,
      { formId: 'signup', name: 'Tom', email: 'not-an-email' },
      { DB: flakyD1(env.DB, 1000).d1, WRITES: writes.queue },
    );
    expect(response.status).toBe(422);
    expect(await response.text()).toContain('Enter a valid email address');
    expect(writes.sent).toEqual([]);
  });

  it('while D1 cannot count, the rate limit fails open for queued leads but still stops a burst from one network', async () => {
    quietLogs();
    const funnel = await funnelWithForm(false);
    const writes = recordingQueue();
    const flaky = flakyD1(env.DB, 1000);
    const ip = nextAddress();
    for (let i = 0; i < 10; i += 1) expect((await post(`/p/${funnel.name}/offer`, VALID, { DB: flaky.d1, WRITES: writes.queue }, ip)).status).toBe(303);
    const refused = await post(`/p/${funnel.name}/offer`, VALID, { DB: flaky.d1, WRITES: writes.queue }, ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(writes.sent).toHaveLength(10);
    // Another network is not held back.
    expect((await post(`/p/${funnel.name}/offer`, VALID, { DB: flaky.d1, WRITES: writes.queue })).status).toBe(303);
  });

  it('a queued write is logged without personal data', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const funnel = await funnelWithForm(false);
    const writes = recordingQueue();
    await post(`/p/${funnel.name}/offer`, VALID, { DB: flakyD1(env.DB, 1000).d1, WRITES: writes.queue });
    const line = warn.mock.calls.map((call) => String(call[0])).find((text) => text.includes('write_deferred'));
    expect(line).toBeDefined();
    const fields = JSON.parse(line!) as Record<string, unknown>;
    expect(fields).toMatchObject({
      level: 'warn',
      message: 'write_deferred',
      kind: 'lead',
      id: (writes.sent[0] as { id: string }).id,
      reason: 'Error: D1_ERROR: Network connection lost.',
    });
    expect(fields.deferredInIsolate).toBeGreaterThanOrEqual(1);
    expect(line).not.toMatch(/ada|lovelace|weekly/i);
  });
});

describe('through the real WRITES binding', () => {
  it('the queue’s consumer writes the lead once D1 answers', async () => {
    quietLogs();
    const funnel = await funnelWithForm(false);
    // The two writes of the request fail; the consumer's pass.
    const response = await post(`/p/${funnel.name}/offer`, VALID, { DB: flakyD1(env.DB, 2).d1 });
    expect(response.status).toBe(303);
    await vi.waitFor(async () => expect(await leadsOf(funnel)).toHaveLength(1), { timeout: 15_000, interval: 100 });
    expect(await countedLeads(funnel)).toBe(1);
  });
});

describe('any sequence of failures and redeliveries', () => {
  it('ends with each submitted lead stored exactly once, counted once, with one lead.created event, and each queued one emailed once', async () => {
    quietLogs();
    const queuedEvents = holdQueue();
    await createEndpoint(owner, projectId, ['lead.created']);
    const funnel = await funnelWithForm();
    const lead = { id: funnel.id, projectId, title: 'Spring campaign', locale: 'en' as const };
    // Per lead: the D1 failures its request meets (0: written at once); then delivery rounds: which pending or already written messages
    // are (re)delivered, and how many writes fail during the round.
    const scenario = fc.record({
      failuresAtSubmit: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 4 }),
      rounds: fc.array(fc.record({ pick: fc.array(fc.nat(), { maxLength: 5 }), failures: fc.integer({ min: 0, max: 4 }) }), { maxLength: 6 }),
    });
    await fc.assert(
      fc.asyncProperty(scenario, async ({ failuresAtSubmit, rounds }) => {
        const writes = recordingQueue();
        const submitted: string[] = [];
        const emailsBefore = (await leadEmails()).length;
        const countBefore = await countedLeads(funnel);
        for (const failures of failuresAtSubmit) {
          const flaky = flakyD1(env.DB, failures);
          const stored = await submitLead(getDb(flaky.d1), {
            funnel: lead,
            pageId: funnel.pages[0]!.id,
            variant: 'a',
            form: (formBlock() as BlockOf<'form'>).props,
            fields: VALID,
            attribution: {},
            ip: nextAddress(),
            now: Date.now(),
            writes: writes.queue,
            notice: { funnel: lead, pageTitle: 'Spring offer', link: null },
          });
          submitted.push(stored.id);
          expect(stored.outcome).toBe(failures >= 2 ? 'queued' : 'created');
        }
        // The queue: messages not yet acknowledged, and every message ever sent (a redelivery may bring any of them back).
        const all = writes.sent;
        let pending = [...all];
        for (const round of rounds) {
          const picked = round.pick.map((n) => all[n % Math.max(1, all.length)]).filter((body) => body !== undefined);
          if (picked.length === 0) continue;
          const flaky = flakyD1(env.DB, round.failures);
          const settled = await deliver(picked, { bindings: { DB: flaky.d1 } });
          const acked = new Set(settled.acked);
          for (const [i, body] of picked.entries()) if (acked.has(settled.ids[i]!)) pending = pending.filter((p) => p !== body);
        }
        // Then D1 answers and the queue delivers what is left.
        if (pending.length > 0) expect((await deliver(pending)).retried).toEqual([]);
        const rows = await db().select({ id: leads.id }).from(leads).where(eq(leads.funnelId, funnel.id)).all();
        for (const id of submitted) expect(rows.filter((row) => row.id === id)).toHaveLength(1);
        // One event per lead, written with it (decision 0042), whichever write or delivery stored it; each on the webhooks queue.
        const events = (await deliveriesOfProject(projectId)).map((row) => ({
          id: row.id,
          data: (JSON.parse(row.payload) as { data: { leadId: string } }).data,
        }));
        for (const id of submitted) expect(events.filter((event) => event.data.leadId === id)).toHaveLength(1);
        expect(events.map((event) => event.id).every((id) => queuedEvents.includes(id))).toBe(true);
        expect((await countedLeads(funnel)) - countBefore).toBe(submitted.length);
        // Every queued lead's email (the edge sends those written at once): two members, once each.
        const queued = new Set(all.map((body) => (body as { id: string }).id)).size;
        expect((await leadEmails()).length - emailsBefore).toBe(2 * queued);
      }),
      { numRuns: 25 },
    );
  });
});
