import { AppError } from '#worker/lib/errors.ts';

/**
 * What a visitor sent while D1 refused the write (docs/decisions/0043-nothing-a-visitor-sends-is-lost.md):
 * the feature's validated row goes on the WRITES queue and worker/queues/writes.ts writes it when
 * D1 answers. Unlike the other queues' messages (decision 0041: ids, not state) this one carries
 * the row itself: it exists nowhere else yet.
 */
export interface DeferredWrite<T = unknown> {
  /** Whose write it is: the writer worker/queues/writes.ts hands it to (`lead`, `contact`). */
  kind: string;
  /** The row's id, chosen before the first attempt: a second delivery writes nothing. */
  id: string;
  /** When the visitor sent it (ms): the 24 hours of retries count from here. */
  sentAt: number;
  data: T;
}

/**
 * Whether an error thrown by a write is the database's (anything but the app's own answers, a
 * 422 or a 429): a D1 error, an overloaded or reset database, a lost connection.
 */
export function isDatabaseFailure(error: unknown): boolean {
  return !(error instanceof AppError);
}

/**
 * The database's own error behind drizzle's wrapper: drizzle's message carries the statement's
 * values (`Failed query: … params: …`), which are what a visitor typed.
 */
export function databaseError(error: unknown): unknown {
  if (error instanceof Error && error.message.startsWith('Failed query: ') && 'params' in error && error.cause !== undefined) return error.cause;
  return error;
}

/** The first line of the database's error, short: D1's messages name the statement's kind, never its values. */
export function failureReason(error: unknown): string {
  const inner = databaseError(error);
  const text = inner instanceof Error ? `${inner.name}: ${inner.message}` : String(inner);
  return text.split('\n')[0]!.slice(0, 160);
}

const deferred = new Map<string, number>();

/** Writes put on the queue by this isolate since it started, by kind (also in each `write_deferred` log line). */
export function deferredWriteCounts(): Record<string, number> {
  return Object.fromEntries(deferred);
}

/**
 * Puts a write D1 refused (`cause`) on the WRITES queue, logged (kind, id, reason: no personal
 * data) and counted. When the queue refuses too, the visitor must not be told it worked: the
 * database's error is thrown again (the app's error page, Sentry), and the loss is logged.
 */
export async function deferWrite(queue: Queue<unknown>, write: DeferredWrite, cause: unknown): Promise<void> {
  try {
    await queue.send(write, { contentType: 'json' });
  } catch (queueError) {
    console.error(
      JSON.stringify({
        level: 'error',
        message: 'write_not_deferred',
        kind: write.kind,
        id: write.id,
        reason: failureReason(cause),
        queue: failureReason(queueError),
      }),
    );
    // Without drizzle's wrapper: the error page's report (Sentry, the log) must not carry what the visitor typed.
    throw databaseError(cause);
  }
  const count = (deferred.get(write.kind) ?? 0) + 1;
  deferred.set(write.kind, count);
  console.warn(
    JSON.stringify({ level: 'warn', message: 'write_deferred', kind: write.kind, id: write.id, reason: failureReason(cause), deferredInIsolate: count }),
  );
}

/**
 * Runs `write`; when the database refuses it, puts `deferral` on the queue instead and answers
 * `'queued'`. Errors of the app (validation, limits) go through unchanged.
 */
export async function writeOrDefer(
  write: () => Promise<boolean>,
  queue: Queue<unknown> | undefined,
  deferral: DeferredWrite,
): Promise<'created' | 'existed' | 'queued'> {
  try {
    return (await write()) ? 'created' : 'existed';
  } catch (error) {
    if (!queue || !isDatabaseFailure(error)) throw error;
    await deferWrite(queue, deferral, error);
    return 'queued';
  }
}
