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

  it('sends no IP address, no credentials and no query string in the envelope that leaves the worker', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = await createUser();
    const sentry = interceptSentry();
    const ips = ['198.51.100.23', '198.51.100.24', '198.51.100.25', '198.51.100.26', '2001:db8::77'];
    const response = await send('/api/me?token=reset-token-value-0123456789&sig=signature-value', {
      cookie: user.cookie,
      headers: {
        'cf-connecting-ip': ips[0]!,
        'x-forwarded-for': `${ips[1]}, ${ips[2]}`,
        'x-real-ip': ips[3]!,
        'true-client-ip': ips[4]!,
        authorization: 'Bearer secret-bearer-value',
        'user-agent': 'EnvelopeTest/1.0',
      },
      // Another message than the tests above: Sentry drops an event that repeats the previous one.
      env: { SENTRY_DSN: DSN, DB: brokenDb('D1_ERROR: disk I/O error') },
    });
    expect(response.status).toBe(500);
    const event = sentry.map((call) => call.body).find((body) => body.includes('disk I/O error'));
    expect(event).toBeDefined();
    // The event did carry the request (its other headers reach Sentry), just not who sent it.
    expect(event).toContain('EnvelopeTest/1.0');
    for (const ip of ips) expect(event).not.toContain(ip);
    expect(event!.toLowerCase()).not.toMatch(/cf-connecting-ip|x-forwarded-for|x-real-ip|true-client-ip|authorization/);
    expect(event).not.toContain('secret-bearer-value');
    expect(event).not.toContain('reset-token-value');
    expect(event).not.toContain('signature-value');
    expect(event).not.toContain(user.cookie.split('=')[1]);
  });
});
