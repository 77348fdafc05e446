import { AppError } from '#worker/lib/errors.ts';

/** The columns of a UNIQUE violation ("funnels.name"), found in the error or its causes (drizzle wraps D1's); undefined for any other error. */
export function uniqueColumns(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const match = /UNIQUE constraint failed: ([\w., ]+)/.exec(e instanceof Error ? e.message : String(e));
    if (match) return match[1];
  }
  return undefined;
}

/** Whether a write failed because a UNIQUE index refused it (the error or one of its causes says so). */
export function isUniqueViolation(error: unknown): boolean {
  return uniqueColumns(error) !== undefined;
}

/** One whole sentence per thing (the validation area matches whole sentences: decision 0032). */
const STALE_MESSAGES = {
  page: 'Someone saved a newer version of this page. Reload to see it; your change was not saved.',
  presentation: 'Someone saved a newer version of this presentation. Reload to see it; your change was not saved.',
} as const;

/** The 409 of a save based on an old revision: `what` was saved since; the client reads the current revision from `_`. */
export function staleRevision(what: keyof typeof STALE_MESSAGES, current: number): AppError {
  return new AppError('conflict', STALE_MESSAGES[what], {
    _: [`revision:${current}`],
  });
}
