import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { encode } from 'fast-png';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkPage } from '#common/schemas/page-checks.ts';
import type { PageDocument } from '#common/schemas/blocks.ts';
import { readyDocument } from '#common/test/ready-page.ts';
import { getDb } from '#worker/db/client.ts';
import { funnelPages, media } from '#worker/db/schema.ts';
import { imageDimensions } from '#worker/lib/media-probe.ts';
import { opaquePng } from '#worker/features/funnels/pages/picture-sizes.ts';
import { thumbnailWidth } from '#worker/features/media/service.ts';
import { createFunnel, createFunnelPage, createProject, createUser, uploadMedia, type TestUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';

const db = () => getDb(env.DB);
let owner: TestUser;
let projectId: string;

beforeAll(async () => {
  owner = await createUser();
  projectId = (await createProject(owner)).id;
});

/** A real PNG (fast-png): a gradient, `alpha` everywhere when it has an alpha channel. */
function picture(width: number, height: number, channels: 3 | 4, alpha = 255): Uint8Array<ArrayBuffer> {
  const data = new Uint8Array(width * height * channels);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const p = (y * width + x) * channels;
      data[p] = x & 255;
      data[p + 1] = y & 255;
      data[p + 2] = (x + y) & 255;
      if (channels === 4) data[p + 3] = alpha;
    }
  return Uint8Array.from(encode({ width, height, data, channels, depth: 8 }));
}

/** A published page whose hero shows `heroId` and whose image block below shows `belowId`. */
async function publishWith(heroId: string, belowId: string) {
  const funnel = await createFunnel(owner, projectId);
  const created = await createFunnelPage(owner, funnel.id, { slug: 'pictures', title: 'Pictures' });
  const ready = readyDocument('Pictures');
  const [hero, ...rest] = ready.blocks;
  const draft: PageDocument = {
    ...ready,
    blocks: [
      { ...hero!, props: { ...(hero!.props as object), image: { mediaId: heroId, alt: 'A cup' } } } as PageDocument['blocks'][number],
      { id: 'below', type: 'image', props: { image: { mediaId: belowId, alt: 'Beans' }, caption: '', width: 'content' } },
      ...rest,
    ],
  };
  await db().update(funnelPages).set({ draft }).where(eq(funnelPages.id, created.id));
  const acceptWarnings = checkPage({ a: draft, b: null })
    .filter((f) => f.severity === 'warning')
    .map((f) => f.key);
  const response = await send(`/api/pages/${created.id}/publish`, { json: { baseRevision: created.revision, acceptWarnings }, cookie: owner.cookie });
  expect(response.status, await response.clone().text()).toBe(200);
  return funnel;
}

const row = async (id: string) => (await db().select().from(media).where(eq(media.id, id)).get())!;

describe('a published page’s pictures in a phone size', () => {
  it('are derived once when the page is published, stored in R2 beside the file, and offered by the edge’s srcset', async () => {
    const opaque = await uploadMedia(owner, projectId, picture(1080, 720, 4), 'hero.png');
    const clear = await uploadMedia(owner, projectId, picture(960, 640, 4, 0), 'logo.png');
    const funnel = await publishWith(opaque.id, clear.id);

    const derived = await row(opaque.id);
    expect(derived.thumbnailKey).toMatch(new RegExp(`^thumbs/${projectId}/${opaque.id}/[\\w-]+\\.w720$`));
    const stored = await env.MEDIA.get(derived.thumbnailKey!);
    expect(stored?.httpMetadata?.contentType).toBe('image/jpeg');
    const bytes = new Uint8Array(await stored!.arrayBuffer());
    expect(imageDimensions(bytes)).toEqual({ width: 720, height: 480 });
    expect(derived.thumbnailSize).toBe(bytes.byteLength);
    // A picture that is transparent somewhere keeps its one size (a JPEG would put it on white).
    expect((await row(clear.id)).thumbnailKey).toBeNull();

    const html = await (await send(`/p/${funnel.name}/pictures`)).text();
    // HTML attribute names are case-insensitive (React writes srcSet, fetchPriority).
    const [hero, below] = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0].replace(/ ([a-zA-Z]+)=/g, (_, name: string) => ` ${name.toLowerCase()}=`)) as [
      string,
      string,
    ];
    expect(hero).toMatch(new RegExp(`srcset="/api/media/${opaque.id}/thumbnail\\?[^ ]+ 720w, /api/media/${opaque.id}/file\\?[^ ]+ 1080w"`));
    expect(hero).toContain('sizes="(min-width: 1088px) 1024px, (min-width: 640px) calc(100vw - 64px), calc(100vw - 40px)"');
    expect(hero).toContain('fetchpriority="high"');
    expect(hero).toContain('width="1080"');
    expect(hero).toContain('height="720"');
    expect(hero).not.toContain('loading=');
    expect(below).toContain('loading="lazy"');
    expect(below).not.toContain('fetchpriority');
    expect(below).not.toContain('srcset');
    // The thumbnail is served under the page's signed URL.
    const thumb = /srcset="([^ ]+) 720w/.exec(hero)![1]!.replaceAll('&amp;', '&');
    const served = await send(thumb);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');

    // Published again: nothing is derived twice.
    await publishWith(opaque.id, clear.id);
    expect((await row(opaque.id)).thumbnailKey).toBe(derived.thumbnailKey);
  });

  it('keep a thumbnail the browser made, and leave pictures no wider than the phone size at one size', async () => {
    const made = await uploadMedia(owner, projectId, picture(800, 600, 3, 255), 'made.png');
    const thumbnail = await send(`/api/media/${made.id}/thumbnail`, { method: 'PUT', body: picture(480, 360, 3), cookie: owner.cookie });
    expect(thumbnail.status).toBe(200);
    const before = (await row(made.id)).thumbnailKey;
    const small = await uploadMedia(owner, projectId, picture(700, 500, 3), 'small.png');
    await publishWith(made.id, small.id);
    expect((await row(made.id)).thumbnailKey).toBe(before);
    expect((await row(small.id)).thumbnailKey).toBeNull();
  });

  it('tells opaque PNGs from ones transparent anywhere', () => {
    expect(opaquePng(picture(4, 4, 3))).toBe(true);
    expect(opaquePng(picture(4, 4, 4, 255))).toBe(true);
    expect(opaquePng(picture(4, 4, 4, 254))).toBe(false);
  });

  it('read a thumbnail’s width from its key: a derived one names it, a browser-made one is 480 px', () => {
    expect(thumbnailWidth('thumbs/p/m/AbC123xyz.w720')).toBe(720);
    expect(thumbnailWidth('thumbs/p/m/AbC123xyz')).toBe(480);
    expect(thumbnailWidth('thumbs/p/m/w720')).toBe(480);
  });
});
