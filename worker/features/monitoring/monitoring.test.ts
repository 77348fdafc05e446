import { describe, expect, it } from 'vitest';
import { interceptHost } from '#worker/test/fetch.ts';
import { send } from '#worker/test/http.ts';

const DSN = 'https://abc123publickey@o4501.ingest.sentry.io/4505';
const ENDPOINT = 'https://o4501.ingest.sentry.io/api/4505/envelope/';

function envelope(dsn: string, extra = ''): string {
  return `${JSON.stringify({ event_id: 'a'.repeat(32), sent_at: new Date().toISOString(), dsn })}\n{"type":"event"}\n{"message":"boom${extra}"}\n`;
}

function post(body: BodyInit, dsnConfigured = DSN, headers: Record<string, string> = {}) {
  return send('/monitoring', { body, headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers }, env: { SENTRY_DSN: dsnConfigured } });
}

/** Sentry's ingest answers an accepted envelope with 200 and the event id. */
function interceptSentry(response: () => Response = () => Response.json({ id: 'a'.repeat(32) })) {
  return interceptHost('o4501.ingest.sentry.io', response);
}

describe('/monitoring (Sentry tunnel)', () => {
  it('answers 404 when no DSN is configured', async () => {
    const calls = interceptSentry();
    const response = await post(envelope(DSN), '');
    expect(response.status).toBe(404);
    expect(calls).toHaveLength(0);
  });

  it('forwards an envelope for the configured DSN to that host’s envelope endpoint, without following redirects', async () => {
    const calls = interceptSentry();
    const body = envelope(DSN);
    const response = await post(body);
    expect(response.status).toBe(200);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(ENDPOINT);
    expect(calls[0]!.init?.redirect).toBe('manual');
    expect(calls[0]!.init?.method).toBe('POST');
    expect(calls[0]!.body).toBe(body);
  });

  it.each([
    ['another host', 'https://abc123publickey@evil.example/4505'],
    ['another public key', 'https://otherkey@o4501.ingest.sentry.io/4505'],
    ['another project', 'https://abc123publickey@o4501.ingest.sentry.io/9999'],
    ['another scheme', 'http://abc123publickey@o4501.ingest.sentry.io/4505'],
    ['a host with a suffix', 'https://abc123publickey@o4501.ingest.sentry.io.evil.example/4505'],
  ])('refuses %s with 403 and sends nothing', async (_label, dsn) => {
    const calls = interceptSentry();
    const response = await post(envelope(dsn));
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('forbidden');
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['no header line', 'not json at all'],
    ['a header without dsn', `${JSON.stringify({ event_id: 'x' })}\n{}`],
    ['a malformed dsn', envelope('not a url')],
    ['an empty body', ''],
  ])('refuses %s with 400', async (_label, body) => {
    const calls = interceptSentry();
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('bad_request');
    expect(calls).toHaveLength(0);
  });

  it('refuses a body over 1 MiB with 413, declared or streamed', async () => {
    const calls = interceptSentry();
    const big = envelope(DSN, 'x'.repeat(1024 * 1024));
    expect((await post(big)).status).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        const chunk = new TextEncoder().encode(big);
        controller.enqueue(chunk.subarray(0, 600_000));
        controller.enqueue(chunk.subarray(600_000));
        controller.close();
      },
    });
    expect((await post(stream)).status).toBe(413);
    expect(calls).toHaveLength(0);
  });

  it('accepts exactly 1 MiB', async () => {
    interceptSentry();
    const head = envelope(DSN);
    const body = head + ' '.repeat(1024 * 1024 - new TextEncoder().encode(head).byteLength);
    expect((await post(body)).status).toBe(200);
  });

  it('answers 502 instead of following a redirect from upstream', async () => {
    const calls = interceptSentry(() => new Response(null, { status: 302, headers: { location: 'https://evil.example/' } }));
    const response = await post(envelope(DSN));
    expect(response.status).toBe(502);
    expect(calls).toHaveLength(1);
  });
});
