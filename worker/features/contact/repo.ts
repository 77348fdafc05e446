import type { Db } from '#worker/db/client.ts';
import { contactMessages } from '#worker/db/schema.ts';

export function insertContactMessage(db: Db, values: typeof contactMessages.$inferInsert) {
  return db.insert(contactMessages).values(values);
}
