import { env } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import type { InstagramConnection } from '#common/schemas/ads.ts';
import { getDb } from '#worker/db/client.ts';
import { emailOutbox, instagramAccounts } from '#worker/db/schema.ts';
import type { Bindings } from '#worker/env.ts';
import { createProject, createUser, type TestUser } from '#worker/test/factories.ts';
import type { Intercepted } from '#worker/test/fetch.ts';
import { send } from '#worker/test/http.ts';

/** Test helpers for the Instagram connection: Instagram Login and the Graph API as they answer, and the connect flow. */
const db = () => getDb(env.DB);
export const APP = { INSTAGRAM_APP_ID: '990602627938098', INSTAGRAM_APP_SECRET: 'eb8c7-test-app-secret' };
export const configured = { ...env, ...APP } as Bindings;

// The answers of Instagram API with Instagram Login, as documented (Business Login, access_token, refresh_access_token, /me).
// The code exchange's user_id is the app-scoped id (/me's `id`); /me's user_id is the professional account id.
export const shortLived = (userId: string) =>
  Response.json({
    data: [
      {
        access_token: `IGAAshort${userId}`,
        user_id: userId,
        permissions: 'instagram_business_basic,instagram_business_content_publish',
      },
    ],
  });
export const longLived = (token: string) => Response.json({ access_token: token, token_type: 'bearer', expires_in: 5183944 });
/** A made-up app-scoped id for a professional account id (17 digits, like Meta's). */
export const scopedIdOf = (igUserId: string) => `9${igUserId}`;
export const profile = (userId: string, username: string, scopedId = scopedIdOf(userId)) =>
  Response.json({ id: scopedId, user_id: userId, username, profile_picture_url: `https://scontent.cdninstagram.com/v/t51.2885-19/${userId}.jpg` });
export const oauthError = (message: string) => Response.json({ error_type: 'OAuthException', code: 400, error_message: message }, { status: 400 });
export const graphError = (code: number, message: string, status = 400, subcode?: number) =>
  Response.json({ error: { message, type: 'OAuthException', code, ...(subcode ? { error_subcode: subcode } : {}), fbtrace_id: 'AbCdEfGhIjK' } }, { status });

let igCounter = 0;
export const nextIgUserId = () => `178414${String(Date.now()).slice(-6)}${String((igCounter += 1)).padStart(4, '0')}`;

/**
 * Intercepts both Instagram hosts with one spy on fetch (worker/test/fetch.ts's interceptHost
 * takes one host per spy); `graph` answers graph.instagram.com by path. Other hosts go to the real fetch.
 */
export function interceptInstagram(options: {
  token?: (call: Intercepted) => Response | Promise<Response>;
  graph?: (call: Intercepted, path: string) => Response | Promise<Response>;
}) {
  const api: Intercepted[] = [];
  const graph: Intercepted[] = [];
  const original = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const host = new URL(url).hostname;
    if (host !== 'api.instagram.com' && host !== 'graph.instagram.com') return original(input, init);
    const request = new Request(input, init);
    const call: Intercepted = { request, url: request.url, init, body: await request.clone().text() };
    if (host === 'api.instagram.com') {
      api.push(call);
      return options.token ? options.token(call) : new Response('unexpected', { status: 599 });
    }
    graph.push(call);
    return options.graph ? options.graph(call, new URL(call.url).pathname) : new Response('unexpected', { status: 599 });
  });
  return { api, graph };
}

/** A happy Instagram for one professional account. */
export function happyInstagram(igUserId: string, username: string, longToken = `IGAAlong${igUserId}`) {
  return interceptInstagram({
    token: () => shortLived(scopedIdOf(igUserId)),
    graph: (_call, path) =>
      path === '/access_token' ? longLived(longToken) : path === '/me' ? profile(igUserId, username) : new Response('no', { status: 404 }),
  });
}

export async function ownerWithProject(name = 'Northwind Coffee') {
  const owner = await createUser({ name: 'Olivia Owner' });
  const editor = await createUser();
  const viewer = await createUser();
  const project = await createProject(owner, { editor, viewer }, name);
  return { owner, editor, viewer, project };
}

export async function beginConnect(user: TestUser, projectId: string) {
  const response = await send(`/api/projects/${projectId}/instagram/connect`, { method: 'POST', cookie: user.cookie, env: APP });
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  const state = new URL(url).searchParams.get('state') ?? '';
  return { url, state };
}

export const callback = (user: TestUser, query: Record<string, string>) =>
  send(`/callback/instagram?${new URLSearchParams(query).toString()}`, { cookie: user.cookie, env: APP });

export async function connection(user: TestUser, projectId: string, extraEnv: Partial<Bindings> = APP) {
  const response = await send(`/api/projects/${projectId}/instagram`, { cookie: user.cookie, env: extraEnv });
  expect(response.status).toBe(200);
  return (await response.json()) as InstagramConnection;
}

export const accountOf = (projectId: string) => db().select().from(instagramAccounts).where(eq(instagramAccounts.projectId, projectId)).get();

/** Connects a real (intercepted) account to the project and returns its row. */
export async function connectReal(owner: TestUser, projectId: string, igUserId = nextIgUserId(), username = 'northwind.coffee') {
  const { state } = await beginConnect(owner, projectId);
  happyInstagram(igUserId, username);
  const response = await callback(owner, { code: 'AQBx-code', state });
  expect(response.status).toBe(303);
  vi.restoreAllMocks();
  const row = await accountOf(projectId);
  if (!row) throw new Error('not connected');
  return row;
}

export const mailsTo = (email: string, kind: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, kind)))
    .all();
