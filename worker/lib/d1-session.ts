import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { D1Client } from '#worker/db/client.ts';
import type { AppEnv } from '#worker/env.ts';
import { hmacSign, hmacVerify } from '#worker/lib/crypto.ts';
import { settledCache } from '#worker/lib/settled-cache.ts';
import { isLoopbackHttp, SESSION_COOKIE } from '#worker/lib/session-cookie.ts';

/**
 * D1 read replication through the Sessions API (docs/decisions/0022-read-replication-and-placement.md).
 * Every request's queries run in one D1 session, started by `sessionStart`:
 * - a write (any method but GET/HEAD/OPTIONS: forms, API writes, webhooks) starts at the primary,
 *   so whatever it checks before writing is the latest state;
 * - a read carrying a valid bookmark cookie continues from that bookmark: a replica at least as
 *   fresh as the visitor's last request answers (they always read their own writes);
 * - a signed-in read without one starts at the primary (then gets the cookie);
 * - any other read (public pages, signed-out visitors) starts at the nearest replica.
 * After the request the session's bookmark goes back in the cookie when it moved ahead, for
 * signed-in users and after writes that succeeded, never on a response a shared cache may keep.
 *
 * A bookmark D1 will not continue from (the database was restored with Time Travel, or
 * re-created, below the bookmarks still in cookies) must not lock a browser out: the cookie is
 * signed for an epoch (`D1_BOOKMARK_EPOCH`, bumped after a restore: every older cookie is then
 * ignored), and when the first query of a bookmark-started session rejects, the request goes on
 * in a session at the primary and the cookie is replaced or deleted.
 */
export const BOOKMARK_COOKIE = 'adloom_d1';

/** A day: a bookmark only has to outlive replica lag; a signed-in user without one reads from the primary. */
export const BOOKMARK_MAX_AGE_SECONDS = 24 * 60 * 60;

/** D1's bookmark format (`00000001-00000002-00004e2f-0a83ea2fceebc654de0640c422be4653`); anything else is ignored. */
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const MAX_COOKIE_LENGTH = 160;

/** What signs a bookmark cookie: the secret, and the database epoch the bookmark belongs to. */
export interface BookmarkKey {
  secret: string;
  /** `D1_BOOKMARK_EPOCH` ("1" when unset): bumped after a Time Travel restore, it voids every older cookie. */
  epoch: string;
}

export function bookmarkKey(env: { SESSION_SECRET: string; D1_BOOKMARK_EPOCH?: string | undefined }): BookmarkKey {
  return { secret: env.SESSION_SECRET, epoch: env.D1_BOOKMARK_EPOCH?.trim() || '1' };
}

// The bookmark's format has no ':', so the epoch cannot be shifted into it.
const signed = (key: BookmarkKey, bookmark: string) => `d1-bookmark:${key.epoch}:${bookmark}`;

/**
 * The bookmark in a cookie value (`<bookmark>.<HMAC>`), or undefined when it is missing,
 * malformed, not signed by us or signed for another epoch: a forged bookmark "from the future"
 * would make a replica wait for a state that never comes, and so would one from before a restore.
 */
export async function verifiedBookmark(key: BookmarkKey, value: string | undefined): Promise<string | undefined> {
  if (!value || value.length > MAX_COOKIE_LENGTH) return undefined;
  const dot = value.indexOf('.');
  if (dot < 0) return undefined;
  const bookmark = value.slice(0, dot);
  if (!BOOKMARK.test(bookmark)) return undefined;
  const id = `${key.secret}\n${key.epoch}\n${value}`;
  if (verifiedValues.has(id)) return bookmark;
  if (!(await hmacVerify(key.secret, signed(key, bookmark), value.slice(dot + 1)))) return undefined;
  if (verifiedValues.size >= 256) verifiedValues.delete(verifiedValues.values().next().value!);
  verifiedValues.add(id);
  return bookmark;
}

/** Cookie values that verified, by secret and epoch (a reader sends the same one until a write moves it): checked once per isolate. Bounded. */
const verifiedValues = new Set<string>();

/**
 * The cookie values of the bookmarks met last, by secret, epoch and bookmark: a bookmark moves
 * only with writes, so a reader's requests sign (and check) the same one again and again, an
 * HMAC each through WebCrypto (decision 0037). Bounded.
 */
const cookieValues = settledCache<string, string>(256);

/** The cookie value for a bookmark. */
export function bookmarkCookieValue(key: BookmarkKey, bookmark: string): Promise<string> {
  return cookieValues.get(`${key.secret}\n${key.epoch}\n${bookmark}`, async () => `${bookmark}.${await hmacSign(key.secret, signed(key, bookmark))}`);
}

/** Where a request's D1 session starts (see the module comment). */
export function sessionStart(request: { method: string; bookmark: string | undefined; signedIn: boolean }): string {
  if (!READ_METHODS.has(request.method)) return 'first-primary';
  if (request.bookmark) return request.bookmark;
  return request.signedIn ? 'first-primary' : 'first-unconstrained';
}

/** The request's D1 session, opened on the first query (a request that never queries opens none). */
export interface RequestSession {
  /** For `lazyDb`: opens the session. */
  open(): D1Client;
  /** Where the session started ('first-primary', 'first-unconstrained' or a bookmark). */
  readonly start: string;
  /** The session's latest bookmark, or null when no query ran. */
  bookmark(): string | null;
  /** Whether D1 refused to continue from the cookie's bookmark (the request went on at the primary). */
  bookmarkRefused(): boolean;
}

/**
 * A query of a `BookmarkSession`, kept as text and values until it runs, so that it can run
 * again in another session (a D1 statement belongs to the session that prepared it).
 */
class SessionStatement {
  constructor(
    private readonly session: BookmarkSession,
    private readonly query: string,
    private readonly values: unknown[] = [],
  ) {}

  bind(...values: unknown[]): SessionStatement {
    return new SessionStatement(this.session, this.query, values);
  }

  /** The same query, prepared in `target`. */
  in(target: D1DatabaseSession): D1PreparedStatement {
    const statement = target.prepare(this.query);
    return this.values.length > 0 ? statement.bind(...this.values) : statement;
  }

  first(column?: string): Promise<unknown> {
    return this.session.attempt((target) => (column === undefined ? this.in(target).first() : this.in(target).first(column)));
  }

  run(): Promise<D1Result> {
    return this.session.attempt((target) => this.in(target).run());
  }

  all(): Promise<D1Result> {
    return this.session.attempt((target) => this.in(target).all());
  }

  raw(options?: { columnNames?: boolean }): Promise<unknown[]> {
    return this.session.attempt((target) => this.in(target).raw(options as { columnNames?: false }));
  }
}

/**
 * A D1 session continued from a cookie's bookmark that falls back to a session at the primary
 * when D1 refuses the bookmark: while no query of it has succeeded, a rejected query runs once
 * more at the primary, and every later one goes there too. Once a query has succeeded the
 * bookmark was good, and an error is the query's own (thrown as it is).
 */
class BookmarkSession {
  private readonly fromBookmark: D1DatabaseSession;
  private current: D1DatabaseSession;
  private confirmed = false;

  constructor(
    private readonly d1: D1Database,
    bookmark: string,
  ) {
    this.fromBookmark = d1.withSession(bookmark);
    this.current = this.fromBookmark;
  }

  get refused(): boolean {
    return this.current !== this.fromBookmark;
  }

  async attempt<T>(query: (target: D1DatabaseSession) => Promise<T>): Promise<T> {
    const target = this.current;
    try {
      const result = await query(target);
      if (target === this.fromBookmark) this.confirmed = true;
      return result;
    } catch (error) {
      if (target !== this.fromBookmark || this.confirmed) throw error;
      // Queries sent together share the one fallback session.
      if (this.current === this.fromBookmark) this.current = this.d1.withSession('first-primary');
      return query(this.current);
    }
  }

  prepare(query: string): D1PreparedStatement {
    return new SessionStatement(this, query) as unknown as D1PreparedStatement;
  }

  batch<T = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> {
    return this.attempt((target) => target.batch<T>(statements.map((statement) => (statement instanceof SessionStatement ? statement.in(target) : statement))));
  }

  getBookmark(): D1SessionBookmark | null {
    return this.current.getBookmark();
  }
}

/**
 * Reads the bookmark cookie and decides where the request's session starts. A malformed,
 * foreign, tampered or other-epoch cookie counts as none.
 */
export async function requestSession(c: Context<AppEnv>): Promise<RequestSession & { incoming: string | undefined }> {
  const cookie = getCookie(c, BOOKMARK_COOKIE);
  const incoming = cookie ? await verifiedBookmark(bookmarkKey(c.env), cookie) : undefined;
  const start = sessionStart({ method: c.req.method, bookmark: incoming, signedIn: getCookie(c, SESSION_COOKIE) !== undefined });
  let session: D1DatabaseSession | BookmarkSession | undefined;
  return {
    incoming,
    start,
    open: () => (session ??= start === incoming ? new BookmarkSession(c.env.DB, start) : c.env.DB.withSession(start)) as D1Client,
    bookmark: () => session?.getBookmark() ?? null,
    bookmarkRefused: () => session instanceof BookmarkSession && session.refused,
  };
}

/**
 * After the response: the session's bookmark goes back in the cookie when it moved ahead of the
 * one the request brought (bookmarks sort oldest to newest), for signed-in users and after
 * writes, on success only; never on a response that a shared cache may keep.
 */
export async function writeBackBookmark(c: Context<AppEnv>, session: RequestSession & { incoming: string | undefined }): Promise<void> {
  // Never a Set-Cookie on a response a shared cache may keep, not even a deletion.
  if (/\bpublic\b/i.test(c.res.headers.get('Cache-Control') ?? '')) return;
  const flags = { httpOnly: true, secure: !isLoopbackHttp(c.req.url), sameSite: 'Lax', path: '/' } as const;
  // D1 refused the cookie's bookmark: it goes, replaced by the fresh one if this answer may carry it.
  const refused = session.bookmarkRefused();
  const bookmark = session.bookmark();
  const ahead = bookmark !== null && BOOKMARK.test(bookmark) && (refused || session.incoming === undefined || bookmark > session.incoming);
  // Only for a signed-in reader or after a write; a refused or failed request has nothing its
  // visitor needs to read back (a rate-limit count at most).
  const carries = (Boolean(c.get('user')) || !READ_METHODS.has(c.req.method)) && c.res.status < 400;
  if (ahead && carries) {
    setCookie(c, BOOKMARK_COOKIE, await bookmarkCookieValue(bookmarkKey(c.env), bookmark), { ...flags, maxAge: BOOKMARK_MAX_AGE_SECONDS });
  } else if (refused) {
    deleteCookie(c, BOOKMARK_COOKIE, flags);
  }
}
