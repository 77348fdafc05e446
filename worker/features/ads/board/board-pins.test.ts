import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdDetail } from '#common/schemas/ads.ts';
import type { ReviewBoardCreated } from '#common/schemas/review-board.ts';
import { adPins, projects } from '#worker/db/schema.ts';
import { adsWorld, creation, newAd, submit, type Team } from '#worker/test/ads.ts';
import { db, json } from '#worker/test/creatives.ts';
import { createProject, createUser } from '#worker/test/factories.ts';
import { ORIGIN, send } from '#worker/test/http.ts';

/**
 * Pins through the review board (issue 32 point 3, decisions 0052 and 0053): the preview page's
 * pin forms under the board's capability — a live board, an ad it lists (another project's or one
 * not waiting: 404), the reviewer's remembered name, bots' GETs and a filled honeypot inert.
 */

const CAPTION = 'Fresh beans, roasted this week. Spring blend is here.';
let t: Team;
let c1: string;

async function makeBoard(): Promise<string> {
  const response = await send(`/api/projects/${t.project.id}/review-board`, { method: 'POST', cookie: t.editor.cookie });
  expect(response.status).toBe(201);
  return (await json<ReviewBoardCreated>(response)).url.split('/board/')[1]!;
}

async function waiting(name: string): Promise<AdDetail> {
  const ad = await newAd(t.editor, t.project.id, { creationIds: [c1], name, primaryText: CAPTION, placements: ['instagram_feed'] });
  expect((await submit(t.editor, ad.id)).status).toBe(200);
  return ad;
}

const post = (path: string, form: Record<string, string>, options: { cookie?: string; ip?: string } = {}) =>
  send(path, { form, cookie: options.cookie, headers: { origin: ORIGIN, 'cf-connecting-ip': options.ip ?? '198.51.100.20' } });
const spot = (extra: Record<string, string> = {}) => ({
  item: '0',
  x: '0.4',
  y: '0.25',
  start: '',
  end: '',
  revision: '1',
  body: 'Brighter here',
  website: '',
  ...extra,
});
const rowsOf = (adId: string) => db().select().from(adPins).where(eq(adPins.adId, adId)).all();

beforeAll(async () => {
  ({ t, c1 } = await adsWorld());
  await send(`/api/projects/${t.project.id}/approval-chain`, { method: 'PUT', json: { mode: 'required', levels: [] }, cookie: t.owner.cookie });
});

describe('pins through the review board', () => {
  it('pins on a spot and a phrase, numbered, shown on the board; the name typed is remembered, then used when none is typed', async () => {
    const ad = await waiting('Pinned on the board');
    const token = await makeBoard();
    const first = await post(`/board/${token}/ads/${ad.id}/pins`, spot({ name: 'Carla Client' }));
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe(`/board/${token}#pin-${ad.id}-1`);
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
    expect(cookie).toContain('adloom_board_reviewer=');
    const start = CAPTION.indexOf('Spring blend');
    const second = await post(
      `/board/${token}/ads/${ad.id}/pins`,
      spot({ item: '', x: '', y: '', start: String(start), end: String(start + 12), body: 'Say “new”' }),
      { cookie },
    );
    expect(second.headers.get('location')).toBe(`/board/${token}#pin-${ad.id}-2`);
    const rows = await rowsOf(ad.id);
    expect(rows.map((row) => [row.number, row.authorName, row.userId, row.quote])).toEqual([
      [1, 'Carla Client', null, null],
      [2, 'Carla Client', null, 'Spring blend'],
    ]);
    const html = await (await send(`/board/${token}`, { cookie })).text();
    expect(html).toContain(`id="pin-${ad.id}-1"`);
    expect(html).toContain(`id="pin-${ad.id}-2"`);
    expect(html).toContain('data-n="2"');
    expect(html).toContain('value="Carla Client"');
  });

  it('replies, resolves and reopens through the board; another ad’s pin is a 404', async () => {
    const ad = await waiting('Threads on the board');
    const other = await waiting('Another on the board');
    const token = await makeBoard();
    await post(`/board/${token}/ads/${ad.id}/pins`, spot({ name: 'Carla' }));
    const [pin] = await rowsOf(ad.id);
    const reply = await post(`/board/${token}/ads/${ad.id}/pins/${pin!.id}/replies`, { name: 'Carla', body: 'Also the logo', website: '' });
    expect(reply.status).toBe(303);
    expect(reply.headers.get('location')).toBe(`/board/${token}#ad-${ad.id}`);
    const resolved = await post(`/board/${token}/ads/${ad.id}/pins/${pin!.id}/resolve`, {});
    expect(resolved.status).toBe(303);
    let [row] = (await rowsOf(ad.id)).filter((r) => r.id === pin!.id);
    expect(row?.resolvedAt).not.toBeNull();
    expect(row?.resolvedBy).toBe('the link’s reviewer');
    expect((await post(`/board/${token}/ads/${ad.id}/pins/${pin!.id}/reopen`, {})).status).toBe(303);
    [row] = (await rowsOf(ad.id)).filter((r) => r.id === pin!.id);
    expect(row?.resolvedAt).toBeNull();
    expect((await rowsOf(ad.id)).filter((r) => r.parentId === pin!.id).map((r) => r.body)).toEqual(['Also the logo']);
    // The pin of one ad through another ad's routes: not there.
    expect((await post(`/board/${token}/ads/${other.id}/pins/${pin!.id}/resolve`, {})).status).toBe(404);
    expect((await post(`/board/${token}/ads/${other.id}/pins/${pin!.id}/replies`, { name: 'Carla', body: 'x' })).status).toBe(404);
  });

  it('another project’s ad, an ad not on the board, a revoked or malformed board: 404, nothing stored', async () => {
    const ad = await waiting('Revoked with pins');
    const draft = await newAd(t.editor, t.project.id, { creationIds: [c1], name: 'Draft', primaryText: CAPTION });
    const stranger = await createUser();
    const elsewhere = await createProject(stranger, {}, 'Not yours');
    const foreign = await newAd(stranger, elsewhere.id, { creationIds: [await creation(elsewhere.id, stranger)], name: 'Foreign', primaryText: CAPTION });
    expect((await submit(stranger, foreign.id)).status).toBe(200);
    const token = await makeBoard();
    for (const adId of [foreign.id, draft.id, 'no-such-ad']) expect((await post(`/board/${token}/ads/${adId}/pins`, spot({ name: 'Carla' }))).status).toBe(404);
    await send(`/api/projects/${t.project.id}/review-board`, { method: 'DELETE', cookie: t.editor.cookie });
    expect((await post(`/board/${token}/ads/${ad.id}/pins`, spot({ name: 'Carla' }))).status).toBe(404);
    expect((await post(`/board/${'A'.repeat(43)}/ads/${ad.id}/pins`, spot({ name: 'Carla' }))).status).toBe(404);
    expect((await post(`/board/short/ads/${ad.id}/pins/x/resolve`, {})).status).toBe(404);
    expect([...(await rowsOf(foreign.id)), ...(await rowsOf(draft.id)), ...(await rowsOf(ad.id))]).toEqual([]);
  });

  it('bots’ GETs, a filled honeypot and malformed bodies change nothing (4xx, never a 500)', async () => {
    const ad = await waiting('Bot-proof pins');
    const token = await makeBoard();
    for (const path of [`/board/${token}/ads/${ad.id}/pins`, `/board/${token}/ads/${ad.id}/pins/x/resolve`, `/board/${token}?item=0&x=0.5&y=0.5&body=hi`])
      expect((await send(path, { headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0' } })).status).toBeLessThan(500);
    expect((await post(`/board/${token}/ads/${ad.id}/pins`, spot({ name: 'Bot', website: 'http://spam.example' }))).status).toBe(303);
    expect((await post(`/board/${token}/ads/${ad.id}/pins`, spot({ name: '' }))).status).toBe(422);
    expect((await post(`/board/${token}/ads/${ad.id}/pins`, spot({ name: 'Carla', item: '7' }))).status).toBe(422);
    expect((await post(`/board/${token}/ads/${ad.id}/pins`, spot({ name: 'Carla', x: '2' }))).status).toBe(422);
    expect((await post(`/board/${token}/ads/${ad.id}/pins`, spot({ name: 'Carla', body: '\ud800'.repeat(10) }))).status).toBeLessThan(500);
    expect((await post(`/board/${token}/ads/${ad.id}/pins`, spot({ name: 'Carla', body: 'x'.repeat(5000) }))).status).toBeLessThan(500);
    const raw = await send(`/board/${token}/ads/${ad.id}/pins`, { body: '{"item":', headers: { origin: ORIGIN, 'content-type': 'application/json' } });
    expect(raw.status).toBeGreaterThanOrEqual(400);
    expect(raw.status).toBeLessThan(500);
    expect((await rowsOf(ad.id)).filter((row) => row.body.startsWith('\ud800') || row.authorName === 'Bot')).toEqual([]);
    const refused = await post(`/board/${token}/ads/${ad.id}/pins`, spot({ name: 'Carla', item: '7' }));
    // The board again, saying so at that ad's pins (as the preview page does).
    const page = await refused.text();
    expect(page).toContain('role="alert"');
    expect(page.indexOf('Please correct the highlighted fields.')).toBeGreaterThan(page.indexOf(`id="pin-${ad.id}s"`));
    expect((await rowsOf(ad.id)).filter((row) => row.body === 'Brighter here')).toEqual([]);
  });

  it('20 concurrent pins through the board are numbered 1 to 20; an archived project takes none', async () => {
    const ad = await waiting('Crowded board');
    const token = await makeBoard();
    const posted = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(`/board/${token}/ads/${ad.id}/pins`, spot({ name: 'Carla', body: `Note ${i}` }), { ip: `203.0.113.${i + 1}` })),
    );
    expect(posted.map((response) => response.status)).toEqual(Array(20).fill(303));
    expect((await rowsOf(ad.id)).map((row) => row.number).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    await db().update(projects).set({ archivedAt: new Date() }).where(eq(projects.id, t.project.id));
    try {
      const archived = await post(`/board/${token}/ads/${ad.id}/pins`, spot({ name: 'Carla' }));
      // The board again, 422, as the preview page answers.
      expect(archived.status).toBe(422);
      expect(await rowsOf(ad.id)).toHaveLength(20);
    } finally {
      await db().update(projects).set({ archivedAt: null }).where(eq(projects.id, t.project.id));
    }
  });
});
