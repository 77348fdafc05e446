import { env } from 'cloudflare:test';
import { and, desc, eq } from 'drizzle-orm';
import { READY_WARNINGS, readyDocument } from '#common/test/ready-page.ts';
import { getDb } from '#worker/db/client.ts';
import { emailOutbox, projectMembers, users } from '#worker/db/schema.ts';
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

/** A project owned by `owner`, with `editor` and `viewer` as members (added directly). */
export async function createProject(owner: TestUser, members: { editor?: TestUser; viewer?: TestUser } = {}, name = 'Northwind Coffee') {
  const response = await send('/api/projects', { json: { name }, cookie: owner.cookie });
  if (response.status !== 201) throw new Error(`project creation failed: ${response.status} ${await response.text()}`);
  const project = (await response.json()) as { id: string; name: string };
  const db = getDb(env.DB);
  const now = new Date();
  for (const [role, user] of Object.entries(members) as ['editor' | 'viewer', TestUser | undefined][]) {
    if (user) await db.insert(projectMembers).values({ projectId: project.id, userId: user.id, role, createdAt: now, updatedAt: now });
  }
  return project;
}

/** Uploads bytes to a project's library through the real API. */
export async function uploadMedia(user: TestUser, projectId: string, bytes: Uint8Array<ArrayBuffer>, filename = 'photo.png') {
  const response = await send(`/api/projects/${projectId}/media?filename=${encodeURIComponent(filename)}`, {
    body: bytes, // send() declares its content-length
    cookie: user.cookie,
  });
  if (response.status !== 201 && response.status !== 200) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string; name: string; sha256: string };
}

/** The newest email in the outbox to `email` (of that `kind`, when given). */
export async function latestMail(email: string, kind?: string) {
  const to = eq(emailOutbox.toAddress, email);
  return getDb(env.DB)
    .select()
    .from(emailOutbox)
    .where(kind === undefined ? to : and(to, eq(emailOutbox.kind, kind)))
    .orderBy(desc(emailOutbox.createdAt))
    .get();
}

let funnelCounter = 0;

/** A funnel name no other test uses: `test-<time>-<n>` (3–48 characters, not reserved). */
export function uniqueFunnelName(prefix = 'funnel'): string {
  funnelCounter += 1;
  return `${prefix}-${Date.now().toString(36)}-${funnelCounter}`.slice(0, 48);
}

/** A funnel in a project, created through the real API (theme from the project's brand kit). */
export async function createFunnel(user: TestUser, projectId: string, body: { name?: string; title?: string; customDomain?: string } = {}) {
  const response = await send(`/api/projects/${projectId}/funnels`, {
    json: { name: body.name ?? uniqueFunnelName(), title: body.title ?? 'Spring offer', ...(body.customDomain ? { customDomain: body.customDomain } : {}) },
    cookie: user.cookie,
  });
  if (response.status !== 201) throw new Error(`funnel creation failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string; name: string; projectId: string; customDomain: string | null };
}

/** A page at the end of a funnel (a hero and a text block), through the real API. */
export async function createFunnelPage(user: TestUser, funnelId: string, body: { title?: string; slug?: string } = {}) {
  const response = await send(`/api/funnels/${funnelId}/pages`, {
    json: { title: body.title ?? 'Offer', slug: body.slug ?? 'offer' },
    cookie: user.cookie,
  });
  if (response.status !== 201) throw new Error(`page creation failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string; slug: string; revision: number; draft: unknown; funnelId: string };
}

/**
 * Publishes a page through the real API with finished content (common/test/ready-page.ts) as
 * its draft: the starter page that createFunnelPage makes is placeholders, which the checks
 * before publishing refuse. Its one warning (no social image) is accepted.
 */
export async function publishFunnelPage(user: TestUser, pageId: string) {
  const loaded = (await (await send(`/api/pages/${pageId}`, { cookie: user.cookie })).json()) as { revision: number };
  const saved = await send(`/api/pages/${pageId}`, {
    method: 'PATCH',
    json: { baseRevision: loaded.revision, document: readyDocument() },
    cookie: user.cookie,
  });
  if (saved.status !== 200) throw new Error(`saving the page failed: ${saved.status} ${await saved.text()}`);
  const detail = (await saved.json()) as { revision: number };
  const response = await send(`/api/pages/${pageId}/publish`, {
    json: { baseRevision: detail.revision, acceptWarnings: READY_WARNINGS },
    cookie: user.cookie,
  });
  if (response.status !== 200) throw new Error(`publish failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string; revision: number; publishedRevision: number };
}
