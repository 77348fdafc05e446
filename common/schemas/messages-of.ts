/**
 * Every message a schema's own checks can write, as zod keeps them (`_zod.def`: a message given
 * as a string becomes `() => message`): the object's fields, pipes, optionals and unions walked.
 * The public islands check in the browser with the shared schemas, which speak English; the
 * server hands a German page's islands these messages in German (client/public/island.tsx).
 */
export function messagesOf(schema: unknown, into = new Set<string>()): Set<string> {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def) return into;
  const add = (error: unknown) => {
    if (typeof error !== 'function' || error.length > 0) return;
    const message: unknown = (error as () => unknown)();
    if (typeof message === 'string') into.add(message);
  };
  add(def.error);
  for (const check of (def.checks as { _zod?: { def?: { error?: unknown } } }[] | undefined) ?? []) add(check._zod?.def?.error);
  for (const key of ['in', 'out', 'innerType', 'element']) messagesOf(def[key], into);
  for (const option of (def.options as unknown[] | undefined) ?? []) messagesOf(option, into);
  for (const field of Object.values((def.shape as Record<string, unknown> | undefined) ?? {})) messagesOf(field, into);
  return into;
}
