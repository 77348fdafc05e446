import { env } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { auditLog, emailOutbox } from '#worker/db/schema.ts';
import { createUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';
import { createAgencyUser, createPresentation } from '#worker/test/presentations.ts';

const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const KIND = 'presentation_access_requested';
let network = 0;
/** Each request from its own address unless told: the per-network limit stays out of the way. */
const nextIp = () => `198.51.100.${(network += 1)}`;

const ask = (slug: string, ip = nextIp(), method = 'POST') =>
  send(`/presents/${slug}/ask`, {
    method,
    ...(method === 'POST' ? { form: { name: 'Vera Visitor', email: 'vera@example.com' } } : {}),
    headers: { 'user-agent': BROWSER, 'cf-connecting-ip': ip },
  });

async function mailsTo(email: string) {
  return getDb(env.DB)
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, KIND)))
    .all();
}

describe('asking the author of an expired presentation for access (the talk sub-feature has the rest)', () => {
  it('the expired page has a plain form; its POST emails the author, with the link to the editor, and says so', async () => {
    const author = await createAgencyUser('Alex Admin');
    const p = await createPresentation(author, { expiresAt: '2020-01-01T00:00:00Z', customerName: 'Bright Dental' });
    const page = await send(`/presents/${p.slug}`, { headers: { 'user-agent': BROWSER } });
    expect(page.status).toBe(410);
    const html = await page.text();
    expect(html).toContain(`<form method="post" action="/presents/${p.slug}/ask"`);
    expect(html).toContain('Ask Alex Admin for access');
    expect(await mailsTo(author.email)).toHaveLength(0);

    const answer = await ask(p.slug);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(await answer.text()).toContain('We told Alex Admin');
    const mails = await mailsTo(author.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(`/presentations?edit=${p.id}`);
    expect(mails[0]!.textBody).toContain('Bright Dental');

    // Each person's request is one email (five a day per presentation: talk.test.ts).
    const again = await ask(p.slug);
    expect(again.status).toBe(200);
    expect(await mailsTo(author.email)).toHaveLength(2);
  });

  it('GET and HEAD never act; link-preview bots see no form', async () => {
    const author = await createAgencyUser('Quiet Author');
    const p = await createPresentation(author, { expiresAt: '2020-01-01T00:00:00Z' });
    for (const method of ['GET', 'HEAD']) expect((await ask(p.slug, nextIp(), method)).status).toBe(404);
    const bot = await send(`/presents/${p.slug}`, { headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' } });
    expect(await bot.text()).not.toContain('/ask');
    expect(await mailsTo(author.email)).toHaveLength(0);
  });

  it('unknown, unexpired and unpublished presentations: 404 and no email', async () => {
    const author = await createAgencyUser('Busy Author');
    const open = await createPresentation(author);
    const draft = await createPresentation(author, { expiresAt: '2020-01-01T00:00:00Z', publish: false });
    for (const slug of ['no-such-presentation', open.slug, draft.slug, 'A'.repeat(300)]) {
      expect((await ask(slug)).status).toBe(404);
    }
    expect(await mailsTo(author.email)).toHaveLength(0);
  });

  it('a password-protected expired presentation reveals nothing more than the expired page', async () => {
    const author = await createAgencyUser('Locked Author');
    const p = await createPresentation(author, { expiresAt: '2020-01-01T00:00:00Z', password: 'open sesame 2026', customerName: 'Secret Customer' });
    const html = await (await ask(p.slug)).text();
    expect(html).toContain('We told Locked Author');
    expect(html).not.toContain('Secret Customer');
    expect(html).not.toContain('Spring campaign');
  });

  it('one network is limited across presentations (429, no email)', async () => {
    const author = await createAgencyUser('Popular Author');
    const ip = '198.51.100.250';
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const p = await createPresentation(author, { expiresAt: '2020-01-01T00:00:00Z' });
      statuses.push((await ask(p.slug, ip)).status);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(await mailsTo(author.email)).toHaveLength(5);
  });
});

describe('extending a presentation', () => {
  const DAY = 86_400_000;
  it('by its author: 30 days from now when expired, 30 more when not yet; others get 404', async () => {
    const author = await createAgencyUser('Extending Author');
    const stranger = await createAgencyUser('Stranger');
    const p = await createPresentation(author, { expiresAt: '2020-01-01T00:00:00Z' });
    const before = Date.now();
    const extended = await send(`/api/presentations/${p.id}/extend`, { method: 'POST', cookie: author.cookie });
    expect(extended.status).toBe(200);
    const body = (await extended.json()) as { expiresAt: string };
    expect(Date.parse(body.expiresAt)).toBeGreaterThanOrEqual(before + 30 * DAY);
    expect(Date.parse(body.expiresAt)).toBeLessThanOrEqual(Date.now() + 30 * DAY);
    expect((await send(`/presents/${p.slug}`, { headers: { 'user-agent': BROWSER } })).status).toBe(200);

    const again = (await (await send(`/api/presentations/${p.id}/extend`, { method: 'POST', cookie: author.cookie })).json()) as { expiresAt: string };
    expect(Date.parse(again.expiresAt)).toBe(Date.parse(body.expiresAt) + 30 * DAY);

    expect((await send(`/api/presentations/${p.id}/extend`, { method: 'POST', cookie: stranger.cookie })).status).toBe(404);
    expect((await send(`/api/presentations/${p.id}/extend`, { method: 'POST' })).status).toBe(401);
    expect((await send(`/api/presentations/not-an-id/extend`, { method: 'POST', cookie: author.cookie })).status).toBe(404);
  });

  it('by an admin, audited', async () => {
    const author = await createAgencyUser('Audited Author');
    const admin = await createUser({ role: 'admin' });
    const p = await createPresentation(author, { expiresAt: '2020-01-01T00:00:00Z' });
    const response = await send(`/api/presentations/${p.id}/extend`, { method: 'POST', cookie: admin.cookie });
    expect(response.status).toBe(200);
    const entries = await getDb(env.DB).select().from(auditLog).where(eq(auditLog.targetId, p.id)).all();
    expect(entries.map((e) => e.action)).toContain('presentation.extend');
  });
});
