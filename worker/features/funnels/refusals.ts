import { AppError } from '#worker/lib/errors.ts';
import { uniqueColumns } from '#worker/lib/write-conflicts.ts';

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
