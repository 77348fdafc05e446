import { eq } from 'drizzle-orm';
import type { Db } from '#worker/db/client.ts';
import { creditBalances, creditLedger } from '#worker/db/schema.ts';

export function findBalance(db: Db, userId: string) {
  return db.select().from(creditBalances).where(eq(creditBalances.userId, userId)).get();
}

export function insertBalance(db: Db, values: typeof creditBalances.$inferInsert) {
  return db.insert(creditBalances).values(values);
}

export function insertLedgerEntry(db: Db, values: typeof creditLedger.$inferInsert) {
  return db.insert(creditLedger).values(values);
}
