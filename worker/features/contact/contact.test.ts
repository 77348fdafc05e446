import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { contactMessages, emailOutbox } from '#worker/db/schema.ts';
import { uniqueEmail } from '#worker/test/factories.ts';
import { interceptHost } from '#worker/test/fetch.ts';
import { send } from '#worker/test/http.ts';

const db = () => getDb(env.DB);

describe('contact form without JavaScript (POST /contact)', () => {
  it('stores the message, confirms it by email and shows the thank-you state', async () => {
    const email = uniqueEmail('visitor');
    const response = await send('/contact', {
      form: { name: 'Vera Visitor', email, message: 'We would like a demo for our agency.', website: '' },
      headers: { 'cf-connecting-ip': '192.0.2.30' },
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Thank you, your message is on its way.');
    expect(html).toContain(email);
    const stored = await db().select().from(contactMessages).where(eq(contactMessages.email, email)).all();
    expect(stored).toEqual([expect.objectContaining({ name: 'Vera Visitor', message: 'We would like a demo for our agency.' })]);
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).all();
    expect(mails).toEqual([expect.objectContaining({ kind: 'contact_confirmation', status: 'logged' })]);
    const notices = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, env.OPERATOR_EMAIL)).all();
    expect(notices.some((n) => n.kind === 'contact_notification' && n.textBody.includes(email))).toBe(true);
  });

  it('re-renders the form with errors and keeps what was typed (status 422), storing nothing', async () => {
    const email = uniqueEmail('typo');
    const response = await send('/contact', { form: { name: 'Tom', email, message: 'short' }, headers: { 'cf-connecting-ip': '192.0.2.31' } });
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain('Write at least 10 characters');
    expect(html).toContain('value="Tom"');
    expect(html).toContain('>short</textarea>');
    expect(await db().select().from(contactMessages).where(eq(contactMessages.email, email)).all()).toEqual([]);
  });

  it('pretends success to a bot that fills the honeypot, storing and sending nothing', async () => {
    const email = uniqueEmail('bot');
    const response = await send('/contact', {
      form: { name: 'Bot', email, message: 'Buy cheap followers now!!!', website: 'http://spam.example' },
      headers: { 'cf-connecting-ip': '192.0.2.32' },
    });
    expect(response.status).toBe(200);
    expect(await db().select().from(contactMessages).where(eq(contactMessages.email, email)).all()).toEqual([]);
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).all()).toEqual([]);
  });

  it('limits messages per address with 429', async () => {
    const post = () =>
      send('/contact', {
        form: { name: 'Flood', email: uniqueEmail('flood'), message: 'Hello there, this is a message.' },
        headers: { 'cf-connecting-ip': '192.0.2.33' },
      });
    for (let i = 0; i < 5; i += 1) expect((await post()).status).toBe(200);
    const limited = await post();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect(await limited.text()).toContain('Too many attempts');
  });
});

describe('POST /api/contact (with JavaScript)', () => {
  it('stores the message and answers 201', async () => {
    const email = uniqueEmail('json');
    const response = await send('/api/contact', {
      json: { name: 'Jay', email, message: 'A question about the Agency plan.' },
      headers: { 'cf-connecting-ip': '192.0.2.34' },
    });
    expect(response.status).toBe(201);
    expect(await db().select().from(contactMessages).where(eq(contactMessages.email, email)).all()).toHaveLength(1);
  });
});

describe('mailer with Resend configured', () => {
  it('sends through Resend’s HTTP API and records the provider id in the outbox', async () => {
    const calls = interceptHost('api.resend.com', () => Response.json({ id: '49a3999c-0ce1-4ea6-ab68-afcd6dc2e794' }));
    const email = uniqueEmail('resend');
    const response = await send('/api/contact', {
      json: { name: 'Rita', email, message: 'Testing the real mail provider.' },
      headers: { 'cf-connecting-ip': '192.0.2.35' },
      env: { RESEND_API_KEY: 're_test_123', MAIL_FROM: 'Adloom <hello@adloom.example>' },
    });
    expect(response.status).toBe(201);
    const toVisitor = calls.find((c) => (JSON.parse(c.body) as { to: string[] }).to.includes(email))!;
    expect(toVisitor.url).toBe('https://api.resend.com/emails');
    expect(toVisitor.request.headers.get('authorization')).toBe('Bearer re_test_123');
    expect(JSON.parse(toVisitor.body)).toMatchObject({ from: 'Adloom <hello@adloom.example>', subject: 'We received your message' });
    const row = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).get();
    expect(row).toMatchObject({ status: 'sent', providerMessageId: '49a3999c-0ce1-4ea6-ab68-afcd6dc2e794' });
  });

  it('keeps the outbox row as failed with Resend’s error when it refuses', async () => {
    interceptHost('api.resend.com', () => Response.json({ statusCode: 422, name: 'validation_error', message: 'Invalid `from` field.' }, { status: 422 }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const email = uniqueEmail('resend-fail');
    const response = await send('/api/contact', {
      json: { name: 'Rolf', email, message: 'The provider will refuse this.' },
      headers: { 'cf-connecting-ip': '192.0.2.36' },
      env: { RESEND_API_KEY: 're_test_123' },
    });
    expect(response.status).toBe(201);
    const row = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).get();
    expect(row?.status).toBe('failed');
    expect(row?.error).toContain('validation_error');
  });
});
