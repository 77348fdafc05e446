import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { purgeDeletedContent, purgeExpiredRecords, runBillingJobs } from '#worker/jobs/index.ts';
import { BOOKMARK_COOKIE, bookmarkCookieValue, bookmarkKey, sessionStart, verifiedBookmark } from '#worker/lib/d1-session.ts';
import { createProject, createUser } from '#worker/test/factories.ts';
import { pageDoc, seedFunnel, textBlock } from '#worker/test/funnels-edge.ts';
import { cookieFrom, send } from '#worker/test/http.ts';

/**
 * D1 read replication through the Sessions API (issue 15 point 9). Locally there are no
 * replicas, but miniflare runs `withSession` and hands out real bookmarks, so where each
 * request's session starts and how the bookmark travels in its cookie are tested for real.
 */

/** env.DB, recording where each session starts and any query that bypasses a session. */
function watchedD1() {
  const starts: string[] = [];
  const direct: string[] = [];
  const real = env.DB;
  const d1 = {
    withSession: (start?: string) => {
      starts.push(start ?? '(none)');
      return real.withSession(start);
    },
    prepare: (query: string) => {
      direct.push(query);
      return real.prepare(query);
    },
    batch: (statements: D1PreparedStatement[]) => {
      direct.push(`batch(${statements.length})`);
      return real.batch(statements);
    },
    exec: (query: string) => {
      direct.push(query);
      return real.exec(query);
    },
  } as unknown as D1Database;
  return { d1, starts, direct };
}

const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;
const bookmarkIn = (cookie: string | undefined) => cookie?.slice(BOOKMARK_COOKIE.length + 1).split('.')[0];

describe('where a request’s D1 session starts', () => {
  it.each([
    ['GET', undefined, false, 'first-unconstrained'],
    ['HEAD', undefined, false, 'first-unconstrained'],
    ['GET', undefined, true, 'first-primary'],
    ['GET', 'b00k', true, 'b00k'],
    ['GET', 'b00k', false, 'b00k'],
    ['POST', undefined, false, 'first-primary'],
    ['POST', 'b00k', true, 'first-primary'],
    ['PATCH', 'b00k', true, 'first-primary'],
    ['DELETE', undefined, true, 'first-primary'],
  ] as const)('%s, bookmark %s, signed in %s → %s', (method, bookmark, signedIn, expected) => {
    expect(sessionStart({ method, bookmark, signedIn })).toBe(expected);
  });
});

describe('the bookmark cookie’s value', () => {
  const secret = bookmarkKey(env);
  const foreign = { secret: 'another-secret-another-secret-0123456789', epoch: '1' };
  const bookmark = '00000001-00000002-00004e2f-0a83ea2fceebc654de0640c422be4653';

  it('round-trips a real bookmark, signed', async () => {
    const value = await bookmarkCookieValue(secret, bookmark);
    expect(value).toMatch(new RegExp(`^${bookmark}\\.[A-Za-z0-9_-]{43}$`));
    expect(await verifiedBookmark(secret, value)).toBe(bookmark);
  });

  it('refuses forged, tampered, foreign and malformed values', async () => {
    const value = await bookmarkCookieValue(secret, bookmark);
    const future = 'ffffffff-ffffffff-ffffffff-ffffffffffffffffffffffffffffffff';
    const cases = [
      undefined,
      '',
      bookmark,
      `${bookmark}.`,
      `${future}${value.slice(bookmark.length)}`,
      `${value.slice(0, -2)}AA`,
      await bookmarkCookieValue(foreign, bookmark),
      `garbage.${value.split('.')[1]}`,
      `${bookmark.toUpperCase()}${value.slice(bookmark.length)}`,
      `${bookmark}.${'A'.repeat(500)}`,
      'first-primary',
      `first-primary.${value.split('.')[1]}`,
      '\u0000\uD800.x',
    ];
    for (const candidate of cases) expect(await verifiedBookmark(secret, candidate), String(candidate)).toBeUndefined();
  });

  it('is bound to the database epoch (D1_BOOKMARK_EPOCH, "1" when unset): a cookie of another epoch is refused', async () => {
    expect(bookmarkKey({ SESSION_SECRET: 's'.repeat(32) }).epoch).toBe('1');
    expect(bookmarkKey({ SESSION_SECRET: 's'.repeat(32), D1_BOOKMARK_EPOCH: ' 2 ' }).epoch).toBe('2');
    const before = await bookmarkCookieValue({ secret: secret.secret, epoch: '1' }, bookmark);
    const after = await bookmarkCookieValue({ secret: secret.secret, epoch: '2' }, bookmark);
    expect(after).not.toBe(before);
    expect(await verifiedBookmark({ secret: secret.secret, epoch: '2' }, before)).toBeUndefined();
    expect(await verifiedBookmark({ secret: secret.secret, epoch: '1' }, after)).toBeUndefined();
    expect(await verifiedBookmark({ secret: secret.secret, epoch: '2' }, after)).toBe(bookmark);
    // The epoch cannot be moved into the bookmark's part of the signed text.
    expect(await verifiedBookmark({ secret: secret.secret, epoch: '1:00000001' }, before)).toBeUndefined();
  });
});

describe('every request runs its queries in a D1 session', () => {
  it('a signed-out read starts at the nearest replica and gets no cookie', async () => {
    const { d1, starts, direct } = watchedD1();
    const response = await send('/api/health', { env: { DB: d1 } });
    expect(response.status).toBe(200);
    expect(starts).toEqual(['first-unconstrained']);
    expect(direct).toEqual([]);
    expect(cookieFrom(response, BOOKMARK_COOKIE)).toBeUndefined();
  });

  it('a signed-in user reads their own writes: primary first, then the bookmark their cookie carries', async () => {
    const user = await createUser();
    const project = await createProject(user);
    const { d1, starts, direct } = watchedD1();

    // Signed in, no bookmark yet: the primary answers, and the bookmark comes back in a cookie.
    const first = await send('/api/projects', { cookie: user.cookie, env: { DB: d1 } });
    expect(first.status).toBe(200);
    expect(starts).toEqual(['first-primary']);
    const firstCookie = cookieFrom(first, BOOKMARK_COOKIE);
    expect(bookmarkIn(firstCookie)).toMatch(BOOKMARK);

    // A write starts at the primary whatever the cookie says, and moves the bookmark ahead.
    const write = await send(`/api/projects/${project.id}`, {
      method: 'PATCH',
      json: { name: 'Renamed Roastery' },
      cookie: `${user.cookie}; ${firstCookie}`,
      env: { DB: d1 },
    });
    expect(write.status).toBe(200);
    expect(starts[1]).toBe('first-primary');
    const writeCookie = cookieFrom(write, BOOKMARK_COOKIE);
    expect(bookmarkIn(writeCookie)! > bookmarkIn(firstCookie)!).toBe(true);

    // The next read continues from exactly that bookmark, and sees the write.
    const read = await send(`/api/projects/${project.id}`, { cookie: `${user.cookie}; ${writeCookie}`, env: { DB: d1 } });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { name: string }).name).toBe('Renamed Roastery');
    expect(starts[2]).toBe(bookmarkIn(writeCookie));
    // Its cookie never goes back in time.
    const readCookie = cookieFrom(read, BOOKMARK_COOKIE);
    if (readCookie) expect(bookmarkIn(readCookie)! > bookmarkIn(writeCookie)!).toBe(true);
    expect(direct).toEqual([]);
  });

  it('an anonymous write (a form, a reset request) gets the cookie too, so the page it leads to shows it', async () => {
    const { d1, starts } = watchedD1();
    const response = await send('/api/auth/password-reset', {
      json: { email: 'nobody-h6@example.com' },
      headers: { 'cf-connecting-ip': '192.0.2.61' },
      env: { DB: d1 },
    });
    expect(response.status).toBe(202);
    expect(starts).toEqual(['first-primary']);
    expect(bookmarkIn(cookieFrom(response, BOOKMARK_COOKIE))).toMatch(BOOKMARK);
  });

  it('a refused request gets no cookie (a wrong password, a 4xx)', async () => {
    const user = await createUser();
    const { d1, starts } = watchedD1();
    const response = await send('/api/auth/login', { json: { email: user.email, password: 'not the password at all' }, env: { DB: d1 } });
    expect(response.status).toBe(401);
    expect(starts).toEqual(['first-primary']);
    expect(cookieFrom(response, BOOKMARK_COOKIE)).toBeUndefined();
  });

  it('webhooks start at the primary', async () => {
    const { d1, starts, direct } = watchedD1();
    const response = await send('/api/webhooks/stripe', { body: '{}', headers: { 'content-type': 'application/json' }, env: { DB: d1 } });
    expect(response.status).toBeLessThan(500);
    expect(starts.every((start) => start === 'first-primary')).toBe(true);
    expect(direct).toEqual([]);
  });

  it('ignores a malformed, forged or foreign bookmark cookie safely (no 500, never handed to D1)', async () => {
    const user = await createUser();
    const stranger = await bookmarkCookieValue(
      { secret: 'another-secret-another-secret-0123456789', epoch: '1' },
      '00000001-00000002-00004e2f-0a83ea2fceebc654de0640c422be4653',
    );
    const values = [
      'garbage',
      '%E0%A4%A',
      'ffffffff-ffffffff-ffffffff-ffffffffffffffffffffffffffffffff.AAAA',
      stranger,
      'x'.repeat(4000),
      '"quoted"',
      'first-primary',
    ];
    for (const value of values) {
      const { d1, starts } = watchedD1();
      const signedOut = await send('/api/health', { cookie: `${BOOKMARK_COOKIE}=${value}`, env: { DB: d1 } });
      const signedIn = await send('/api/projects', { cookie: `${user.cookie}; ${BOOKMARK_COOKIE}=${value}`, env: { DB: d1 } });
      expect([signedOut.status, signedIn.status], value.slice(0, 40)).toEqual([200, 200]);
      expect(starts, value.slice(0, 40)).toEqual(['first-unconstrained', 'first-primary']);
      // The signed-in answer replaces the bad cookie with a good one.
      expect(bookmarkIn(cookieFrom(signedIn, BOOKMARK_COOKIE))).toMatch(BOOKMARK);
    }
  });

  it('never sets the cookie on a response a shared cache may keep', async () => {
    const user = await createUser();
    const project = await createProject(user);
    const funnel = await seedFunnel(project.id, { pages: [{ slug: 'offer', a: pageDoc([textBlock('Fresh coffee.')]) }] });
    const { d1, starts } = watchedD1();
    // A published page is public (shared caches may keep it): a signed-in visitor's copy carries no cookie.
    const page = await send(`/p/${funnel.name}/offer`, { cookie: user.cookie, env: { DB: d1 } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toMatch(/^public/);
    expect(starts).toEqual(['first-primary']);
    expect(page.headers.getSetCookie().filter((line) => line.startsWith(`${BOOKMARK_COOKIE}=`))).toEqual([]);
  });
});

/**
 * A D1 that refuses to continue from the given bookmarks (production D1 after a Time Travel
 * restore, or a re-created database, asked for a state it does not have): every query of such a
 * session rejects. `failAfter` lets that many queries of a refused session succeed first;
 * `primaryFails` makes the primary reject too.
 */
function refusingD1(refused: string[], options: { failAfter?: number; primaryFails?: boolean } = {}) {
  const starts: string[] = [];
  const real = env.DB;
  const failing = (start: string, session: D1DatabaseSession) => {
    let succeeded = 0;
    const gate = <T>(run: () => Promise<T>): Promise<T> => {
      if (succeeded < (options.failAfter ?? 0)) {
        succeeded += 1;
        return run();
      }
      return Promise.reject(new Error(`D1_ERROR: cannot continue the session from ${start}`));
    };
    const statement = (prepared: D1PreparedStatement): D1PreparedStatement =>
      ({
        bind: (...values: unknown[]) => statement(prepared.bind(...values)),
        first: (column?: string) => gate(() => (column === undefined ? prepared.first() : prepared.first(column))),
        all: () => gate(() => prepared.all()),
        run: () => gate(() => prepared.run()),
        raw: (o?: { columnNames?: false }) => gate(() => prepared.raw(o)),
      }) as unknown as D1PreparedStatement;
    return {
      prepare: (query: string) => statement(session.prepare(query)),
      batch: (statements: D1PreparedStatement[]) => gate(() => session.batch(statements)),
      getBookmark: () => session.getBookmark(),
    } as unknown as D1DatabaseSession;
  };
  const d1 = {
    withSession: (start: string) => {
      starts.push(start);
      const session = real.withSession(start);
      return refused.includes(start) || (options.primaryFails && start === 'first-primary') ? failing(start, session) : session;
    },
  } as unknown as D1Database;
  return { d1, starts };
}

describe('a bookmark D1 will not continue from', () => {
  // A valid, signed cookie whose bookmark the database no longer has (e.g. after a restore).
  const stale = 'ffffffff-ffffffff-00000000-00000000000000000000000000000000';
  const staleCookie = async () => `${BOOKMARK_COOKIE}=${await bookmarkCookieValue(bookmarkKey(env), stale)}`;

  it('a signed-in read goes on at the primary (200), and the cookie is replaced by a fresh bookmark the next request uses', async () => {
    const user = await createUser();
    await createProject(user);
    const { d1, starts } = refusingD1([stale]);
    const response = await send('/api/projects', { cookie: `${user.cookie}; ${await staleCookie()}`, env: { DB: d1 } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { items: unknown[] }).items).toHaveLength(1);
    expect(starts).toEqual([stale, 'first-primary']);
    // The fresh bookmark is older than the stale one, and still replaces it.
    const fresh = cookieFrom(response, BOOKMARK_COOKIE);
    expect(bookmarkIn(fresh)).toMatch(BOOKMARK);
    expect(bookmarkIn(fresh)! < stale).toBe(true);

    // Not stuck: the next request starts from the fresh bookmark, and D1 takes it.
    const next = await send('/api/projects', { cookie: `${user.cookie}; ${fresh}`, env: { DB: d1 } });
    expect(next.status).toBe(200);
    expect(starts).toEqual([stale, 'first-primary', bookmarkIn(fresh)]);
  });

  it('an answer that carries no bookmark (signed out, or refused) deletes the cookie', async () => {
    const { d1, starts } = refusingD1([stale]);
    const health = await send('/api/health', { cookie: await staleCookie(), env: { DB: d1 } });
    expect(health.status).toBe(200);
    expect(starts).toEqual([stale, 'first-primary']);
    const deletion = health.headers.getSetCookie().find((line) => line.startsWith(`${BOOKMARK_COOKIE}=`));
    expect(deletion).toMatch(/^adloom_d1=; Max-Age=0; Path=\//);

    const user = await createUser();
    const missing = await send('/api/projects/no-such-project-id-00000', { cookie: `${user.cookie}; ${await staleCookie()}`, env: { DB: d1 } });
    expect([404, 422]).toContain(missing.status);
    expect(missing.headers.getSetCookie().find((line) => line.startsWith(`${BOOKMARK_COOKIE}=`))).toMatch(/^adloom_d1=; Max-Age=0/);
  });

  it('retries once: when the primary rejects too, the error stands (no loop)', async () => {
    const user = await createUser();
    const { d1, starts } = refusingD1([stale], { primaryFails: true });
    const response = await send('/api/projects', { cookie: `${user.cookie}; ${await staleCookie()}`, env: { DB: d1 } });
    expect(response.status).toBe(500);
    expect(starts).toEqual([stale, 'first-primary']);
  });

  it('once a query of the bookmark’s session succeeded, a later error is that query’s own: not retried at the primary', async () => {
    const user = await createUser();
    const project = await createProject(user);
    const { d1, starts } = refusingD1([stale], { failAfter: 1 });
    const response = await send(`/api/projects/${project.id}`, { cookie: `${user.cookie}; ${await staleCookie()}`, env: { DB: d1 } });
    expect(response.status).toBe(500);
    expect(starts).toEqual([stale]);
  });

  it('a cookie signed for another epoch is ignored (after a restore the operator bumps D1_BOOKMARK_EPOCH), and replaced by one of this epoch', async () => {
    const user = await createUser();
    const { d1, starts } = refusingD1([stale]);
    const epoch2 = { DB: d1, D1_BOOKMARK_EPOCH: '2' };
    // Signed for epoch 1 (the default), read under epoch 2: never handed to D1.
    const response = await send('/api/projects', { cookie: `${user.cookie}; ${await staleCookie()}`, env: epoch2 });
    expect(response.status).toBe(200);
    expect(starts).toEqual(['first-primary']);
    const fresh = cookieFrom(response, BOOKMARK_COOKIE);
    const value = fresh!.slice(BOOKMARK_COOKIE.length + 1);
    expect(await verifiedBookmark({ secret: env.SESSION_SECRET, epoch: '2' }, value)).toBe(bookmarkIn(fresh));
    expect(await verifiedBookmark(bookmarkKey(env), value)).toBeUndefined();
    // Under epoch 2 the new cookie is used as it is.
    expect((await send('/api/projects', { cookie: `${user.cookie}; ${fresh}`, env: epoch2 })).status).toBe(200);
    expect(starts).toEqual(['first-primary', bookmarkIn(fresh)]);
  });
});

describe('scheduled jobs', () => {
  it('run every query in sessions that start at the primary', async () => {
    const { d1, starts, direct } = watchedD1();
    const now = new Date();
    await purgeExpiredRecords({ DB: d1 }, now);
    await purgeDeletedContent({ DB: d1, MEDIA: env.MEDIA }, now);
    await runBillingJobs({ DB: d1 }, now);
    expect(starts.length).toBeGreaterThanOrEqual(3);
    expect(new Set(starts)).toEqual(new Set(['first-primary']));
    expect(direct).toEqual([]);
  });
});
