import type { SessionUser } from '#worker/env.ts';
import { sha256Hex } from '#worker/lib/crypto.ts';
import { lru } from '#worker/lib/lru.ts';

/**
 * Resolved sessions, kept in this isolate's memory for a few seconds so that a busy
 * user's requests do not each pay a D1 read (docs/decisions/0005-performance-budgets.md).
 * Every change made through this isolate (sign-out, revoke, password, profile) evicts at
 * once; a change made through another isolate takes effect here within the TTL.
 */
export const SESSION_CACHE_TTL_MS = 15_000;
/** How many sessions (and token hashes) an isolate keeps: a new one beyond that pushes out the oldest kept. */
export const SESSION_CACHE_MAX_ENTRIES = 5_000;

export interface CachedSession {
  user: SessionUser;
  sessionId: string;
  lastSeenAt: number;
  expiresAt: number;
  cachedAt: number;
}

const entries = lru<string, CachedSession>(SESSION_CACHE_MAX_ENTRIES);

export function cachedSession(tokenHash: string, now: number): CachedSession | undefined {
  // peek: a hit does not make the entry newer (the oldest remembered goes first).
  const entry = entries.peek(tokenHash);
  if (!entry) return undefined;
  if (now - entry.cachedAt > SESSION_CACHE_TTL_MS || now >= entry.expiresAt) {
    entries.delete(tokenHash);
    return undefined;
  }
  return entry;
}

export function rememberSession(tokenHash: string, entry: CachedSession): void {
  entries.set(tokenHash, entry);
}

export function forgetToken(tokenHash: string): void {
  entries.delete(tokenHash);
}

export function forgetSession(sessionId: string): void {
  entries.deleteWhere((entry) => entry.sessionId === sessionId);
}

export function forgetUser(userId: string): void {
  entries.deleteWhere((entry) => entry.user.id === userId);
}

/**
 * Session tokens' hashes, for as long as a resolved session is kept: a busy user's requests do
 * not each pay a SHA-256 through WebCrypto (decision 0037). The hash is what the database and
 * the cache above are keyed by; a token kept here past its session's end only finds nothing.
 */
const hashes = lru<string, { hash: string; at: number }>(SESSION_CACHE_MAX_ENTRIES);

export async function tokenHash(token: string, now: number): Promise<string> {
  const kept = hashes.peek(token);
  if (kept && now - kept.at <= SESSION_CACHE_TTL_MS) return kept.hash;
  const hash = await sha256Hex(token);
  hashes.set(token, { hash, at: now });
  return hash;
}
