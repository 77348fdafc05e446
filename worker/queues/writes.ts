import * as Sentry from '@sentry/cloudflare';
import { primaryDb, type Db } from '#worker/db/client.ts';
import { appHosts, type Bindings } from '#worker/env.ts';
import { failureReason, type DeferredWrite } from '#worker/lib/deferred-writes.ts';
import { createMailer, type Mailer } from '#worker/lib/mailer.ts';
import { writeQueuedContact, type ContactRow } from '#worker/features/contact/service.ts';
import { writeQueuedLead, type QueuedLead } from '#worker/features/funnels/leads/service.ts';

/**
 * The WRITES queue's handler (docs/decisions/0043-nothing-a-visitor-sends-is-lost.md): what a
 * visitor sent while D1 refused the write, written by its feature's own writer once D1
 * answers. Each writer is idempotent (the id was chosen before the first attempt), so a
 * message delivered twice writes, counts and emails once. While D1 still refuses, a message is
 * retried with a growing delay; one that has failed for 24 hours (or nears the queue's retry
 * ceiling, or that no writer takes) is kept in R2 and reported to Sentry, never dropped.
 */

interface WriteContext {
  db: Db;
  mailer: Mailer;
  env: Bindings;
}

/** Each kind's writer: throws while the write cannot be made. */
const WRITERS: Record<string, (context: WriteContext, data: unknown) => Promise<void>> = {
  lead: ({ db, mailer, env }, data) => writeQueuedLead(db, mailer, appHosts(env), data as QueuedLead),
  contact: ({ db, mailer, env }, data) => writeQueuedContact(db, mailer, env.OPERATOR_EMAIL, data as ContactRow),
};

/** The retries: 10 s, 20 s, 40 s … up to an hour between attempts; kept after 24 hours. */
export const WRITE_RETRIES = {
  firstDelaySeconds: 10,
  maxDelaySeconds: 60 * 60,
  keepAfterMs: 24 * 60 * 60 * 1000,
  /** Below wrangler.toml's max_retries (100), where the runtime would drop the message. */
  keepAtAttempt: 90,
} as const;

/** The delay before the next attempt after `attempts` deliveries (1, 2, …): doubling, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  const doubled = WRITE_RETRIES.firstDelaySeconds * 2 ** Math.max(0, Math.min(attempts - 1, 20));
  return Math.min(WRITE_RETRIES.maxDelaySeconds, doubled);
}

/** Where a message that could not be written is kept (the MEDIA bucket): one object per write. */
export function keptWriteKey(kind: string, id: string): string {
  const safe = (part: string) => part.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64) || '_';
  return `dead-writes/${safe(kind)}/${safe(id)}.json`;
}

function asWrite(body: unknown): DeferredWrite | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { kind, id, sentAt, data } = body as Partial<DeferredWrite>;
  if (typeof kind !== 'string' || typeof id !== 'string' || typeof sentAt !== 'number' || data === undefined) return undefined;
  return { kind, id, sentAt, data };
}

function log(level: 'info' | 'warn' | 'error', message: string, fields: Record<string, unknown>): void {
  const line = JSON.stringify({ level, message, ...fields });
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
}

/** Keeps a message in R2 and reports it (kind, id, attempts: no personal data); a failed put leaves it on the queue. */
async function keep(env: Bindings, message: Message<unknown>, write: DeferredWrite | undefined, reason: string): Promise<void> {
  const kind = write?.kind ?? 'unknown';
  const key = keptWriteKey(kind, write?.id ?? message.id);
  try {
    await env.MEDIA.put(key, JSON.stringify({ messageId: message.id, attempts: message.attempts, reason, body: message.body }), {
      httpMetadata: { contentType: 'application/json' },
    });
  } catch (error) {
    log('error', 'write_not_kept', { kind, key, reason: failureReason(error) });
    message.retry({ delaySeconds: WRITE_RETRIES.maxDelaySeconds });
    return;
  }
  log('error', 'write_kept', { kind, key, attempts: message.attempts, reason });
  Sentry.captureMessage(`A queued ${kind} write could not be made (${reason}): kept in R2 at ${key}`, {
    level: 'error',
    extra: { kind, key, attempts: message.attempts },
  });
  message.ack();
}

async function settle(context: WriteContext, message: Message<unknown>, now: number): Promise<void> {
  const write = asWrite(message.body);
  const writer = write ? WRITERS[write.kind] : undefined;
  if (!write || !writer) return keep(context.env, message, write, 'no writer takes it');
  try {
    await writer(context, write.data);
  } catch (error) {
    const reason = failureReason(error);
    if (now - write.sentAt >= WRITE_RETRIES.keepAfterMs || message.attempts >= WRITE_RETRIES.keepAtAttempt) return keep(context.env, message, write, reason);
    const delaySeconds = retryDelaySeconds(message.attempts);
    log('warn', 'write_retried', { kind: write.kind, id: write.id, attempts: message.attempts, delaySeconds, reason });
    message.retry({ delaySeconds });
    return;
  }
  log('info', 'write_recovered', { kind: write.kind, id: write.id, attempts: message.attempts, waitedMs: now - write.sentAt });
  message.ack();
}

/** The handler worker/queues/index.ts registers for `adloom-writes`: each message settled on its own. */
export async function writesHandler(batch: MessageBatch<unknown>, env: Bindings): Promise<void> {
  const db = primaryDb(env.DB);
  const context: WriteContext = { db, mailer: createMailer(db, env), env };
  const now = Date.now();
  for (const message of batch.messages) await settle(context, message, now);
}
