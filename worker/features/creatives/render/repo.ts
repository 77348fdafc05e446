import { sql, type SQL } from 'drizzle-orm';
import { operand, type Operand } from '#worker/db/client.ts';

/** The render's own query fragment (the spends are the credits feature's, the creations core/repo.ts's). */

/**
 * Whether the render that a spend's operation key names made its creation: the key is
 * `render:<revisionId>:<creationId>` (a primary-key lookup).
 */
export function renderDone(operationKey: Operand): SQL {
  const key = operand(operationKey);
  return sql`EXISTS (SELECT 1 FROM creations c WHERE c.id = substr(substr(${key}, 8), instr(substr(${key}, 8), ':') + 1))`;
}
