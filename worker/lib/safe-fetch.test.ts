import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOT_USER_AGENT, FetchRefused, SAFE_FETCH_LIMITS, UpstreamFailed, checkedUrl, fetchErrorToAppError, safeFetch } from '#worker/lib/safe-fetch.ts';
import { interceptHosts } from '#worker/test/fetch.ts';

/** What checkedUrl says about an address: 'ok' or the refusal's reason. */
function verdict(address: string): string {
  try {
    checkedUrl(address);
    return 'ok';
  } catch (error) {
    return error instanceof FetchRefused ? error.reason : `threw ${String(error)}`;
  }
}

const REFUSED: [string, string][] = [
  // Schemes and the rest of the address.
  ['http://acme.example/', 'not_https'],
  ['ftp://acme.example/', 'not_https'],
  ['file:///etc/passwd', 'not_https'],
  ['javascript:alert(1)', 'not_https'],
  ['https://user:pass@acme.example/', 'credentials'],
  ['https://acme.example:8443/', 'port'],
  ['https://acme.example:22/', 'port'],
  ['not a url', 'invalid'],
  // IPv4: private, shared, loopback, link-local and metadata, unspecified, multicast, broadcast.
  ['https://10.0.0.1/', 'private_address'],
  ['https://172.16.0.1/', 'private_address'],
  ['https://172.31.255.255/', 'private_address'],
  ['https://192.168.1.1/', 'private_address'],
  ['https://100.64.0.1/', 'private_address'],
  ['https://100.127.255.254/', 'private_address'],
  ['https://127.0.0.1/', 'private_address'],
  ['https://127.1.2.3/', 'private_address'],
  ['https://169.254.169.254/latest/meta-data/', 'private_address'],
  ['https://169.254.1.1/', 'private_address'],
  ['https://0.0.0.0/', 'private_address'],
  ['https://224.0.0.1/', 'private_address'],
  ['https://255.255.255.255/', 'private_address'],
  // The other spellings of 127.0.0.1 and 169.254.169.254 that URL parsing normalises.
  ['https://2130706433/', 'private_address'],
  ['https://0x7f000001/', 'private_address'],
  ['https://0177.0.0.1/', 'private_address'],
  ['https://0x7f.1/', 'private_address'],
  ['https://127.1/', 'private_address'],
  ['https://2852039166/', 'private_address'],
  ['https://0xA9FEA9FE/', 'private_address'],
  // IPv6: loopback, unspecified, unique-local (AWS metadata), link-local, site-local, multicast.
  ['https://[::1]/', 'private_address'],
  ['https://[0:0:0:0:0:0:0:1]/', 'private_address'],
  ['https://[::]/', 'private_address'],
  ['https://[fc00::1]/', 'private_address'],
  ['https://[fd12:3456::1]/', 'private_address'],
  ['https://[fd00:ec2::254]/', 'private_address'],
  ['https://[fe80::1]/', 'private_address'],
  ['https://[febf::1]/', 'private_address'],
  ['https://[fec0::1]/', 'private_address'],
  ['https://[ff02::1]/', 'private_address'],
  // IPv4 inside IPv6: mapped (both spellings), compatible, NAT64, 6to4.
  ['https://[::ffff:127.0.0.1]/', 'private_address'],
  ['https://[::ffff:7f00:1]/', 'private_address'],
  ['https://[::ffff:169.254.169.254]/', 'private_address'],
  ['https://[::ffff:10.0.0.1]/', 'private_address'],
  ['https://[::127.0.0.1]/', 'private_address'],
  ['https://[64:ff9b::a9fe:a9fe]/', 'private_address'],
  ['https://[2002:7f00:1::]/', 'private_address'],
  // Names that only exist inside a network.
  ['https://localhost/', 'local_name'],
  ['https://LOCALHOST./', 'local_name'],
  ['https://api.localhost/', 'local_name'],
  ['https://intranet/', 'local_name'],
  ['https://printer.local/', 'local_name'],
  ['https://metadata.google.internal/computeMetadata/v1/', 'local_name'],
  ['https://db.internal/', 'local_name'],
  ['https://router.home.arpa/', 'local_name'],
];

const ALLOWED = [
  'https://acme.example/',
  'https://www.acme-surf.co.uk/shop?x=1',
  'https://acme.example:443/',
  'https://acme.example./',
  'https://xn--bcher-kva.example/',
  'https://8.8.8.8/',
  'https://172.32.0.1/',
  'https://100.128.0.1/',
  'https://[2606:4700:4700::1111]/',
  'https://[::ffff:8.8.8.8]/',
  'https://localhost.example.com/',
  'https://internal.example.com/',
];

const html = (body: string, init?: ResponseInit) => new Response(body, { headers: { 'content-type': 'text/html' }, ...init });
const redirect = (location: string, status = 302) => new Response(null, { status, headers: { location } });

/** A body of `total` bytes in 64 KiB chunks, made as they are read; `pulled()` tells how many were made. */
function endless(total: number) {
  let made = 0;
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (made >= total) return controller.close();
      made += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => made };
}

async function failure(promise: Promise<unknown>): Promise<FetchRefused | UpstreamFailed> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (error instanceof FetchRefused || error instanceof UpstreamFailed) return error;
  throw new Error(`expected a safe-fetch error, got ${String(error)}`);
}

describe('checkedUrl', () => {
  it.each(REFUSED)('refuses %s (%s)', (address, reason) => {
    expect(verdict(address)).toBe(reason);
  });

  it.each(ALLOWED)('allows %s', (address) => {
    expect(verdict(address)).toBe('ok');
  });

  it('resolves a relative address against its base before checking it', () => {
    expect(checkedUrl('/logo.png', 'https://acme.example/about/').href).toBe('https://acme.example/logo.png');
    expect(() => checkedUrl('//127.0.0.1/x', 'https://acme.example/')).toThrow(FetchRefused);
  });
});

describe('safeFetch', () => {
  // The files of a vitest worker share one workerd: fake timers must not outlive their test.
  afterEach(() => vi.useRealTimers());

  it('sends no credentials, a clear User-Agent, and follows redirects itself (each hop checked)', async () => {
    const calls = interceptHosts({
      'acme.example': () => redirect('https://www.acme.example/home', 301),
      'www.acme.example': () => html('<h1>Acme</h1>'),
    });
    const answer = await safeFetch('https://acme.example/');
    expect(answer.url).toBe('https://www.acme.example/home');
    expect(new TextDecoder().decode(answer.body)).toBe('<h1>Acme</h1>');
    expect(calls.map((c) => c.url)).toEqual(['https://acme.example/', 'https://www.acme.example/home']);
    for (const call of calls) {
      expect(call.init?.redirect).toBe('manual');
      expect(call.init?.credentials).toBe('credentials' in Request.prototype ? 'omit' : undefined);
      expect(call.request.headers.get('user-agent')).toBe(BOT_USER_AGENT);
      expect(call.request.headers.has('cookie')).toBe(false);
      expect(call.request.headers.has('authorization')).toBe(false);
    }
  });

  it.each([
    ['https://127.0.0.1/', 'private_address'],
    ['http://www.acme.example/', 'not_https'],
    ['https://metadata.google.internal/', 'local_name'],
    ['https://[::ffff:169.254.169.254]/', 'private_address'],
  ])('refuses a redirect to %s without fetching it', async (target, reason) => {
    const calls = interceptHosts({ 'acme.example': () => redirect(target) });
    const error = await failure(safeFetch('https://acme.example/'));
    expect(error).toBeInstanceOf(FetchRefused);
    expect((error as FetchRefused).reason).toBe(reason);
    expect(calls).toHaveLength(1);
  });

  it('follows 3 redirects and refuses the 4th', async () => {
    let hop = 0;
    const calls = interceptHosts({ 'acme.example': () => (hop < 4 ? redirect(`/hop-${++hop}`) : html('end')) });
    const error = await failure(safeFetch('https://acme.example/'));
    expect((error as FetchRefused).reason).toBe('too_many_redirects');
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual(['/', '/hop-1', '/hop-2', '/hop-3']);

    hop = 1;
    expect((await safeFetch('https://acme.example/')).url).toBe('https://acme.example/hop-4');
  });

  it.each([
    ['without Content-Length', {}],
    ['with a Content-Length that lies', { 'content-length': '1000' }],
  ])('stops reading a 50 MB body past 2 MB (%s)', async (_, headers) => {
    const body = endless(50 * 1024 * 1024);
    interceptHosts({ 'acme.example': () => new Response(body.stream, { headers }) });
    const error = await failure(safeFetch('https://acme.example/'));
    expect((error as FetchRefused).reason).toBe('too_large');
    expect(body.pulled()).toBeLessThanOrEqual(SAFE_FETCH_LIMITS.maxBytes + 2 * 64 * 1024);
  });

  it('refuses a declared Content-Length over the limit before reading', async () => {
    const body = endless(50 * 1024 * 1024);
    interceptHosts({ 'acme.example': () => new Response(body.stream, { headers: { 'content-length': String(50 * 1024 * 1024) } }) });
    expect(((await failure(safeFetch('https://acme.example/'))) as FetchRefused).reason).toBe('too_large');
    expect(body.pulled()).toBeLessThanOrEqual(64 * 1024);
  });

  it('reads a body of exactly the limit, and a smaller limit when asked', async () => {
    interceptHosts({ 'acme.example': () => new Response(new Uint8Array(1000)) });
    expect((await safeFetch('https://acme.example/', { maxBytes: 1000 })).body.byteLength).toBe(1000);
    expect(((await failure(safeFetch('https://acme.example/', { maxBytes: 999 }))) as FetchRefused).reason).toBe('too_large');
  });

  it('gives up after 5 s on a site that never answers (fake timers)', async () => {
    vi.useFakeTimers();
    interceptHosts({ 'acme.example': () => new Promise<Response>(() => {}) });
    const pending = failure(safeFetch('https://acme.example/'));
    await vi.advanceTimersByTimeAsync(SAFE_FETCH_LIMITS.timeoutMs - 1);
    let settled = false;
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(UpstreamFailed);
    expect((error as UpstreamFailed).reason).toBe('timeout');
  });

  it('gives up after 5 s in all on a body that trickles (the limit covers the body too)', async () => {
    vi.useFakeTimers();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('<html>'));
      },
    });
    interceptHosts({ 'acme.example': () => new Response(stream) });
    const pending = failure(safeFetch('https://acme.example/'));
    await vi.advanceTimersByTimeAsync(SAFE_FETCH_LIMITS.timeoutMs);
    expect((await pending).message).toBe('The site did not answer in time.');
  });

  it('ends at once, as a timeout, when the caller’s deadline passes (and never starts after it)', async () => {
    const calls = interceptHosts({ 'acme.example': () => new Promise<Response>(() => {}) });
    const deadline = new AbortController();
    const pending = failure(safeFetch('https://acme.example/', { signal: deadline.signal }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    deadline.abort();
    expect(((await pending) as UpstreamFailed).reason).toBe('timeout');
    expect(((await failure(safeFetch('https://acme.example/', { signal: deadline.signal }))) as UpstreamFailed).reason).toBe('timeout');
    expect(calls).toHaveLength(1);
  });

  it('counts an error status or a broken connection as the site’s failure', async () => {
    interceptHosts({
      'acme.example': () => html('oops', { status: 500 }),
      'gone.example': () => html('missing', { status: 404 }),
      'broken.example': () => Promise.reject(new TypeError('Network connection lost.')),
    });
    const statuses = await Promise.all(['acme', 'gone', 'broken'].map((name) => failure(safeFetch(`https://${name}.example/`))));
    expect(statuses.map((e) => [e.constructor.name, (e as UpstreamFailed).reason, (e as UpstreamFailed).status])).toEqual([
      ['UpstreamFailed', 'status', 500],
      ['UpstreamFailed', 'status', 404],
      ['UpstreamFailed', 'network', undefined],
    ]);
  });

  it('maps refusals to 422 on the field and the site’s failures to 502', () => {
    const refused = fetchErrorToAppError(new FetchRefused('private_address', 'https://10.0.0.1/'));
    expect([refused.code, refused.message, refused.details]).toEqual([
      'validation_failed',
      'That address points inside a private network.',
      { url: ['That address points inside a private network.'] },
    ]);
    const failed = fetchErrorToAppError(new UpstreamFailed('timeout', 'https://acme.example/'));
    expect([failed.code, failed.message]).toEqual(['upstream_failed', 'The site did not answer in time. Check the address, or try again later.']);
  });
});
