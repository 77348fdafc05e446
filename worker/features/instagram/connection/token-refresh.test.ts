import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { instagramAccounts } from '#worker/db/schema.ts';
import { markBroken, refreshTokens, tokenFor } from '#worker/features/instagram/connection/service.ts';
import { refreshInstagramTokens } from '#worker/jobs/index.ts';
import type { Intercepted } from '#worker/test/fetch.ts';
import {
  accountOf,
  configured,
  connection,
  connectReal,
  graphError,
  interceptInstagram,
  longLived,
  mailsTo,
  ownerWithProject,
} from '#worker/test/instagram-connection.ts';

const db = () => getDb(env.DB);

describe('token refresh job', () => {
  const DAY = 24 * 60 * 60 * 1000;

  async function agedAccount(refreshedDaysAgo: number, expiresInDays: number) {
    const { owner, project } = await ownerWithProject();
    const row = await connectReal(owner, project.id);
    const now = new Date();
    await db()
      .update(instagramAccounts)
      .set({
        tokenRefreshedAt: new Date(now.getTime() - refreshedDaysAgo * DAY),
        tokenExpiresAt: new Date(now.getTime() + expiresInDays * DAY),
        updatedAt: new Date(now.getTime() - refreshedDaysAgo * DAY),
      })
      .where(eq(instagramAccounts.id, row.id));
    const token = (await tokenFor(db(), configured, row.id))!.accessToken;
    return { owner, project, row, token, now };
  }

  /** graph.instagram.com/refresh_access_token, answered per token; the calls of other tests' accounts are ignored by the tests. */
  function interceptRefresh(answer: (token: string) => Response) {
    return interceptInstagram({
      graph: (call, path) =>
        path === '/refresh_access_token' ? answer(new URL(call.url).searchParams.get('access_token') ?? '') : new Response('unexpected', { status: 599 }),
    }).graph;
  }
  const callsFor = (calls: Intercepted[], token: string) => calls.filter((call) => new URL(call.url).searchParams.get('access_token') === token);

  it('refreshes a token older than 24 h that expires within the window (ig_refresh_token), and stores the new one sealed', async () => {
    const { row, token, now } = await agedAccount(10, 50);
    const calls = interceptRefresh((t) => (t === token ? longLived('IGAArefreshed-token') : longLived(`${t}-refreshed`)));
    await refreshTokens(db(), configured, now);
    const mine = callsFor(calls, token);
    expect(mine).toHaveLength(1);
    expect(new URL(mine[0]!.url).searchParams.get('grant_type')).toBe('ig_refresh_token');
    const after = (await accountOf(row.projectId))!;
    expect(after.status).toBe('active');
    expect(after.tokenExpiresAt!.getTime()).toBe(now.getTime() + 5183944 * 1000);
    expect(after.tokenRefreshedAt!.getTime()).toBe(now.getTime());
    expect(after.tokenSealed).not.toBe(row.tokenSealed);
    expect((await tokenFor(db(), configured, row.id))!.accessToken).toBe('IGAArefreshed-token');

    // Refreshed now: the next run leaves it alone.
    await refreshTokens(db(), configured, new Date(now.getTime() + 60_000));
    expect(callsFor(calls, 'IGAArefreshed-token')).toHaveLength(0);
  });

  it('runs from the scheduled job', async () => {
    const { row, token, now } = await agedAccount(10, 50);
    const calls = interceptRefresh((t) => longLived(t === token ? 'IGAAfrom-the-cron' : `${t}-r`));
    await refreshInstagramTokens(configured, now);
    expect(callsFor(calls, token)).toHaveLength(1);
    expect((await tokenFor(db(), configured, row.id))!.accessToken).toBe('IGAAfrom-the-cron');
  });

  it('leaves tokens younger than 24 h and tokens far from expiry alone', async () => {
    const young = await agedAccount(0.5, 20);
    const fresh = await agedAccount(2, 59);
    const calls = interceptRefresh((t) => longLived(`${t}-refreshed`));
    await refreshTokens(db(), configured, fresh.now);
    expect(callsFor(calls, young.token)).toHaveLength(0);
    expect(callsFor(calls, fresh.token)).toHaveLength(0);
  });

  it('a revoked token (OAuthException 190) marks the connection broken, emails the owner once, and shows in the UI', async () => {
    const { owner, project, row, token, now } = await agedAccount(10, 50);
    interceptRefresh((t) =>
      t === token ? graphError(190, 'Error validating access token: The user has not authorized application 990602627938098.', 400, 458) : longLived(`${t}-r`),
    );
    await refreshTokens(db(), configured, now);
    const after = (await accountOf(project.id))!;
    expect(after.status).toBe('broken');
    expect(after.brokenReason).toMatch(/Connect the account again/);
    const mails = await mailsTo(owner.email, 'instagram_broken');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Northwind Coffee');
    expect(mails[0]!.textBody).toContain('@northwind.coffee');

    // A broken account is not refreshed again and nobody is emailed twice.
    await refreshTokens(db(), configured, new Date(now.getTime() + DAY));
    await markBroken(db(), configured, row.id, 'Again.');
    expect(await mailsTo(owner.email, 'instagram_broken')).toHaveLength(1);
    const seen = await connection(owner, project.id);
    expect(seen.account).toMatchObject({ status: 'broken', brokenReason: after.brokenReason });
  });

  it('a token that already expired marks the connection broken without calling Instagram', async () => {
    const { owner, project, token, now } = await agedAccount(61, -1);
    const calls = interceptRefresh((t) => longLived(`${t}-r`));
    await refreshTokens(db(), configured, now);
    expect(callsFor(calls, token)).toHaveLength(0);
    expect((await accountOf(project.id))!).toMatchObject({ status: 'broken' });
    expect((await accountOf(project.id))!.brokenReason).toContain('expired');
    expect(await mailsTo(owner.email, 'instagram_broken')).toHaveLength(1);
  });

  it('a 5xx or a timeout leaves the connection active for the next run, without an email', async () => {
    const { owner, project, token, now } = await agedAccount(10, 50);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    interceptRefresh((t) => (t === token ? graphError(2, 'An unexpected error has occurred. Please retry your request later.', 500) : longLived(`${t}-r`)));
    await refreshTokens(db(), configured, now);
    expect((await accountOf(project.id))!.status).toBe('active');
    expect((await tokenFor(db(), configured, (await accountOf(project.id))!.id))!.accessToken).toBe(token);
    expect(await mailsTo(owner.email, 'instagram_broken')).toHaveLength(0);
    expect(errors.mock.calls.flat().join(' ')).not.toContain(token);

    // The next minute's run leaves it alone; an hour later it is tried again, and works.
    vi.restoreAllMocks();
    const calls = interceptRefresh((t) => longLived(t === token ? 'IGAAafter-outage' : `${t}-r`));
    await refreshTokens(db(), configured, new Date(now.getTime() + 60_000));
    expect(callsFor(calls, token)).toHaveLength(0);
    await refreshTokens(db(), configured, new Date(now.getTime() + 61 * 60_000));
    expect(callsFor(calls, token)).toHaveLength(1);
    expect((await tokenFor(db(), configured, (await accountOf(project.id))!.id))!.accessToken).toBe('IGAAafter-outage');
  });
});

/** Meta's signed_request: base64url(HMAC-SHA256(payload part, app secret)).base64url(payload). */
