import { env } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { media, projectMembers, users } from '#worker/db/schema.ts';
import type { TestUser } from '#worker/test/factories.ts';
import { cookieFrom, send } from '#worker/test/http.ts';

/** Test helpers for deleting accounts: requests, the purge job and what it leaves behind. */
export const DAY = 24 * 60 * 60 * 1000;
export type ErrorBody = { error: { code: string; message: string; details?: Record<string, string[]> } };

export async function signInAgain(user: TestUser, userAgent = 'Other device'): Promise<string> {
  const response = await send('/api/auth/login', { json: { email: user.email, password: user.password }, headers: { 'user-agent': userAgent } });
  expect(response.status).toBe(200);
  return cookieFrom(response)!;
}

export function requestDeletion(user: TestUser, password = user.password, cookie = user.cookie) {
  return send('/api/me/deletion', { json: { password }, cookie });
}

export async function userRow(id: string) {
  return (await getDb(env.DB).select().from(users).where(eq(users.id, id)).get())!;
}

export async function r2Has(key: string): Promise<boolean> {
  return (await env.MEDIA.head(key)) !== null;
}

export async function mediaKey(id: string): Promise<string> {
  return (await getDb(env.DB).select().from(media).where(eq(media.id, id)).get())!.r2Key;
}

/**
 * The job's D1 binding, with `between` run once, just before the job's first batch: after every
 * read the purge makes, before any of its writes (the seam where a sign-in or a member can come
 * in while the job runs).
 */
export function dbWithSeam(between: () => Promise<void>): D1Database {
  let fired = false;
  const bound = <T extends object>(target: T, property: string | symbol) => {
    const value: unknown = Reflect.get(target, property, target);
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
  };
  return new Proxy(env.DB, {
    get(target, property) {
      if (property !== 'withSession') return bound(target, property);
      return (constraint?: D1SessionConstraint | D1SessionBookmark) => {
        const session = target.withSession(constraint);
        return new Proxy(session, {
          get(inner, name) {
            if (name !== 'batch') return bound(inner, name);
            return async (statements: D1PreparedStatement[]) => {
              if (!fired) {
                fired = true;
                await between();
              }
              return inner.batch(statements);
            };
          },
        });
      };
    },
  });
}

/**
 * Asks for the deletion, then dates the request back to a day no other account of the test file
 * shares, so that a purge run at `requestedAt + 31 days` has this account alone to do.
 */
let backdated = Date.UTC(2001, 0, 1);
export async function deletionDue(user: TestUser): Promise<{ requestedAt: Date; day31: Date }> {
  expect((await requestDeletion(user)).status).toBe(202);
  backdated += 400 * DAY;
  const requestedAt = new Date(backdated);
  await getDb(env.DB).update(users).set({ deletionRequestedAt: requestedAt }).where(eq(users.id, user.id));
  return { requestedAt, day31: new Date(backdated + 31 * DAY) };
}

export async function ownerOf(projectId: string): Promise<string | undefined> {
  const row = await getDb(env.DB)
    .select()
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.role, 'owner')))
    .get();
  return row?.userId;
}
