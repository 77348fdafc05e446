import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { readCapped } from '#worker/lib/body.ts';
import { toHex } from '#worker/lib/crypto.ts';
import { AppError } from '#worker/lib/errors.ts';
import { MAX_BODY_BYTES } from '#worker/lib/validate.ts';
import { claimKey, releaseKey, storeAnswer } from '#worker/features/api/idempotency/service.ts';

/** A key: 1–255 printable ASCII characters (what Stripe and the IETF draft take). */
const KEY = /^[\x20-\x7e]{1,255}$/;
export const KEY_INVALID = 'Send an Idempotency-Key of 1 to 255 printable ASCII characters.';
export const KEY_REUSED = 'This Idempotency-Key was sent with another request. Use a new key for a new request.';
export const KEY_RUNNING = 'A request with this Idempotency-Key is still running. Try again in a moment.';

/**
 * Answers that are not kept: a server failure, the key's own conflict and a rate limit or a busy
 * renderer are worth sending again with the same key (the request did nothing).
 */
const shouldKeep = (status: number) => status < 500 && status !== 409 && status !== 429;

/** The request as the key is bound to it: method, path and the body's bytes (read from a copy: the route reads the body itself). */
async function requestHashOf(method: string, path: string, request: Request): Promise<string> {
  const body = await readCapped(request.clone().body, MAX_BODY_BYTES, 'The request body is larger than 1 MiB.');
  const head = new TextEncoder().encode(`${method} ${path}\n`);
  const all = new Uint8Array(head.byteLength + body.byteLength);
  all.set(head);
  all.set(body, head.byteLength);
  return toHex(await crypto.subtle.digest('SHA-256', all));
}

/**
 * `Idempotency-Key` on a `/api/v1` POST (issue 31, decision 0044), after `apiAccess` (the key is
 * the project's): the first answer is kept 24 hours and the same request with the same key gets
 * it again (`Idempotent-Replayed: true`), without running; the key with another request → 422;
 * while the first still runs → 409. Without the header the route runs as always.
 */
export const idempotent = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (key === undefined) return next();
    if (!KEY.test(key)) throw new AppError('validation_failed', KEY_INVALID, { 'Idempotency-Key': [KEY_INVALID] });
    const db = c.get('db');
    const { projectId } = required(c, 'apiCaller');
    const requestHash = await requestHashOf(c.req.method, c.req.path, c.req.raw);
    const claim = await claimKey(db, projectId, key, requestHash);
    if (claim.kind === 'mismatch') throw new AppError('validation_failed', KEY_REUSED, { 'Idempotency-Key': [KEY_REUSED] });
    if (claim.kind === 'running') throw new AppError('conflict', KEY_RUNNING, { 'Idempotency-Key': [KEY_RUNNING] }, { 'Retry-After': '1' });
    if (claim.kind === 'replay') {
      return c.body(claim.body, claim.status as 200, { 'Content-Type': 'application/json; charset=UTF-8', 'Idempotent-Replayed': 'true' });
    }
    let kept = false;
    try {
      await next();
      if (shouldKeep(c.res.status)) {
        await storeAnswer(db, projectId, key, requestHash, claim.createdAt, { status: c.res.status, body: await c.res.clone().text() });
        kept = true;
      }
    } finally {
      if (!kept) await releaseKey(db, projectId, key, claim.createdAt);
    }
  });
