import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { getDb } from '#worker/db/client.ts';
import { ads, creations, instagramAccounts, scheduledPosts, users } from '#worker/db/schema.ts';
import { sealSecret } from '#worker/lib/crypto.ts';
import { newId } from '#worker/lib/ids.ts';
import { connectSandbox } from '#worker/features/instagram/connection/service.ts';
import { createProject, createUser, type TestUser } from '#worker/test/factories.ts';
import { interceptHost, type Intercepted } from '#worker/test/fetch.ts';
import { solidPng } from '#worker/test/png.ts';

/** Test fixtures for publishing: a project with creations, an ad and an Instagram account (real or sandbox). */
export const db = () => getDb(env.DB);

let owner: TestUser | undefined;

export async function theOwner(): Promise<TestUser> {
  if (!owner) {
    owner = await createUser({ name: 'Publisher' });
    // Many projects per file: more than Free's 3.
    await db().update(users).set({ plan: 'agency' }).where(eq(users.id, owner.id));
  }
  return owner;
}

export interface Setup {
  owner: TestUser;
  projectId: string;
  adId: string;
  creationIds: string[];
  accountId: string;
  igUserId: string;
}

export const IG_USER_ID = '17841405822304914';
export const ACCESS_TOKEN = 'IGAAT3stT0k3n-long-lived';

/** A project with `count` creations (rows and PNGs in R2), an ad, and an account: real (sealed token), sandbox or none. */
export async function setup(options: { count?: number; account?: 'real' | 'sandbox' | 'none'; kind?: 'single' | 'carousel' | 'story' } = {}): Promise<Setup> {
  const user = await theOwner();
  const { id: projectId } = await createProject(user);
  const now = new Date();
  const creationIds: string[] = [];
  for (let i = 0; i < (options.count ?? 1); i += 1) {
    const id = newId();
    const r2Key = `creations/${projectId}/${id}.png`;
    await env.MEDIA.put(r2Key, await solidPng(8, 8, [200, 120, 40, 255]), { httpMetadata: { contentType: 'image/png' } });
    await db()
      .insert(creations)
      .values({
        id,
        projectId,
        creativeId: null,
        revisionId: newId(),
        revisionNumber: 1,
        createdBy: user.id,
        name: `Spring ${i + 1}`,
        format: options.kind === 'story' ? 'story' : 'square',
        width: 1080,
        height: options.kind === 'story' ? 1920 : 1080,
        size: 4,
        r2Key,
        createdAt: now,
      });
    creationIds.push(id);
  }
  const adId = newId();
  await db()
    .insert(ads)
    .values({
      id: adId,
      projectId,
      createdBy: user.id,
      name: 'Spring sale',
      kind: options.kind ?? 'single',
      status: 'approved',
      primaryText: 'Spring is here ☕ #coffee',
      placements: ['instagram_feed'],
      createdAt: now,
      updatedAt: now,
    });
  let accountId = '';
  let igUserId = '';
  const account = options.account ?? 'real';
  if (account === 'sandbox') {
    await connectSandbox(db(), env, { userId: user.id, projectId }, now);
    const row = await db().select().from(instagramAccounts).where(eq(instagramAccounts.projectId, projectId)).get();
    accountId = row?.id ?? '';
    igUserId = row?.igUserId ?? '';
  } else if (account === 'real') {
    accountId = newId();
    igUserId = IG_USER_ID;
    const sealed = await sealSecret(env.TOKEN_ENCRYPTION_KEY, ACCESS_TOKEN, `instagram:${projectId}`);
    await db()
      .insert(instagramAccounts)
      .values({
        id: accountId,
        projectId,
        connectedBy: user.id,
        igUserId,
        username: 'northwind.coffee',
        sandbox: false,
        tokenSealed: sealed.sealed,
        tokenKeyId: sealed.keyId,
        tokenExpiresAt: new Date(now.getTime() + 50 * 24 * 3600 * 1000),
        tokenRefreshedAt: now,
        status: 'active',
        createdAt: now,
        updatedAt: now,
      });
  }
  return { owner: user, projectId, adId, creationIds, accountId, igUserId };
}

export function postOf(adId: string) {
  return db().select().from(scheduledPosts).where(eq(scheduledPosts.adId, adId)).get();
}

export function accountRow(id: string) {
  return db().select().from(instagramAccounts).where(eq(instagramAccounts.id, id)).get();
}

type Reply = { status: number; body: unknown } | 'timeout';

/** A Graph API error body as Meta sends it. */
export function metaError(status: number, code: number, message: string, extra: { subcode?: number; transient?: boolean; userMsg?: string } = {}): Reply {
  return {
    status,
    body: {
      error: {
        message,
        type: 'OAuthException',
        code,
        ...(extra.subcode ? { error_subcode: extra.subcode } : {}),
        is_transient: extra.transient ?? false,
        ...(extra.userMsg ? { error_user_title: 'Error', error_user_msg: extra.userMsg } : {}),
        fbtrace_id: 'AbCdEfGhIjKlMnOp',
      },
    },
  };
}

/**
 * A stand-in for graph.instagram.com at the fetch boundary, with the real response shapes:
 * containers (`{ id }`), status (`{ status_code, id }`), the publishing limit
 * (`{ data: [{ quota_usage, config: { quota_total, quota_duration } }] }`), media_publish
 * (`{ id }`), permalinks and the media list. `failNext` makes the next matching call fail.
 */
export class FakeMeta {
  readonly calls: Intercepted[];
  containers = new Map<string, { status: 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED'; params: Record<string, unknown>; mediaId?: string }>();
  media = new Map<string, { caption: string; timestamp: string }>();
  quotaUsage = 0;
  quotaTotal = 100;
  /** status_code answers queued per container (else its state). */
  statusQueue: string[] = [];
  private failures: { match: (call: Intercepted) => boolean; reply: Reply }[] = [];
  private seq = 0;

  constructor() {
    this.calls = interceptHost('graph.instagram.com', (call) => this.answer(call));
  }

  failNext(match: (call: Intercepted) => boolean, reply: Reply) {
    this.failures.push({ match, reply });
  }

  /** Calls by kind: `POST media`, `GET status`, `GET limit`, `POST publish`, `GET permalink`, `GET list`. */
  kinds(): string[] {
    return this.calls.map((call) => kindOf(call));
  }

  count(kind: string): number {
    return this.kinds().filter((k) => k === kind).length;
  }

  params(call: Intercepted): Record<string, unknown> {
    return call.body ? (JSON.parse(call.body) as Record<string, unknown>) : Object.fromEntries(new URL(call.url).searchParams);
  }

  private answer(call: Intercepted): Response {
    const index = this.failures.findIndex((f) => f.match(call));
    if (index >= 0) {
      const [failure] = this.failures.splice(index, 1);
      if (failure) return replyWith(failure.reply);
    }
    const url = new URL(call.url);
    const [, version, first, edge] = url.pathname.split('/');
    if (version !== 'v23.0') return Response.json({ error: { message: 'Unknown path', code: 2500 } }, { status: 400 });
    const kind = kindOf(call);
    if (kind === 'POST media') {
      const id = `1789${String((this.seq += 1)).padStart(11, '0')}`;
      this.containers.set(id, { status: 'FINISHED', params: this.params(call) });
      return Response.json({ id });
    }
    if (kind === 'GET limit') {
      return Response.json({ data: [{ quota_usage: this.quotaUsage, config: { quota_total: this.quotaTotal, quota_duration: 86400 } }] });
    }
    if (kind === 'POST publish') {
      const creationId = String(this.params(call).creation_id);
      const container = this.containers.get(creationId);
      if (!container || container.status !== 'FINISHED') {
        return replyWith(metaError(400, 9007, 'The media is not ready for publishing, please wait for a moment', { subcode: 2207027 }));
      }
      const mediaId = `1795${String((this.seq += 1)).padStart(11, '0')}`;
      container.status = 'PUBLISHED';
      container.mediaId = mediaId;
      this.media.set(mediaId, { caption: String(container.params.caption ?? ''), timestamp: new Date().toISOString().replace(/\.\d+Z$/, '+0000') });
      this.quotaUsage += 1;
      return Response.json({ id: mediaId });
    }
    if (kind === 'GET list') {
      return Response.json({
        data: [...this.media].reverse().map(([id, m]) => ({ id, caption: m.caption, permalink: `https://www.instagram.com/p/${id}/`, timestamp: m.timestamp })),
        paging: { cursors: { before: 'QVFIUx', after: 'QVFIUy' } },
      });
    }
    if (kind === 'GET status') {
      const container = this.containers.get(first ?? '');
      if (!container) return replyWith(metaError(400, 100, 'Unsupported get request.', { subcode: 33 }));
      const queued = this.statusQueue.shift();
      return Response.json({ status_code: queued ?? container.status, id: first });
    }
    if (kind === 'GET permalink') return Response.json({ permalink: `https://www.instagram.com/p/${first}/`, id: first });
    return Response.json({ error: { message: `Unexpected ${call.request.method} ${edge ?? ''}`, code: 100 } }, { status: 400 });
  }
}

function replyWith(reply: Reply): Response {
  if (reply === 'timeout') throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
  return Response.json(reply.body, { status: reply.status });
}

function kindOf(call: Intercepted): string {
  const url = new URL(call.url);
  const parts = url.pathname.split('/');
  const edge = parts[3];
  const method = call.request.method;
  if (method === 'POST' && edge === 'media') return 'POST media';
  if (method === 'POST' && edge === 'media_publish') return 'POST publish';
  if (method === 'GET' && edge === 'content_publishing_limit') return 'GET limit';
  if (method === 'GET' && (edge === 'media' || edge === 'stories')) return 'GET list';
  const fields = url.searchParams.get('fields') ?? '';
  if (method === 'GET' && fields.includes('status_code')) return 'GET status';
  if (method === 'GET' && fields === 'permalink') return 'GET permalink';
  return `${method} ${url.pathname}`;
}
