import { env } from 'cloudflare:test';
import ical, { type VEvent } from 'node-ical';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdPost } from '#common/schemas/ads.ts';
import type { CalendarFeed } from '#common/schemas/calendar.ts';
import { creation, newAd, review, submit, type Team } from '#worker/test/ads.ts';
import { json, team } from '#worker/test/creatives.ts';
import type { TestUser } from '#worker/test/factories.ts';
import { ORIGIN, send } from '#worker/test/http.ts';

/**
 * The iCal feed (decision 0054): a secret URL per user, parsed here by a real parser
 * (node-ical): one event per post with a UID that stays when the post moves, DTSTART in UTC,
 * the ad's name and a link to it; rotated or revoked URLs answer 404; no cookie either way.
 */
const DAY = 86_400_000;

async function scheduledAd(t: Team, at: Date, name: string) {
  const ad = await newAd(t.editor, t.project.id, { name, creationIds: [await creation(t.project.id, t.owner)], primaryText: 'Spring ☕' });
  expect((await submit(t.editor, ad.id)).status).toBe(200);
  expect((await review(t.owner, ad.id, { decision: 'approve' })).status).toBe(201);
  const response = await send(`/api/ads/${ad.id}/publish`, { json: { at: at.toISOString() }, cookie: t.editor.cookie });
  expect(response.status).toBe(201);
  return { ad, post: await json<AdPost>(response) };
}

const feedOf = async (user: TestUser) => json<CalendarFeed>(await send('/api/calendar/feed', { cookie: user.cookie }));
const rotate = async (user: TestUser) => {
  const response = await send('/api/calendar/feed', { method: 'POST', cookie: user.cookie });
  expect(response.status).toBe(201);
  return json<CalendarFeed>(response);
};
/** The feed as a calendar app reads it: no cookie. */
const read = (url: string) => send(url.replace(ORIGIN, ''));
/** node-ical gives a property with parameters (URL;VALUE=URI) as { params, val }. */
const textOf = (value: unknown) => (typeof value === 'object' && value !== null && 'val' in value ? String(value.val) : String(value));
const eventsOf = (text: string) => Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');

let t: Team;
let other: Team;

beforeAll(async () => {
  t = await team();
  other = await team();
  for (const x of [t, other])
    expect((await send(`/api/projects/${x.project.id}/instagram/sandbox`, { method: 'POST', cookie: x.owner.cookie })).status).toBe(200);
});

describe('the iCal feed', () => {
  it('has no URL until one is made; the URL serves the user’s posts as events a parser reads (UID per post, UTC start, name, link)', async () => {
    expect(await feedOf(t.viewer)).toEqual({ url: null, createdAt: null });
    // iCal times have whole seconds: the posts here are on whole minutes.
    const now = Math.ceil(Date.now() / 60_000) * 60_000;
    const a = await scheduledAd(t, new Date(now + DAY), 'Spring launch');
    const b = await scheduledAd(t, new Date(now + 2 * DAY), 'Kaffee & Kuchen “Herbst”; Teil 2, mit Komma');
    const foreign = await scheduledAd(other, new Date(now + DAY), 'Someone else’s');

    const feed = await rotate(t.viewer);
    expect(feed.url).toMatch(new RegExp(`^${ORIGIN}/ical/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(await feedOf(t.viewer)).toEqual(feed);

    const response = await read(feed.url!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('private, max-age=300');
    expect(response.headers.get('set-cookie')).toBeNull();
    const text = await response.text();
    expect(text).toContain('BEGIN:VCALENDAR');
    const events = eventsOf(text);
    const byUid = new Map(events.map((event) => [event.uid, event]));
    expect(byUid.has(`${foreign.post.id}@adloom`)).toBe(false);
    const first = byUid.get(`${a.post.id}@adloom`);
    expect(first?.summary).toBe('Scheduled: Spring launch');
    expect(first?.start.toISOString()).toBe(a.post.scheduledAt);
    expect(first?.end?.getTime()).toBe(Date.parse(a.post.scheduledAt) + 15 * 60_000);
    expect(textOf(first?.url)).toBe(`${ORIGIN}/projects/${t.project.id}/marketing?ad=${a.ad.id}`);
    expect(first?.description).toContain('Project: Northwind Coffee');
    // Escaped text (commas, semicolons, quotes) reads back as it was.
    expect(byUid.get(`${b.post.id}@adloom`)?.summary).toBe('Scheduled: Kaffee & Kuchen “Herbst”; Teil 2, mit Komma');
    // DTSTART is written in UTC.
    expect(text).toMatch(/DTSTART:\d{8}T\d{6}Z/);

    // A moved post keeps its UID: a calendar app updates the event.
    const to = new Date(now + 3 * DAY).toISOString();
    expect((await send(`/api/calendar/ads/${a.ad.id}`, { method: 'PATCH', json: { at: to }, cookie: t.editor.cookie })).status).toBe(200);
    const moved = eventsOf(await (await read(feed.url!)).text()).find((event) => event.uid === `${a.post.id}@adloom`);
    expect(moved?.start.toISOString()).toBe(to);
  });

  it('speaks the owner’s language', async () => {
    const german = await team();
    expect((await send('/api/me', { method: 'PATCH', json: { locale: 'de' }, cookie: german.owner.cookie })).status).toBe(200);
    expect((await send(`/api/projects/${german.project.id}/instagram/sandbox`, { method: 'POST', cookie: german.owner.cookie })).status).toBe(200);
    const { post } = await scheduledAd(german, new Date(Date.now() + DAY), 'Frühling');
    const feed = await rotate(german.owner);
    const text = await (await read(feed.url!)).text();
    expect(eventsOf(text).find((event) => event.uid === `${post.id}@adloom`)?.summary).toBe('Geplant: Frühling');
    expect(text).toContain('X-WR-CALNAME:Adloom-Beiträge');
  });

  it('rotating makes a new URL and the old one 404; revoking 404s it; unknown and malformed tokens 404', async () => {
    const old = await rotate(t.owner);
    const fresh = await rotate(t.owner);
    expect(fresh.url).not.toBe(old.url);
    expect((await read(old.url!)).status).toBe(404);
    expect((await read(fresh.url!)).status).toBe(200);
    // Each user has their own.
    const theirs = await rotate(other.owner);
    expect(theirs.url).not.toBe(fresh.url);

    expect((await send('/api/calendar/feed', { method: 'DELETE', cookie: t.owner.cookie })).status).toBe(204);
    const revoked = await read(fresh.url!);
    expect(revoked.status).toBe(404);
    expect(revoked.headers.get('set-cookie')).toBeNull();
    expect(await feedOf(t.owner)).toEqual({ url: null, createdAt: null });
    expect((await read(theirs.url!)).status).toBe(200);

    for (const path of [
      '/ical/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics',
      '/ical/short.ics',
      `/ical/${'A'.repeat(43)}`,
      '/ical/%F0%9F%98%80.ics',
      `/ical/${'x'.repeat(5000)}.ics`,
    ]) {
      expect((await send(path)).status, path).toBe(404);
    }
  });

  it('20 concurrent rotations leave one live URL', async () => {
    const user = (await team()).owner;
    const answers = await Promise.all(Array.from({ length: 20 }, () => send('/api/calendar/feed', { method: 'POST', cookie: user.cookie })));
    expect(answers.every((response) => response.status === 201)).toBe(true);
    const live = await env.DB.prepare('SELECT count(*) AS n FROM calendar_feeds WHERE user_id = ? AND revoked_at IS NULL').bind(user.id).first<{ n: number }>();
    expect(live?.n).toBe(1);
    const { url } = await feedOf(user);
    expect((await read(url!)).status).toBe(200);
  });

  it('needs a session for the workspace routes (401)', async () => {
    expect((await send('/api/calendar/feed')).status).toBe(401);
    expect((await send('/api/calendar/feed', { method: 'POST' })).status).toBeGreaterThanOrEqual(401);
  });
});
