import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_TEXT } from '#common/creative/document.ts';
import { TEMPLATE_IDS } from '#common/creative/template-ids.ts';
import type { ApiKeyCreated } from '#common/schemas/api-keys.ts';
import { v1Creation, v1CreativePage, v1TemplateList, type V1Creation } from '#common/schemas/api-v1.ts';
import { primaryDb } from '#worker/db/client.ts';
import { idempotencyKeys } from '#worker/db/schema.ts';
import { purgeExpiredRecords } from '#worker/jobs/index.ts';
import { apiCaller, apiGet, createKey } from '#worker/test/api-keys.ts';
import { balance, bytesOf, createCreative, json, setCredits, type ErrorBody } from '#worker/test/creatives.ts';
import { createProject, createUser, uploadMedia, type TestUser } from '#worker/test/factories.ts';
import { interceptHosts } from '#worker/test/fetch.ts';
import { send } from '#worker/test/http.ts';
import { solidPng } from '#worker/test/png.ts';

/** Renders through /api/v1 (issue 31 point 2, decision 0044), with the real renderer, D1 and R2. */

const RENDERING = { timeout: 120_000 };

let owner: TestUser;
let projectId: string;
let key: ApiKeyCreated;

beforeEach(async () => {
  ({ owner, projectId, key } = await apiCaller(['read', 'render'], { credits: 100 }));
});

function postRender(body: unknown, headers: Record<string, string> = {}, secret = key.secret) {
  return send('/api/v1/renders', { json: body, headers: { authorization: `Bearer ${secret}`, ...headers } });
}

async function picture(creation: V1Creation): Promise<Uint8Array> {
  const url = new URL(creation.url);
  const response = await send(url.pathname + url.search);
  expect(response.status).toBe(200);
  return bytesOf(response);
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);

describe('GET /api/v1/templates', () => {
  it('lists every built-in template with its formats and its layers’ names and types', async () => {
    const response = await apiGet('/templates', key.secret);
    expect(response.status).toBe(200);
    const list = v1TemplateList.parse(await response.json());
    expect(list.items.map((t) => t.id)).toEqual([...TEMPLATE_IDS]);
    const bold = list.items.find((t) => t.id === 'bold-headline')!;
    expect(bold.formats).toContainEqual({ format: 'story', width: 1080, height: 1920 });
    expect(bold.layers).toContainEqual(expect.objectContaining({ id: 'headline', type: 'text' }));
    expect(bold.layers).toContainEqual(expect.objectContaining({ id: 'cta', type: 'cta' }));
  });

  it('needs the read scope', async () => {
    const renderOnly = await createKey(owner, projectId, ['render'], 'Render only');
    expect((await apiGet('/templates', renderOnly.secret)).status).toBe(403);
  });
});

describe('POST /api/v1/renders', RENDERING, () => {
  it('renders a template in the project’s brand for 1 credit; the same input again is free', async () => {
    const first = await postRender({ template: 'bold-headline', format: 'portrait' });
    expect(first.status).toBe(201);
    const creation = v1Creation.parse(await first.json());
    expect(creation).toMatchObject({ format: 'portrait', width: 1080, height: 1350 });
    expect(new Date(creation.expiresAt).getTime()).toBeGreaterThan(Date.now());
    const png = await picture(creation);
    expect(Array.from(png.slice(1, 4))).toEqual([0x50, 0x4e, 0x47]);
    expect(await balance(owner)).toBe(99);

    const again = await postRender({ template: 'bold-headline', format: 'portrait' });
    expect(again.status).toBe(200);
    expect(v1Creation.parse(await again.json()).id).toBe(creation.id);
    expect(await balance(owner)).toBe(99);
  });

  it('changes the picture with a text modification, and keeps the changed creative where the caller finds it', async () => {
    const creative = await createCreative(owner, projectId);
    const plain = v1Creation.parse(await (await postRender({ creativeId: creative.id })).json());
    expect(plain.creativeId).toBe(creative.id);

    const response = await postRender({ creativeId: creative.id, modifications: [{ layer: 'headline', text: 'Dark roast, 20% off today' }] });
    expect(response.status).toBe(201);
    const changed = v1Creation.parse(await response.json());
    expect(changed.creativeId).not.toBe(creative.id);
    expect(sameBytes(await picture(plain), await picture(changed))).toBe(false);
    expect(await balance(owner)).toBe(98);

    // The changed creative is the project's, named after its new headline, listed by the API.
    const page = v1CreativePage.parse(await (await apiGet('/creatives', key.secret)).json());
    expect(page.items.find((c) => c.id === changed.creativeId)?.name).toBe('Dark roast, 20% off today');
    // The source creative is unchanged.
    expect(page.items.find((c) => c.id === creative.id)?.revision).toBe(1);
  });

  it('puts a picture of the project into the background and colours a layer', async () => {
    const media = await uploadMedia(owner, projectId, await solidPng(64, 64, [255, 0, 0, 255]), 'red.png');
    const response = await postRender({
      template: 'bold-headline',
      modifications: [{ layer: 'cta', color: '#00ff00', text: 'Buy' }],
      background: { mediaId: media.id },
    });
    expect(response.status, await response.clone().text()).toBe(201);
  });

  it('refuses modifications naming missing layers, or what a layer cannot take, naming the layer, before any credit', async () => {
    const missing = await postRender({ template: 'bold-headline', modifications: [{ layer: 'Price tag', text: '9 €' }] });
    expect(missing.status).toBe(422);
    const body = await json<ErrorBody>(missing);
    expect(body.error.message).toBe('No layer is named “Price tag”.');
    expect(body.error.details).toEqual({ 'modifications.0.layer': ['No layer is named “Price tag”.'] });

    const tooLong = await postRender({ template: 'bold-headline', modifications: [{ layer: 'cta', text: 'x'.repeat(41) }] });
    expect(tooLong.status).toBe(422);
    expect((await json<ErrorBody>(tooLong)).error.message).toBe('The text of “cta” is too long: use at most 40 characters.');

    const german = await postRender({ template: 'bold-headline', modifications: [{ layer: 'Price tag', text: '9 €' }] }, { 'accept-language': 'de' });
    expect((await json<ErrorBody>(german)).error.message).toBe('Keine Ebene heißt „Price tag“.');
    expect(await balance(owner)).toBe(100);
  });

  it('takes the longest texts and lone surrogates, and refuses malformed bodies with 422', async () => {
    const longest = await postRender({
      template: 'bold-headline',
      modifications: [
        { layer: 'headline', text: `${'\ud800'}${'W'.repeat(MAX_TEXT - 1)}` },
        { layer: 'cta', text: 'y'.repeat(40) },
      ],
    });
    expect(longest.status, await longest.clone().text()).toBe(201);
    for (const bad of [
      {},
      { template: 'bold-headline', creativeId: 'AAAAAAAAAAAAAAAAAAAAAA' },
      { template: 'no-such-template' },
      { template: 'bold-headline', format: 'banner' },
      { template: 'bold-headline', modifications: [{ layer: 'cta', color: 'green' }] },
      { template: 'bold-headline', modifications: [{ layer: 'x'.repeat(61), text: 'a' }] },
      { template: 'bold-headline', modifications: Array.from({ length: 101 }, () => ({ layer: 'cta' })) },
    ]) {
      expect((await postRender(bad)).status, JSON.stringify(bad).slice(0, 80)).toBe(422);
    }
    expect(await balance(owner)).toBe(99);
  });

  it('never reaches another project: its creatives and pictures are 404', async () => {
    const other = await createUser();
    const { id: otherProject } = await createProject(other);
    const theirs = await createCreative(other, otherProject);
    const theirPicture = await uploadMedia(other, otherProject, await solidPng(8, 8, [0, 0, 255, 255]), 'blue.png');
    expect((await postRender({ creativeId: theirs.id })).status).toBe(404);
    expect((await postRender({ template: 'bold-headline', background: { mediaId: theirPicture.id } })).status).toBe(404);
    expect((await postRender({ template: 'split-image', modifications: [{ layer: 'logo', mediaId: theirPicture.id }] })).status).toBe(404);
    expect(await balance(owner)).toBe(100);
  });

  it('needs the render scope, and answers 402 when the owner is out of credits', async () => {
    const readOnly = await createKey(owner, projectId, ['read'], 'Read only');
    expect((await postRender({ template: 'bold-headline' }, {}, readOnly.secret)).status).toBe(403);
    await setCredits(owner, 0);
    const response = await postRender({ template: 'bold-headline' });
    expect(response.status).toBe(402);
    expect((await json<ErrorBody>(response)).error.code).toBe('insufficient_credits');
  });

  it('spends exactly one credit for 20 concurrent identical renders, and one each for 20 different ones', async () => {
    const same = await Promise.all(Array.from({ length: 20 }, () => postRender({ template: 'quote-card' })));
    const ids = new Set<string>();
    for (const response of same) {
      expect([200, 201]).toContain(response.status);
      ids.add(v1Creation.parse(await response.json()).id);
    }
    expect(ids.size).toBe(1);
    expect(await balance(owner)).toBe(99);

    const different = await Promise.all(
      Array.from({ length: 20 }, (_, i) => postRender({ template: 'quote-card', modifications: [{ layer: 'headline', text: `Card ${i}` }] })),
    );
    for (const response of different) expect(response.status).toBe(201);
    expect(await balance(owner)).toBe(79);
  });
});

describe('Idempotency-Key', RENDERING, () => {
  it('runs one render for 20 concurrent requests with one key; the others are replayed or told it still runs', async () => {
    const body = { template: 'sale-badge', modifications: [{ layer: 'headline', text: 'Only today' }] };
    const responses = await Promise.all(Array.from({ length: 20 }, () => postRender(body, { 'idempotency-key': 'order-1001' })));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const conflict = responses.find((r) => r.status === 409);
    if (conflict) expect(conflict.headers.get('retry-after')).toBe('1');
    expect(await balance(owner)).toBe(99);

    const first = v1Creation.parse(await responses.find((r) => r.status === 201)!.json());
    const replay = await postRender(body, { 'idempotency-key': 'order-1001' });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual(first);
    expect(await balance(owner)).toBe(99);
  });

  it('refuses the key with another body (422) and a malformed key; a failure is not kept', async () => {
    expect((await postRender({ template: 'sale-badge' }, { 'idempotency-key': 'k-1' })).status).toBe(201);
    const other = await postRender({ template: 'quote-card' }, { 'idempotency-key': 'k-1' });
    expect(other.status).toBe(422);
    expect((await json<ErrorBody>(other)).error.message).toBe('This Idempotency-Key was sent with another request. Use a new key for a new request.');
    expect((await postRender({ template: 'sale-badge' }, { 'idempotency-key': 'x'.repeat(256) })).status).toBe(422);
    expect((await postRender({ template: 'sale-badge' }, { 'idempotency-key': 'schl\u00fcssel' })).status).toBe(422);
    expect((await postRender({ template: 'sale-badge' }, { 'idempotency-key': 'x'.repeat(255) })).status).toBe(200);

    // 402 is an answer (kept); after credits arrive, a new key renders.
    await setCredits(owner, 0);
    const poor = await postRender({ template: 'quote-card' }, { 'idempotency-key': 'k-2' });
    expect(poor.status).toBe(402);
    await setCredits(owner, 5);
    const kept = await postRender({ template: 'quote-card' }, { 'idempotency-key': 'k-2' });
    expect(kept.status).toBe(402);
    expect(kept.headers.get('idempotent-replayed')).toBe('true');
    expect((await postRender({ template: 'quote-card' }, { 'idempotency-key': 'k-3' })).status).toBe(201);
  });

  it('keeps keys per project, and the cron purges them after 24 hours', async () => {
    const { key: theirKey } = await apiCaller(['render'], { credits: 10, name: 'Oscar Other' });
    expect((await postRender({ template: 'sale-badge' }, { 'idempotency-key': 'shared' })).status).toBe(201);
    const theirs = await postRender({ template: 'sale-badge' }, { 'idempotency-key': 'shared' }, theirKey.secret);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();

    const rows = () => primaryDb(env.DB).select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'shared'));
    expect(await rows()).toHaveLength(2);
    await purgeExpiredRecords(env, new Date(Date.now() + 23 * 60 * 60 * 1000));
    expect(await rows()).toHaveLength(2);
    await purgeExpiredRecords(env, new Date(Date.now() + 25 * 60 * 60 * 1000));
    expect(await rows()).toHaveLength(0);
  });
});

describe('imageUrl', RENDERING, () => {
  it('fetches a public picture into the project’s media and renders with it', async () => {
    const red = await solidPng(32, 32, [255, 0, 0, 255]);
    const calls = interceptHosts({ 'shop.example': () => new Response(red, { headers: { 'content-type': 'image/png' } }) });
    const response = await postRender({ template: 'bold-headline', background: { imageUrl: 'https://shop.example/products/beans.png' } });
    expect(response.status, await response.clone().text()).toBe(201);
    expect(calls.map((c) => c.url)).toEqual(['https://shop.example/products/beans.png']);
    const library = await json<{ items: { name: string }[] }>(await send(`/api/projects/${projectId}/media`, { cookie: owner.cookie }));
    expect(library.items.map((m) => m.name)).toContain('beans.png');
  });

  it('refuses private addresses, redirects to them, what is no picture and what is too large, before any credit', async () => {
    const calls = interceptHosts({
      'shop.example': (call) => {
        const path = new URL(call.url).pathname;
        if (path === '/redirect') return new Response(null, { status: 302, headers: { location: 'https://127.0.0.1/secret.png' } });
        if (path === '/page') return new Response('<html>not a picture</html>', { headers: { 'content-type': 'image/png' } });
        return new Response(new Uint8Array(3 * 1024 * 1024), { headers: { 'content-type': 'image/png' } });
      },
    });
    const refused = async (imageUrl: string) => {
      const response = await postRender({ template: 'bold-headline', modifications: [{ layer: 'logo', imageUrl }] });
      return { status: response.status, body: await json<ErrorBody>(response) };
    };
    for (const url of ['https://127.0.0.1/x.png', 'https://10.0.0.8/x.png', 'https://[::1]/x.png', 'http://shop.example/x.png', 'https://localhost/x.png']) {
      const { status, body } = await refused(url);
      expect(status, url).toBe(422);
      expect(Object.keys(body.error.details ?? {}), url).toEqual(['modifications.0.imageUrl']);
    }
    expect((await refused('https://shop.example/redirect')).status).toBe(422);
    expect((await refused('https://shop.example/page')).status).toBe(415);
    expect((await refused('https://shop.example/huge.png')).status).toBe(422);
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual(['/redirect', '/page', '/huge.png']);
    expect(await balance(owner)).toBe(100);
  });
});
