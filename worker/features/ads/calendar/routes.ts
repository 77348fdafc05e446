import { Hono } from 'hono';
import { calendarQuery, rescheduleInput } from '#common/schemas/calendar.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import { reschedulePublish } from '#worker/features/ads/core/service.ts';
import * as service from '#worker/features/ads/calendar/service.ts';

const originOf = (url: string) => new URL(url).origin;

/** /api/calendar: the content calendar of the user's projects, moving a scheduled post, and the user's iCal feed. */
export const calendarRoutes = new Hono<AppEnv>()
  .get('/', access('user'), validate('query', calendarQuery), async (c) =>
    c.json(await service.calendarOf(c.get('db'), required(c, 'user').id, c.req.valid('query'))),
  )
  // Drag a scheduled post to another time: the ad's editors only, through the publishing rules.
  .patch('/ads/:id', access({ ad: 'editor' }), validate('json', rescheduleInput), async (c) =>
    c.json(await reschedulePublish(c.get('db'), required(c, 'ad'), c.req.valid('json'))),
  )
  .get('/feed', access('user'), async (c) => c.json(await service.feedOf(c.get('db'), c.env, required(c, 'user').id, originOf(c.req.url))))
  // Makes the feed, or replaces it (rotate): the old URL stops working.
  .post('/feed', access('user'), async (c) => c.json(await service.rotateFeed(c.get('db'), c.env, required(c, 'user').id, originOf(c.req.url)), 201))
  .delete('/feed', access('user'), async (c) => {
    await service.revokeFeed(c.get('db'), required(c, 'user').id);
    return c.body(null, 204);
  });

/**
 * /ical/{token}.ics: a user's calendar feed for Google, Apple and Outlook (decision 0054). The
 * secret URL is the only credential: no cookie is read or written, and the answer is private.
 */
export const icalRoutes = new Hono<AppEnv>().get('/:file', access('public'), async (c) => {
  const body = await service.feedIcs(c.get('db'), c.req.param().file, originOf(c.req.url));
  return c.body(body, 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Content-Disposition': 'inline; filename="adloom.ics"',
    // Calendar apps poll every few hours; a revoked URL must stop answering soon, so no shared caches and a short life.
    'Cache-Control': 'private, max-age=300',
    'X-Robots-Tag': 'noindex, nofollow',
    'Referrer-Policy': 'no-referrer',
  });
});
