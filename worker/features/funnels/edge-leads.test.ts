import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { viewBatching } from '#worker/features/funnels/analytics-service.ts';
import { emailOutbox, leads, pageStats } from '#worker/db/schema.ts';
import { createProject, createUser, type TestUser } from '#worker/test/factories.ts';
import { formBlock, heroBlock, pageDoc, seedFunnel, uniqueFunnelName, type SeededFunnel } from '#worker/test/funnels-edge.ts';
import { ORIGIN, nextAddress, send } from '#worker/test/http.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const db = () => getDb(env.DB);

let owner: TestUser;
let editor: TestUser;
let projectId: string;

beforeAll(async () => {
  // Each view is written before its response is handed back (send() waits for waitUntil): no gathering delay.
  viewBatching.delayMs = 0;
  owner = await createUser({ name: 'Olga Owner' });
  editor = await createUser({ name: 'Eddie Editor' });
  projectId = (await createProject(owner, { editor })).id;
});

const VALID = { formId: 'signup', name: 'Ada Lovelace', email: 'Ada@Example.com', plan: 'Weekly', consent: 'on' };

function post(path: string, fields: Record<string, string>, options: { ip?: string; headers?: Record<string, string>; cookie?: string } = {}) {
  return send(path, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': BROWSER,
      'cf-connecting-ip': options.ip ?? nextAddress(),
      ...options.headers,
    },
    ...(options.cookie ? { cookie: options.cookie } : {}),
  });
}

function leadsOf(funnel: SeededFunnel) {
  return db().select().from(leads).where(eq(leads.funnelId, funnel.id)).all();
}

async function twoPageFunnel(options: { notifyLeads?: boolean; customDomain?: string } = {}) {
  return seedFunnel(projectId, {
    ...options,
    pages: [
      { slug: 'offer', title: 'Spring offer', a: pageDoc([heroBlock('Spring blend'), formBlock()]) },
      { slug: 'thanks', a: pageDoc([heroBlock('Thank you!')]) },
    ],
  });
}

describe('a form post', () => {
  it('stores a lead with its variant, UTM and referrer, counts it, and sends the visitor on to the next page', async () => {
    const funnel = await twoPageFunnel();
    const response = await post(`/p/${funnel.name}/offer`, {
      ...VALID,
      utm_source: 'instagram',
      utm_medium: 'paid',
      utm_campaign: 'spring',
      referrer: 'https://l.instagram.com/some/path?token=secret',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/p/${funnel.name}/thanks`);
    const [lead] = await leadsOf(funnel);
    expect(lead).toMatchObject({
      pageId: funnel.pages[0]!.id,
      projectId,
      variant: 'a',
      data: { name: 'Ada Lovelace', email: 'ada@example.com', plan: 'Weekly', consent: true },
      email: 'ada@example.com',
      utm: { source: 'instagram', medium: 'paid', campaign: 'spring', term: '', content: '' },
      referrer: 'https://l.instagram.com/some/path',
    });
    const stats = await db().select().from(pageStats).where(eq(pageStats.pageId, funnel.pages[0]!.id)).get();
    expect(stats).toMatchObject({ variant: 'a', leads: 1 });
    // No email unless the funnel asks for it.
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.kind, 'funnel_lead')).all()).toEqual([]);
  });

  it('on the last page: 303 to the thank-you state, which is personal (not cached) and shows the success message', async () => {
    const funnel = await seedFunnel(projectId, { pages: [{ slug: 'only', a: pageDoc([formBlock()]) }] });
    const response = await post(`/p/${funnel.name}/only`, VALID);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/p/${funnel.name}/only?sent=signup`);
    const thanks = await send(`/p/${funnel.name}/only?sent=signup`, { headers: { 'user-agent': BROWSER } });
    expect(thanks.headers.get('cache-control')).toBe('private, no-store');
    const html = await thanks.text();
    expect(html).toContain('Thanks! The guide is on its way.');
    // The plain page is still the form (the thank-you state did not go into the cache).
    const plain = await (await send(`/p/${funnel.name}/only`, { headers: { 'user-agent': BROWSER } })).text();
    expect(plain).not.toContain('Thanks! The guide is on its way.');
  });

  it('refuses invalid fields with 422: the page again with the messages and what was typed', async () => {
    const funnel = await twoPageFunnel();
    const response = await post(`/p/${funnel.name}/offer`, {
      formId: 'signup',
      name: '  Grace <Hopper>  ',
      email: 'not-an-email',
      plan: 'Gold',
      utm_source: 'newsletter',
    });
    expect(response.status).toBe(422);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const html = await response.text();
    expect(html).toContain('Enter a valid email address');
    expect(html).toContain('Pick one of the options.');
    expect(html).toContain('Tick this box to continue.');
    expect(html).toContain('value="Grace &lt;Hopper&gt;"');
    expect(html).toContain('value="not-an-email"');
    // The attribution survives the round trip.
    expect(html).toContain('<input type="hidden" name="utm_source" value="newsletter">');
    expect(await leadsOf(funnel)).toEqual([]);
  });

  it('a filled honeypot gets the usual answer and stores nothing', async () => {
    const funnel = await twoPageFunnel();
    const response = await post(`/p/${funnel.name}/offer`, { ...VALID, website: 'https://spam.example' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/p/${funnel.name}/thanks`);
    expect(await leadsOf(funnel)).toEqual([]);
  });

  it('limits one address to 10 leads in 10 minutes, also under 20 concurrent posts', async () => {
    const funnel = await twoPageFunnel();
    const ip = nextAddress();
    const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => post(`/p/${funnel.name}/offer`, { ...VALID, name: `Visitor ${i}` }, { ip }))).then(
      (responses) => responses.map((r) => r.status),
    );
    expect(statuses.filter((s) => s === 303)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(await leadsOf(funnel)).toHaveLength(10);
    const again = await post(`/p/${funnel.name}/offer`, VALID, { ip });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await again.text()).toContain('Too many attempts');
    // Another address is not affected.
    expect((await post(`/p/${funnel.name}/offer`, VALID)).status).toBe(303);
  });

  it('refuses a cross-site post', async () => {
    const funnel = await twoPageFunnel();
    const response = await post(`/p/${funnel.name}/offer`, VALID, { headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    const sneaky = await send(`/p/${funnel.name}/offer`, {
      method: 'POST',
      body: new URLSearchParams(VALID).toString(),
      sameOrigin: false,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
    });
    expect(sneaky.status).toBe(403);
    expect(await leadsOf(funnel)).toEqual([]);
  });

  it('answers malformed bodies with 4xx, never 500', async () => {
    const funnel = await twoPageFunnel();
    const path = `/p/${funnel.name}/offer`;
    const raw = (body: BodyInit, type: string) =>
      send(path, { method: 'POST', body, headers: { 'content-type': type, 'user-agent': BROWSER, 'cf-connecting-ip': nextAddress() } });
    expect((await raw('{"name":"x"}', 'application/json')).status).toBe(415);
    expect((await raw('--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda', 'multipart/form-data; boundary=x')).status).toBe(400);
    expect((await raw('garbage', 'multipart/form-data')).status).toBe(400);
    expect((await raw(new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x3d, 0xff, 0xfe]), 'application/x-www-form-urlencoded')).status).toBe(400);
    expect((await raw(`name=${'a'.repeat(1024 * 1024 + 10)}`, 'application/x-www-form-urlencoded')).status).toBe(413);
    // A huge field within the body limit, and percent-encoded lone surrogates: refused or cleaned, never stored raw.
    expect((await raw(`formId=signup&email=a%40b.co&consent=on&name=${'x'.repeat(200_000)}`, 'application/x-www-form-urlencoded')).status).toBe(422);
    const surrogate = await raw('formId=signup&email=a%40b.co&consent=on&name=%ED%A0%80Ada', 'application/x-www-form-urlencoded');
    expect(surrogate.status).toBe(303);
    const [stored] = await leadsOf(funnel);
    expect(stored!.data.name).toBe('\ufffd\ufffd\ufffdAda');
    // Unknown form, no form id: 404; a multipart form works like an urlencoded one.
    expect((await post(path, { ...VALID, formId: 'nope' })).status).toBe(404);
    expect((await post(path, { name: 'x' })).status).toBe(404);
    const multipart = new FormData();
    for (const [key, value] of Object.entries(VALID)) multipart.set(key, value);
    const encoded = new Response(multipart);
    const type = encoded.headers.get('content-type')!;
    expect((await raw(await encoded.arrayBuffer(), type)).status).toBe(303);
  });

  it('emails every member about the lead when the funnel asks for it', async () => {
    const funnel = await twoPageFunnel({ notifyLeads: true });
    expect((await post(`/p/${funnel.name}/offer`, { ...VALID, utm_source: 'instagram' })).status).toBe(303);
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, 'funnel_lead')).all();
    const to = mails.map((mail) => mail.toAddress).sort();
    expect(to).toEqual([owner.email, editor.email].sort());
    const mail = mails[0]!;
    expect(mail.subject).toBe('New lead from “Spring offer” (Spring campaign)');
    expect(mail.textBody).toContain('Email: ada@example.com');
    expect(mail.textBody).toContain('Consent: yes');
    expect(mail.textBody).toContain('Source: instagram');
    expect(mail.textBody).toContain(`${ORIGIN}/funnels/${funnel.id}`);
  });

  it('counts the lead for the visitor’s variant (the cookie), and works on a custom domain', async () => {
    const domain = `${uniqueFunnelName('leads')}.example.net`;
    const funnel = await seedFunnel(projectId, {
      customDomain: domain,
      pages: [
        { slug: 'offer', a: pageDoc([heroBlock('A'), formBlock()]), b: pageDoc([heroBlock('B'), formBlock()]), splitB: 50 },
        { slug: 'thanks', a: pageDoc([heroBlock('Thanks')]) },
      ],
    });
    const pageId = funnel.pages[0]!.id;
    const response = await post('/offer', VALID, { headers: { host: domain }, cookie: `ab_${pageId}=b` });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/thanks');
    const [lead] = await leadsOf(funnel);
    expect(lead!.variant).toBe('b');
    const stats = await db().select().from(pageStats).where(eq(pageStats.pageId, pageId)).all();
    expect(stats.map((row) => [row.variant, row.leads])).toEqual([['b', 1]]);
  });
});
