import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { brokenDb } from '#worker/test/broken-db.ts';
import { createUser } from '#worker/test/factories.ts';
import { ORIGIN, send } from '#worker/test/http.ts';

describe('every response', () => {
  it.each(['/', '/about', '/api/health', '/api/me', '/nope', '/api/nope', '/favicon.svg', '/dashboard'])(
    '%s carries a request id and the security headers',
    async (path) => {
      const response = await send(path);
      expect(response.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(response.headers.get('strict-transport-security')).toContain('max-age=');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    },
  );

  it('gives HTML a CSP whose scripts need this response’s nonce, fresh per request', async () => {
    const a = (await send('/')).headers.get('content-security-policy')!;
    const b = (await send('/')).headers.get('content-security-policy')!;
    expect(a).toMatch(/script-src 'nonce-[A-Za-z0-9_-]{22}' 'strict-dynamic'/);
    expect(a).not.toContain('unsafe-inline');
    expect(a).not.toBe(b);
  });

  it('uses a distinct request id for each request', async () => {
    const ids = new Set(await Promise.all([1, 2, 3].map(async () => (await send('/api/health')).headers.get('x-request-id'))));
    expect(ids.size).toBe(3);
  });
});

describe('cross-site rule (PRODUCT.md §5)', () => {
  it('refuses a write with the session cookie from another origin: 403 in the envelope', async () => {
    const user = await createUser();
    const response = await send('/api/me', { method: 'PATCH', json: { name: 'Mallory' }, cookie: user.cookie, headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    const body = (await response.json()) as { error: { code: string; requestId: string } };
    expect(body.error.code).toBe('forbidden');
    expect(body.error.requestId).toBeTruthy();
    expect(await (await send('/api/me', { cookie: user.cookie })).json()).toMatchObject({ name: user.name });
  });

  it('refuses a write with the cookie but neither Origin nor Sec-Fetch-Site', async () => {
    const user = await createUser();
    const response = await send('/api/auth/logout', { method: 'POST', cookie: user.cookie, sameOrigin: false });
    expect(response.status).toBe(403);
    expect((await send('/api/me', { cookie: user.cookie })).status).toBe(200);
  });

  it('accepts Sec-Fetch-Site: same-origin without Origin, and refuses cross-site', async () => {
    const user = await createUser();
    const ok = await send('/api/me', {
      method: 'PATCH',
      json: { name: 'Same Site' },
      cookie: user.cookie,
      sameOrigin: false,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(ok.status).toBe(200);
    const cross = await send('/api/me', {
      method: 'PATCH',
      json: { name: 'Cross' },
      cookie: user.cookie,
      sameOrigin: false,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(cross.status).toBe(403);
  });

  it('refuses a cross-origin sign-in attempt even without a cookie (login CSRF)', async () => {
    const user = await createUser();
    const response = await send('/api/auth/login', { json: { email: user.email, password: user.password }, headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
  });

  it('lets a cookie-less client without Origin call the API (scripts, integrations)', async () => {
    const response = await send('/api/auth/password-reset', {
      json: { email: 'someone@example.com' },
      sameOrigin: false,
      headers: { 'cf-connecting-ip': '192.0.2.200' },
    });
    expect(response.status).toBe(202);
  });

  it('exempts signed webhooks from the rule (they prove themselves by signature)', async () => {
    const response = await send('/api/webhooks/stripe', { body: '{}', headers: { origin: 'https://stripe.example', 'content-type': 'application/json' } });
    expect(response.status).not.toBe(403);
  });

  it('guards HTML form posts too', async () => {
    const response = await send('/contact', {
      form: { name: 'X', email: 'x@example.com', message: 'hello there, friends' },
      headers: { origin: 'https://evil.example', accept: 'text/html' },
    });
    expect(response.status).toBe(403);
  });
});

describe('/redirect', () => {
  const cases: [string, string][] = [
    ['/dashboard', '/dashboard'],
    ['/pricing?plan=pro#packs', '/pricing?plan=pro#packs'],
    ['//evil.example', '/'],
    ['//evil.example/path', '/'],
    ['/\\evil.example', '/'],
    ['\\\\evil.example', '/'],
    ['https://evil.example', '/'],
    ['http:/evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['JaVaScRiPt:alert(1)', '/'],
    ['%2F%2Fevil.example', '/'],
    ['/%2F%2Fevil.example', '/'],
    ['/%5Cevil.example', '/'],
    ['%252F%252Fevil.example', '/'],
    ['/%09/evil.example', '/'],
    ['/..//evil.example', '/'],
    ['/%2e%2e//evil.example', '/'],
    ['/\t/evil.example', '/'],
    ['', '/'],
  ];
  it.each(cases)('?to=%s → %s', async (to, expected) => {
    const response = await send(`/redirect?to=${encodeURIComponent(to)}`);
    expect(response.status).toBe(302);
    const location = response.headers.get('location')!;
    expect(location).toBe(expected);
    expect(new URL(location, ORIGIN).origin).toBe(ORIGIN);
  });

  it('goes home without a target', async () => {
    const response = await send('/redirect');
    expect(response.headers.get('location')).toBe('/');
  });
});

describe('errors never leak internals', () => {
  const db = brokenDb('D1_ERROR: no such table: users: SQLITE_ERROR at SELECT password_hash FROM users');

  it('answers an API failure with a generic 500 envelope and a reference, no stack or SQL', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = await createUser();
    const response = await send('/api/me', { cookie: user.cookie, env: { DB: db } });
    expect(response.status).toBe(500);
    const text = await response.text();
    const body = JSON.parse(text) as { error: { code: string; message: string; requestId: string } };
    expect(body.error.code).toBe('internal');
    expect(body.error.requestId).toBe(response.headers.get('x-request-id'));
    expect(text).not.toMatch(/SQLITE|SELECT|D1_ERROR|password_hash|at \w+ \(|\.ts:\d+/);
  });

  it('answers a page failure with the friendly error page showing the reference', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = await createUser();
    const response = await send('/dashboard', { cookie: user.cookie, env: { DB: db } });
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain('Something went wrong');
    expect(html).toContain(response.headers.get('x-request-id')!);
    expect(html).not.toMatch(/SQLITE|SELECT|D1_ERROR|at \w+ \(/);
  });

  it('keeps env secrets out of responses', async () => {
    const html = await (await send('/')).text();
    expect(html).not.toContain(env.SESSION_SECRET);
  });
});
