import { Hono } from 'hono';
import { adCreateInput, adListQuery, adUpdateInput, memberReviewInput, publishInput } from '#common/schemas/ads.ts';
import { approvalChainInput } from '#common/schemas/approval-chain.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { mailerFor } from '#worker/lib/mailer.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import * as service from '#worker/features/ads/core/service.ts';

const originOf = (url: string) => new URL(url).origin;

/** /api/projects/{projectId}/ads: a project's ads (filter by status, newest first) and creating one. */
export const projectAdRoutes = new Hono<AppEnv>()
  .get('/:projectId/ads', access({ project: 'viewer' }), validate('query', adListQuery), async (c) => {
    const { status, cursor, limit } = c.req.valid('query');
    return c.json(await service.listAds(c.get('db'), { projectId: required(c, 'membership').project.id, status }, limit ?? 24, cursor));
  })
  .post('/:projectId/ads', access({ project: 'editor' }), validate('json', adCreateInput), async (c) => {
    const ad = await service.createAd(c.env, c.get('db'), required(c, 'membership'), required(c, 'user'), c.req.valid('json'), originOf(c.req.url));
    return c.json(ad, 201);
  })
  // The project's approval chain (decision 0050): every member sees it, the owner sets it.
  .get('/:projectId/approval-chain', access({ project: 'viewer' }), async (c) => {
    const projectId = required(c, 'membership').project.id;
    const [chain, outsideMail] = await Promise.all([service.chainOf(c.get('db'), projectId), service.outsideMailOf(c.get('db'), projectId)]);
    return c.json({ ...service.chainDetail(chain), outsideMail });
  })
  .put('/:projectId/approval-chain', access({ project: 'owner' }), validate('json', approvalChainInput), async (c) =>
    c.json(
      await service.saveChain(
        c.get('db'),
        mailerFor(c),
        originOf(c.req.url),
        required(c, 'membership').project.id,
        required(c, 'user').id,
        c.req.valid('json'),
      ),
    ),
  );

/** /api/ads/{id}: one ad, its review, its preview link and its Instagram post. */
export const adRoutes = new Hono<AppEnv>()
  .get('/:id', access({ ad: 'viewer' }), async (c) =>
    c.json(await service.detail(c.get('db'), required(c, 'ad'), required(c, 'membership').role, originOf(c.req.url))),
  )
  .patch('/:id', access({ ad: 'editor' }), validate('json', adUpdateInput), async (c) =>
    c.json(
      await service.updateAd(
        c.get('db'),
        mailerFor(c),
        required(c, 'ad'),
        required(c, 'membership'),
        required(c, 'user'),
        c.req.valid('json'),
        originOf(c.req.url),
      ),
    ),
  )
  .delete('/:id', access({ ad: 'editor' }), async (c) => {
    await service.deleteAd(c.get('db'), required(c, 'ad'), required(c, 'user'));
    return c.body(null, 204);
  })
  .post('/:id/submit', access({ ad: 'editor' }), async (c) =>
    c.json(await service.submitAd(c.get('db'), mailerFor(c), required(c, 'ad'), required(c, 'membership'), required(c, 'user'), originOf(c.req.url))),
  )
  .post('/:id/preview-link', access({ ad: 'editor' }), async (c) =>
    c.json(await service.sharePreview(c.get('db'), required(c, 'ad'), required(c, 'user'), originOf(c.req.url))),
  )
  .delete('/:id/preview-link', access({ ad: 'editor' }), async (c) => {
    await service.revokePreview(c.get('db'), required(c, 'ad'), required(c, 'user'));
    return c.body(null, 204);
  })
  .get('/:id/reviews', access({ ad: 'viewer' }), async (c) => c.json({ items: await service.reviewsOf(c.get('db'), required(c, 'ad').id) }))
  // Every member reviews; the service lets a viewer only comment (PRODUCT.md §1).
  .post('/:id/reviews', access({ ad: 'viewer' }), validate('json', memberReviewInput), async (c) => {
    const member = { ...required(c, 'membership'), user: required(c, 'user') };
    const review = await service.memberReview(c.get('db'), mailerFor(c), required(c, 'ad'), member, c.req.valid('json'), originOf(c.req.url));
    return c.json(review, 201);
  })
  // Publish an approved ad to the project's Instagram account: now (no `at`) or at a time.
  .post('/:id/publish', access({ ad: 'editor' }), validate('json', publishInput), async (c) => {
    const input = { at: c.req.valid('json').at, userId: required(c, 'user').id, origin: originOf(c.req.url) };
    const { post, run } = await service.publishAd(c.get('db'), c.env, required(c, 'ad'), input);
    if (run) c.executionCtx.waitUntil(run());
    return c.json(post, 201);
  })
  // Cancel a scheduled post the job has not started on: the ad goes back where the project's chain puts it.
  .delete('/:id/publish', access({ ad: 'editor' }), async (c) => {
    await service.cancelPublish(c.get('db'), required(c, 'ad'));
    return c.body(null, 204);
  });
