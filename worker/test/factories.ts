import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { getDb } from '#worker/db/client.ts';
import { users } from '#worker/db/schema.ts';
import { cookieFrom, send } from '#worker/test/http.ts';

let counter = 0;

export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export interface TestUser {
  id: string;
  email: string;
  name: string;
  password: string;
  cookie: string;
}

/** Signs a user up through the real API and returns their session cookie. */
export async function createUser(options: { role?: 'user' | 'admin'; name?: string; email?: string; password?: string } = {}): Promise<TestUser> {
  const email = options.email ?? uniqueEmail(options.role ?? 'user');
  const password = options.password ?? 'correct horse battery';
  const name = options.name ?? 'Test User';
  const response = await send('/api/auth/signup', {
    json: { email, password, name },
    // Each factory user comes from its own address so that sign-up limits never interfere.
    headers: { 'cf-connecting-ip': `198.51.100.${(counter % 250) + 1}` },
  });
  if (response.status !== 201) throw new Error(`signup failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { id: string };
  const cookie = cookieFrom(response);
  if (!cookie) throw new Error('signup set no session cookie');
  if (options.role === 'admin') await getDb(env.DB).update(users).set({ role: 'admin' }).where(eq(users.id, body.id));
  return { id: body.id, email, name, password, cookie };
}
