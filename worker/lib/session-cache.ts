import type { SessionUser } from '#worker/env.ts';
import { sha256Hex } from '#worker/lib/crypto.ts';

/**
 * Resolved sessions, kept in this isolate's memory for a few seconds so that a busy
 * user's requests do not each pay a D1 read (docs/decisions/0005-performance-budgets.md).
 * Every change made through this isolate (sign-out, revoke, password, profile) evicts at
 * once; a change made through another isolate takes effect here within the TTL.
 */
export const SESSION_CACHE_TTL_MS = 15_000;
const MAX_ENTRIES = 5_000;

export interface CachedSession {
  user: SessionUser;
  sessionId: string;
  lastSeenAt: number;
  expiresAt: number;
  cachedAt: number;
}

const entries = new Map<string, CachedSession>();

export function cachedSession(tokenHash: string, now: number): CachedSession | undefined {
  const entry = entries.get(tokenHash);
  if (!entry) return undefined;
  if (now - entry.cachedAt > SESSION_CACHE_TTL_MS || now >= entry.expiresAt) {
    entries.delete(tokenHash);
    return undefined;
  }
  return entry;
}

export function rememberSession(tokenHash: string, entry: CachedSession): void {
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(tokenHash, entry);
}

export function forgetToken(tokenHash: string): void {
  entries.delete(tokenHash);
}

function forgetWhere(match: (entry: CachedSession) => boolean): void {
  for (const [key, entry] of entries) if (match(entry)) entries.delete(key);
}

export function forgetSession(sessionId: string): void {
  forgetWhere((entry) => entry.sessionId === sessionId);
}

export function forgetUser(userId: string): void {
  forgetWhere((entry) => entry.user.id === userId);
}

/**
 * Session tokens' hashes, for as long as a resolved session is kept: a busy user's requests do
 * not each pay a SHA-256 through WebCrypto (decision 0037). The hash is what the database and
 * the cache above are keyed by; a token kept here past its session's end only finds nothing.
 */
const hashes = new Map<string, { hash: string; at: number }>();

export async function tokenHash(token: string, now: number): Promise<string> {
  const kept = hashes.get(token);
  if (kept && now - kept.at <= SESSION_CACHE_TTL_MS) return kept.hash;
  const hash = await sha256Hex(token);
  hashes.delete(token);
  if (hashes.size >= MAX_ENTRIES) hashes.delete(hashes.keys().next().value!);
  hashes.set(token, { hash, at: now });
  return hash;
}
