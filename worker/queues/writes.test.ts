import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { WRITE_RETRIES, keptWriteKey, retryDelaySeconds } from '#worker/queues/writes.ts';
import { interceptHost } from '#worker/test/fetch.ts';
import { flakyD1 } from '#worker/test/flaky-d1.ts';
import { deliverWrites } from '#worker/test/writes-queue.ts';

/** The WRITES queue's handler beyond one feature's writes (decision 0043): its delays, and what it keeps instead of dropping. */

const DSN = 'https://writespublickey@o4501.ingest.sentry.io/4507';
const HOUR = 60 * 60 * 1000;

let counter = 0;
const deliver = async (body: unknown, options: Parameters<typeof deliverWrites>[1] = {}) => {
  const settled = await deliverWrites([body], options);
  return { ...settled, id: settled.ids[0]! };
};

/** A contact message as the queue carries it, sent `ageMs` ago. */
function contactWrite(ageMs: number) {
  counter += 1;
  const id = `contact-write-${counter}`;
  const sentAt = Date.now() - ageMs;
  return {
    kind: 'contact',
    id,
    sentAt,
    data: { id, name: 'Kim', email: 'kim@example.com', message: 'Kept for later.', userId: null, locale: 'en', createdAt: sentAt },
  };
}

describe('the delay between attempts', () => {
  it('doubles from 10 seconds up to an hour', () => {
    expect([1, 2, 3, 4, 8, 9, 10, 50, 1000].map(retryDelaySeconds)).toEqual([10, 20, 40, 80, 1280, 2560, 3600, 3600, 3600]);
  });

  it('reaches 24 hours well before the queue’s ceiling of 100 deliveries drops a message', () => {
    let waited = 0;
    let attempts = 0;
    while (waited < WRITE_RETRIES.keepAfterMs) waited += retryDelaySeconds(++attempts) * 1000;
    expect(attempts).toBeLessThan(WRITE_RETRIES.keepAtAttempt);
  });
});

describe('a write that cannot be made', () => {
  it('after 24 hours of refusals: kept in R2 with its body, reported to Sentry (no personal data), acknowledged', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const sentry = interceptHost('o4501.ingest.sentry.io', () => Response.json({ id: 'c'.repeat(32) }));
    const write = contactWrite(24 * HOUR + 1000);
    const { acked, retried, id } = await deliver(write, { attempts: 31, bindings: { DB: flakyD1(env.DB, 1000).d1, SENTRY_DSN: DSN } });
    expect(acked).toEqual([id]);
    expect(retried).toEqual([]);
    const kept = await env.MEDIA.get(keptWriteKey('contact', write.id));
    expect(kept).not.toBeNull();
    expect(JSON.parse(await kept!.text())).toMatchObject({ messageId: id, attempts: 31, reason: 'Error: D1_ERROR: Network connection lost.', body: write });
    const event = sentry.map((call) => call.body).find((body) => body.includes('could not be made'));
    expect(event).toBeDefined();
    expect(event).toContain(keptWriteKey('contact', write.id));
    expect(event).not.toContain('kim@example.com');
    expect(error.mock.calls.some((call) => String(call[0]).includes('write_kept'))).toBe(true);
  });

  it('a day younger is retried, not kept', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const write = contactWrite(23 * HOUR);
    const { acked, retried, id } = await deliver(write, { attempts: 30, bindings: { DB: flakyD1(env.DB, 1000).d1 } });
    expect(acked).toEqual([]);
    expect(retried).toEqual([{ msgId: id, delaySeconds: 3600 }]);
    expect(await env.MEDIA.head(keptWriteKey('contact', write.id))).toBeNull();
  });

  it('near the queue’s retry ceiling, however young: kept rather than dropped by the runtime', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const write = contactWrite(HOUR);
    const { acked, id } = await deliver(write, { attempts: WRITE_RETRIES.keepAtAttempt, bindings: { DB: flakyD1(env.DB, 1000).d1 } });
    expect(acked).toEqual([id]);
    expect(await env.MEDIA.head(keptWriteKey('contact', write.id))).not.toBeNull();
  });

  it('a message no writer takes (unknown kind, no id) is kept, not dropped', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const odd = await deliver({ kind: 'invoice', id: 'odd-1', sentAt: Date.now(), data: {} });
    expect(odd.acked).toEqual([odd.id]);
    expect(await env.MEDIA.head(keptWriteKey('invoice', 'odd-1'))).not.toBeNull();
    const broken = await deliver('not a write');
    expect(broken.acked).toEqual([broken.id]);
    expect(await env.MEDIA.head(keptWriteKey('unknown', broken.id))).not.toBeNull();
  });

  it('when R2 refuses too, it stays on the queue', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const media = { put: () => Promise.reject(new Error('R2 is down')) } as unknown as R2Bucket;
    const { acked, retried, id } = await deliver(contactWrite(25 * HOUR), { attempts: 40, bindings: { DB: flakyD1(env.DB, 1000).d1, MEDIA: media } });
    expect(acked).toEqual([]);
    expect(retried).toEqual([{ msgId: id, delaySeconds: 3600 }]);
  });
});
