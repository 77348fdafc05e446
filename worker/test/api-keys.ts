import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import type { ApiKeyCreated, ApiScope } from '#common/schemas/api-keys.ts';
import type { PlanId } from '#common/plans.ts';
import { getDb } from '#worker/db/client.ts';
import { users } from '#worker/db/schema.ts';
import type { TestUser } from '#worker/test/factories.ts';
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
