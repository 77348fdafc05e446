import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { emailOutbox, passwordResetTokens } from '#worker/db/schema.ts';
import type { Bindings } from '#worker/env.ts';
import { sha256Hex } from '#worker/lib/crypto.ts';
import { newId, newToken } from '#worker/lib/ids.ts';
import worker from '#worker/index.ts';
import { createUser, latestMail, uniqueEmail, type TestUser } from '#worker/test/factories.ts';
import { interceptHost } from '#worker/test/fetch.ts';
import { ORIGIN, send } from '#worker/test/http.ts';

const db = () => getDb(env.DB);
let ip = 10;
/** Each request from its own address, so that the per-IP reset limit never interferes. */
const nextIp = () => `192.0.2.${(ip += 1)}`;

async function linksSent(email: string): Promise<string[]> {
  const rows = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).all();
  return rows.flatMap((row) => row.textBody.match(/\/password-reset\?token=([A-Za-z0-9_-]+)/)?.[1] ?? []);
}

/** Asks for a link through the API and returns the token of the email it sent. */
async function requestLink(user: TestUser): Promise<string> {
  const before = await linksSent(user.email);
  expect((await send('/api/auth/password-reset', { json: { email: user.email }, headers: { 'cf-connecting-ip': nextIp() } })).status).toBe(202);
  const [token, ...more] = (await linksSent(user.email)).filter((t) => !before.includes(t));
  if (!token || more.length > 0) throw new Error('expected exactly one new reset link in the outbox');
  return token;
}

function confirm(token: string, password = 'a brand new password') {
  return send('/api/auth/password-reset/confirm', { json: { token, password } });
}

/** A link issued earlier and still open (as one from before this rule would be). */
async function openLinkFor(userId: string): Promise<string> {
  const token = newToken();
  await db()
    .insert(passwordResetTokens)
    .values({ id: newId(), userId, tokenHash: await sha256Hex(token), expiresAt: new Date(Date.now() + 3600_000), createdAt: new Date() });
  return token;
}

describe('earlier reset links stop working', () => {
  it('when a newer link is requested: only the newest one works', async () => {
    const user = await createUser();
    const first = await requestLink(user);
    const second = await requestLink(user);
    expect(first).not.toBe(second);
    const old = await confirm(first);
    expect(old.status).toBe(422);
    expect((await confirm(second)).status).toBe(204);
  });

  it('when the password is changed in the account', async () => {
    const user = await createUser();
    const token = await requestLink(user);
    const changed = await send('/api/me/password', { json: { currentPassword: user.password, newPassword: 'changed in the account' }, cookie: user.cookie });
    expect(changed.status).toBe(200);
    expect((await confirm(token)).status).toBe(422);
    expect((await send('/api/auth/login', { json: { email: user.email, password: 'changed in the account' } })).status).toBe(200);
  });

  it('when the password is reset through one of them: every other open link ends too', async () => {
    const user = await createUser();
    const earlier = await openLinkFor(user.id);
    const used = await openLinkFor(user.id);
    expect((await confirm(used)).status).toBe(204);
    expect((await confirm(earlier, 'an attacker’s password')).status).toBe(422);
    expect((await send('/api/auth/login', { json: { email: user.email, password: 'a brand new password' } })).status).toBe(200);
  });
});

describe('the reset page (GET /password-reset?token=)', () => {
  it('shows the form for an open link, and for a used, expired or unknown one says so and offers a new link', async () => {
    const user = await createUser();
    const token = await requestLink(user);
    const open = await send(`/password-reset?token=${token}`);
    expect(open.status).toBe(200);
    const openPage = await open.text();
    expect(openPage).toContain('Choose a new password</h1>');
    expect(openPage).toContain(`name="token" value="${token}"`);
    expect(openPage).not.toContain('expired or was already used');

    expect((await confirm(token)).status).toBe(204);
    const expiredToken = await openLinkFor(user.id);
    await db()
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, await sha256Hex(expiredToken)));
    for (const link of [token, expiredToken, 'x'.repeat(43)]) {
      const response = await send(`/password-reset?token=${link}`);
      expect(response.status).toBe(200);
      const page = await response.text();
      expect(page).toContain('This link has expired or was already used');
      expect(page).not.toContain('name="token"');
      expect(page).not.toContain('Choose a new password</h1>');
      // The way to a new link: the request form, right there.
      expect(page).toContain('Send reset link');
    }
    // Submitting the form of a link that was used meanwhile ends on the same page.
    const submitted = await send('/password-reset', { form: { token, password: 'another long password' } });
    expect(submitted.status).toBe(422);
    const page = await submitted.text();
    expect(page).toContain('This link has expired or was already used');
    expect(page).not.toContain('name="token"');
  });
});

describe('the no-JavaScript reset request (POST /password-reset)', () => {
  /** The page without what differs per response (CSP nonce). */
  const normalized = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');

  it('answers the same page for a known and an unknown address, and still sends the email', async () => {
    const user = await createUser();
    const address = nextIp();
    const known = await send('/password-reset', { form: { email: user.email }, headers: { 'cf-connecting-ip': address } });
    const unknown = await send('/password-reset', { form: { email: uniqueEmail('nobody') }, headers: { 'cf-connecting-ip': address } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(normalized(await known.text())).toBe(normalized(await unknown.text()));
    expect((await latestMail(user.email, 'password_reset'))?.textBody).toMatch(/\/password-reset\?token=/);
  });

  it('answers before the email work is done (it runs after the response, like the API)', async () => {
    const user = await createUser();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const calls = interceptHost('api.resend.com', async () => {
      await held;
      return Response.json({ id: 'msg_1' });
    });
    const request = new Request(`${ORIGIN}/password-reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, 'cf-connecting-ip': nextIp() },
      body: new URLSearchParams({ email: user.email }).toString(),
    });
    const ctx = createExecutionContext();
    let answered = false;
    const response = Promise.resolve(
      worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, { ...env, RESEND_API_KEY: 're_test' } as Bindings, ctx),
    ).finally(() => (answered = true));
    try {
      // The email is on its way to the provider (held there), and the page is already answered.
      await vi.waitFor(() => expect(calls).toHaveLength(1));
      await vi.waitFor(() => expect(answered).toBe(true));
    } finally {
      release();
    }
    expect((await response).status).toBe(200);
    await waitOnExecutionContext(ctx);
    const mail = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email)).all();
    expect(mail.filter((m) => m.kind === 'password_reset').map((m) => m.status)).toEqual(['sent']);
  });
});
