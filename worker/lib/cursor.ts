import { AppError } from '#worker/lib/errors.ts';

/** Keyset pagination cursors: "<time ms>.<id>" of the last item of a page. */
export function encodeCursor(time: Date, id: string): string {
  return `${time.getTime()}.${id}`;
}

export function decodeCursor(cursor: string | undefined): { time: number; id: string } | undefined {
  if (!cursor) return undefined;
  const match = /^(\d{1,16})\.([A-Za-z0-9_-]{1,64})$/.exec(cursor);
  if (!match) throw new AppError('validation_failed', undefined, { cursor: ['This cursor is not valid.'] });
  return { time: Number(match[1]), id: match[2]! };
}

/** Splits a page fetched with limit + 1 rows into items and the next cursor. */
export function toPage<T>(rows: T[], limit: number, cursorOf: (row: T) => string): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? cursorOf(last) : null };
}
