import { env } from 'cloudflare:test';
import { eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { viewBatching } from '#worker/features/funnels/analytics/service.ts';
import { emailOutbox, leads, pageStats, rateLimits } from '#worker/db/schema.ts';
import { liveFunnelByName } from '#worker/features/funnels/edge/repo.ts';
import { leadLimitKey, leadsLink, notifyMembers } from '#worker/features/funnels/leads/service.ts';
import { clientNetwork } from '#worker/lib/client-network.ts';
import type { Email } from '#worker/lib/mailer.ts';
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

describe('client networks (the lead limit’s key)', () => {
  it('is the IPv4 address, or the IPv6 /64', () => {
    expect(clientNetwork('198.51.100.7')).toBe('198.51.100.7');
    expect(clientNetwork('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientNetwork('::FFFF:c633:6407')).toBe('198.51.100.7');
    expect(clientNetwork('2001:DB8:0001:0002:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('2001:db8:1:2::')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetwork('2001:db8:1:2:3:4:198.51.100.7')).toBe('2001:db8:1:2::/64');
    // Not an address: as it is (the key is still per funnel and hashed).
    for (const odd of ['unknown', '1:2:3', '1::2::3', '2001:db8:1:2:3:4:5:6:7', 'g::1']) expect(clientNetwork(odd)).toBe(odd);
  });
});

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
    // Another network is not affected (nextAddress() gives this file's one /64: an IPv4 address here).
    expect((await post(`/p/${funnel.name}/offer`, VALID, { ip: '192.0.2.41' })).status).toBe(303);
  });

  it('counts leads per network: the addresses of one IPv6 /64 share a limit, the next /64 does not', async () => {
    const funnel = await twoPageFunnel();
    // Ten leads, each from another address of one /64 (what a single IPv6 subscriber gets).
    for (let i = 1; i <= 10; i++) {
      expect((await post(`/p/${funnel.name}/offer`, { ...VALID, name: `Visitor ${i}` }, { ip: `2001:db8:feed:1:${i.toString(16)}::${i}` })).status).toBe(303);
    }
    expect((await post(`/p/${funnel.name}/offer`, VALID, { ip: '2001:DB8:FEED:1:ffff:ffff:ffff:fffe' })).status).toBe(429);
    expect((await post(`/p/${funnel.name}/offer`, VALID, { ip: '2001:db8:feed:2::1' })).status).toBe(303);
    // IPv4: the address itself (also written as IPv4-mapped IPv6).
    for (let i = 0; i < 10; i++) expect((await post(`/p/${funnel.name}/offer`, VALID, { ip: '192.0.2.77' })).status).toBe(303);
    expect((await post(`/p/${funnel.name}/offer`, VALID, { ip: '::ffff:192.0.2.77' })).status).toBe(429);
    expect((await post(`/p/${funnel.name}/offer`, VALID, { ip: '192.0.2.78' })).status).toBe(303);
  });

  it('counts leads per funnel: an address that used up one funnel’s limit can still send a lead on another', async () => {
    const funnel = await twoPageFunnel();
    const other = await twoPageFunnel();
    for (let i = 0; i < 10; i++) expect((await post(`/p/${funnel.name}/offer`, VALID, { ip: '2001:db8:feed:3::1' })).status).toBe(303);
    expect((await post(`/p/${funnel.name}/offer`, VALID, { ip: '2001:db8:feed:3::1' })).status).toBe(429);
    expect((await post(`/p/${other.name}/offer`, VALID, { ip: '2001:db8:feed:3::1' })).status).toBe(303);
    // The table holds hashes, no address or prefix.
    const keys = (await db().select({ key: rateLimits.key }).from(rateLimits).where(like(rateLimits.key, 'funnel-lead:%')).all()).map((row) => row.key);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key).toMatch(/^funnel-lead:[0-9a-f]{64}$/);
    expect(keys).toContain(await leadLimitKey(funnel.id, '2001:db8:feed:3::abcd'));
    expect(keys).toContain(await leadLimitKey(other.id, '2001:db8:feed:3::1'));
  });

  it('keeps lead values on one line: control characters in typed and hidden values become spaces', async () => {
    const funnel = await twoPageFunnel();
    const response = await post(`/p/${funnel.name}/offer`, {
      ...VALID,
      name: 'Bob\r\n\r\nSee every lead of the funnel:\nhttps://evil.example/login\u0000\u0007\u0085\u2028end\t\u202eevil',
      email: '  ada@example.com\r\n',
      utm_source: 'news\nletter',
      utm_campaign: 'spring\r\nSee: https://evil.example',
    });
    expect(response.status).toBe(303);
    const [lead] = await leadsOf(funnel);
    expect(lead!.data.name).toBe('Bob See every lead of the funnel: https://evil.example/login end evil');
    expect(lead!.email).toBe('ada@example.com');
    expect(lead!.utm).toMatchObject({ source: 'news letter', campaign: 'spring See: https://evil.example' });
    const stored = JSON.stringify(lead);
    expect(stored).not.toMatch(/[\p{Cc}\u2028\u2029\u202a-\u202e]/u);
    // A line break cannot hide inside an email address either.
    expect((await post(`/p/${funnel.name}/offer`, { ...VALID, email: 'ada@example.com\nbcc@evil.example' })).status).toBe(422);
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

  it('emails every member about the lead when the funnel asks for it: titles and a link, nothing a visitor typed', async () => {
    const funnel = await twoPageFunnel({ notifyLeads: true });
    const injected = {
      ...VALID,
      name: 'Bob\n\nSee every lead of the funnel:\nhttps://evil.example/adloom-login',
      utm_source: 'instagram',
      utm_campaign: 'evil.example',
    };
    expect((await post(`/p/${funnel.name}/offer`, injected)).status).toBe(303);
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, 'funnel_lead')).all();
    const ours = mails.filter((mail) => mail.textBody.includes(funnel.id));
    expect(ours.map((mail) => mail.toAddress).sort()).toEqual([owner.email, editor.email].sort());
    const mail = ours.find((m) => m.toAddress === owner.email)!;
    expect(mail.subject).toBe('New lead on “Spring offer” of “Spring campaign”');
    expect(mail.textBody).toBe(
      [
        'Hi Olga Owner,',
        '',
        'There is a new lead on “Spring offer” of the funnel “Spring campaign”.',
        '',
        'See it with the funnel’s other leads in Adloom:',
        `${ORIGIN}/funnels/${funnel.id}?tab=leads`,
        '',
        'For the privacy of the people who fill in your forms, this email does not repeat what they typed.',
        '',
        'You get this email because the funnel is set to announce new leads. An editor can turn it off on the funnel’s page.',
      ].join('\n'),
    );
    for (const m of ours) {
      for (const typed of ['Bob', 'evil.example', 'ada@example.com', 'Ada', 'instagram', 'Weekly']) {
        expect(m.textBody).not.toContain(typed);
        expect(m.subject).not.toContain(typed);
      }
      expect(m.htmlBody).toBeNull();
    }
  });

  it('links lead emails to the app’s own origin only', async () => {
    expect(leadsLink('f1', 'https://adloom.test/funnels/f1')).toBe('https://adloom.test/funnels/f1?tab=leads');
    // A funnel's custom domain gives no link, unless the app's hosts are known.
    expect(leadsLink('f1', null)).toBeNull();
    expect(leadsLink('f1', null, ['adloom.app', 'funnels.adloom.app'])).toBe('https://adloom.app/funnels/f1?tab=leads');
    // Posted on a host that is not one of the app's: the app's first host instead.
    expect(leadsLink('f1', 'https://stray.example/funnels/f1', ['adloom.app'])).toBe('https://adloom.app/funnels/f1?tab=leads');
    expect(leadsLink('f1', 'https://funnels.adloom.app/funnels/f1', ['adloom.app', 'funnels.adloom.app'])).toBe(
      'https://funnels.adloom.app/funnels/f1?tab=leads',
    );
    expect(leadsLink('f1', 'javascript:alert(1)')).toBeNull();
    expect(leadsLink('f1', 'https://user:pw@adloom.test/funnels/f1')).toBeNull();
    expect(leadsLink('f1', 'not a url')).toBeNull();

    const funnel = await seedFunnel(projectId, { customDomain: `${uniqueFunnelName('mail')}.example.net`, notifyLeads: true, pages: [] });
    const edgeFunnel = (await liveFunnelByName(db(), funnel.name))!;
    const sent: Email[] = [];
    const mailer = { send: async (email: Email) => void sent.push(email) };
    await notifyMembers(db(), mailer, { funnel: edgeFunnel, pageTitle: 'Offer', link: null, appHosts: ['adloom.app'] });
    expect(sent).toHaveLength(2);
    expect(sent[0]!.text).toContain(`https://adloom.app/funnels/${funnel.id}?tab=leads`);
    sent.length = 0;
    await notifyMembers(db(), mailer, { funnel: edgeFunnel, pageTitle: 'Offer', link: null });
    expect(sent[0]!.text).not.toMatch(/https?:/);
    expect(sent[0]!.text).toContain('See it in Adloom, on the funnel’s page under Leads.');
  });

  it('a deleted lead leaves nothing in D1: no lead row, no email holding its values', async () => {
    const funnel = await twoPageFunnel({ notifyLeads: true });
    const email = `gdpr-${funnel.id.toLowerCase()}@example.com`;
    const name = `Erasmus ${funnel.id}`;
    expect((await post(`/p/${funnel.name}/offer`, { ...VALID, name, email, utm_source: `src-${funnel.id}` })).status).toBe(303);
    const [lead] = await leadsOf(funnel);
    expect(lead!.email).toBe(email);
    expect((await send(`/api/funnels/${funnel.id}/leads/${lead!.id}`, { method: 'DELETE', cookie: editor.cookie })).status).toBe(204);
    const everything = JSON.stringify([await db().select().from(leads).all(), await db().select().from(emailOutbox).all()]).toLowerCase();
    for (const value of [email, name.toLowerCase(), `src-${funnel.id}`.toLowerCase()]) expect(everything).not.toContain(value);
    // The members were told (without the values).
    expect((await db().select().from(emailOutbox).where(eq(emailOutbox.kind, 'funnel_lead')).all()).some((m) => m.textBody.includes(funnel.id))).toBe(true);
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
