import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { creditLedger, emailOutbox, passwordResetTokens, sessions } from '#worker/db/schema.ts';
import { sha256Hex } from '#worker/lib/crypto.ts';
import { createUser, latestMail, uniqueEmail } from '#worker/test/factories.ts';
import { cookieFrom, send } from '#worker/test/http.ts';

const db = () => getDb(env.DB);

async function latestResetLink(email: string): Promise<string> {
  const row = await latestMail(email);
  const link = row?.textBody.match(/https?:\/\/\S+\/password-reset\?token=\S+/)?.[0];
  if (!link) throw new Error('no reset link in the outbox');
  return link;
}

describe('sign up', () => {
  it('creates the user, grants the Free plan credits and sets a secure session cookie', async () => {
    const email = uniqueEmail();
    const response = await send('/api/auth/signup', { json: { email: `  ${email.toUpperCase()} `, password: 'a long enough password', name: ' Ada ' } });
    expect(response.status).toBe(201);
    const user = (await response.json()) as { id: string; email: string; name: string; plan: { id: string }; role: string };
    expect(user).toMatchObject({ email, name: 'Ada', role: 'user', plan: { id: 'free' } });
    expect(JSON.stringify(user)).not.toContain('pbkdf2');

    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('adloom_session='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Secure/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Max-Age=2592000/);

    // The token is stored hashed, never as sent.
    const token = cookieFrom(response)!.split('=')[1]!;
    const stored = await db().select().from(sessions).where(eq(sessions.userId, user.id)).all();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(await sha256Hex(token));
    expect(stored[0]!.tokenHash).not.toContain(token);

    const credits = await send('/api/credits', { cookie: cookieFrom(response) });
    expect(await credits.json()).toMatchObject({ monthly: 25, purchased: 0, total: 25, monthlyAllowance: 25 });
    const ledger = await db().select().from(creditLedger).where(eq(creditLedger.userId, user.id)).all();
    expect(ledger).toEqual([expect.objectContaining({ kind: 'grant_monthly', monthlyDelta: 25, purchasedDelta: 0 })]);
  });

  it('omits Secure on plain-http localhost only', async () => {
    const { createExecutionContext } = await import('cloudflare:test');
    const worker = (await import('#worker/index.ts')).default;
    const request = new Request('http://localhost:8787/api/auth/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:8787', 'cf-connecting-ip': '192.0.2.50' },
      body: JSON.stringify({ email: uniqueEmail(), password: 'a long enough password', name: 'Local' }),
    });
    const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, env, createExecutionContext());
    expect(response.status).toBe(201);
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('adloom_session='))!;
    expect(setCookie).not.toMatch(/Secure/i);
    expect(setCookie).toMatch(/HttpOnly/i);
  });

  it('refuses a second account for the same email with 409', async () => {
    const user = await createUser();
    const response = await send('/api/auth/signup', { json: { email: user.email, password: 'another long password', name: 'Again' } });
    expect(response.status).toBe(409);
    const body = (await response.json()) as { error: { code: string; details: Record<string, string[]> } };
    expect(body.error.code).toBe('conflict');
    expect(body.error.details.email).toBeDefined();
  });

  it('validates every field with 422 and details per field', async () => {
    const response = await send('/api/auth/signup', { json: { email: 'not-an-email', password: 'short', name: '' } });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { error: { code: string; details: Record<string, string[]>; requestId: string } };
    expect(body.error.code).toBe('validation_failed');
    expect(Object.keys(body.error.details).sort()).toEqual(['email', 'name', 'password']);
    expect(body.error.requestId).toBe(response.headers.get('x-request-id'));
  });

  it('accepts passwords of exactly 10 and 128 characters and refuses 129', async () => {
    expect(
      (await send('/api/auth/signup', { json: { email: uniqueEmail(), password: 'x'.repeat(10), name: 'A' }, headers: { 'cf-connecting-ip': '192.0.2.60' } }))
        .status,
    ).toBe(201);
    expect(
      (await send('/api/auth/signup', { json: { email: uniqueEmail(), password: 'x'.repeat(128), name: 'A' }, headers: { 'cf-connecting-ip': '192.0.2.61' } }))
        .status,
    ).toBe(201);
    expect(
      (await send('/api/auth/signup', { json: { email: uniqueEmail(), password: 'x'.repeat(129), name: 'A' }, headers: { 'cf-connecting-ip': '192.0.2.62' } }))
        .status,
    ).toBe(422);
  });

  it('answers malformed JSON with 400 and a non-JSON body with 415', async () => {
    const malformed = await send('/api/auth/signup', { body: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { code: string } }).error.code).toBe('bad_request');
    const wrongType = await send('/api/auth/signup', { body: 'email=x', headers: { 'content-type': 'text/plain' } });
    expect(wrongType.status).toBe(415);
  });
});

describe('sign in and out', () => {
  it('signs in, rotating the session this browser had before', async () => {
    const user = await createUser();
    const response = await send('/api/auth/login', { json: { email: user.email, password: user.password }, cookie: user.cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: user.id, email: user.email });
    const fresh = cookieFrom(response)!;
    expect(fresh).not.toBe(user.cookie);
    expect((await send('/api/me', { cookie: user.cookie })).status).toBe(401);
    expect((await send('/api/me', { cookie: fresh })).status).toBe(200);
  });

  it('refuses a wrong password or unknown email with the same 401 message', async () => {
    const user = await createUser();
    const wrong = await send('/api/auth/login', { json: { email: user.email, password: 'not the password' }, headers: { 'cf-connecting-ip': '192.0.2.70' } });
    const unknown = await send('/api/auth/login', {
      json: { email: uniqueEmail(), password: 'not the password' },
      headers: { 'cf-connecting-ip': '192.0.2.70' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const a = (await wrong.json()) as { error: { message: string } };
    const b = (await unknown.json()) as { error: { message: string } };
    expect(a.error.message).toBe(b.error.message);
  });

  it('rate limits 5 failures per email and IP with 429 and Retry-After, other IPs unaffected', async () => {
    const user = await createUser();
    const attempt = (ip: string, password = 'wrong password!') =>
      send('/api/auth/login', { json: { email: user.email, password }, headers: { 'cf-connecting-ip': ip } });
    for (let i = 0; i < 5; i += 1) expect((await attempt('192.0.2.80')).status).toBe(401);
    const blocked = await attempt('192.0.2.80');
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(((await blocked.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    // Even the right password waits out the window from that address…
    expect((await attempt('192.0.2.80', user.password)).status).toBe(429);
    // …while another address is not blocked.
    expect((await attempt('192.0.2.81', user.password)).status).toBe(200);
  });

  it('signs out: 204, the cookie is cleared and the session ends', async () => {
    const user = await createUser();
    const response = await send('/api/auth/logout', { method: 'POST', cookie: user.cookie });
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie().some((c) => c.startsWith('adloom_session=;') && /Max-Age=0/i.test(c))).toBe(true);
    expect((await send('/api/me', { cookie: user.cookie })).status).toBe(401);
  });
});

describe('password reset', () => {
  it('answers 202 whether or not the account exists, and emails only real accounts', async () => {
    const user = await createUser();
    const stranger = uniqueEmail('nobody');
    const known = await send('/api/auth/password-reset', { json: { email: user.email }, headers: { 'cf-connecting-ip': '192.0.2.90' } });
    const unknown = await send('/api/auth/password-reset', { json: { email: stranger }, headers: { 'cf-connecting-ip': '192.0.2.90' } });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await known.text()).toBe(await unknown.text());
    expect(await latestResetLink(user.email)).toMatch(/^https:\/\/adloom\.test\/password-reset\?token=/);
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, stranger)).all()).toEqual([]);
  });

  it('sets a new password once through the emailed link and ends every session', async () => {
    const user = await createUser();
    await send('/api/auth/password-reset', { json: { email: user.email }, headers: { 'cf-connecting-ip': '192.0.2.91' } });
    const token = new URL(await latestResetLink(user.email)).searchParams.get('token')!;
    const confirm = await send('/api/auth/password-reset/confirm', { json: { token, password: 'a brand new password' } });
    expect(confirm.status).toBe(204);
    expect((await send('/api/me', { cookie: user.cookie })).status).toBe(401);
    expect((await send('/api/auth/login', { json: { email: user.email, password: 'a brand new password' } })).status).toBe(200);
    const again = await send('/api/auth/password-reset/confirm', { json: { token, password: 'yet another password' } });
    expect(again.status).toBe(422);
  });

  it('refuses an expired link', async () => {
    const user = await createUser();
    await send('/api/auth/password-reset', { json: { email: user.email }, headers: { 'cf-connecting-ip': '192.0.2.92' } });
    const token = new URL(await latestResetLink(user.email)).searchParams.get('token')!;
    await db()
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, await sha256Hex(token)));
    const response = await send('/api/auth/password-reset/confirm', { json: { token, password: 'a brand new password' } });
    expect(response.status).toBe(422);
    expect((await send('/api/auth/login', { json: { email: user.email, password: user.password } })).status).toBe(200);
  });

  it('stores the reset token hashed and lets it live one hour', async () => {
    const user = await createUser();
    const before = Date.now();
    await send('/api/auth/password-reset', { json: { email: user.email }, headers: { 'cf-connecting-ip': '192.0.2.93' } });
    const token = new URL(await latestResetLink(user.email)).searchParams.get('token')!;
    const row = await db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)).get();
    expect(row?.tokenHash).toBe(await sha256Hex(token));
    expect(row!.expiresAt.getTime() - before).toBeGreaterThan(59 * 60_000);
    expect(row!.expiresAt.getTime() - before).toBeLessThanOrEqual(60 * 60_000 + 5000);
  });
});
