import { and, eq, like } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdDetail } from '#common/schemas/ads.ts';
import type { ReviewBoardCreated, ReviewBoardDetail } from '#common/schemas/review-board.ts';
import { adReviews, ads, emailOutbox, reviewBoards } from '#worker/db/schema.ts';
import { sha256Hex } from '#worker/lib/crypto.ts';
import { adsWorld, creation, newAd, rowOf, submit, type Team } from '#worker/test/ads.ts';
import { db, json } from '#worker/test/creatives.ts';
import { createProject, createUser } from '#worker/test/factories.ts';
import { ORIGIN, send } from '#worker/test/http.ts';

/**
 * The review board (issue 32 point 3): its capability rules (unguessable, hashed, revocable,
 * bot-safe), the page, and its one form (per ad and "Approve selected") through the chain's rules.
 */

let t: Team;
let c1: string;
const CLIENT = 'carla@client.example';
const boardPath = (projectId: string) => `/api/projects/${projectId}/review-board`;

async function makeBoard(projectId = t.project.id, cookie = t.editor.cookie): Promise<{ token: string; created: ReviewBoardCreated }> {
  const response = await send(boardPath(projectId), { method: 'POST', cookie });
  expect(response.status, await response.clone().text()).toBe(201);
  const created = await json<ReviewBoardCreated>(response);
  return { token: created.url.split('/board/')[1]!, created };
}

async function waiting(name: string, projectId = t.project.id, at?: number): Promise<AdDetail> {
  const ad = await newAd(t.editor, projectId, { creationIds: [c1], name, placements: ['instagram_feed', 'instagram_story'] });
  expect((await submit(t.editor, ad.id)).status).toBe(200);
  // Distinct creation times: the board lists newest first.
  if (at !== undefined)
    await db()
      .update(ads)
      .set({ createdAt: new Date(at) })
      .where(eq(ads.id, ad.id));
  return ad;
}

function postBoard(token: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return send(`/board/${token}/reviews`, {
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, ...headers },
  });
}

async function setChain(body: unknown) {
  const response = await send(`/api/projects/${t.project.id}/approval-chain`, { method: 'PUT', json: body, cookie: t.owner.cookie });
  expect(response.status, await response.clone().text()).toBe(200);
}

const reviewsOf = (adId: string) => db().select().from(adReviews).where(eq(adReviews.adId, adId)).all();

beforeAll(async () => {
  ({ t, c1 } = await adsWorld());
});

beforeEach(async () => {
  await setChain({ mode: 'required', levels: [] });
});

describe('the board link', () => {
  it('is 256 random bits, kept only as its SHA-256; a new one revokes the old; editors make it, viewers only see it', async () => {
    const { token, created } = await makeBoard();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.url).toBe(`${ORIGIN}/board/${token}`);
    const rows = await db().select().from(reviewBoards).where(eq(reviewBoards.projectId, t.project.id)).all();
    expect(rows.map((row) => row.tokenHash)).toContain(await sha256Hex(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    const seen = await json<{ board: ReviewBoardDetail }>(await send(boardPath(t.project.id), { cookie: t.viewer.cookie }));
    expect(seen.board).toEqual(created.board);
    expect(JSON.stringify(seen)).not.toContain(token);
    expect((await send(boardPath(t.project.id), { method: 'POST', cookie: t.viewer.cookie })).status).toBe(403);
    expect((await send(boardPath(t.project.id), { method: 'POST', cookie: t.outsider.cookie })).status).toBe(404);
    expect((await send(boardPath(t.project.id), { method: 'DELETE', cookie: t.viewer.cookie })).status).toBe(403);

    const second = await makeBoard();
    expect(second.token).not.toBe(token);
    expect((await send(`/board/${token}`)).status).toBe(404);
    expect((await send(`/board/${second.token}`)).status).toBe(200);
  });

  it('20 concurrent new links leave exactly one live board', async () => {
    const made = await Promise.all(Array.from({ length: 20 }, () => send(boardPath(t.project.id), { method: 'POST', cookie: t.editor.cookie })));
    const statuses = made.map((response) => response.status);
    // Each either made the live board or lost the race to the one-live-board index (409, never a 500).
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const live = await db()
      .select()
      .from(reviewBoards)
      .where(eq(reviewBoards.projectId, t.project.id))
      .all()
      .then((rows) => rows.filter((row) => row.revokedAt === null));
    expect(live).toHaveLength(1);
  });

  it('revoked, unknown or malformed: 404 for the page, its pictures and its form', async () => {
    const ad = await waiting('Revoked soon');
    const { token } = await makeBoard();
    expect((await send(`/board/${token}/ads/${ad.id}/image/0`)).status).toBe(200);
    expect((await send(boardPath(t.project.id), { method: 'DELETE', cookie: t.editor.cookie })).status).toBe(204);
    expect((await send(boardPath(t.project.id), { cookie: t.editor.cookie }).then((r) => json<{ board: unknown }>(r))).board).toBeNull();
    expect((await send(`/board/${token}`)).status).toBe(404);
    expect((await send(`/board/${token}/ads/${ad.id}/image/0`)).status).toBe(404);
    expect((await postBoard(token, { name: 'Carla', action: `approve:${ad.id}` })).status).toBe(404);
    expect((await rowOf(ad.id))?.status).toBe('in_review');
    for (const bad of ['A'.repeat(43), 'short', '%F0%9F%98%80'.repeat(10), 'x'.repeat(300), '..%2F..%2Fetc']) {
      expect((await send(`/board/${bad}`)).status).toBe(404);
      expect((await postBoard(bad, { name: 'Carla', action: 'approve_selected' })).status).toBe(404);
    }
  });
});

describe('the board page', () => {
  it('lists the ads waiting for the customer, newest first, with only the pins’ script, noindex, with a neutral card', async () => {
    const base = Date.now() - 60_000;
    const older = await waiting('Older ad', t.project.id, base);
    const newer = await waiting('Newer ad', t.project.id, base + 1_000);
    const draft = await newAd(t.editor, t.project.id, { creationIds: [c1], name: 'Still a draft' });
    const { token } = await makeBoard();
    const response = await send(`/board/${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-robots-tag')).toContain('noindex');
    const html = await response.text();
    // One script: the pins' (decision 0052), inline under the response's nonce, after every ad's pins.
    expect(html.match(/<script/gi)).toHaveLength(1);
    expect(html).toMatch(/<script nonce="[^"]+">\(\(\)=>\{const d=document;for\(const s of d\.querySelectorAll\("\[data-pins\]"\)\)/);
    expect(html.lastIndexOf('data-pins=')).toBeLessThan(html.indexOf('<script'));
    expect(html).toContain('<meta name="robots" content="noindex');
    // The unfurl card is the site's, never an ad's picture or words.
    expect(html.match(/<meta property="og:image" content="([^"]*)"/)?.[1] ?? '').not.toContain('/board/');
    expect(html.match(/<meta property="og:description" content="([^"]*)"/)?.[1] ?? '').not.toContain('Newer ad');
    expect(html.indexOf('Newer ad')).toBeLessThan(html.indexOf('Older ad'));
    expect(html).not.toContain(draft.name);
    expect(html).toContain(`value="approve:${newer.id}"`);
    expect(html).toContain(`name="pick.${older.id}"`);
    expect(html).toContain(`action="/board/${token}/ads/${older.id}/pins"`);
    expect(html).toContain('Approve selected');
    expect(html).toContain('Instagram story');
    const picture = html.match(new RegExp(`/board/${token}/ads/${newer.id}/image/0`))?.[0];
    expect(picture).toBeDefined();
    expect((await send(picture!)).headers.get('content-type')).toBe('image/png');
  });

  it('speaks the project’s language (German)', async () => {
    await send(`/api/projects/${t.project.id}`, { method: 'PATCH', json: { locale: 'de' }, cookie: t.owner.cookie });
    await waiting('Deutsche Anzeige');
    const { token } = await makeBoard();
    const html = await (await send(`/board/${token}`)).text();
    expect(html).toContain('<html lang="de"');
    expect(html).toContain('Anzeigen, die auf Ihre Freigabe warten');
    expect(html).toContain('Ausgewählte freigeben');
    await send(`/api/projects/${t.project.id}`, { method: 'PATCH', json: { locale: 'en' }, cookie: t.owner.cookie });
  });

  it('a bot fetching the link (GET or HEAD, with any query) changes nothing', async () => {
    const ad = await waiting('Bot-proof');
    const { token } = await makeBoard();
    const before = { ad: await rowOf(ad.id), reviews: await reviewsOf(ad.id), boards: await db().select().from(reviewBoards).all() };
    for (const agent of ['Slackbot-LinkExpanding 1.0', 'facebookexternalhit/1.1', 'Microsoft Office/16.0 SafeLinks']) {
      for (const path of [`/board/${token}`, `/board/${token}?done=5.0.0.0`, `/board/${token}?action=approve_selected&pick.${ad.id}=1`]) {
        expect((await send(path, { headers: { 'user-agent': agent } })).status).toBe(200);
        expect((await send(path, { method: 'HEAD', headers: { 'user-agent': agent } })).status).toBe(200);
      }
    }
    expect({ ad: await rowOf(ad.id), reviews: await reviewsOf(ad.id), boards: await db().select().from(reviewBoards).all() }).toEqual(before);
  });

  it('serves no picture of another project’s ad, nor a picture that does not exist', async () => {
    const other = await createProject(await createUser(), {}, 'Elsewhere');
    const foreign = await creation(other.id, t.owner);
    const { token } = await makeBoard();
    const [row] = await db().select({ id: ads.id }).from(ads).where(eq(ads.projectId, t.project.id)).limit(1).all();
    expect((await send(`/board/${token}/ads/${row!.id}/image/9`)).status).toBe(404);
    expect((await send(`/board/${token}/ads/${row!.id}/image/x`)).status).toBe(404);
    expect((await send(`/board/${token}/ads/${foreign}/image/0`)).status).toBe(404);
  });
});

describe('reviews through the board', () => {
  it('approves several at once, each by the chain’s rule; another project’s ad in the form is skipped, untouched', async () => {
    const first = await waiting('Bulk one');
    const second = await waiting('Bulk two');
    const stranger = await createUser();
    const otherProject = await createProject(stranger, {}, 'Not yours');
    const otherCreation = await creation(otherProject.id, stranger);
    const foreign = await newAd(stranger, otherProject.id, { creationIds: [otherCreation], name: 'Foreign' });
    expect((await submit(stranger, foreign.id)).status).toBe(200);
    const { token } = await makeBoard();
    const response = await postBoard(token, {
      name: 'Carla Client',
      action: 'approve_selected',
      [`pick.${first.id}`]: '1',
      [`pick.${second.id}`]: '1',
      [`pick.${foreign.id}`]: '1',
      [`comment.${first.id}`]: 'Lovely',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/board/${token}?done=2.0.0.1`);
    expect(response.headers.get('set-cookie')).toContain('adloom_board_reviewer=');
    expect((await rowOf(first.id))?.status).toBe('approved');
    expect((await rowOf(second.id))?.status).toBe('approved');
    expect((await rowOf(foreign.id))?.status).toBe('in_review');
    expect(await reviewsOf(foreign.id)).toEqual([]);
    expect((await reviewsOf(first.id)).map((r) => [r.reviewerName, r.decision, r.comment])).toEqual([['Carla Client', 'approve', 'Lovely']]);
    const page = await (await send(response.headers.get('location')!, { cookie: response.headers.get('set-cookie')!.split(';')[0]! })).text();
    expect(page).toContain('2 ads approved.');
    expect(page).toContain('1 ad left out');
    // The name is asked once: this device's next visit has it filled in.
    expect(page).toContain('value="Carla Client"');
    const board = await json<{ board: ReviewBoardDetail }>(await send(boardPath(t.project.id), { cookie: t.editor.cookie }));
    expect(board.board.lastUsedAt).not.toBeNull();
    // Each member is told once about both ads, not once per ad.
    const mails = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, t.editor.email), eq(emailOutbox.kind, 'ad_review'), like(emailOutbox.textBody, '%Bulk %')))
      .all();
    expect(mails.map((mail) => mail.subject)).toEqual([`Carla Client reviewed 2 ads of “${t.project.name}”`]);
    expect(mails[0]!.textBody).toContain('– “Bulk one”: approved\n  Lovely\n– “Bulk two”: approved');
  });

  it('levels: the address named by the level moves each ad to the next level; anyone else’s approval is a comment', async () => {
    await setChain({
      mode: 'levels',
      levels: [
        { name: 'Client', userIds: [], emails: [CLIENT] },
        { name: 'Team', userIds: [t.owner.id], emails: [] },
      ],
    });
    const first = await waiting('Level one');
    const second = await waiting('Level two');
    const { token } = await makeBoard();
    const stranger = await postBoard(token, { name: 'Someone', email: 'someone@else.example', action: `approve:${first.id}` });
    expect(stranger.headers.get('location')).toBe(`/board/${token}?done=0.0.1.0`);
    expect((await rowOf(first.id))?.approvalLevel).toBe(0);
    const client = await postBoard(token, { name: 'Carla', email: CLIENT, action: 'approve_selected', [`pick.${first.id}`]: '1', [`pick.${second.id}`]: '1' });
    expect(client.headers.get('location')).toBe(`/board/${token}?done=2.0.0.0`);
    for (const ad of [first, second]) expect(await rowOf(ad.id)).toMatchObject({ status: 'in_review', approvalLevel: 1 });
    // Waiting for the team now, not the customer: off the board.
    const html = await (await send(`/board/${token}`)).text();
    expect(html).not.toContain('Level one');
    expect(html).not.toContain('Level two');
  });

  it('request changes sends the ad back to its author with the message; without a message it is refused at the ad (422), nothing changes', async () => {
    const ad = await waiting('Needs work');
    const { token } = await makeBoard();
    const refused = await postBoard(token, { name: 'Carla', action: `changes:${ad.id}` });
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect(html).toContain('Say what should change.');
    expect(html).toContain(`aria-describedby="${ad.id}-error"`);
    expect(html).toContain('value="Carla"');
    expect((await rowOf(ad.id))?.status).toBe('in_review');
    const sent = await postBoard(token, { name: 'Carla', action: `changes:${ad.id}`, [`comment.${ad.id}`]: 'Bigger logo, please.' });
    expect(sent.status).toBe(303);
    expect((await rowOf(ad.id))?.status).toBe('changes_requested');
    const mails = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, t.editor.email), eq(emailOutbox.kind, 'ad_review')))
      .all();
    expect(mails.some((mail) => mail.textBody.includes('Bigger logo, please.'))).toBe(true);
  });

  it('malformed bodies are 4xx pages, never a 500, and change nothing', async () => {
    const ad = await waiting('Malformed');
    const { token } = await makeBoard();
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const cases: [{ body: string; headers: Record<string, string> }, number][] = [
      [{ body: '{"action":"approve_selected"}', headers: { 'content-type': 'application/json' } }, 415],
      [{ body: '--x\r\nbroken', headers: { 'content-type': 'multipart/form-data; boundary=x' } }, 400],
      [{ body: '', headers: form }, 422],
      [{ body: 'name=Carla&action=approve_selected', headers: form }, 422],
      [{ body: 'name=Carla&action=delete_everything', headers: form }, 422],
      [{ body: `action=approve:${ad.id}`, headers: form }, 422],
      [{ body: `name=${'n'.repeat(81)}&action=approve:${ad.id}`, headers: form }, 422],
      [{ body: `name=Carla&email=nope&action=approve:${ad.id}`, headers: form }, 422],
      [{ body: `name=Carla&action=approve:${ad.id}&comment.${ad.id}=${'c'.repeat(2001)}`, headers: form }, 422],
      [{ body: `name=Carla&action=approve:${ad.id}&x=${'y'.repeat(1_100_000)}`, headers: form }, 413],
      [{ body: `name=Carla&action=approve:${'%FF'.repeat(3)}`, headers: form }, 422],
    ];
    for (const [init, status] of cases) {
      const response = await send(`/board/${token}/reviews`, { body: init.body, headers: { origin: ORIGIN, ...init.headers } });
      expect(response.status, String(init.body).slice(0, 60)).toBe(status);
      expect(response.headers.get('content-type')).toContain('text/html');
    }
    // A lone surrogate in the name is made well-formed, not a 500.
    const lone = await postBoard(token, { name: 'Carla \uD800', action: `approve:${ad.id}` });
    expect(lone.status).toBe(303);
    expect((await reviewsOf(ad.id))[0]?.reviewerName).toBe('Carla \uFFFD');
    // Another site's form: refused by the cross-site rule.
    const cross = await postBoard(token, { name: 'Carla', action: `approve:${ad.id}` }, { origin: 'https://evil.example' });
    expect(cross.status).toBe(403);
  });

  it('the honeypot filled: the usual answer, nothing stored', async () => {
    const ad = await waiting('Honeypot');
    const { token } = await makeBoard();
    const response = await postBoard(token, { name: 'Bot', website: 'http://spam.example', action: `approve:${ad.id}` });
    expect(response.status).toBe(303);
    expect((await rowOf(ad.id))?.status).toBe('in_review');
    expect(await reviewsOf(ad.id)).toEqual([]);
  });

  it('20 concurrent approvals of the same ad count once (the level passed once, not the next one too)', async () => {
    await setChain({
      mode: 'levels',
      levels: [
        { name: 'Client', userIds: [], emails: [CLIENT] },
        { name: 'Second', userIds: [], emails: [CLIENT] },
      ],
    });
    const ad = await waiting('Raced');
    const { token } = await makeBoard();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postBoard(
          token,
          { name: 'Carla', email: CLIENT, action: `approve:${ad.id}`, [`revision.${ad.id}`]: '1' },
          { 'cf-connecting-ip': `198.51.100.${i + 1}` },
        ),
      ),
    );
    expect(answers.every((answer) => answer.status === 303)).toBe(true);
    expect(await rowOf(ad.id)).toMatchObject({ status: 'in_review', approvalLevel: 1 });
    expect((await reviewsOf(ad.id)).filter((review) => review.levelName !== null)).toHaveLength(1);
  });

  it('is limited per network as the preview is (the 21st post in an hour: 429, said on the page)', async () => {
    const ad = await waiting('Limited');
    const { token } = await makeBoard();
    const ip = { 'cf-connecting-ip': '192.0.2.77' };
    for (let i = 0; i < 20; i += 1) expect((await postBoard(token, { name: 'Carla', action: `approve:${ad.id}` }, ip)).status).toBe(303);
    const limited = await postBoard(token, { name: 'Carla', action: `approve:${ad.id}` }, ip);
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain('Too many attempts');
  });
});
