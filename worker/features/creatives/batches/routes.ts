import { Hono, type Context } from 'hono';
import { DEFAULT_LOCALE } from '#common/i18n/locales.ts';
import { translateEnglish } from '#common/i18n/translate-english.ts';
import { batchListQuery, batchStartInput } from '#common/schemas/batches.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { AppError } from '#worker/lib/errors.ts';
import { i18nFor, localeOf } from '#worker/lib/i18n.ts';
import { looksLikeId } from '#worker/lib/ids.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import * as service from '#worker/features/creatives/batches/service.ts';

/**
 * /api/projects/{projectId}/batches: runs of bulk creatives (issue 31 point 6, decision 0046),
 * started from the creative editor with its spreadsheet's rows, watched, stopped, retried, and
 * downloaded as one ZIP.
 */

const projectOf = (c: Context<AppEnv>) => required(c, 'membership').project.id;

/** A path's id: one that cannot exist is a 404 without a query. */
function batchIdOf(c: Context<AppEnv>): string {
  const id = c.req.param('batchId') ?? '';
  if (!looksLikeId(id)) throw new AppError('not_found');
  return id;
}

/** A row's reason is stored in English (the validation area has each, decision 0033) and said in the reader's language. */
function sayer(c: Context<AppEnv>): (error: string) => string {
  const locale = localeOf(c);
  if (locale === DEFAULT_LOCALE) return (error) => error;
  const i18n = i18nFor(locale);
  return (error) => translateEnglish(error, i18n);
}

const viewer = access({ project: 'viewer' });
const editor = access({ project: 'editor' });

export const projectBatchRoutes = new Hono<AppEnv>()
  .post('/:projectId/batches', editor, validate('json', batchStartInput), async (c) =>
    c.json(await service.startBatch(c.env, c.get('db'), required(c, 'membership'), required(c, 'user'), c.req.valid('json')), 202),
  )
  .get('/:projectId/batches', viewer, validate('query', batchListQuery), async (c) =>
    c.json(await service.listBatches(c.get('db'), projectOf(c), c.req.valid('query').creativeId)),
  )
  .get('/:projectId/batches/:batchId', viewer, async (c) => {
    const detail = await service.batchDetail(c.get('db'), projectOf(c), batchIdOf(c));
    const say = sayer(c);
    return c.json({ ...detail, rows: detail.rows.map((row) => (row.error ? { ...row, error: say(row.error) } : row)) });
  })
  .post('/:projectId/batches/:batchId/cancel', editor, async (c) => c.json(await service.cancelBatch(c.get('db'), projectOf(c), batchIdOf(c))))
  .post('/:projectId/batches/:batchId/retry', editor, async (c) =>
    c.json(await service.retryBatch(c.env, c.get('db'), projectOf(c), required(c, 'user'), batchIdOf(c))),
  )
  .get('/:projectId/batches/:batchId/zip', viewer, async (c) => {
    const { body, filename } = await service.batchArchive(c.get('db'), c.env.MEDIA, projectOf(c), batchIdOf(c), sayer(c));
    return c.body(body, 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
    });
  });
