import type { Db } from '#worker/db/client.ts';
import * as repo from '#worker/features/ads/repo.ts';

/** The access rule's lookup (`access({ ad: role })`): the ad and the user's membership of its project. */
export async function adForMember(db: Db, id: string, userId: string) {
  const row = await repo.findAdForMember(db, id, userId);
  return row && { project: row.project, role: row.role, resource: row.ad };
}
