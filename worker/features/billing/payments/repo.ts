import { sql, type SQL } from 'drizzle-orm';
import { fieldById, operand, type Operand } from '#worker/db/client.ts';
import { payments } from '#worker/db/schema.ts';

const FIELDS = { kind: payments.kind, item: payments.item } as const;

/** One field of the payment `id` inside another feature's statement (a commission's payment); null without such a payment. */
export function paymentField<K extends keyof typeof FIELDS>(id: Operand, field: K) {
  return fieldById(FIELDS[field], id);
}

/** The user `userId` has paid (a payment that went through, refunded since or not). */
export function hasPaid(userId: Operand): SQL {
  return sql`EXISTS (SELECT 1 FROM payments payments_paid WHERE payments_paid.user_id = ${operand(userId)} AND payments_paid.status IN ('paid', 'refunded'))`;
}
