import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { D1Client } from '#worker/db/client.ts';
import type { AppEnv } from '#worker/env.ts';
import { hmacSign, hmacVerify } from '#worker/lib/crypto.ts';
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
 */
export const BOOKMARK_COOKIE = 'adloom_d1';

/** A day: a bookmark only has to outlive replica lag; a signed-in user without one reads from the primary. */
export const BOOKMARK_MAX_AGE_SECONDS = 24 * 60 * 60;

/** D1's bookmark format (`00000001-00000002-00004e2f-0a83ea2fceebc654de0640c422be4653`); anything else is ignored. */
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const MAX_COOKIE_LENGTH = 160;

const signed = (bookmark: string) => `d1-bookmark:${bookmark}`;

/**
 * The bookmark in a cookie value (`<bookmark>.<HMAC>`), or undefined when it is missing,
 * malformed or not signed by us: a forged bookmark "from the future" would make a replica
 * wait for a state that never comes.
 */
export async function verifiedBookmark(secret: string, value: string | undefined): Promise<string | undefined> {
  if (!value || value.length > MAX_COOKIE_LENGTH) return undefined;
  const dot = value.indexOf('.');
  if (dot < 0) return undefined;
  const bookmark = value.slice(0, dot);
  if (!BOOKMARK.test(bookmark)) return undefined;
  return (await hmacVerify(secret, signed(bookmark), value.slice(dot + 1))) ? bookmark : undefined;
}

/** The cookie value for a bookmark. */
export async function bookmarkCookieValue(secret: string, bookmark: string): Promise<string> {
  return `${bookmark}.${await hmacSign(secret, signed(bookmark))}`;
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
}

/**
 * Reads the bookmark cookie and decides where the request's session starts. A malformed,
 * foreign or tampered cookie counts as none.
 */
export async function requestSession(c: Context<AppEnv>): Promise<RequestSession & { incoming: string | undefined }> {
  const cookie = getCookie(c, BOOKMARK_COOKIE);
  const incoming = cookie ? await verifiedBookmark(c.env.SESSION_SECRET, cookie) : undefined;
  const start = sessionStart({ method: c.req.method, bookmark: incoming, signedIn: getCookie(c, SESSION_COOKIE) !== undefined });
  let session: D1DatabaseSession | undefined;
  return {
    incoming,
    start,
    open: () => (session ??= c.env.DB.withSession(start)),
    bookmark: () => session?.getBookmark() ?? null,
  };
}

/**
 * After the response: the session's bookmark goes back in the cookie when it moved ahead of the
 * one the request brought (bookmarks sort oldest to newest), for signed-in users and after
 * writes, on success only; never on a response that a shared cache may keep.
 */
export async function writeBackBookmark(c: Context<AppEnv>, session: RequestSession & { incoming: string | undefined }): Promise<void> {
  const bookmark = session.bookmark();
  if (!bookmark || !BOOKMARK.test(bookmark)) return;
  if (session.incoming !== undefined && bookmark <= session.incoming) return;
  if (!c.get('user') && READ_METHODS.has(c.req.method)) return;
  // A refused or failed request has nothing its visitor needs to read back (a rate-limit count at most).
  if (c.res.status >= 400) return;
  if (/\bpublic\b/i.test(c.res.headers.get('Cache-Control') ?? '')) return;
  setCookie(c, BOOKMARK_COOKIE, await bookmarkCookieValue(c.env.SESSION_SECRET, bookmark), {
    httpOnly: true,
    secure: !isLoopbackHttp(c.req.url),
    sameSite: 'Lax',
    path: '/',
    maxAge: BOOKMARK_MAX_AGE_SECONDS,
  });
}
