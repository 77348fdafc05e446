import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ApiScope } from '#common/schemas/api-keys.ts';
import { ROLE_RANK, type ProjectRole } from '#common/schemas/projects.ts';
import type { Db } from '#worker/db/client.ts';
import type { ads, creations, creatives, funnelPages, funnels, media, projects } from '#worker/db/schema.ts';
import type { AppEnv, SessionUser } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';
import { looksLikeId } from '#worker/lib/ids.ts';
import { isApiPath } from '#worker/lib/request-meta.ts';
import { clearSessionCookie, readSessionToken, writeSessionCookie } from '#worker/lib/session-cookie.ts';
import { refuseArchivedWrite } from '#worker/middleware/archived.ts';

/**
 * Who may call a route (ARCHITECTURE.md §6, PRODUCT.md §1). Every route declares one
 * rule through `access()`; the authorization matrix test fails on a route without one.
 * - public: anyone (the session is still loaded when a cookie is present);
 * - user: signed in, else 401 (API) or a redirect to /login?next= (pages);
 * - admin: signed-in admin, else 404 so that the area cannot be probed;
 * - { project: role }: a member of the project in `:projectId` with at least that role;
 * - { media | creative | creation | ad | funnel | page: role }: the same, for the project of the resource in
 *   `:id`; with `signed` (media only), a valid expiring signature in the URL stands in
 *   for the session (the media on public pages and previews).
 * Not a member (admins included) → 404; a member whose role is too low → 403.
 */
export type SessionRule =
  | 'public'
  | 'user'
  | 'admin'
  | { project: ProjectRole }
  | { media: ProjectRole; signed?: 'file' | 'thumbnail' }
  | { creative: ProjectRole }
  | { creation: ProjectRole }
  | { ad: ProjectRole }
  | { funnel: ProjectRole }
  | { page: ProjectRole };

/**
 * `{ apiKey: scope }`: the public API's rule (`/api/v1`, issue 31). A bearer API key with that
 * scope stands for its project; the session cookie is not read. Declared by the API's own
 * middleware (features/api/v1/bearer.ts), which the matrix and the fuzz find like `access()`.
 */
export type AccessRule = SessionRule | { apiKey: ApiScope };

type ProjectRow = typeof projects.$inferSelect;

/** What `{ page: role }` puts on the request: the page and its funnel. */
export interface FunnelPageWithFunnel {
  page: typeof funnelPages.$inferSelect;
  funnel: typeof funnels.$inferSelect;
}

/** A project and the user's role in it. */
export interface Membership {
  project: ProjectRow;
  role: ProjectRole;
}

/** A resource inside a project, found for a user who is a member of that project. */
export type MemberResource<R> = Membership & { resource: R };

/**
 * How the rules find what they check. The features own these lookups (the middleware
 * knows no feature) and app.ts hands them over once (`foundation(resolvers)`): each
 * answers undefined when the thing does not exist, is deleted, or the user is not a
 * member of its project.
 */
export interface AccessResolvers {
  /** The user behind a session token; `slid` when the session's expiry moved ahead (the cookie is written again). */
  session(db: Db, token: string): Promise<{ user: SessionUser; sessionId: string; slid: boolean } | undefined>;
  project(db: Db, projectId: string, userId: string): Promise<Membership | undefined>;
  media(db: Db, id: string, userId: string): Promise<MemberResource<typeof media.$inferSelect> | undefined>;
  creative(db: Db, id: string, userId: string): Promise<MemberResource<typeof creatives.$inferSelect> | undefined>;
  creation(db: Db, id: string, userId: string): Promise<MemberResource<typeof creations.$inferSelect> | undefined>;
  ad(db: Db, id: string, userId: string): Promise<MemberResource<typeof ads.$inferSelect> | undefined>;
  funnel(db: Db, id: string, userId: string): Promise<MemberResource<typeof funnels.$inferSelect> | undefined>;
  /** A funnel page with its (live) funnel. */
  page(db: Db, id: string, userId: string): Promise<MemberResource<FunnelPageWithFunnel> | undefined>;
  /** A media object reached by a signed URL (no session): undefined unless the signature is valid and unexpired. */
  signedMedia(
    db: Db,
    secret: string,
    id: string,
    variant: 'file' | 'thumbnail',
    expires?: string,
    signature?: string,
  ): Promise<typeof media.$inferSelect | undefined>;
}

export type AccessMiddleware = ReturnType<typeof createMiddleware<AppEnv>> & { accessRule: AccessRule };

export function loginRedirectPath(url: string): string {
  const { pathname, search } = new URL(url);
  return `/login?next=${encodeURIComponent(pathname + search)}`;
}

/** Resolves the session cookie to `c.get('user')` (a D1 read only when a cookie is present). */
async function resolveSession(c: Context<AppEnv>): Promise<void> {
  const token = readSessionToken(c);
  if (!token || c.get('user')) return;
  const auth = await c.get('access').session(c.get('db'), token);
  if (auth) {
    c.set('user', auth.user);
    c.set('sessionId', auth.sessionId);
    if (auth.slid) writeSessionCookie(c, token);
  } else {
    clearSessionCookie(c);
  }
}

/** The signed-in user of a request no route matched (its session is resolved only by `access`). */
export async function signedInUser(c: Context<AppEnv>) {
  await resolveSession(c);
  return c.get('user');
}

/** The membership a resource rule checks, putting the resource itself on the request. */
async function memberOf(c: Context<AppEnv>, rule: Exclude<AccessRule, string>, userId: string): Promise<Membership | undefined> {
  const resolvers = c.get('access');
  const db = c.get('db');
  if ('project' in rule) {
    const projectId = c.req.param('projectId');
    return projectId && looksLikeId(projectId) ? resolvers.project(db, projectId, userId) : undefined;
  }
  const id = c.req.param('id');
  if (!id || !looksLikeId(id)) return undefined;
  return memberResource(c, RESOURCE_KINDS.find((kind) => kind in rule) ?? 'ad', id, userId);
}

/** The resources a rule can name: each is found by the resolver of that name and put on the request under it. */
type ResourceKind = 'media' | 'creative' | 'creation' | 'funnel' | 'page' | 'ad';
const RESOURCE_KINDS: readonly ResourceKind[] = ['media', 'creative', 'creation', 'funnel', 'page', 'ad'];
type Resource<K extends ResourceKind> = NonNullable<AppEnv['Variables'][K]>;

async function memberResource<K extends ResourceKind>(c: Context<AppEnv>, kind: K, id: string, userId: string): Promise<Membership | undefined> {
  const resolve = c.get('access')[kind] as (db: Db, id: string, userId: string) => Promise<MemberResource<Resource<K>> | undefined>;
  const found = await resolve(c.get('db'), id, userId);
  if (found) c.set(kind, found.resource);
  return found;
}

function neededRole(rule: Exclude<SessionRule, string>): ProjectRole {
  if ('project' in rule) return rule.project;
  if ('media' in rule) return rule.media;
  if ('creative' in rule) return rule.creative;
  if ('creation' in rule) return rule.creation;
  if ('funnel' in rule) return rule.funnel;
  if ('page' in rule) return rule.page;
  return rule.ad;
}

export function access(rule: SessionRule): AccessMiddleware {
  const middleware = createMiddleware<AppEnv>(async (c, next) => {
    if (typeof rule === 'object' && 'media' in rule && rule.signed && c.req.query('sig') !== undefined) {
      const id = c.req.param('id') ?? '';
      const row = looksLikeId(id)
        ? await c.get('access').signedMedia(c.get('db'), c.env.SESSION_SECRET, id, rule.signed, c.req.query('expires'), c.req.query('sig'))
        : undefined;
      if (!row) throw new AppError('not_found');
      c.set('media', row);
      return next();
    }
    await resolveSession(c);
    if (rule === 'public') return next();
    const user = c.get('user');
    if (!user) {
      if (isApiPath(c.req.path)) throw new AppError('unauthenticated');
      return c.redirect(loginRedirectPath(c.req.url), 302);
    }
    if (rule === 'admin' && user.role !== 'admin') throw new AppError('not_found');
    if (typeof rule === 'object') {
      const membership = await memberOf(c, rule, user.id);
      if (!membership) throw new AppError('not_found');
      const needed = neededRole(rule);
      if (ROLE_RANK[membership.role] < ROLE_RANK[needed]) {
        throw new AppError(
          'forbidden',
          needed === 'owner' ? 'Only the project’s owner can do that.' : 'Viewers can look but not change anything in this project.',
        );
      }
      c.set('membership', { project: membership.project, role: membership.role });
      refuseArchivedWrite(c, membership.project, needed);
    }
    await next();
  });
  return Object.assign(middleware, { accessRule: rule });
}

export function isAccessMiddleware(handler: unknown): handler is AccessMiddleware {
  return typeof handler === 'function' && 'accessRule' in handler;
}
