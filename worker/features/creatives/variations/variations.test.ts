import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import type { CreativeDocument } from '#common/creative/document.ts';
import { DEFAULT_COPY, TEMPLATES, buildTemplate, copyOf, headlineOf, templateById } from '#common/creative/templates.ts';
import { copyFits, isCopyLayer } from '#common/creative/text-fit.ts';
import type { CreativeDetail, CreativeSummary } from '#common/schemas/creatives.ts';
import { wellFormed } from '#common/schemas/fields.ts';
import { DEFAULT_BRAND_KIT, type BrandKit } from '#common/schemas/projects.ts';
import type { VariationsResult } from '#common/schemas/variations.ts';
import { spend } from '#worker/features/credits/service.ts';
import { VARIATION_MODEL } from '#worker/features/creatives/variations/variations-ai.ts';
import { batchKey, refundAbandonedVariations } from '#worker/features/creatives/variations/service.ts';
import { renderVariations } from '#worker/features/creatives/variations/variations-render.ts';
import type { RenderJob } from '#worker/renderer/index.ts';
import { loadImages } from '#worker/features/creatives/render/service.ts';
import { runBillingJobs } from '#worker/jobs/index.ts';
import { newId } from '#worker/lib/ids.ts';
import { uploadMedia, type TestUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';
import { solidPng } from '#worker/test/png.ts';
import {
  balance,
  createCreative,
  creationRows,
  db,
  json,
  ledger,
  patch,
  RED,
  setBrandKit,
  setCredits,
  team,
  withHeadline,
  type ErrorBody,
  type Page,
} from '#worker/test/creatives.ts';

const BRAND = { colors: ['#1f3a5f', '#f4a261', '#e76f51'], tone: 'Warm and direct' } satisfies Partial<BrandKit>;

async function source(kit: Partial<BrandKit> = {}, headline = 'Single-origin coffee', body?: string) {
  const t = await team();
  const logo = await uploadMedia(t.owner, t.project.id, await solidPng(6, 6, [0, 0, 255, 255]), 'logo.png');
  await setBrandKit(t.owner, t.project.id, { ...BRAND, logoMediaId: logo.id, ...kit });
  const photo = await uploadMedia(t.owner, t.project.id, await solidPng(4, 4, RED), 'photo.png');
  const creative = await createCreative(t.owner, t.project.id, { template: 'split-image', format: 'portrait' });
  let doc = withHeadline(
    { ...creative.document, layers: creative.document.layers.map((l) => (l.type === 'image' ? { ...l, mediaId: photo.id } : l)) },
    headline,
  );
  if (body !== undefined) doc = { ...doc, layers: doc.layers.map((l) => (l.type === 'text' && l.slot === 'body' ? { ...l, text: body } : l)) };
  const saved = await json<CreativeDetail>(await patch(t.owner, creative.id, { document: doc }));
  return { ...t, creative: saved, photo, logo };
}

const generate = (user: TestUser, id: string, count: unknown, seed?: number, options = {}) =>
  send(`/api/creatives/${id}/variations`, { json: seed === undefined ? { count } : { count, seed }, cookie: user.cookie, ...options });

/** A Workers AI binding answering like the real one in JSON mode (`{ response: { ads } }`), or as `run` says. */
function fakeAi(run: (model: string, input: unknown) => Promise<unknown>) {
  const spy = vi.fn(run);
  return { spy, env: { AI: { run: spy } as unknown as Ai } };
}

describe('variations: rendered, paid, varied', { timeout: 60_000 }, () => {
  it('makes N drafts in other layouts and palettes, each with its own headline, body and button, rendered to a PNG with a thumbnail, for N credits', async () => {
    const { owner, project, creative, photo, logo } = await source();
    const response = await generate(owner, creative.id, 4, 42);
    expect(response.status).toBe(201);
    const result = await json<VariationsResult>(response);
    expect(result.charged).toBe(4);
    expect(result.items).toHaveLength(4);
    const { items } = result;
    items.forEach((item, i) => {
      expect(item).toMatchObject({
        projectId: project.id,
        status: 'draft',
        format: 'portrait',
        name: expect.stringMatching(new RegExp(`^${creative.name} — variation ${i + 1}, [a-z’ ]+ layout, (warm|cool|neutral|dark|light) palette$`)),
        copySource: 'rules',
      });
      expect(item.template).not.toBe('split-image');
      expect(item.creation).toMatchObject({
        creativeId: item.id,
        revisionNumber: 1,
        width: 1080,
        height: 1350,
        thumbnailUrl: `/api/creations/${item.creation!.id}/thumbnail`,
      });
      expect(item.lastCreationId).toBe(item.creation!.id);
      // The brand's logo stays, the picture comes along where the layout shows one.
      expect(item.document.layers.filter((l) => l.type === 'logo').map((l) => l.mediaId)).toEqual([logo.id]);
    });
    expect(items.some((i) => JSON.stringify(i.document).includes(photo.id))).toBe(true);
    // Headline, body and button all vary, none repeats, none is the source's or the template's placeholder.
    const copies = items.map((i) => copyOf(i.document));
    for (const field of ['headline', 'body', 'cta'] as const) {
      const lines = copies.map((c) => c[field]).filter((l) => l !== undefined);
      expect(new Set(lines).size, field).toBe(lines.length);
      expect(lines, field).not.toContain(DEFAULT_COPY[field]);
    }
    expect(copies.map((c) => c.headline)).not.toContain('Single-origin coffee');
    expect(copies.filter((c) => /single-origin coffee/i.test(c.headline ?? '')).length).toBeGreaterThanOrEqual(2);
    // Layouts and palettes vary: four templates, and more than one background.
    expect(new Set(items.map((i) => i.template)).size).toBe(4);
    // One spend of 4, nothing refunded.
    const entries = (await ledger(owner)).filter((e) => e.reference === creative.id || e.kind === 'refund');
    expect(entries).toEqual([expect.objectContaining({ kind: 'spend', amount: -4, description: `4 variations of “${creative.name}”` })]);
    expect(await balance(owner)).toBe(21);
    // The PNG and its thumbnail are served to members.
    const png = await send(items[0]!.creation!.url, { cookie: owner.cookie });
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    const thumb = await send(items[0]!.creation!.thumbnailUrl, { cookie: owner.cookie });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    const jpeg = new Uint8Array(await thumb.arrayBuffer());
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
    expect(jpeg.byteLength).toBeLessThan((await png.arrayBuffer()).byteLength);
  });

  it('is the same batch for the same seed, another for another seed', async () => {
    const { owner, creative } = await source();
    const a = await json<VariationsResult>(await generate(owner, creative.id, 3, 7));
    const b = await json<VariationsResult>(await generate(owner, creative.id, 3, 7));
    const c = await json<VariationsResult>(await generate(owner, creative.id, 3, 8));
    const look = (r: VariationsResult) => r.items.map((i) => ({ template: i.template, copy: copyOf(i.document), background: i.document.background }));
    expect(look(b)).toEqual(look(a));
    expect(look(c)).not.toEqual(look(a));
  });

  it('fits every variation’s copy in its boxes, at no less than 60 % of its layout’s own size', async () => {
    const { owner, creative } = await source(
      { headingFont: 'montserrat', bodyFont: 'poppins' },
      'Single-origin coffee, roasted fresh in small batches',
      'Free delivery on orders over $30.',
    );
    for (const seed of [1, 2]) {
      const { items } = await json<VariationsResult>(await generate(owner, creative.id, 8, seed));
      expect(items).toHaveLength(8);
      for (const item of items) {
        const designed = buildTemplate(item.template, {
          brand: { ...BRAND, headingFont: 'montserrat', bodyFont: 'poppins', logoMediaId: null },
          format: item.format,
          copy: DEFAULT_COPY,
        });
        for (const layer of item.document.layers) {
          if (!isCopyLayer(layer)) continue;
          expect(copyFits(layer, item.format), `${item.template}: ${layer.id} “${layer.text}” at ${layer.size}`).toBe(true);
          const own = designed.layers.find((l) => l.id === layer.id);
          if (own && isCopyLayer(own)) expect(layer.size).toBeGreaterThanOrEqual(own.size * 0.6 - 1e-9);
        }
        // The user's own body stays; its ending varies.
        const body = copyOf(item.document).body;
        if (body !== undefined) expect(body.startsWith('Free delivery on orders over $30.')).toBe(true);
      }
    }
  });

  it('writes for the creative’s goal and the brand’s tone', async () => {
    const { owner, creative } = await source({ tone: 'Bold and energetic' }, 'Summer sale on cold brew');
    const { items } = await json<VariationsResult>(await generate(owner, creative.id, 6, 3));
    const text = items.map((i) => Object.values(copyOf(i.document)).join(' ')).join(' ');
    expect(text).toMatch(/sale|save|deal|offer|price/i);
  });
});

describe('variations from Workers AI', { timeout: 60_000 }, () => {
  const ADS = [
    { headline: 'Beans roasted this morning', body: 'Small batches, shipped the day they are roasted.', cta: 'Order beans' },
    { headline: 'Taste the farm in every cup', body: 'Single-origin coffee from growers we know by name.', cta: 'Meet the farms' },
    { headline: 'Your new morning ritual', body: 'Fresh coffee at your door every other week.', cta: 'Start a plan' },
  ];

  it('takes headline, body and button from the model (JSON mode), with a prompt from the brand kit, the project and the goal', async () => {
    const { owner, project, creative } = await source();
    await send(`/api/projects/${project.id}`, { method: 'PATCH', json: { description: 'Roastery for home baristas in Lisbon' }, cookie: owner.cookie });
    const ai = fakeAi(async () => ({ response: { ads: ADS } }));
    const response = await generate(owner, creative.id, 3, 1, { env: ai.env });
    expect(response.status).toBe(201);
    const { items } = await json<VariationsResult>(response);
    expect(items.map((i) => i.copySource)).toEqual(['ai', 'ai', 'ai']);
    const headlines = items.map((i) => headlineOf(i.document));
    expect(new Set(headlines)).toEqual(new Set(ADS.map((a) => a.headline)));
    for (const item of items) {
      const copy = copyOf(item.document);
      const ad = ADS.find((a) => a.headline === copy.headline)!;
      if (copy.body !== undefined) expect(copy.body).toBe(ad.body);
      if (copy.cta !== undefined) expect(copy.cta).toBe(ad.cta);
      expect(item.creation).not.toBeNull();
    }
    expect(ai.spy).toHaveBeenCalledTimes(1);
    const [model, input] = ai.spy.mock.calls[0]! as [string, { messages: { role: string; content: string }[]; response_format: { type: string } }];
    expect(model).toBe(VARIATION_MODEL);
    expect(input.response_format.type).toBe('json_schema');
    const prompt = input.messages.find((m) => m.role === 'user')!.content;
    expect(prompt).toContain('Write 3 different ads.');
    expect(prompt).toContain('Tone of voice: Warm and direct');
    expect(prompt).toContain('Roastery for home baristas in Lisbon');
    expect(prompt).toContain(`Brand or product: ${project.name}`);
    expect(prompt).toContain('Current headline: Single-origin coffee');
    expect(prompt).toMatch(/Goal of the ad: /);
    expect(await balance(owner)).toBe(22);
  });

  it('reads an answer given as a string of JSON (in a code fence), drops ads that do not validate, and tops up from the rules', async () => {
    const { owner, creative } = await source();
    const answer = { ads: [ADS[0], { headline: 'x'.repeat(200), body: 'Too long a headline.', cta: 'Go' }, { headline: 'No body' }, ADS[0], ADS[1]] };
    const ai = fakeAi(async () => ({ response: '```json\n' + JSON.stringify(answer) + '\n```' }));
    const { items } = await json<VariationsResult>(await generate(owner, creative.id, 4, 1, { env: ai.env }));
    expect(items.filter((i) => i.copySource === 'ai').map((i) => headlineOf(i.document))).toEqual(
      [ADS[0]!.headline, ADS[1]!.headline].filter((h) => items.some((i) => headlineOf(i.document) === h)),
    );
    expect(items.filter((i) => i.copySource === 'ai')).toHaveLength(2);
    expect(items.filter((i) => i.copySource === 'rules')).toHaveLength(2);
    expect(new Set(items.map((i) => headlineOf(i.document))).size).toBe(4);
  });

  it('falls back to the rules on any failure: an error, no JSON, another shape, nothing usable, no answer at all', async () => {
    const { owner, creative } = await source();
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const rules = await json<VariationsResult>(await generate(owner, creative.id, 2, 5));
    const failures: (() => Promise<unknown>)[] = [
      async () => {
        throw new Error('AI is down');
      },
      async () => ({ response: 'Here are some ads: 1. Fresh beans' }),
      async () => ({ response: { headlines: ['Fresh beans'] } }),
      async () => ({ response: { ads: [{ headline: '', body: '', cta: '' }] } }),
      async () => ({}),
      async () => null,
    ];
    for (const run of failures) {
      const ai = fakeAi(run);
      const response = await generate(owner, creative.id, 2, 5, { env: ai.env });
      expect(response.status).toBe(201);
      const { items } = await json<VariationsResult>(response);
      expect(items.map((i) => i.copySource)).toEqual(['rules', 'rules']);
      expect(items.map((i) => copyOf(i.document))).toEqual(rules.items.map((i) => copyOf(i.document)));
    }
    expect(warnings.mock.calls.filter(([line]) => typeof line === 'string' && line.includes('workers_ai_failed'))).toHaveLength(failures.length);
    expect(warnings.mock.calls.some(([line]) => String(line).includes('AI is down'))).toBe(true);
    expect(await balance(owner)).toBe(25 - 2 * (failures.length + 1));
    warnings.mockRestore();
  });
});

describe('variations: credits', { timeout: 60_000 }, () => {
  it('refunds the variations that cannot be drawn (the others are charged), in one refund', async () => {
    const { owner, creative } = await source();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let pngs = 0;
    // R2 refuses the second PNG of the batch.
    const media = new Proxy(env.MEDIA, {
      get(target, prop) {
        if (prop === 'put')
          return (key: string, ...rest: unknown[]) => {
            if (key.endsWith('.png') && (pngs += 1) === 2) return Promise.reject(new Error('R2 is down'));
            return (target.put as (...a: unknown[]) => unknown).call(target, key, ...rest);
          };
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const response = await generate(owner, creative.id, 3, 1, { env: { MEDIA: media } });
    expect(response.status).toBe(201);
    const result = await json<VariationsResult>(response);
    expect(result.charged).toBe(2);
    expect(result.items.map((i) => i.creation === null)).toEqual([false, true, false]);
    expect(await balance(owner)).toBe(23);
    const refunds = (await ledger(owner)).filter((e) => e.kind === 'refund');
    expect(refunds).toEqual([expect.objectContaining({ amount: 1 })]);
    expect(errors.mock.calls.some(([line]) => String(line).includes('variation_render_failed'))).toBe(true);
    // Nothing of the failed one is left in R2.
    const keys = (await env.MEDIA.list({ prefix: `creations/${creative.projectId}/` })).objects.map((o) => o.key);
    expect(keys).toHaveLength(4);
    errors.mockRestore();
  });

  it('hands the renderer only the pictures each variation shows (it reads and counts every picture it is given)', async () => {
    const { owner, project, creative, photo, logo } = await source();
    const jobs: string[][] = [];
    const recording: typeof env.RENDERER = new Proxy(env.SOLO_RENDERER, {
      get: (target, key) =>
        key === 'renderPng'
          ? (assets: Fetcher, job: RenderJob) => {
              jobs.push(Object.keys(job.images).sort());
              return target.renderPng(assets, job);
            }
          : (Reflect.get(target, key) as unknown),
    });
    const withoutLogo: CreativeDocument = { ...creative.document, layers: creative.document.layers.filter((l) => l.type !== 'logo') };
    const withLogo: CreativeDocument = {
      ...withoutLogo,
      layers: [...withoutLogo.layers, { id: 'logo', type: 'logo', x: 80, y: 5, w: 15, h: 10, mediaId: logo.id }],
    };
    const item = (name: string, doc: CreativeDocument) => ({
      creativeId: creative.id,
      revisionId: creative.revision.id,
      revisionNumber: creative.revision.number,
      name,
      doc,
    });
    const images = await loadImages(env, db(), project.id, withLogo);
    expect(Object.keys(images).sort()).toEqual([photo.id, logo.id].sort());
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderVariations({ ...env, RENDERER: recording }, db(), project.id, owner.id, [item('a', withoutLogo), item('b', withLogo)], images);
    expect(jobs).toEqual([[photo.id], [photo.id, logo.id].sort()]);
  });

  it('refuses what the balance cannot pay (402), makes nothing, charges nothing', async () => {
    const { owner, project, creative } = await source();
    await setCredits(owner, 2);
    const response = await generate(owner, creative.id, 3);
    expect(response.status).toBe(402);
    expect((await json<ErrorBody>(response)).error).toMatchObject({ code: 'insufficient_credits', details: { _: ['needed:3', 'available:2'] } });
    expect(await balance(owner)).toBe(2);
    const all = await json<Page<CreativeSummary>>(await send(`/api/creatives?projectId=${project.id}`, { cookie: owner.cookie }));
    expect(all.items.map((i) => i.id)).toEqual([creative.id]);
  });

  it('never goes below zero: 20 requests at once for 2 variations each with 9 credits make 4 batches, and the rest are refused', async () => {
    const { owner, project, creative } = await source();
    await setCredits(owner, 9);
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => generate(owner, creative.id, 2, i)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(4);
    expect(statuses.filter((s) => s === 402)).toHaveLength(16);
    expect(await balance(owner)).toBe(1);
    const all = await json<Page<CreativeSummary>>(await send(`/api/creatives?projectId=${project.id}&limit=100`, { cookie: owner.cookie }));
    expect(all.items).toHaveLength(1 + 8);
    const spends = (await ledger(owner)).filter((e) => e.kind === 'spend' && e.reference === creative.id);
    expect(spends.map((s) => s.amount)).toEqual([-2, -2, -2, -2]);
  });
});

describe('variations: a request stopped mid-batch (the scheduled job)', { timeout: 60_000 }, () => {
  const later = () => new Date(Date.now() + 11 * 60 * 1000);

  /** R2 refusing the `nth` PNG of the batch (a variation that cannot be drawn). */
  function failingMedia(nth: number) {
    let pngs = 0;
    return new Proxy(env.MEDIA, {
      get(target, prop) {
        if (prop === 'put')
          return (key: string, ...rest: unknown[]) => {
            if (key.endsWith('.png') && (pngs += 1) === nth) return Promise.reject(new Error('R2 is down'));
            return (target.put as (...a: unknown[]) => unknown).call(target, key, ...rest);
          };
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  }

  /**
   * `count` variations through the API, the request stopped (a closed tab, an isolate out of memory
   * or CPU, a deploy) right after the variation number `stopAt` failed to draw: nothing after that
   * point runs — no further variation, not the request's own refund.
   */
  async function interrupted(count: number, stopAt: number) {
    const t = await source();
    const errors = vi.spyOn(console, 'error').mockImplementation((line: unknown) => {
      if (String(line).includes('variation_render_failed')) throw new Error('the isolate was stopped');
    });
    const response = await generate(t.owner, t.creative.id, count, 1, { env: { MEDIA: failingMedia(stopAt) } });
    errors.mockRestore();
    expect(response.status).toBe(500);
    const [spent] = (await ledger(t.owner)).filter((e) => e.kind === 'spend' && e.reference === t.creative.id);
    expect(spent).toMatchObject({ amount: -count, operationKey: expect.stringMatching(/^variation-batch:/) });
    const drafts = (
      await json<Page<CreativeSummary>>(await send(`/api/creatives?projectId=${t.project.id}&limit=100`, { cookie: t.owner.cookie }))
    ).items.filter((i) => i.id !== t.creative.id);
    expect(drafts).toHaveLength(count);
    const drawn = (await Promise.all(drafts.map((d) => creationRows(d.id)))).filter((rows) => rows.length > 0).length;
    expect(drawn).toBe(stopAt - 1);
    return { ...t, key: spent!.operationKey };
  }

  const refunds = async (user: TestUser) => (await ledger(user)).filter((e) => e.kind === 'refund');

  it('refunds, once, exactly the variations a stopped request paid for and never drew, once the batch is 10 minutes old', async () => {
    const { owner, key } = await interrupted(4, 2);
    expect(await balance(owner)).toBe(21);
    // A fresh batch may still be drawing: untouched.
    expect(await refundAbandonedVariations(db(), new Date())).toBe(0);
    expect(await balance(owner)).toBe(21);
    // The scheduled job (every minute): the 3 undrawn variations come back, the drawn one stays paid.
    await runBillingJobs(env, later());
    expect(await balance(owner)).toBe(24);
    expect(await refunds(owner)).toEqual([
      expect.objectContaining({ amount: 3, operationKey: `refund:${key}`, reference: key, description: '3 of 4 variations interrupted: refunded' }),
    ]);
    // Run again: nothing more, and the batch no longer counts as abandoned.
    expect(await refundAbandonedVariations(db(), later())).toBe(0);
    await runBillingJobs(env, later());
    expect(await balance(owner)).toBe(24);
    expect(await refunds(owner)).toHaveLength(1);
  });

  it('refunds everything when the request stopped before the first variation was drawn', async () => {
    const { owner, key } = await interrupted(3, 1);
    expect(await refundAbandonedVariations(db(), later())).toBeGreaterThanOrEqual(1);
    expect(await balance(owner)).toBe(25);
    expect(await refunds(owner)).toEqual([expect.objectContaining({ amount: 3, operationKey: `refund:${key}` })]);
  });

  it('refunds the whole spend when the request stopped before the drafts were stored; never a spend older than a day, nor the variations of before', async () => {
    const { owner, creative } = await source();
    const key = batchKey(newId());
    await spend(db(), { userId: owner.id, amount: 2, operationKey: key, description: '2 variations', reference: creative.id });
    // A batch of before this change (no drawing, nothing to refund) and one too old to judge.
    await spend(db(), {
      userId: owner.id,
      amount: 1,
      operationKey: `variations:${creative.id}:abcdefghijk`,
      description: '1 variation',
      reference: creative.id,
    });
    expect(await balance(owner)).toBe(22);
    expect(await refundAbandonedVariations(db(), new Date(Date.now() + 25 * 60 * 60 * 1000))).toBe(0);
    expect(await refundAbandonedVariations(db(), later())).toBeGreaterThanOrEqual(1);
    expect(await refundAbandonedVariations(db(), later())).toBe(0);
    expect(await balance(owner)).toBe(24);
    expect(await refunds(owner)).toEqual([
      expect.objectContaining({ amount: 2, operationKey: `refund:${key}`, description: 'Variations interrupted: refunded' }),
    ]);
  });

  it('gives nothing more for a batch the request refunded itself, nor for one it drew completely', async () => {
    const { owner, creative } = await source();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The second of 3 cannot be drawn: the request refunds it (1).
    expect((await generate(owner, creative.id, 3, 1, { env: { MEDIA: failingMedia(2) } })).status).toBe(201);
    errors.mockRestore();
    // All 2 drawn: nothing to refund.
    expect((await generate(owner, creative.id, 2, 2)).status).toBe(201);
    expect(await balance(owner)).toBe(25 - 2 - 2);
    expect(await refunds(owner)).toEqual([expect.objectContaining({ amount: 1 })]);
    expect(await refundAbandonedVariations(db(), later())).toBe(0);
    await runBillingJobs(env, later());
    expect(await balance(owner)).toBe(21);
    expect(await refunds(owner)).toHaveLength(1);
  });
});

describe('variations: who and what', { timeout: 60_000 }, () => {
  it('is for the project’s editors: a viewer is refused (403), an outsider finds nothing (404), neither is charged', async () => {
    const { owner, viewer, outsider, editor, creative } = await source();
    expect((await generate(viewer, creative.id, 1)).status).toBe(403);
    expect((await generate(outsider, creative.id, 1)).status).toBe(404);
    expect((await send(`/api/creatives/${creative.id}/variations`, { json: { count: 1 } })).status).toBe(401);
    expect(await balance(viewer)).toBe(25);
    expect(await balance(outsider)).toBe(25);
    const { items } = await json<VariationsResult>(await generate(editor, creative.id, 1));
    expect(await balance(editor)).toBe(24);
    expect(await balance(owner)).toBe(25);
    // The thumbnail is the project's: members see it, others do not.
    const url = items[0]!.creation!.thumbnailUrl;
    expect((await send(url, { cookie: viewer.cookie })).status).toBe(200);
    expect((await send(url, { cookie: outsider.cookie })).status).toBe(404);
    expect((await send(url)).status).toBe(401);
    expect((await send('/api/creations/nope/thumbnail', { cookie: owner.cookie })).status).toBe(404);
  });

  it('answers bad input with 4xx, never 500, and charges nothing', async () => {
    const { owner, creative } = await source();
    for (const count of [0, 9, 1.5, -1, '3', null, 1e308]) expect((await generate(owner, creative.id, count)).status, String(count)).toBe(422);
    for (const seed of [-1, 1.5, 2 ** 31, 'x'])
      expect((await send(`/api/creatives/${creative.id}/variations`, { json: { count: 1, seed }, cookie: owner.cookie })).status, String(seed)).toBe(422);
    const raw = (body: string) =>
      send(`/api/creatives/${creative.id}/variations`, { body, headers: { 'content-type': 'application/json' }, cookie: owner.cookie });
    expect((await raw('{"count": 2')).status).toBe(400);
    const huge = (await raw(`{"count": "\ud800${'x'.repeat(100_000)}"}`)).status;
    expect(huge >= 400 && huge < 500, String(huge)).toBe(true);
    expect((await raw('[]')).status).toBe(422);
    expect((await generate(owner, 'not-an-id', 1)).status).toBe(404);
    expect(await balance(owner)).toBe(25);
  });

  it('writes copy well-formed for a headline with a lone surrogate or emoji, and for a creative without any copy of its own', async () => {
    const { owner, creative } = await source({}, `Fresh \ud800 beans 😀 ${'long '.repeat(30)}`);
    const response = await generate(owner, creative.id, 3, 1);
    expect(response.status).toBe(201);
    for (const item of (await json<VariationsResult>(response)).items) {
      const copy = copyOf(item.document);
      for (const line of Object.values(copy)) expect(wellFormed(line)).toBe(line);
    }
    const t = await team();
    const plain = await createCreative(t.owner, t.project.id, { template: 'bold-headline', format: 'square' });
    const { items } = await json<VariationsResult>(await generate(t.owner, plain.id, 6, 1));
    const claims = (doc: CreativeDocument) =>
      doc.layers.filter((l) => l.type === 'text' && l.slot !== 'headline' && l.slot !== 'body' && /[\p{L}\p{N}]/u.test(l.text));
    const frame = (doc: CreativeDocument) => doc.background.type === 'media' || doc.layers.some((l) => l.type === 'image');
    // How many other layouts say nothing of their own and need no picture: those come first.
    const clean = TEMPLATES.filter((tpl) => {
      const doc = buildTemplate(tpl.id, { brand: DEFAULT_BRAND_KIT, format: 'square' });
      return tpl.id !== 'bold-headline' && claims(doc).length === 0 && !frame(doc);
    }).length;
    for (const item of items) {
      expect(copyOf(item.document).headline).not.toBe(DEFAULT_COPY.headline);
      // No layout with words of its own made for another goal ("-30%", "We’re hiring.").
      expect(claims(item.document), item.template).toEqual([]);
    }
    // Without a picture, a layout with an empty picture frame only when the others ran out.
    expect(items.filter((i) => frame(i.document)).length).toBe(Math.max(0, 6 - clean));
    expect(templateById(items[0]!.template)).toBeDefined();
  });
});
