import { env } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PresentationRecipient, PresentationRequest, PresentationTalk } from '#common/schemas/presentation-talk.ts';
import type { Presentation } from '#common/schemas/presentations.ts';
import { getDb } from '#worker/db/client.ts';
import { emailOutbox, presentationRecipients, presentationRequests, presentations, users } from '#worker/db/schema.ts';
import { send } from '#worker/test/http.ts';
import { createAgencyUser, createPresentation, documentFor } from '#worker/test/presentations.ts';
import { grantToken } from '#worker/features/presentations/talk/service.ts';

const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const SLACK = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';
const EXPIRED = '2020-01-01T00:00:00Z';
const DAY = 86_400_000;
let network = 0;
/** Each request from its own address unless told: the per-network limit stays out of the way. */
const nextIp = () => `198.51.${Math.floor((network += 1) / 250)}.${network % 250}`;
const db = () => getDb(env.DB);

const visitor = (ip = nextIp()) => ({ 'user-agent': BROWSER, 'cf-connecting-ip': ip });
const ask = (slug: string, form: Record<string, string>, ip = nextIp()) => send(`/presents/${slug}/ask`, { form, headers: visitor(ip) });
const ALICE = { name: 'Alice Asker', email: 'Alice@Customer.example', message: 'Could I see it again?' };

async function mails(to: string, kind?: string) {
  const rows = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).all();
  return kind ? rows.filter((r) => r.kind === kind) : rows;
}

/** The one-click link in the newest access email to `to`. */
async function grantUrl(to: string): Promise<URL> {
  const [mail] = (await mails(to, 'presentation_access_requested')).slice(-1);
  const match = /https:\/\/\S+\/grant\?t=\S+/.exec(mail!.textBody);
  return new URL(match![0]);
}

const talkOf = async (p: Presentation, cookie: string) => (await (await send(`/api/presentations/${p.id}/talk`, { cookie })).json()) as PresentationTalk;
const tokenOf = (html: string) => /data-view="([^"]+)"/.exec(html)?.[1];

describe('asking for access', () => {
  it('on the expired page: name, email, message → stored, the author emailed with a one-click link; GET shows a confirm page and does nothing; POST acts once', async () => {
    const author = await createAgencyUser('Alex Author');
    const p = await createPresentation(author, { expiresAt: EXPIRED, customerName: 'Bright Dental' });
    const page = await send(`/presents/${p.slug}`, { headers: visitor() });
    expect(page.status).toBe(410);
    const html = await page.text();
    expect(html).toContain(`action="/presents/${p.slug}/ask"`);
    for (const name of ['name', 'email', 'message', 'website']) expect(html).toContain(`name="${name}"`);

    const answer = await ask(p.slug, ALICE);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('We told Alex Author');
    const stored = await db().select().from(presentationRequests).where(eq(presentationRequests.presentationId, p.id)).all();
    expect(stored).toMatchObject([{ kind: 'access', name: 'Alice Asker', email: 'alice@customer.example', message: 'Could I see it again?', grantedAt: null }]);
    const [mail] = await mails(author.email, 'presentation_access_requested');
    expect(mail!.subject).toContain('Alice Asker');
    expect(mail!.textBody).toContain('Could I see it again?');
    expect(mail!.textBody).toContain('Open it again for 30 days');

    // A mail scanner (or the author) opening the link: a confirm page, nothing done.
    const url = await grantUrl(author.email);
    for (const ua of [BROWSER, SLACK]) {
      const confirm = await send(`${url.pathname}${url.search}`, { headers: { 'user-agent': ua } });
      expect(confirm.status).toBe(200);
      const confirmHtml = await confirm.text();
      expect(confirmHtml).toContain('Give Alice Asker access');
      expect(confirmHtml).toContain('method="post"');
    }
    expect((await db().select().from(presentationRecipients).where(eq(presentationRecipients.presentationId, p.id)).all()).length).toBe(0);
    expect((await send(`/presents/${p.slug}`, { headers: visitor() })).status).toBe(410);

    // The click: reopened for 30 days, the asker's own link emailed to them; a second click changes nothing.
    const token = url.searchParams.get('t')!;
    const before = Date.now();
    const done = await send(`/presents/${p.slug}/grant`, { form: { token } });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Alice Asker has access');
    const again = await send(`/presents/${p.slug}/grant`, { form: { token } });
    expect(await again.text()).toContain('Alice Asker already has access');
    const [row] = await db().select().from(presentations).where(eq(presentations.id, p.id)).all();
    expect(row!.expiresAt!.getTime()).toBeGreaterThanOrEqual(before + 30 * DAY - 1000);
    const recipients = await db().select().from(presentationRecipients).where(eq(presentationRecipients.presentationId, p.id)).all();
    expect(recipients).toMatchObject([{ name: 'Alice Asker', email: 'alice@customer.example', revokedAt: null }]);
    const granted = await mails('alice@customer.example', 'presentation_access_granted');
    expect(granted).toHaveLength(1);
    expect(granted[0]!.textBody).toContain(`/presents/${p.slug}?r=${recipients[0]!.code}`);
    expect((await send(`/presents/${p.slug}?r=${recipients[0]!.code}`, { headers: visitor() })).status).toBe(200);
  });

  it('on the password page: the form beside the password; granted, the asker’s link opens it without the password and their visit is theirs', async () => {
    const author = await createAgencyUser('Locked Author');
    const p = await createPresentation(author, { password: 'open sesame 2026', customerName: 'Secret Customer' });
    const html = await (await send(`/presents/${p.slug}`, { headers: visitor() })).text();
    expect(html).toContain('No password? Ask Locked Author for access');
    expect(html).toContain(`action="/presents/${p.slug}/ask"`);
    const answer = await ask(p.slug, { ...ALICE, email: 'bob@customer.example', name: 'Bob' });
    expect(answer.status).toBe(200);
    expect(await answer.text()).not.toContain('Secret Customer');
    const url = await grantUrl(author.email);
    expect((await mails(author.email, 'presentation_access_requested'))[0]!.textBody).toContain('opens without the password');
    await send(`/presents/${p.slug}/grant`, { form: { token: url.searchParams.get('t')! } });
    const [recipient] = await db().select().from(presentationRecipients).where(eq(presentationRecipients.presentationId, p.id)).all();
    const opened = await send(`/presents/${p.slug}?r=${recipient!.code}`, { headers: visitor() });
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain('Secret Customer');
    // The unlock cookie, so the pictures of the page load too.
    expect(opened.headers.get('set-cookie')).toContain(`pres_${p.id}=`);
    const talk = await talkOf(p, author.cookie);
    expect(talk.visits).toMatchObject([{ recipient: { id: recipient!.id, name: 'Bob' } }]);
    expect(talk.requests).toMatchObject([{ kind: 'access', name: 'Bob', grantedAt: expect.any(String) }]);
  });

  it('speaks the presentation’s language: German messages on a wrong form, what was typed kept (422); the asker’s link email in German', async () => {
    const author = await createAgencyUser('Deutsche Autorin');
    const p = await createPresentation(author, { expiresAt: EXPIRED, document: documentFor('Bäckerei', { locale: 'de' }) });
    const wrong = await ask(p.slug, { name: '  ', email: 'not-an-email', message: 'x'.repeat(1001) });
    expect(wrong.status).toBe(422);
    const html = await wrong.text();
    expect(html).toContain('Geben Sie Ihren Namen ein.');
    expect(html).toContain('Geben Sie eine gültige E-Mail-Adresse ein');
    expect(html).toContain('Höchstens 1000 Zeichen.');
    expect(html).toContain('value="not-an-email"');
    expect(await db().select().from(presentationRequests).where(eq(presentationRequests.presentationId, p.id)).all()).toHaveLength(0);
    await ask(p.slug, { name: 'Jörg \ud800', email: 'joerg@kunde.example', message: '' });
    const url = await grantUrl(author.email);
    await send(`/presents/${p.slug}/grant`, { form: { token: url.searchParams.get('t')! } });
    const [mail] = await mails('joerg@kunde.example', 'presentation_access_granted');
    expect(mail!.subject).toBe('Ihr Link zur Präsentation für Bäckerei');
    expect(mail!.textBody).toContain('Jörg \ufffd');
  });

  it('the honeypot: the usual answer, nothing stored or sent; unknown, open, draft presentations and GET: 404', async () => {
    const author = await createAgencyUser('Trap Author');
    const p = await createPresentation(author, { expiresAt: EXPIRED });
    expect((await ask(p.slug, { ...ALICE, website: 'https://spam.example' })).status).toBe(200);
    expect(await db().select().from(presentationRequests).where(eq(presentationRequests.presentationId, p.id)).all()).toHaveLength(0);
    const open = await createPresentation(author);
    const draft = await createPresentation(author, { expiresAt: EXPIRED, publish: false });
    for (const slug of ['no-such-presentation', open.slug, draft.slug, 'A'.repeat(300)]) expect((await ask(slug, ALICE)).status).toBe(404);
    expect((await send(`/presents/${p.slug}/ask`, { headers: visitor() })).status).toBe(404);
    expect(await mails(author.email)).toHaveLength(0);
  });

  it('20 requests at once: five a day per presentation are stored and emailed, the others 429', async () => {
    const author = await createAgencyUser('Burst Author');
    const p = await createPresentation(author, { expiresAt: EXPIRED });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => ask(p.slug, { ...ALICE, email: `asker${i}@example.com` })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expect(await db().select().from(presentationRequests).where(eq(presentationRequests.presentationId, p.id)).all()).toHaveLength(5);
    expect(await mails(author.email, 'presentation_access_requested')).toHaveLength(5);
  });

  it('20 clicks at once grant once: one recipient, one email', async () => {
    const author = await createAgencyUser('Clicky Author');
    const p = await createPresentation(author, { expiresAt: EXPIRED });
    await ask(p.slug, { ...ALICE, email: 'clicks@example.com' });
    const token = (await grantUrl(author.email)).searchParams.get('t')!;
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(`/presents/${p.slug}/grant`, { form: { token } })));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(await db().select().from(presentationRecipients).where(eq(presentationRecipients.presentationId, p.id)).all()).toHaveLength(1);
    expect(await mails('clicks@example.com', 'presentation_access_granted')).toHaveLength(1);
  });

  it('forged, expired, other presentations’ and malformed tokens are refused and act on nothing', async () => {
    const author = await createAgencyUser('Careful Author');
    const p = await createPresentation(author, { expiresAt: EXPIRED });
    const other = await createPresentation(author, { expiresAt: EXPIRED });
    await ask(p.slug, { ...ALICE, email: 'careful@example.com' });
    const token = (await grantUrl(author.email)).searchParams.get('t')!;
    const [request] = await db().select().from(presentationRequests).where(eq(presentationRequests.presentationId, p.id)).all();
    const expired = await grantToken(env.SESSION_SECRET, request!.id, Date.now() - 15 * DAY);
    const forged = await grantToken('another-secret-entirely-32-bytes-long', request!.id);
    for (const [slug, t] of [
      [p.slug, `${token.slice(0, -2)}xx`],
      [p.slug, expired],
      [p.slug, forged],
      [other.slug, token],
      [p.slug, ''],
      [p.slug, 'x'.repeat(400)],
    ] as const) {
      const answer = await send(`/presents/${slug}/grant`, { form: { token: t } });
      expect(answer.status).toBe(404);
      expect(await answer.text()).toContain('This link no longer works');
    }
    expect(
      (await send(`/presents/${p.slug}/grant`, { body: '{"token":1}', headers: { 'content-type': 'application/json' }, method: 'POST' })).status,
    ).toBeLessThan(500);
    expect(await db().select().from(presentationRecipients).where(eq(presentationRecipients.presentationId, p.id)).all()).toHaveLength(0);
  });
});

describe('"I\'m interested"', () => {
  const interestDocument = (locale: 'en' | 'de' = 'en') => {
    const document = documentFor('Harbour Bakery', { locale });
    document.sections = document.sections.map((s) => (s.type === 'cta' ? { ...s, props: { ...s.props, action: 'interest' as const, href: '' } } : s));
    return document;
  };

  it('a form that works without script: stored, emailed to the author in the author’s language; the honeypot stores nothing', async () => {
    const author = await createAgencyUser('Interested Author');
    await db().update(users).set({ locale: 'de' }).where(eq(users.email, author.email));
    const p = await createPresentation(author, { document: interestDocument() });
    const html = await (await send(`/presents/${p.slug}`, { headers: visitor() })).text();
    expect(html).toContain(`action="/presents/${p.slug}/interested"`);
    const post = (form: Record<string, string>) => send(`/presents/${p.slug}/interested`, { form: { section: 'cta', ...form }, headers: visitor() });
    const sent = await post({ name: 'Ivy', email: 'ivy@example.com', message: 'Call me on Monday' });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain('Interested Author has your message');
    const [mail] = await mails(author.email, 'presentation_interest');
    expect(mail!.subject).toBe('Ivy ist interessiert: Ihre Präsentation für Harbour Bakery');
    expect(mail!.textBody).toContain('Call me on Monday');
    expect(await post({ name: 'Bot', email: 'bot@example.com', website: 'x' })).toHaveProperty('status', 200);
    const wrong = await post({ name: '', email: '' });
    expect(wrong.status).toBe(422);
    expect(await wrong.text()).toContain('Enter your name.');
    const talk = await talkOf(p, author.cookie);
    expect(talk.requests).toMatchObject([{ kind: 'interest', name: 'Ivy', email: 'ivy@example.com', message: 'Call me on Monday' }]);
  });

  it('404 without an interested call to action, and on a locked presentation without its cookie', async () => {
    const author = await createAgencyUser('Plain Author');
    const plain = await createPresentation(author);
    const locked = await createPresentation(author, { document: interestDocument(), password: 'open sesame 2026' });
    for (const slug of [plain.slug, locked.slug]) {
      expect((await send(`/presents/${slug}/interested`, { form: { name: 'Ivy', email: 'ivy@example.com' }, headers: visitor() })).status).toBe(404);
    }
    expect(await mails(author.email)).toHaveLength(0);
  });
});

describe('recipients and the visit timeline', () => {
  const addRecipient = async (p: Presentation, cookie: string, json: unknown) => send(`/api/presentations/${p.id}/recipients`, { json, cookie });

  it('each recipient’s link attributes visits with the seconds per section; bots, the author and revoked links attribute nothing', async () => {
    const author = await createAgencyUser('Timeline Author');
    const p = await createPresentation(author);
    const created = await addRecipient(p, author.cookie, { name: 'Carla Client', email: 'carla@client.example' });
    expect(created.status).toBe(201);
    const carla = (await created.json()) as PresentationRecipient;
    expect(carla.path).toMatch(new RegExp(`^/presents/${p.slug}\\?r=[A-Za-z0-9_-]{16}$`));

    const page = await send(carla.path, { headers: visitor() });
    expect(page.status).toBe(200);
    const token = tokenOf(await page.text())!;
    await send(`/presents/${p.slug}/beacon`, { form: { t: token, s: '40', r: 'hero,intro', d: 'hero:12,intro:25,nope:9' }, headers: visitor() });
    // A lower report later changes nothing; a longer one raises each section to its maximum.
    await send(`/presents/${p.slug}/beacon`, { form: { t: token, s: '3', r: '', d: 'hero:1' }, headers: visitor() });
    // Bots and the author: not visits.
    await send(carla.path, { headers: { 'user-agent': SLACK } });
    await send(carla.path, { headers: visitor(), cookie: author.cookie });
    // The plain link: a visit of nobody in particular.
    await send(`/presents/${p.slug}`, { headers: visitor() });

    let talk = await talkOf(p, author.cookie);
    expect(talk.visits).toHaveLength(2);
    const mine = talk.visits.find((v) => v.recipient !== null)!;
    expect(mine.recipient).toEqual({ id: carla.id, name: 'Carla Client' });
    expect(mine.seconds).toBeGreaterThan(0);
    expect(mine.sections.map((s) => [s.id, s.seconds])).toEqual([
      ['hero', Math.min(12, mine.seconds)],
      ['intro', Math.min(25, mine.seconds)],
    ]);
    expect(talk.recipients).toMatchObject([{ id: carla.id, visits: 1, lastVisitAt: expect.any(String) }]);

    // Revoked: the link still opens the (unlocked) page, unattributed — a forwarded link is not broken, and it names no one any more.
    expect((await send(`/api/presentations/${p.id}/recipients/${carla.id}/revoke`, { method: 'POST', cookie: author.cookie })).status).toBe(200);
    expect((await send(carla.path, { headers: visitor() })).status).toBe(200);
    talk = await talkOf(p, author.cookie);
    expect(talk.visits).toHaveLength(3);
    expect(talk.visits[0]!.recipient).toBeNull();
    expect(talk.recipients[0]!.revokedAt).not.toBeNull();
  });

  it('a revoked link to a locked presentation asks for the password', async () => {
    const author = await createAgencyUser('Revoking Author');
    const p = await createPresentation(author, { password: 'open sesame 2026' });
    const dan = (await (await addRecipient(p, author.cookie, { name: 'Dan' })).json()) as PresentationRecipient;
    expect(await (await send(dan.path, { headers: visitor() })).text()).not.toContain('name="password"');
    await send(`/api/presentations/${p.id}/recipients/${dan.id}/revoke`, { method: 'POST', cookie: author.cookie });
    expect(await (await send(dan.path, { headers: visitor() })).text()).toContain('name="password"');
  });

  it('other users’ presentations, recipients and requests are 404; bad input is 4xx, never 500', async () => {
    const author = await createAgencyUser('Owner Author');
    const stranger = await createAgencyUser('Stranger');
    const p = await createPresentation(author, { expiresAt: EXPIRED });
    const mine = await createPresentation(stranger);
    const r = (await (await addRecipient(p, author.cookie, { name: 'Eve' })).json()) as PresentationRecipient;
    await ask(p.slug, { ...ALICE, email: 'eve@example.com' });
    const [request] = await db().select().from(presentationRequests).where(eq(presentationRequests.presentationId, p.id)).all();
    expect((await send(`/api/presentations/${p.id}/talk`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await addRecipient(p, stranger.cookie, { name: 'X' })).status).toBe(404);
    expect((await send(`/api/presentations/${p.id}/recipients/${r.id}/revoke`, { method: 'POST', cookie: stranger.cookie })).status).toBe(404);
    expect((await send(`/api/presentations/${p.id}/requests/${request!.id}/grant`, { method: 'POST', cookie: stranger.cookie })).status).toBe(404);
    // Through one's own presentation, another's recipient or request: 404 too.
    expect((await send(`/api/presentations/${mine.id}/recipients/${r.id}/revoke`, { method: 'POST', cookie: stranger.cookie })).status).toBe(404);
    expect((await send(`/api/presentations/${mine.id}/requests/${request!.id}/grant`, { method: 'POST', cookie: stranger.cookie })).status).toBe(404);
    for (const json of [{}, { name: '' }, { name: 'x'.repeat(81) }, { name: 'Ok', email: 'nope' }, { name: 42 }, 'not json']) {
      const answer = await addRecipient(p, author.cookie, json);
      expect(answer.status).toBe(422);
    }
    const malformed = await send(`/api/presentations/${p.id}/recipients`, {
      body: '{"name":',
      headers: { 'content-type': 'application/json' },
      cookie: author.cookie,
      method: 'POST',
    });
    expect(malformed.status).toBeGreaterThanOrEqual(400);
    expect(malformed.status).toBeLessThan(500);
    // The author grants from the workspace: the same as the email's link.
    const granted = await send(`/api/presentations/${p.id}/requests/${request!.id}/grant`, { method: 'POST', cookie: author.cookie });
    expect(((await granted.json()) as PresentationRequest).grantedAt).not.toBeNull();
    expect(await mails('eve@example.com', 'presentation_access_granted')).toHaveLength(1);
  });

  it('at most 200 recipients, even when 20 are added at once', async () => {
    const author = await createAgencyUser('Many Author');
    const p = await createPresentation(author);
    const seeded = Array.from({ length: 195 }, (_, i) => ({
      id: `seeded_recipient_${String(i).padStart(4, '0')}`,
      presentationId: p.id,
      name: `R${i}`,
      code: `seededcode${String(i).padStart(6, '0')}`,
    }));
    // D1 binds at most 100 values a statement: 15 rows at a time.
    for (let i = 0; i < seeded.length; i += 15)
      await db()
        .insert(presentationRecipients)
        .values(seeded.slice(i, i + 15));
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => addRecipient(p, author.cookie, { name: `New ${i}` })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(15);
    const count = await db()
      .select()
      .from(presentationRecipients)
      .where(and(eq(presentationRecipients.presentationId, p.id)))
      .all();
    expect(count).toHaveLength(200);
  });
});
