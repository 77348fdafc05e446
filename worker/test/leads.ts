import { env } from 'cloudflare:test';
import { getDb } from '#worker/db/client.ts';
import { leads } from '#worker/db/schema.ts';
import { newId } from '#worker/lib/ids.ts';

/** Test helpers of leads: a lead as the edge stores it, at a chosen time, without a form post. */

export const NO_UTM = { source: '', medium: '', campaign: '', term: '', content: '' };

export async function insertLead(
  funnel: { id: string; projectId: string },
  pageId: string,
  data: Record<string, string | boolean>,
  createdAt: Date,
  extra: Partial<typeof leads.$inferInsert> = {},
): Promise<string> {
  const id = newId();
  const email = typeof data.email === 'string' ? data.email.toLowerCase() : null;
  await getDb(env.DB)
    .insert(leads)
    .values({ id, funnelId: funnel.id, pageId, projectId: funnel.projectId, variant: 'a', data, email, utm: NO_UTM, referrer: null, createdAt, ...extra });
  return id;
}
