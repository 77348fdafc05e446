import { afterEach, describe, expect, it, vi } from 'vitest';
import { brokenDb } from '#worker/test/broken-db.ts';
import { createUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';

const DSN = 'https://abc123publickey@o4501.ingest.sentry.io/4505';

const lockedDb = brokenDb('D1_ERROR: database is locked');

/** Intercepts Sentry's ingest at the fetch boundary (it answers 200 with the event id). */
function interceptSentry() {
  const envelopes: string[] = [];
  const urls: string[] = [];
  const original = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).hostname !== 'o4501.ingest.sentry.io') return original(input, init);
    urls.push(request.url);
    envelopes.push(await request.text());
    return Response.json({ id: 'b'.repeat(32) });
  });
  return Object.assign(envelopes, { urls });
}

describe('Sentry in the worker', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reports an unexpected error to the configured project when SENTRY_DSN is set, without cookies', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = await createUser();
    const envelopes = interceptSentry();
    const response = await send('/api/me', { cookie: user.cookie, env: { SENTRY_DSN: DSN, DB: lockedDb } });
    expect(response.status).toBe(500);
    const requestId = response.headers.get('x-request-id')!;
    expect(envelopes.length).toBeGreaterThanOrEqual(1);
    const event = envelopes.find((e) => e.includes('database is locked'));
    expect(event).toBeDefined();
    expect(envelopes.urls.every((url) => url.startsWith('https://o4501.ingest.sentry.io/api/4505/envelope/'))).toBe(true);
    expect(event).toContain('"public_key":"abc123publickey"');
    expect(event).toContain(`"request_id":"${requestId}"`);
    expect(event).not.toContain(user.cookie.split('=')[1]);
    expect(event).not.toContain('ip_address');
    // The user sees the reference; the report carries the full error instead.
    expect(((await response.json()) as { error: { requestId: string } }).error.requestId).toBe(requestId);
  });

  it('does not report expected errors (the envelope codes) or anything without a DSN', async () => {
    const envelopes = interceptSentry();
    expect((await send('/api/me', { env: { SENTRY_DSN: DSN } })).status).toBe(401);
    expect((await send('/api/nope', { env: { SENTRY_DSN: DSN } })).status).toBe(404);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = await createUser();
    expect((await send('/api/me', { cookie: user.cookie, env: { DB: lockedDb } })).status).toBe(500);
    expect(envelopes.filter((e) => e.includes('"type":"event"'))).toHaveLength(0);
  });
});
