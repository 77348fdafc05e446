import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { rateLimits, sessions } from '#worker/db/schema.ts';
import worker from '#worker/index.ts';
import { createUser } from '#worker/test/factories.ts';

describe('scheduled housekeeping', () => {
  it('purges expired sessions and finished rate-limit windows, keeping live ones', async () => {
    const db = getDb(env.DB);
    const expired = await createUser();
    const live = await createUser();
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, expired.id));
    await db.insert(rateLimits).values({ key: 'test:old', count: 3, resetAt: new Date(Date.now() - 1000) });
    await db.insert(rateLimits).values({ key: 'test:new', count: 3, resetAt: new Date(Date.now() + 60_000) });

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: '* * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);

    expect(await db.select().from(sessions).where(eq(sessions.userId, expired.id)).all()).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, live.id)).all()).toHaveLength(1);
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, 'test:old')).all()).toEqual([]);
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, 'test:new')).all()).toHaveLength(1);
  });
});
