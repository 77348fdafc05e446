import { AppError } from '#worker/lib/errors.ts';

/** An archived project is read-only until its owner restores it (PRODUCT.md §4.2). */
export function projectArchivedError(): AppError {
  return new AppError('conflict', 'This project is archived. Restore it to make changes.');
}
