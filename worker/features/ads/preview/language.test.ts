import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdDetail } from '#common/schemas/ads.ts';
import { projects } from '#worker/db/schema.ts';
import { createCreative, db, json, setCredits, team } from '#worker/test/creatives.ts';
import { ORIGIN, send } from '#worker/test/http.ts';

/**
 * The preview page is the customer's (issue 28 §2): its words, dates and `<html lang>` follow
 * the project's language, whatever the visitor's browser asks for; the ad's own text and its
 * unfurl stay as written.
 */

type Team = Awaited<ReturnType<typeof team>>;

let t: Team;
let previewId: string;

const setLocale = (locale: 'en' | 'de') => db().update(projects).set({ locale }).where(eq(projects.id, t.project.id)).run();

function postReview(fields: Record<string, string>, language: string) {
  return send(`/preview/${previewId}/reviews`, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, 'accept-language': language },
  });
}

const visit = (language: string, query = '') => send(`/preview/${previewId}${query}`, { headers: { 'accept-language': language } });

beforeAll(async () => {
  t = await team();
  await setCredits(t.owner, 20);
  const creative = await createCreative(t.owner, t.project.id);
  const created = await send(`/api/projects/${t.project.id}/ads`, {
    json: {
      creativeId: creative.id,
      name: 'Frühlingsstart',
      primaryText: `Frische Bohnen, diese Woche geröstet. ${'Jede Tasse wird frisch gebrüht und die erste geht auf uns. '.repeat(3)}`,
      headline: 'Die Frühlingsmischung ist da',
      cta: 'shop_now',
      destinationUrl: 'https://northwind.example/spring',
      placements: ['instagram_feed', 'instagram_story', 'facebook_feed'],
    },
    cookie: t.owner.cookie,
  });
  expect(created.status).toBe(201);
  const ad = await json<AdDetail>(created);
  const link = await send(`/api/ads/${ad.id}/preview-link`, { method: 'POST', cookie: t.owner.cookie });
  previewId = new URL((await json<{ previewUrl: string }>(link)).previewUrl).pathname.split('/').pop()!;
});

describe('the preview page’s language', () => {
  it('is English for an English project, even for a German browser', async () => {
    await setLocale('en');
    const html = await (await visit('de-DE,de;q=0.9')).text();
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(html).toContain('Ad preview');
    expect(html).toContain('Show the safe zones of stories and reels');
    expect(html).toContain('aria-label="Instagram feed post"');
    expect(html).toContain('Shop now');
    expect(html).toContain('No reviews yet.');
    expect(html).toContain('>Approve</button>');
    expect(html).not.toContain('Freigeben');
  });

  it('is German for a German project, even for an English browser: lang, words, mock-ups, buttons', async () => {
    await setLocale('de');
    const response = await visit('en-GB,en;q=0.9');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/^<!doctype html><html lang="de">/);
    expect(html).toContain('Anzeigenvorschau');
    expect(html).toContain('Version 1');
    expect(html).toContain('Sichere Bereiche von Storys und Reels zeigen');
    expect(html).toContain('Instagram-Feed</h2>');
    expect(html).toContain('aria-label="Instagram-Feed-Beitrag"');
    expect(html).toContain('Gesponsert');
    expect(html).toContain('Jetzt einkaufen');
    expect(html).toContain('… mehr');
    expect(html).toContain('Noch keine Rückmeldungen.');
    expect(html).toContain('Ihr Name');
    expect(html).toContain('>Freigeben</button>');
    expect(html).toContain('>Änderungen anfordern</button>');
    expect(html).toContain('Geteilt mit');
    expect(html).not.toContain('Ad preview');
    expect(html).not.toContain('Your name');
    // The ad's own words and its unfurl stay as written.
    expect(html).toContain('Die Frühlingsmischung ist da');
    expect(html).toMatch(/<meta property="og:title" content="Frühlingsstart/);
  });

  it('refuses a bad review in German: the form error and the field’s message, with what was typed', async () => {
    await setLocale('de');
    const refused = await postReview({ decision: 'request_changes', name: 'Carla Kundin', comment: '' }, 'en');
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect(html).toMatch(/^<!doctype html><html lang="de">/);
    expect(html).toContain('Bitte korrigieren Sie die markierten Felder.');
    expect(html).toContain('Schreiben Sie, was sich ändern soll.');
    expect(html).toContain('value="Carla Kundin"');
    expect(html).not.toContain('Say what should change.');
    const nameless = await (await postReview({ decision: 'approve', name: ' ' }, 'en')).text();
    expect(nameless).toContain('Geben Sie Ihren Namen ein.');
    const badEmail = await (await postReview({ decision: 'approve', name: 'Carla', email: 'carla@' }, 'en')).text();
    expect(badEmail).toContain('Geben Sie eine gültige E-Mail-Adresse ein');
  });

  it('thanks the reviewer and shows the thread in German, with German dates', async () => {
    await setLocale('de');
    const sent = await postReview({ decision: 'request_changes', name: 'Carla Kundin', comment: 'Das Logo bitte größer.' }, 'en');
    expect(sent.status).toBe(303);
    const target = new URL(sent.headers.get('location')!, ORIGIN);
    const html = await (await send(target.pathname + target.search)).text();
    expect(html).toContain('Vielen Dank – Ihre Änderungswünsche wurden an das Team gesendet.');
    expect(html).toContain('Änderungen angefordert');
    expect(html).toContain('Das Logo bitte größer.');
    // A German date: "30.11.2026, 04:10 UTC".
    expect(html).toMatch(/<time datetime="[^"]+">\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} UTC<\/time>/i);
  });

  it('refuses a bad review in English for an English project, whatever the browser', async () => {
    await setLocale('en');
    const html = await (await postReview({ decision: 'request_changes', name: 'Carla', comment: '' }, 'de-DE')).text();
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(html).toContain('Please correct the highlighted fields.');
    expect(html).toContain('Say what should change.');
  });
});
