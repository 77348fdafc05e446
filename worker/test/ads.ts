import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import type { AdDetail } from '#common/schemas/ads.ts';
import { ads, creations } from '#worker/db/schema.ts';
import { newId } from '#worker/lib/ids.ts';
import { db, json, team, type ErrorBody } from '#worker/test/creatives.ts';
import type { TestUser } from '#worker/test/factories.ts';
import { png } from '#worker/test/files.ts';
import { send } from '#worker/test/http.ts';

/** Test helpers for ads: creations without a render, the ads API, and the team the tests share. */
export type Team = Awaited<ReturnType<typeof team>>;

let seed = 0;
/** A creation as a render leaves it (row + PNG in R2), without drawing one. */
export async function creation(projectId: string, user: TestUser, format: 'square' | 'story' = 'square', name = 'Spring square') {
  seed += 1;
  const id = newId();
  const r2Key = `creations/${projectId}/${id}.png`;
  await env.MEDIA.put(r2Key, png(4, 4, seed), { httpMetadata: { contentType: 'image/png' } });
  const [width, height] = format === 'story' ? [1080, 1920] : [1080, 1080];
  await db().insert(creations).values({
    id,
    projectId,
    creativeId: null,
    revisionId: newId(),
    revisionNumber: 1,
    createdBy: user.id,
    name,
    format,
    width,
    height,
    size: 4,
    r2Key,
  });
  return id;
}

export const createAd = (user: TestUser | undefined, projectId: string, body: unknown) =>
  send(`/api/projects/${projectId}/ads`, { json: body, cookie: user?.cookie });
export const patchAd = (user: TestUser | undefined, id: string, body: unknown) => send(`/api/ads/${id}`, { method: 'PATCH', json: body, cookie: user?.cookie });
export const getAd = (user: TestUser | undefined, id: string) => send(`/api/ads/${id}`, { cookie: user?.cookie });
export const submit = (user: TestUser | undefined, id: string) => send(`/api/ads/${id}/submit`, { method: 'POST', cookie: user?.cookie });
export const review = (user: TestUser | undefined, id: string, body: unknown) => send(`/api/ads/${id}/reviews`, { json: body, cookie: user?.cookie });

export async function newAd(user: TestUser, projectId: string, body: Record<string, unknown>): Promise<AdDetail> {
  const response = await createAd(user, projectId, body);
  if (response.status !== 201) throw new Error(`ad create failed: ${response.status} ${await response.text()}`);
  return json<AdDetail>(response);
}

export async function errorOf(response: Response): Promise<ErrorBody['error']> {
  return (await json<ErrorBody>(response)).error;
}

export const rowOf = (id: string) => db().select().from(ads).where(eq(ads.id, id)).get();

/** The team of the ads tests and four creations of its project (three squares, a story). */
export async function adsWorld() {
  const t = await team();
  const c1 = await creation(t.project.id, t.owner);
  const c2 = await creation(t.project.id, t.owner);
  const c3 = await creation(t.project.id, t.owner);
  const story = await creation(t.project.id, t.owner, 'story');
  return { t, c1, c2, c3, story };
}
