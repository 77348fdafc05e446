import { AppError } from '#worker/lib/errors.ts';

/** The columns of a UNIQUE violation ("funnels.name"), found in the error or its causes (drizzle wraps D1's); undefined for any other error. */
function uniqueColumns(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const match = /UNIQUE constraint failed: ([\w., ]+)/.exec(e instanceof Error ? e.message : String(e));
    if (match) return match[1];
  }
  return undefined;
}

export function isUniqueViolation(error: unknown): boolean {
  return uniqueColumns(error) !== undefined;
}

/** The 409 of a taken funnel name, custom domain or page address (a UNIQUE index refused the write); undefined for any other error. */
export function uniqueRefusal(error: unknown): AppError | undefined {
  const text = uniqueColumns(error);
  if (text === undefined) return undefined;
  if (text.includes('custom_domain'))
    return new AppError('conflict', 'Another funnel uses this domain.', { customDomain: ['Another funnel uses this domain.'] });
  if (text.includes('funnel_pages'))
    return new AppError('conflict', 'Another page of this funnel has this address.', { slug: ['Another page of this funnel has this address.'] });
  return new AppError('conflict', 'This name is taken. Pick another one.', { name: ['This name is taken. Pick another one.'] });
}
