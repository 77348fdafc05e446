import { env } from 'cloudflare:test';
import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { rateLimits } from '#worker/db/schema.ts';
import { RATE_LIMITS } from '#worker/lib/rate-limit.ts';
import { createUser, uniqueEmail } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';

/**
 * Brute force against sign-in, sign-up and reset (PRODUCT.md §4.1, decision 0004): 5 failures
 * per email and client network per 15 minutes, then 429 with Retry-After. A client network is an
 * IPv4 address or an IPv6 /64 (worker/lib/client-network.ts): one subscriber's /64 holds 2^64
 * addresses, so counting by address would give them unlimited guesses. One network trying many
 * emails (password spraying) meets a second limit, counted over failures only.
 */
let networks = 0;
/** A /64 no other test of this file uses, and the `n`-th address in it. */
function network(): (n: number) => string {
  networks += 1;
  const prefix = `2001:db8:4b1d:${networks.toString(16)}`;
  return (n) => `${prefix}:${n.toString(16)}:${(n * 7).toString(16)}:0:1`;
}

function login(email: string, password: string, ip: string) {
  return send('/api/auth/login', { json: { email, password }, headers: { 'cf-connecting-ip': ip } });
}

async function expectLimited(response: Response, windowSeconds = 15 * 60) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  const body = (await response.json()) as { error: { code: string; requestId: string } };
  expect(body.error.code).toBe('rate_limited');
  expect(body.error.requestId).toBeTruthy();
}

describe('sign-in brute force', () => {
  it('5 failures per email and address, then 429 with Retry-After, even for the right password', async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i += 1) expect((await login(user.email, `wrong password ${i}`, '192.0.2.61')).status).toBe(401);
    await expectLimited(await login(user.email, 'wrong password 5', '192.0.2.61'));
    await expectLimited(await login(user.email, user.password, '192.0.2.61'));
  });

  it('an IPv6 client stepping through the addresses of its /64 is one client', async () => {
    const user = await createUser();
    const address = network();
    for (let i = 1; i <= 5; i += 1) expect((await login(user.email, 'wrong password!', address(i))).status).toBe(401);
    await expectLimited(await login(user.email, 'wrong password!', address(6)));
    await expectLimited(await login(user.email, user.password, address(7)));
  });

  it('one email from many networks: each network has its own 5 (per email + network, as PRODUCT.md §4.1 says)', async () => {
    const user = await createUser();
    const other = network();
    for (let i = 0; i < 5; i += 1) expect((await login(user.email, 'wrong password!', '192.0.2.62')).status).toBe(401);
    await expectLimited(await login(user.email, 'wrong password!', '192.0.2.62'));
    // Another IPv4 address and another /64 are not blocked by that: the owner can still sign in from home.
    expect((await login(user.email, 'wrong password!', '192.0.2.63')).status).toBe(401);
    expect((await login(user.email, user.password, other(1))).status).toBe(200);
  });

  it('the window ends: once its reset time has passed, the email can be tried again', async () => {
    const user = await createUser();
    for (let i = 0; i < 6; i += 1) await login(user.email, 'wrong password!', '192.0.2.64');
    await expectLimited(await login(user.email, user.password, '192.0.2.64'));
    // Move the window into the past instead of waiting 15 minutes.
    await getDb(env.DB)
      .update(rateLimits)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(like(rateLimits.key, `login:${user.email}:%`));
    expect((await login(user.email, user.password, '192.0.2.64')).status).toBe(200);
  });

  it('many emails from one network (spraying): 50 failures across all emails, then 429 for any email', async () => {
    const limit = RATE_LIMITS.loginNetworkFailures.limit;
    const address = network();
    const user = await createUser();
    // Unknown accounts fail like wrong passwords (no enumeration), and count the same.
    for (let i = 0; i < limit - 1; i += 1) expect((await login(uniqueEmail('sprayed'), 'Summer2026!!', address(i + 1))).status).toBe(401);
    // Successful sign-ins from the network do not count: an office full of people signing in is not an attack.
    for (let i = 0; i < 3; i += 1) expect((await login(user.email, user.password, address(100 + i))).status).toBe(200);
    expect((await login(uniqueEmail('sprayed'), 'Summer2026!!', address(200))).status).toBe(401);
    await expectLimited(await login(uniqueEmail('sprayed'), 'Summer2026!!', address(201)));
    await expectLimited(await login(user.email, user.password, address(202)));
    // Another network is not affected.
    expect((await login(user.email, user.password, '192.0.2.65')).status).toBe(200);
  });

  it('a burst of 30 sprayed attempts at once from one network cannot pass the network limit', async () => {
    const address = network();
    const limit = RATE_LIMITS.loginNetworkFailures.limit;
    const first = await Promise.all(Array.from({ length: limit - 10 }, (_, i) => login(uniqueEmail('burst'), 'Winter2026!!', address(i + 1))));
    expect(first.every((r) => r.status === 401)).toBe(true);
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => login(uniqueEmail('burst'), 'Winter2026!!', address(100 + i))));
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });
});

describe('sign-up and password-reset abuse', () => {
  it('sign-ups: 10 per network and hour, also when an IPv6 client steps through its /64', async () => {
    const address = network();
    for (let i = 1; i <= RATE_LIMITS.signups.limit; i += 1) {
      const response = await send('/api/auth/signup', {
        json: { email: uniqueEmail('bulk'), password: 'correct horse battery', name: 'Bulk' },
        headers: { 'cf-connecting-ip': address(i) },
      });
      expect(response.status).toBe(201);
    }
    const refused = await send('/api/auth/signup', {
      json: { email: uniqueEmail('bulk'), password: 'correct horse battery', name: 'Bulk' },
      headers: { 'cf-connecting-ip': address(99) },
    });
    await expectLimited(refused, 60 * 60);
  });

  it('reset requests: 5 per network and hour (202 each, never telling which accounts exist), then 429, and no more emails', async () => {
    const user = await createUser();
    const address = network();
    for (let i = 1; i <= RATE_LIMITS.passwordResetRequests.limit; i += 1) {
      const response = await send('/api/auth/password-reset', {
        json: { email: i % 2 ? user.email : uniqueEmail('ghost') },
        headers: { 'cf-connecting-ip': address(i) },
      });
      expect(response.status).toBe(202);
    }
    const before = await env.DB.prepare("SELECT count(*) AS n FROM email_outbox WHERE to_address = ? AND kind = 'password_reset'")
      .bind(user.email)
      .first<{ n: number }>();
    await expectLimited(await send('/api/auth/password-reset', { json: { email: user.email }, headers: { 'cf-connecting-ip': address(50) } }), 60 * 60);
    const after = await env.DB.prepare("SELECT count(*) AS n FROM email_outbox WHERE to_address = ? AND kind = 'password_reset'")
      .bind(user.email)
      .first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
    expect(before?.n).toBe(3);
  });
});

describe('re-entering the password with a session (changing it, confirming a deletion)', () => {
  // Whoever holds a stolen session must not get unlimited guesses at the account's password:
  // counted like sign-in, per client network and per account, both steps sharing the counts.
  const NEW_PASSWORD = 'a brand new long password';

  function changePassword(user: { cookie: string }, currentPassword: string, ip: string) {
    return send('/api/me/password', { json: { currentPassword, newPassword: NEW_PASSWORD }, cookie: user.cookie, headers: { 'cf-connecting-ip': ip } });
  }

  function confirmDeletion(user: { cookie: string }, password: string, ip: string) {
    return send('/api/me/deletion', { json: { password }, cookie: user.cookie, headers: { 'cf-connecting-ip': ip } });
  }

  it('changing the password: 5 wrong per account and /64 (stepping through its addresses gains nothing), then 429 even for the right one', async () => {
    const user = await createUser();
    const address = network();
    for (let i = 1; i <= 5; i += 1) expect((await changePassword(user, `wrong password ${i}`, address(i))).status).toBe(422);
    await expectLimited(await changePassword(user, 'wrong password 6', address(6)));
    await expectLimited(await changePassword(user, user.password, address(7)));
    // The password did not change: it still signs in.
    expect((await login(user.email, user.password, '192.0.2.70')).status).toBe(200);
    // The owner on another network is not locked out by it.
    expect((await changePassword(user, user.password, '192.0.2.71')).status).toBe(200);
    expect((await login(user.email, NEW_PASSWORD, '192.0.2.72')).status).toBe(200);
  });

  it('a right password takes its try back: an owner who mistypes now and then is never limited', async () => {
    const user = await createUser();
    const address = network();
    for (let i = 1; i <= 4; i += 1) expect((await changePassword(user, `typo ${i}`, address(i))).status).toBe(422);
    expect((await changePassword(user, user.password, address(5))).status).toBe(200);
    const again = { ...user, password: NEW_PASSWORD };
    for (let i = 1; i <= 4; i += 1) expect((await changePassword(again, `typo again ${i}`, address(10 + i))).status).toBe(422);
    expect((await changePassword(again, NEW_PASSWORD, address(20))).status).toBe(200);
  });

  it('20 wrong per account from all networks together, changing and deleting sharing them; then 429 from a fresh network', async () => {
    const limit = RATE_LIMITS.confirmPasswordAccount.limit;
    const user = await createUser();
    const networksUsed = Array.from({ length: Math.ceil(limit / 4) }, () => network());
    for (let i = 0; i < limit; i += 1) {
      // 4 per network (under the per-network 5), alternating the two steps.
      const ip = networksUsed[Math.floor(i / 4)]!(i + 1);
      const response = i % 2 === 0 ? await changePassword(user, `guess ${i}`, ip) : await confirmDeletion(user, `guess ${i}`, ip);
      expect(response.status, `try ${i + 1}`).toBe(422);
    }
    const fresh = network();
    await expectLimited(await changePassword(user, user.password, fresh(1)));
    await expectLimited(await confirmDeletion(user, user.password, fresh(2)));
    // Nothing happened to the account: same password, no deletion pending.
    const row = await env.DB.prepare('SELECT deletion_requested_at AS requested FROM users WHERE id = ?').bind(user.id).first<{ requested: number | null }>();
    expect(row?.requested).toBeNull();
    expect((await login(user.email, user.password, '192.0.2.73')).status).toBe(200);
  });
});
