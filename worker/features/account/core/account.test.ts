import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { auditLog, sessions } from '#worker/db/schema.ts';
import { authenticate } from '#worker/features/auth/core/service.ts';
import { createUser } from '#worker/test/factories.ts';
import { cookieFrom, send } from '#worker/test/http.ts';

async function signInAgain(email: string, password: string, userAgent: string): Promise<string> {
  const response = await send('/api/auth/login', { json: { email, password }, headers: { 'user-agent': userAgent } });
  expect(response.status).toBe(200);
  return cookieFrom(response)!;
}

type SessionList = { items: { id: string; current: boolean; userAgent: string | null }[]; nextCursor: string | null };

describe('/api/me', () => {
  it('needs a session: 401 in the envelope without one', async () => {
    const response = await send('/api/me');
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('unauthenticated');
  });

  it('returns the signed-in user with their plan', async () => {
    const user = await createUser({ name: 'Grace Hopper' });
    const response = await send('/api/me', { cookie: user.cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      id: user.id,
      email: user.email,
      name: 'Grace Hopper',
      role: 'user',
      plan: { id: 'free', name: 'Free' },
      createdAt: expect.any(String),
      locale: 'en',
      timeZone: null,
    });
  });

  it('renames the user and validates the name', async () => {
    const user = await createUser();
    const ok = await send('/api/me', { method: 'PATCH', json: { name: '  Katherine Johnson ' }, cookie: user.cookie });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ name: 'Katherine Johnson' });
    const bad = await send('/api/me', { method: 'PATCH', json: { name: 'x'.repeat(81) }, cookie: user.cookie });
    expect(bad.status).toBe(422);
  });

  it('changes the password only with the current one, and signs out the other devices', async () => {
    const user = await createUser();
    const other = await signInAgain(user.email, user.password, 'Other device');
    const wrong = await send('/api/me/password', { json: { currentPassword: 'not my password', newPassword: 'a new long password' }, cookie: user.cookie });
    expect(wrong.status).toBe(422);
    expect(((await wrong.json()) as { error: { details: Record<string, string[]> } }).error.details.currentPassword).toBeDefined();

    const ok = await send('/api/me/password', { json: { currentPassword: user.password, newPassword: 'a new long password' }, cookie: user.cookie });
    expect(ok.status).toBe(200);
    expect((await send('/api/me', { cookie: user.cookie })).status).toBe(200);
    expect((await send('/api/me', { cookie: other })).status).toBe(401);
    expect((await send('/api/auth/login', { json: { email: user.email, password: 'a new long password' } })).status).toBe(200);
    const audit = await getDb(env.DB).select().from(auditLog).where(eq(auditLog.targetId, user.id)).all();
    expect(audit.map((a) => a.action)).toContain('user.password_changed');
  });
});

describe('/api/me/sessions', () => {
  it('lists the live sessions, marks the current one and never exposes tokens', async () => {
    const user = await createUser();
    await signInAgain(user.email, user.password, 'Mozilla/5.0 (Macintosh) Firefox/140.0');
    const response = await send('/api/me/sessions', { cookie: user.cookie });
    expect(response.status).toBe(200);
    const body = (await response.json()) as SessionList;
    expect(body.items).toHaveLength(2);
    expect(body.items.filter((s) => s.current)).toHaveLength(1);
    expect(body.nextCursor).toBeNull();
    expect(JSON.stringify(body)).not.toMatch(/token/i);
  });

  it('paginates with a cursor', async () => {
    const user = await createUser();
    for (let i = 0; i < 3; i += 1) await signInAgain(user.email, user.password, `Device ${i}`);
    const first = (await (await send('/api/me/sessions?limit=2', { cookie: user.cookie })).json()) as SessionList;
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toBeTruthy();
    const second = (await (
      await send(`/api/me/sessions?limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`, { cookie: user.cookie })
    ).json()) as SessionList;
    expect(second.items).toHaveLength(2);
    expect(new Set([...first.items, ...second.items].map((s) => s.id)).size).toBe(4);
    expect((await send('/api/me/sessions?limit=500', { cookie: user.cookie })).status).toBe(422);
  });

  it('revokes one session, and 404s for a session that is not the user’s', async () => {
    const user = await createUser();
    const other = await signInAgain(user.email, user.password, 'Phone');
    const list = (await (await send('/api/me/sessions', { cookie: user.cookie })).json()) as SessionList;
    const target = list.items.find((s) => !s.current)!;
    const stranger = await createUser();
    expect((await send(`/api/me/sessions/${target.id}`, { method: 'DELETE', cookie: stranger.cookie })).status).toBe(404);
    expect((await send('/api/me', { cookie: other })).status).toBe(200);
    expect((await send(`/api/me/sessions/${target.id}`, { method: 'DELETE', cookie: user.cookie })).status).toBe(204);
    expect((await send('/api/me', { cookie: other })).status).toBe(401);
    expect((await send(`/api/me/sessions/${target.id}`, { method: 'DELETE', cookie: user.cookie })).status).toBe(404);
  });

  it('signs out everywhere else and keeps this device', async () => {
    const user = await createUser();
    const a = await signInAgain(user.email, user.password, 'A');
    const b = await signInAgain(user.email, user.password, 'B');
    expect((await send('/api/me/sessions', { method: 'DELETE', cookie: user.cookie })).status).toBe(204);
    expect((await send('/api/me', { cookie: a })).status).toBe(401);
    expect((await send('/api/me', { cookie: b })).status).toBe(401);
    expect((await send('/api/me', { cookie: user.cookie })).status).toBe(200);
  });
});

describe('sliding sessions', () => {
  it('pushes the expiry 30 days ahead when used after an hour, and ends expired sessions', async () => {
    const user = await createUser();
    const token = user.cookie.split('=')[1]!;
    const db = getDb(env.DB);
    const row = (await db.select().from(sessions).where(eq(sessions.userId, user.id)).get())!;
    const later = new Date(row.lastSeenAt.getTime() + 2 * 60 * 60 * 1000);
    const auth = await authenticate(db, token, later);
    expect(auth?.slid).toBe(true);
    const updated = (await db.select().from(sessions).where(eq(sessions.id, row.id)).get())!;
    expect(updated.expiresAt.getTime()).toBe(later.getTime() + 30 * 24 * 60 * 60 * 1000);

    expect(await authenticate(db, token, new Date(updated.expiresAt.getTime() + 1))).toBeUndefined();
  });

  it('re-sends the cookie when the session slides', async () => {
    const user = await createUser();
    const db = getDb(env.DB);
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .where(eq(sessions.userId, user.id));
    const response = await send('/api/me', { cookie: user.cookie });
    expect(response.status).toBe(200);
    expect(cookieFrom(response)).toBe(user.cookie);
  });
});
