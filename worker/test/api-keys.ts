import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import type { ApiKeyCreated, ApiScope } from '#common/schemas/api-keys.ts';
import type { PlanId } from '#common/plans.ts';
import { getDb } from '#worker/db/client.ts';
import { users } from '#worker/db/schema.ts';
import { setCredits } from '#worker/test/creatives.ts';
import { createProject, createUser, type TestUser } from '#worker/test/factories.ts';
import { send, type SendOptions } from '#worker/test/http.ts';

/** Test helpers of the public API (issue 31): plans, keys, bearer requests. */

export async function setPlan(user: TestUser, plan: PlanId): Promise<void> {
  await getDb(env.DB).update(users).set({ plan }).where(eq(users.id, user.id));
}

export function createKeyRequest(user: TestUser | undefined, projectId: string, body: unknown) {
  return send(`/api/projects/${projectId}/api-keys`, { json: body, cookie: user?.cookie });
}

export async function createKey(user: TestUser, projectId: string, scopes: ApiScope[] = ['read'], name = 'Shop sync'): Promise<ApiKeyCreated> {
  const response = await createKeyRequest(user, projectId, { name, scopes });
  if (response.status !== 201) throw new Error(`key create failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as ApiKeyCreated;
}

/** A request to /api/v1 with `Authorization: Bearer <secret>` (no cookie unless given). */
export function apiGet(path: string, secret: string | undefined, options: SendOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (secret !== undefined) headers.authorization = `Bearer ${secret}`;
  return send(`/api/v1${path}`, { ...options, headers });
}

/** Who calls /api/v1 in its tests: the owner of a project on the Pro plan, with a key of the project. */
export interface ApiCaller {
  owner: TestUser;
  projectId: string;
  key: ApiKeyCreated;
  /** A member with the editor role, when asked for. */
  editor?: TestUser;
}

/**
 * The v1 tests' fixture (renders, batches, ads and leads, the bearer rule): an owner (Olivia Owner
 * unless named) signs up, makes a project (with an editor when asked), is on the Pro plan and makes
 * a key with `scopes`; with `credits`, the owner's balance is exactly that.
 */
export async function apiCaller(scopes: ApiScope[], options: { credits?: number; editor?: boolean; name?: string } = {}): Promise<ApiCaller> {
  const owner = await createUser({ name: options.name ?? 'Olivia Owner' });
  const editor = options.editor ? await createUser({ name: 'Eddie Editor' }) : undefined;
  const { id: projectId } = await createProject(owner, { editor });
  await setPlan(owner, 'pro');
  const key = await createKey(owner, projectId, scopes);
  if (options.credits !== undefined) await setCredits(owner, options.credits);
  return { owner, projectId, key, editor };
}
