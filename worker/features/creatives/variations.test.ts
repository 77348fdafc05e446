import { describe, expect, it, vi } from 'vitest';
import { copyOf, DEFAULT_COPY, headlineOf } from '#common/creative/templates.ts';
import { copyFits, isCopyLayer } from '#common/creative/text-fit.ts';
import type { CreativeDetail, CreativeSummary } from '#common/schemas/creatives.ts';
import type { BrandKit } from '#common/schemas/projects.ts';
import { COPY_MODEL, ruleBasedHeadlines } from '#worker/features/ai/service.ts';
import { uploadMedia, type TestUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';
import { solidPng } from '#worker/test/png.ts';
import {
  balance,
  createCreative,
  json,
  ledger,
  patch,
  RED,
  setBrandKit,
  setCredits,
  team,
  variations,
  withHeadline,
  type ErrorBody,
  type Page,
} from '#worker/test/creatives.ts';

describe('variations', () => {
  async function source(kit: Partial<BrandKit> = {}, headline = 'Single-origin coffee') {
    const t = await team();
    await setBrandKit(t.owner, t.project.id, { colors: ['#1f3a5f', '#f4a261', '#e76f51'], ...kit });
    const photo = await uploadMedia(t.owner, t.project.id, await solidPng(4, 4, RED), 'photo.png');
    const creative = await createCreative(t.owner, t.project.id, { template: 'split-image', format: 'portrait' });
    // The editor sets a headline and a picture.
    const doc = withHeadline(
      { ...creative.document, layers: creative.document.layers.map((l) => (l.type === 'image' ? { ...l, mediaId: photo.id } : l)) },
      headline,
    );
    const saved = await json<CreativeDetail>(await patch(t.owner, creative.id, { document: doc }));
    return { ...t, creative: saved, photo };
  }

  it('makes N new drafts in other templates with rule-based headlines (no AI), for N credits at once', async () => {
    const { owner, project, creative, photo } = await source();
    const response = await variations(owner, creative.id, 3);
    expect(response.status).toBe(201);
    const { items } = await json<Page<CreativeSummary>>(response);
    expect(items).toHaveLength(3);
    const expectedLines = ruleBasedHeadlines('Single-origin coffee', 3);
    items.forEach((item, i) => {
      expect(item).toMatchObject({
        projectId: project.id,
        status: 'draft',
        format: 'portrait',
        revision: { number: 1 },
        name: `${creative.name} — variation ${i + 1}`,
      });
      expect(item.template).not.toBe('split-image');
      expect(headlineOf(item.document)).toBe(expectedLines[i]);
      // The rest of the copy comes along.
      const copy = copyOf(item.document);
      if (copy.cta !== undefined) expect(copy.cta).toBe(copyOf(creative.document).cta);
    });
    expect(new Set(items.map((i) => i.template)).size).toBe(3);
    expect(new Set(items.map((i) => i.id)).size).toBe(3);
    // The picture is carried into templates that show one.
    const withPicture = items.filter((i) => i.document.background.type === 'media' || i.document.layers.some((l) => l.type === 'image'));
    expect(withPicture.length).toBeGreaterThan(0);
    for (const item of withPicture) expect(item.images[photo.id]).toBeDefined();

    const spends = (await ledger(owner)).filter((i) => i.kind === 'spend');
    expect(spends).toEqual([expect.objectContaining({ amount: -3, reference: creative.id, description: `3 variations of “${creative.name}”` })]);
    expect(await balance(owner)).toBe(22);
    // The source is untouched; the drafts are real creatives.
    const all = await json<Page<CreativeSummary>>(await send(`/api/creatives?projectId=${project.id}`, { cookie: owner.cookie }));
    expect(all.items).toHaveLength(4);
    expect(all.items.find((i) => i.id === creative.id)!.revision).toEqual(creative.revision);
    const one = await send(`/api/creatives/${items[0]!.id}`, { cookie: owner.cookie });
    expect(one.status).toBe(200);
  });

  it('takes the headlines (and body copy) from Workers AI when it is bound (one line each, numbering and quotes removed)', async () => {
    const { owner, creative } = await source({ tone: 'Warm and direct' });
    const run = vi.fn(async () => ({
      response:
        '1. Fresh beans daily | Roasted in small batches every morning.\n2. "Roasted this morning" | From the farm to your cup in a week.\n3. Coffee worth waking for',
    }));
    const response = await variations(owner, creative.id, 3, { env: { AI: { run } as unknown as Ai } });
    expect(response.status).toBe(201);
    const { items } = await json<Page<CreativeSummary>>(response);
    expect(items.map((i) => headlineOf(i.document))).toEqual(['Fresh beans daily', 'Roasted this morning', 'Coffee worth waking for']);
    // The model's body copy where the template shows body text (the third line has none: the rules write it).
    const bodies = items.map((i) => copyOf(i.document).body);
    const expected = ['Roasted in small batches every morning.', 'From the farm to your cup in a week.'];
    bodies.slice(0, 2).forEach((body, i) => body === undefined || expect(body).toBe(expected[i]));
    if (bodies[2] !== undefined) expect([...expected, DEFAULT_COPY.body]).not.toContain(bodies[2]);
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledWith(
      COPY_MODEL,
      expect.objectContaining({
        messages: [
          { role: 'system', content: expect.stringContaining('one ad per line') },
          { role: 'user', content: 'Write 3 different ads. The current headline is: Single-origin coffee\nBrand tone: Warm and direct' },
        ],
      }),
    );
  });

  it('tops up with rule-based headlines when the model says too little, and falls back to them when it fails', async () => {
    const { owner, creative } = await source();
    const rules = ruleBasedHeadlines('Single-origin coffee', 3);
    const short = vi.fn(async () => ({ response: 'Here are some headlines:\n- Beans you can taste\n' }));
    const topped = await json<Page<CreativeSummary>>(await variations(owner, creative.id, 3, { env: { AI: { run: short } as unknown as Ai } }));
    expect(topped.items.map((i) => headlineOf(i.document))).toEqual(['Beans you can taste', rules[0], rules[1]]);

    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const broken = vi.fn(async () => {
      throw new Error('AI is down');
    });
    const response = await variations(owner, creative.id, 2, { env: { AI: { run: broken } as unknown as Ai } });
    expect(response.status).toBe(201);
    expect((await json<Page<CreativeSummary>>(response)).items.map((i) => headlineOf(i.document))).toEqual(rules.slice(0, 2));
    expect(broken).toHaveBeenCalledTimes(1);
    expect(warnings.mock.calls.some(([line]) => typeof line === 'string' && line.includes('workers_ai_failed') && line.includes('AI is down'))).toBe(true);
    expect(await balance(owner)).toBe(20);
  });

  it('wants 1 to 8 variations (422, nothing charged)', async () => {
    const { owner, creative } = await source();
    for (const count of [0, 9, 1.5, -1, '3', null]) {
      const response = await variations(owner, creative.id, count);
      expect(response.status, String(count)).toBe(422);
    }
    expect(await balance(owner)).toBe(25);
  });

  it('makes all or nothing: with 2 credits, 3 variations are refused (402) and none is created', async () => {
    const { owner, project, creative } = await source();
    await setCredits(owner, 2);
    const response = await variations(owner, creative.id, 3);
    expect(response.status).toBe(402);
    expect((await json<ErrorBody>(response)).error).toMatchObject({ code: 'insufficient_credits', details: { _: ['needed:3', 'available:2'] } });
    expect(await balance(owner)).toBe(2);
    const all = await json<Page<CreativeSummary>>(await send(`/api/creatives?projectId=${project.id}`, { cookie: owner.cookie }));
    expect(all.items.map((i) => i.id)).toEqual([creative.id]);
  });
});

describe('what variations look like', () => {
  async function source(kit: Partial<BrandKit> = {}, headline = 'Single-origin coffee', body?: string) {
    const t = await team();
    const logo = await uploadMedia(t.owner, t.project.id, await solidPng(6, 6, RED), 'logo.png');
    await setBrandKit(t.owner, t.project.id, { colors: ['#1f3a5f', '#f4a261', '#e76f51'], logoMediaId: logo.id, ...kit });
    const creative = await createCreative(t.owner, t.project.id, { template: 'split-image', format: 'portrait' });
    let doc = withHeadline(creative.document, headline);
    if (body !== undefined) doc = { ...doc, layers: doc.layers.map((l) => (l.type === 'text' && l.slot === 'body' ? { ...l, text: body } : l)) };
    const saved = await json<CreativeDetail>(await patch(t.owner, creative.id, { document: doc }));
    return { ...t, creative: saved, logo };
  }
  /** Eight variations: every other template once. */
  async function all(owner: TestUser, creativeId: string) {
    const response = await variations(owner, creativeId, 8);
    expect(response.status).toBe(201);
    const { items } = await json<Page<CreativeSummary>>(response);
    expect(items).toHaveLength(8);
    return items;
  }

  it('lays every variation’s copy out to fit its boxes, by the measure the templates use', async () => {
    // A wide heading font and a real headline, longer than the template’s own.
    const { owner, creative } = await source({ headingFont: 'montserrat', bodyFont: 'poppins' }, 'Single-origin coffee, roasted fresh in small batches');
    for (const item of await all(owner, creative.id)) {
      for (const layer of item.document.layers) {
        if (isCopyLayer(layer)) expect(copyFits(layer, item.format), `${item.template}: ${layer.id} “${layer.text}” at ${layer.size}`).toBe(true);
      }
    }
  });

  it('keeps the brand’s logo in every variation, whatever its template', async () => {
    const { owner, creative, logo } = await source();
    for (const item of await all(owner, creative.id)) {
      expect(
        item.document.layers.filter((l) => l.type === 'logo').map((l) => l.mediaId),
        item.template,
      ).toEqual([logo.id]);
      expect(item.images[logo.id], item.template).toBeDefined();
    }
  });

  it('varies the body copy: no variation keeps the template’s placeholder, and no two say the same', async () => {
    const { owner, creative } = await source();
    expect(copyOf(creative.document).body).toBe(DEFAULT_COPY.body);
    const bodies = (await all(owner, creative.id)).map((i) => copyOf(i.document).body).filter((b) => b !== undefined);
    expect(bodies.length).toBeGreaterThanOrEqual(4);
    for (const body of bodies) expect(body).not.toBe(DEFAULT_COPY.body);
    expect(new Set(bodies).size).toBe(bodies.length);
  });

  it('keeps what the user wrote in the body, and varies how it ends', async () => {
    const { owner, creative } = await source({}, 'Single-origin coffee', 'Free delivery on orders over $30.');
    const bodies = (await all(owner, creative.id)).map((i) => copyOf(i.document).body).filter((b) => b !== undefined);
    expect(bodies.length).toBeGreaterThanOrEqual(4);
    for (const body of bodies) expect(body.startsWith('Free delivery on orders over $30')).toBe(true);
    expect(new Set(bodies).size).toBe(bodies.length);
  });
});
