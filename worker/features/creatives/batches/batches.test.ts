import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { Webhook } from 'standardwebhooks';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BatchItem, BatchList } from '#common/schemas/batches.ts';
import { batchRows, creatives } from '#worker/db/schema.ts';
import { requeueStalledBatches } from '#worker/features/creatives/batches/service.ts';
import type { BatchMessage } from '#worker/features/creatives/batches/service.ts';
import { asItem, batchesPath, drawAll, drawQueued, holdBatches, runAction, runDetail, startRun } from '#worker/test/batches.ts';
import { balance, createCreative, db, json, ledger, setCredits, team, type ErrorBody } from '#worker/test/creatives.ts';
import { interceptHosts } from '#worker/test/fetch.ts';
import { speaks } from '#worker/test/emails.ts';
import { flakyD1 } from '#worker/test/flaky-d1.ts';
import { csvRow } from '#worker/features/funnels/leads/service.ts';
import { send } from '#worker/test/http.ts';
import { solidPng } from '#worker/test/png.ts';
import { createEndpoint, deliverQueued, deliveriesOfProject, holdQueue, RECEIVER } from '#worker/test/webhooks.ts';

/**
 * Bulk creatives, the worker side (issue 31 point 6, decision 0046): runs started through the
 * workspace's API, drawn by the `adloom-batches` queue's handler (messages handed over by hand),
 * with the real renderer, D1 and R2.
 */

const RENDERING = { timeout: 180_000 };

let t: Awaited<ReturnType<typeof team>>;
let held: BatchMessage[];
let hooks: string[];
let creativeId: string;

beforeEach(async () => {
  t = await team();
  held = holdBatches();
  hooks = holdQueue();
  creativeId = (await createCreative(t.owner, t.project.id)).id;
});

const headline = (text: string) => ({ modifications: [{ layer: 'headline', text }] });

async function start(rows: unknown[], user = t.owner): Promise<BatchItem> {
  const response = await startRun(user, t.project.id, { creativeId, rows });
  expect(response.status, await response.clone().text()).toBe(202);
  return asItem(response);
}

describe('a run of rows', RENDERING, () => {
  it('draws the good rows, reports the bad ones, charges each new picture once and announces the end once', async () => {
    const endpoint = await createEndpoint(t.owner, t.project.id, ['batch.completed', 'creation.rendered']);
    await setCredits(t.owner, 10);
    const red = await solidPng(64, 64, [255, 0, 0, 255]);
    let pictures = false;
    const calls = interceptHosts({
      'shop.example': () => (pictures ? new Response(red, { headers: { 'content-type': 'image/png' } }) : new Response('gone', { status: 404 })),
      [RECEIVER]: () => new Response('ok'),
    });
    const run = await start([
      headline('Dark roast'),
      { modifications: [{ layer: 'nope', text: 'x' }] },
      headline('Light roast'),
      { background: { imageUrl: 'https://shop.example/beans.png' } },
      headline('Dark roast'),
    ]);
    // The row naming no such layer failed at once; a credit is held for each of the four others.
    expect(run).toMatchObject({ status: 'queued', total: 5, done: 0, failed: 1, credits: 0 });
    expect(await balance(t.owner)).toBe(6);
    expect(held.flatMap((m) => m.rows)).toEqual([0, 2, 3, 4]);

    await drawAll(held);
    const detail = await runDetail(t.owner, t.project.id, run.id);
    expect(detail.batch).toMatchObject({ status: 'done', total: 5, done: 3, failed: 2, credits: 2 });
    expect(detail.batch.finishedAt).not.toBeNull();
    expect(detail.rows.map((r) => r.status)).toEqual(['done', 'failed', 'done', 'failed', 'done']);
    expect(detail.rows[1]!.error).toBe('No layer is named “nope”.');
    expect(detail.rows[3]!.error).toMatch(/./);
    // The same document again is the same picture, for nothing.
    expect(detail.rows[4]!.creationId).toBe(detail.rows[0]!.creationId);
    expect(detail.rows[2]!.creationId).not.toBe(detail.rows[0]!.creationId);
    expect(detail.rows[0]!.thumbnailUrl).toBe(`/api/creations/${detail.rows[0]!.creationId}/thumbnail`);
    expect(await balance(t.owner)).toBe(8);
    // The creatives list is not flooded: the pictures belong to the run's creative.
    expect(await db().select().from(creatives).where(eq(creatives.projectId, t.project.id)).all()).toHaveLength(1);

    // One event for the run, none per picture.
    const deliveries = await deliveriesOfProject(t.project.id);
    expect(deliveries.map((d) => d.type)).toEqual(['batch.completed']);
    await deliverQueued(hooks.splice(0, hooks.length));
    const call = calls.find((c) => new URL(c.url).hostname === RECEIVER)!;
    const headers = Object.fromEntries(['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, call.request.headers.get(name)!]));
    expect(new Webhook(endpoint.secret).verify(call.body, headers)).toMatchObject({
      type: 'batch.completed',
      data: {
        batchId: run.id,
        creativeId,
        total: 5,
        done: 3,
        failed: 2,
        credits: 2,
        creationIds: [detail.rows[0]!.creationId, detail.rows[2]!.creationId, detail.rows[0]!.creationId],
      },
    });

    // Retried: the picture can be fetched now; the row with no such layer fails again. One credit more.
    pictures = true;
    const retried = await asItem(await runAction(t.owner, t.project.id, run.id, 'retry'));
    expect(retried).toMatchObject({ status: 'queued', done: 3, failed: 0 });
    expect(await balance(t.owner)).toBe(6);
    await drawAll(held);
    const again = await runDetail(t.owner, t.project.id, run.id);
    expect(again.batch).toMatchObject({ status: 'done', done: 4, failed: 1, credits: 3 });
    expect(again.rows.map((r) => r.status)).toEqual(['done', 'failed', 'done', 'done', 'done']);
    expect(await balance(t.owner)).toBe(7);
  });

  it('says a row’s reason in the reader’s language', async () => {
    await setCredits(t.owner, 5);
    const run = await start([{ modifications: [{ layer: 'nope', text: 'x' }] }]);
    // Nothing could be drawn: the run is over at once, nothing held.
    expect(run).toMatchObject({ status: 'done', failed: 1 });
    expect(await balance(t.owner)).toBe(5);
    await speaks(t.owner, 'de');
    const detail = await runDetail(t.owner, t.project.id, run.id);
    expect(detail.rows[0]!.error).toBe('Keine Ebene heißt „nope“.');
  });

  it('survives a database failure midway: redelivered, each row is drawn once and the credits are exact', async () => {
    await setCredits(t.owner, 10);
    const run = await start(['One', 'Two', 'Three', 'Four'].map(headline));
    const flaky = flakyD1(env.DB, 0);
    let draws = 0;
    const renderer = {
      renderPng: async (...args: Parameters<typeof env.RENDERER.renderPng>) => {
        const result = await env.RENDERER.renderPng(...args);
        // The database goes away right after the second picture is drawn.
        if (++draws === 2) flaky.failures = 1_000;
        return result;
      },
    };
    const messages = held.splice(0, held.length);
    const error = console.error;
    console.error = () => undefined;
    const first = await drawQueued(messages, { DB: flaky.d1, RENDERER: renderer as unknown as typeof env.RENDERER });
    console.error = error;
    expect(first).toEqual({ acked: 0, retried: 1 });
    const midway = await runDetail(t.owner, t.project.id, run.id);
    expect(midway.rows.map((r) => r.status)).toEqual(['done', 'waiting', 'waiting', 'waiting']);
    expect(midway.batch).toMatchObject({ status: 'running', done: 1, credits: 1 });

    // Delivered again (twice: a duplicate changes nothing).
    await drawQueued(messages);
    await drawQueued(messages);
    const detail = await runDetail(t.owner, t.project.id, run.id);
    expect(detail.batch).toMatchObject({ status: 'done', done: 4, failed: 0, credits: 4 });
    expect(new Set(detail.rows.map((r) => r.creationId)).size).toBe(4);
    expect(await balance(t.owner)).toBe(6);
  });

  it('is cancelled between messages: the waiting rows are not drawn and their credits come back; a retry draws them', async () => {
    await setCredits(t.owner, 10);
    const run = await start(['1', '2', '3', '4', '5', '6', '7'].map(headline));
    expect(await balance(t.owner)).toBe(3);
    const [first, second] = held.splice(0, held.length);
    await drawQueued([first!]);
    const cancelled = await asItem(await runAction(t.owner, t.project.id, run.id, 'cancel'));
    expect(cancelled).toMatchObject({ status: 'cancelled', done: 5 });
    expect(await balance(t.owner)).toBe(5);
    await drawQueued([second!]);
    const detail = await runDetail(t.owner, t.project.id, run.id);
    expect(detail.rows.map((r) => r.status)).toEqual(['done', 'done', 'done', 'done', 'done', 'waiting', 'waiting']);
    // Cancelling again changes nothing.
    expect((await asItem(await runAction(t.owner, t.project.id, run.id, 'cancel'))).status).toBe('cancelled');
    expect(await balance(t.owner)).toBe(5);

    const retried = await asItem(await runAction(t.editor, t.project.id, run.id, 'retry'));
    expect(retried.status).toBe('queued');
    // Asked again while it draws: refused, nothing spent twice.
    expect((await runAction(t.editor, t.project.id, run.id, 'retry')).status).toBe(409);
    await drawAll(held);
    expect((await runDetail(t.owner, t.project.id, run.id)).batch).toMatchObject({ status: 'done', done: 7, credits: 7 });
    expect(await balance(t.owner)).toBe(5);
    // The retry's two credits were the editor's.
    expect((await ledger(t.editor)).filter((e) => e.operationKey.startsWith(`batch:${run.id}`)).map((e) => e.amount)).toEqual([-2]);
  });

  it('refuses to retry a run that is still drawing', async () => {
    await setCredits(t.owner, 2);
    const run = await start([headline('One')]);
    const response = await runAction(t.owner, t.project.id, run.id, 'retry');
    expect(response.status).toBe(409);
  });

  it('is queued again by the cron when its messages were lost', async () => {
    await setCredits(t.owner, 5);
    const run = await start([headline('One'), headline('Two')]);
    held.splice(0, held.length);
    await requeueStalledBatches(env, db(), new Date());
    expect(held).toEqual([]);
    expect(await requeueStalledBatches(env, db(), new Date(Date.now() + 6 * 60 * 1000))).toBeGreaterThanOrEqual(1);
    const ours = held.filter((m) => m.batchId === run.id);
    expect(ours.flatMap((m) => m.rows)).toEqual([0, 1]);
    held.splice(0, held.length);
    await drawQueued(ours);
    expect((await runDetail(t.owner, t.project.id, run.id)).batch).toMatchObject({ status: 'done', done: 2 });
  });

  it('gives one ZIP of the pictures in row order, with the rows’ outcomes', async () => {
    await setCredits(t.owner, 5);
    const run = await start([headline('One'), { modifications: [{ layer: 'nope' }] }, headline('Three')]);
    await drawAll(held);
    const response = await send(batchesPath(t.project.id, `/${run.id}/zip`), { cookie: t.viewer.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const name = run.name.replace(/[^\w .()-]+/g, '').trim();
    expect(Object.keys(files)).toEqual([`001-${name}.png`, `003-${name}.png`, 'rows.csv']);
    expect(Array.from(files[`001-${name}.png`]!.slice(1, 4))).toEqual([0x50, 0x4e, 0x47]);
    const detail = await runDetail(t.owner, t.project.id, run.id);
    const id = (i: number) => detail.rows[i]!.creationId!;
    // The house's CSV cells: an id starting with - or = is quoted against formulas.
    expect(new TextDecoder().decode(files['rows.csv'])).toBe(
      [
        ['row', 'status', 'error', 'creation_id'],
        ['1', 'done', '', id(0)],
        ['2', 'failed', 'No layer is named “nope”.', ''],
        ['3', 'done', '', id(2)],
      ]
        .map(csvRow)
        .join(''),
    );
  });

  it('lists the runs of a creative, newest first', async () => {
    await setCredits(t.owner, 5);
    const a = await start([{ modifications: [{ layer: 'nope' }] }]);
    const b = await start([{ modifications: [{ layer: 'nope' }] }]);
    const list = await json<BatchList>(await send(batchesPath(t.project.id, `?creativeId=${creativeId}`), { cookie: t.viewer.cookie }));
    expect(list.items.map((i) => i.id)).toEqual([b.id, a.id]);
    const other = await createCreative(t.owner, t.project.id);
    expect((await json<BatchList>(await send(batchesPath(t.project.id, `?creativeId=${other.id}`), { cookie: t.viewer.cookie }))).items).toEqual([]);
  });
});

describe('starting a run', () => {
  it('holds a credit per row: 20 starts at once with the balance for one, one 202 and the rest 402', async () => {
    await setCredits(t.owner, 3);
    const rows = ['One', 'Two', 'Three'].map(headline);
    const responses = await Promise.all(Array.from({ length: 20 }, () => startRun(t.owner, t.project.id, { creativeId, rows })));
    expect(responses.map((r) => r.status).sort()).toEqual([202, ...Array<number>(19).fill(402)]);
    expect((await json<ErrorBody>(responses.find((r) => r.status === 402)!)).error.code).toBe('insufficient_credits');
    expect(await balance(t.owner)).toBe(0);
    expect((await json<BatchList>(await send(batchesPath(t.project.id), { cookie: t.owner.cookie }))).items).toHaveLength(1);
  });

  it('keeps another project’s runs and creatives out of reach (404)', async () => {
    await setCredits(t.owner, 3);
    const run = await start([headline('One')]);
    const other = await team();
    const foreign = await startRun(other.owner, other.project.id, { creativeId, rows: [headline('x')] });
    expect(foreign.status).toBe(404);
    expect((await send(batchesPath(other.project.id, `/${run.id}`), { cookie: other.owner.cookie })).status).toBe(404);
    expect((await runAction(other.owner, other.project.id, run.id, 'cancel')).status).toBe(404);
    expect((await runAction(other.owner, other.project.id, run.id, 'retry')).status).toBe(404);
    expect((await send(batchesPath(other.project.id, `/${run.id}/zip`), { cookie: other.owner.cookie })).status).toBe(404);
    expect((await send(batchesPath(t.project.id, '/not-an-id'), { cookie: t.owner.cookie })).status).toBe(404);
  });

  it('refuses malformed JSON and more than 1,000 rows before anything is held', async () => {
    await setCredits(t.owner, 5);
    const malformed = await send(batchesPath(t.project.id), { body: '{"rows": [', headers: { 'content-type': 'application/json' }, cookie: t.owner.cookie });
    expect(malformed.status).toBe(400);
    const tooMany = await startRun(t.owner, t.project.id, { creativeId, rows: Array.from({ length: 1001 }, () => headline('x')) });
    expect(tooMany.status).toBe(422);
    expect((await json<ErrorBody>(tooMany)).error.details?.rows).toEqual(['Use at most 1000 rows.']);
    expect(await balance(t.owner)).toBe(5);
    expect(held).toEqual([]);
  });

  it('takes a lone surrogate as the house does: made well-formed, never a 500', async () => {
    await setCredits(t.owner, 5);
    const response = await send(batchesPath(t.project.id), {
      body: `{"creativeId":"${creativeId}","rows":[{"modifications":[{"layer":"headline","text":"a\\ud800b"}]}]}`,
      headers: { 'content-type': 'application/json' },
      cookie: t.owner.cookie,
    });
    expect(response.status).toBe(202);
    const [row] = await db()
      .select()
      .from(batchRows)
      .where(eq(batchRows.batchId, (await asItem(response)).id))
      .all();
    expect(row!.input).toEqual({ modifications: [{ layer: 'headline', text: 'a\ufffdb' }] });
  });

  it('takes 1,000 rows in one start', RENDERING, async () => {
    await setCredits(t.owner, 1000);
    const run = await start(Array.from({ length: 1000 }, (_, i) => headline(`Row ${i + 1}`)));
    expect(run).toMatchObject({ total: 1000, failed: 0, status: 'queued' });
    expect(held).toHaveLength(200);
    expect(held.flatMap((m) => m.rows)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
    expect(await balance(t.owner)).toBe(0);
    const detail = await runDetail(t.owner, t.project.id, run.id);
    expect(detail.rows).toHaveLength(1000);
    expect(detail.rows[999]).toMatchObject({ index: 999, status: 'waiting' });
  });
});
