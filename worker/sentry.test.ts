import { describe, expect, it, vi } from 'vitest';
import { brokenDb } from '#worker/test/broken-db.ts';
import { createUser } from '#worker/test/factories.ts';
import { interceptHost } from '#worker/test/fetch.ts';
import { send } from '#worker/test/http.ts';

const DSN = 'https://abc123publickey@o4501.ingest.sentry.io/4505';

const lockedDb = brokenDb('D1_ERROR: database is locked');

/** Intercepts Sentry's ingest at the fetch boundary (it answers 200 with the event id). */
const interceptSentry = () => interceptHost('o4501.ingest.sentry.io', () => Response.json({ id: 'b'.repeat(32) }));

describe('Sentry in the worker', () => {
  it('reports an unexpected error to the configured project when SENTRY_DSN is set, without cookies', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = await createUser();
    const sentry = interceptSentry();
    const response = await send('/api/me', { cookie: user.cookie, env: { SENTRY_DSN: DSN, DB: lockedDb } });
    expect(response.status).toBe(500);
    const requestId = response.headers.get('x-request-id')!;
    const envelopes = sentry.map((call) => call.body);
    expect(envelopes.length).toBeGreaterThanOrEqual(1);
    const event = envelopes.find((e) => e.includes('database is locked'));
    expect(event).toBeDefined();
    expect(sentry.every((call) => call.url.startsWith('https://o4501.ingest.sentry.io/api/4505/envelope/'))).toBe(true);
    expect(event).toContain('"public_key":"abc123publickey"');
    expect(event).toContain(`"request_id":"${requestId}"`);
    expect(event).not.toContain(user.cookie.split('=')[1]);
    expect(event).not.toContain('ip_address');
    // The user sees the reference; the report carries the full error instead.
    expect(((await response.json()) as { error: { requestId: string } }).error.requestId).toBe(requestId);
  });

  it('does not report expected errors (the envelope codes) or anything without a DSN', async () => {
    const sentry = interceptSentry();
    expect((await send('/api/me', { env: { SENTRY_DSN: DSN } })).status).toBe(401);
    expect((await send('/api/nope', { env: { SENTRY_DSN: DSN } })).status).toBe(404);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = await createUser();
    expect((await send('/api/me', { cookie: user.cookie, env: { DB: lockedDb } })).status).toBe(500);
    expect(sentry.filter((call) => call.body.includes('"type":"event"'))).toHaveLength(0);
  });
});
