import { Hono } from 'hono';
import * as z from 'zod/mini';
import { idField, text } from '#common/schemas/fields.ts';
import { inviteInput, memberRoleInput, projectCreateInput, projectListQuery, projectUpdateInput } from '#common/schemas/projects.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { mailerFor } from '#worker/lib/mailer.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import * as projects from '#worker/features/projects/core/service.ts';

const memberParam = z.object({ projectId: idField(), userId: idField() });
const inviteParam = z.object({ projectId: idField(), inviteId: idField() });
const tokenParam = z.object({ token: text().check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, 'This invitation link is not valid.')) });

/** /api/projects: projects, brand kits, members and invitations (PRODUCT.md §4.2, §7). */
export const projectRoutes = new Hono<AppEnv>()
  .get('/', access('user'), validate('query', projectListQuery), async (c) => {
    const query = c.req.valid('query');
    return c.json(
      await projects.listProjects(c.get('db'), required(c, 'user').id, { archived: query.archived === '1', limit: query.limit ?? 50, cursor: query.cursor }),
    );
  })
  .post('/', access('user'), validate('json', projectCreateInput), async (c) => {
    return c.json(await projects.createProject(c.get('db'), required(c, 'user'), c.req.valid('json')), 201);
  })
  .get('/:projectId', access({ project: 'viewer' }), async (c) => c.json(await projects.detail(c.get('db'), required(c, 'membership'))))
  .patch('/:projectId', access({ project: 'editor' }), validate('json', projectUpdateInput), async (c) => {
    return c.json(await projects.updateProject(c.get('db'), required(c, 'membership'), required(c, 'user').id, c.req.valid('json')));
  })
  .delete('/:projectId', access({ project: 'owner' }), async (c) => {
    await projects.deleteProject(c.get('db'), required(c, 'membership'), required(c, 'user').id);
    return c.body(null, 204);
  })
  .get('/:projectId/members', access({ project: 'viewer' }), async (c) => {
    const membership = required(c, 'membership');
    return c.json(await projects.listMembers(c.get('db'), membership.project.id, membership.role === 'owner'));
  })
  .post('/:projectId/members', access({ project: 'owner' }), validate('json', inviteInput), async (c) => {
    const invite = await projects.invite(
      c.get('db'),
      mailerFor(c),
      required(c, 'membership'),
      required(c, 'user'),
      c.req.valid('json'),
      new URL(c.req.url).origin,
    );
    return c.json(invite, 201);
  })
  .patch('/:projectId/members/:userId', access({ project: 'owner' }), validate('param', memberParam), validate('json', memberRoleInput), async (c) => {
    return c.json(
      await projects.changeRole(c.get('db'), required(c, 'membership'), required(c, 'user'), c.req.valid('param').userId, c.req.valid('json').role),
    );
  })
  .delete('/:projectId/members/:userId', access({ project: 'viewer' }), validate('param', memberParam), async (c) => {
    await projects.removeMember(c.get('db'), required(c, 'membership'), required(c, 'user'), c.req.valid('param').userId);
    return c.body(null, 204);
  })
  .delete('/:projectId/invites/:inviteId', access({ project: 'owner' }), validate('param', inviteParam), async (c) => {
    await projects.revokeInvite(c.get('db'), required(c, 'membership').project.id, c.req.valid('param').inviteId);
    return c.body(null, 204);
  });

/** /api/invites/{token}: look at and accept an invitation (signed in); its public preview for the sign-in page. */
export const inviteRoutes = new Hono<AppEnv>()
  .get('/:token/public', access('public'), validate('param', tokenParam), async (c) => {
    const preview = await projects.previewInvitePublic(c.get('db'), c.req.valid('param').token);
    // An address and a name: for this visitor only, never for a shared cache.
    c.header('Cache-Control', 'private, no-store');
    return c.json(preview);
  })
  .get('/:token', access('user'), validate('param', tokenParam), async (c) =>
    c.json(await projects.previewInvite(c.get('db'), c.req.valid('param').token, required(c, 'user'))),
  )
  .post('/:token/accept', access('user'), validate('param', tokenParam), async (c) =>
    c.json(await projects.acceptInvite(c.get('db'), c.req.valid('param').token, required(c, 'user'))),
  );
