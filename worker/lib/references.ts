import { AppError } from '#worker/lib/errors.ts';

/** An id a document refers to, and where: the dotted path the API names in a refusal (`document.blocks.2.props.image.mediaId`). */
export interface Reference {
  path: string;
  id: string;
}

/** References of one kind, the ids of them that exist where they must (the owning feature's lookup), and what to say of the others. */
export interface ReferenceCheck {
  refs: readonly Reference[];
  found: ReadonlySet<string>;
  message: string;
}

/**
 * Refuses (422) a document that refers to ids that are not there (another project's, deleted or
 * made up), naming each field; the message of the first kind with one leads. Nothing otherwise.
 */
export function refuseMissingReferences(checks: readonly ReferenceCheck[]): void {
  const details: Record<string, string[]> = {};
  let message: string | undefined;
  for (const check of checks) {
    for (const ref of check.refs) {
      if (check.found.has(ref.id)) continue;
      details[ref.path] = [check.message];
      message ??= check.message;
    }
  }
  if (message) throw new AppError('validation_failed', message, details);
}
