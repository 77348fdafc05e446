import { env } from 'cloudflare:test';
import { eq, or } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { contactMessages, emailOutbox } from '#worker/db/schema.ts';
import { uniqueEmail } from '#worker/test/factories.ts';
import { flakyD1, recordingQueue } from '#worker/test/flaky-d1.ts';
import { nextAddress, send } from '#worker/test/http.ts';
import { deliverWrites, quietLogs } from '#worker/test/writes-queue.ts';

/** Contact messages sent while D1 refuses the write (decision 0043): the visitor is thanked, the message is written (and both emails sent) once D1 answers. */

const db = () => getDb(env.DB);
const stored = (email: string) => db().select().from(contactMessages).where(eq(contactMessages.email, email)).all();
const mails = (email: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(or(eq(emailOutbox.toAddress, email), eq(emailOutbox.toAddress, env.OPERATOR_EMAIL)))
    .all()
    .then((rows) => rows.filter((row) => row.toAddress === email || row.textBody.includes(email)));

describe('the contact form while D1 refuses the write', () => {
  it('without JavaScript: the thank-you page, then the message written and both emails sent once when D1 answers', async () => {
    quietLogs();
    const email = uniqueEmail('queued');
    const writes = recordingQueue();
    const response = await send('/contact', {
      form: { name: 'Vera Visitor', email, message: 'We would like a demo for our agency.', website: '' },
      headers: { 'cf-connecting-ip': nextAddress() },
      env: { DB: flakyD1(env.DB, 1000).d1, WRITES: writes.queue },
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Thank you, your message is on its way.');
    expect(html).toContain(email);
    expect(writes.sent).toEqual([expect.objectContaining({ kind: 'contact', data: expect.objectContaining({ email, locale: 'en' }) })]);
    expect(await stored(email)).toEqual([]);
    expect(await mails(email)).toEqual([]);

    const message = writes.sent[0]!;
    const first = await deliverWrites([message, message]);
    expect(first.acked).toEqual(first.ids);
    const again = await deliverWrites([message]);
    expect(again.acked).toEqual(again.ids);
    expect(await stored(email)).toEqual([
      expect.objectContaining({ id: (message as { id: string }).id, name: 'Vera Visitor', message: 'We would like a demo for our agency.' }),
    ]);
    const sent = await mails(email);
    expect(sent.map((row) => row.kind).sort()).toEqual(['contact_confirmation', 'contact_notification']);
  });

  it('with JavaScript (POST /api/contact): 201 as for a written message, and the message on the queue', async () => {
    quietLogs();
    const email = uniqueEmail('queued-json');
    const writes = recordingQueue();
    const response = await send('/api/contact', {
      json: { name: 'Jay', email, message: 'A question about the Agency plan.' },
      headers: { 'cf-connecting-ip': nextAddress() },
      env: { DB: flakyD1(env.DB, 1000).d1, WRITES: writes.queue },
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ received: true });
    expect(writes.sent).toHaveLength(1);
    expect(await stored(email)).toEqual([]);
    await deliverWrites(writes.sent);
    expect(await stored(email)).toHaveLength(1);
  });

  it('retries while D1 still refuses, and the message is written once it answers', async () => {
    quietLogs();
    const email = uniqueEmail('retried');
    const writes = recordingQueue();
    await send('/api/contact', {
      json: { name: 'Rhea', email, message: 'Please call me back about pricing.' },
      headers: { 'cf-connecting-ip': nextAddress() },
      env: { DB: flakyD1(env.DB, 1000).d1, WRITES: writes.queue },
    });
    const down = await deliverWrites(writes.sent, { bindings: { DB: flakyD1(env.DB, 1000).d1 } });
    expect(down.acked).toEqual([]);
    expect(down.retried).toEqual([{ msgId: down.ids[0], delaySeconds: 10 }]);
    expect(await stored(email)).toEqual([]);
    await deliverWrites(writes.sent);
    expect(await stored(email)).toHaveLength(1);
  });

  it('when the queue refuses too: the existing clear error (500), nothing pretends to be sent', async () => {
    quietLogs();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const email = uniqueEmail('lost');
    const writes = recordingQueue(undefined, { refuse: true });
    const bindings = { DB: flakyD1(env.DB, 1000).d1, WRITES: writes.queue };
    const json = await send('/api/contact', {
      json: { name: 'Jo', email, message: 'This one cannot be kept.' },
      headers: { 'cf-connecting-ip': nextAddress() },
      env: bindings,
    });
    expect(json.status).toBe(500);
    expect(((await json.json()) as { error: { code: string } }).error.code).toBe('internal');
    const page = await send('/contact', {
      form: { name: 'Jo', email, message: 'This one cannot be kept.' },
      headers: { 'cf-connecting-ip': nextAddress() },
      env: bindings,
    });
    expect(page.status).toBe(500);
    expect(await page.text()).not.toContain('Thank you, your message is on its way.');
    expect(writes.sent).toEqual([]);
  });

  it('bad input is still a clear 422 and is never queued', async () => {
    quietLogs();
    const writes = recordingQueue();
    const bindings = { DB: flakyD1(env.DB, 1000).d1, WRITES: writes.queue };
    const json = await send('/api/contact', {
      json: { name: 'Tom', email: 'nope', message: 'short' },
      headers: { 'cf-connecting-ip': nextAddress() },
      env: bindings,
    });
    expect(json.status).toBe(422);
    const page = await send('/contact', {
      form: { name: 'Tom', email: uniqueEmail('typo'), message: 'short' },
      headers: { 'cf-connecting-ip': nextAddress() },
      env: bindings,
    });
    expect(page.status).toBe(422);
    expect(await page.text()).toContain('Write at least 10 characters');
    expect(writes.sent).toEqual([]);
  });
});
