import type { Db } from '#worker/db/client.ts';
import * as repo from '#worker/features/api/idempotency/repo.ts';

/**
 * Idempotency keys of the public API's POSTs (issue 31, decision 0044): the first answer to a
 * key is kept 24 hours per project and replayed to the same request; the key is claimed by one
 * conditional insert, so of concurrent requests with one key exactly one runs.
 */

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A claim without an answer after this long belongs to a request that died (none runs this long). */
export const STALE_CLAIM_MS = 5 * 60 * 1000;

export type Claim =
  /** This request runs; `createdAt` identifies its claim. */
  | { kind: 'run'; createdAt: Date }
  | { kind: 'replay'; status: number; body: string }
  /** The key is held by a request still running. */
  | { kind: 'running' }
  /** The key was used for another request. */
  | { kind: 'mismatch' };

export async function claimKey(db: Db, projectId: string, key: string, requestHash: string, now = new Date()): Promise<Claim> {
  const expiresAt = new Date(now.getTime() + IDEMPOTENCY_TTL_MS);
  const staleBefore = new Date(now.getTime() - STALE_CLAIM_MS);
  if (await repo.claim(db, { projectId, key, requestHash, now, expiresAt, staleBefore })) return { kind: 'run', createdAt: now };
  const row = await repo.find(db, projectId, key);
  // Purged or released between the two statements: as good as running (try again).
  if (!row) return { kind: 'running' };
  if (row.requestHash !== requestHash) return { kind: 'mismatch' };
  if (row.status === null || row.body === null) return { kind: 'running' };
  return { kind: 'replay', status: row.status, body: row.body };
}

export function storeAnswer(db: Db, projectId: string, key: string, requestHash: string, claim: Date, answer: { status: number; body: string }) {
  return repo.store(db, projectId, key, requestHash, claim, answer);
}

export function releaseKey(db: Db, projectId: string, key: string, claim: Date) {
  return repo.release(db, projectId, key, claim);
}

/** The cron's part: records past their 24 hours. */
export async function purgeExpiredKeys(db: Db, now: Date): Promise<void> {
  await repo.purgeExpired(db, now);
}
