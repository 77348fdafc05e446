import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newBlock } from '#common/schemas/blocks-defaults.ts';
import type { Block, PageDocument } from '#common/schemas/blocks.ts';
import type { PageDetail, PageVersion, VersionDocument } from '#common/schemas/funnels.ts';
import { getDb } from '#worker/db/client.ts';
import { funnelPageVersions } from '#worker/db/schema.ts';
import { createFunnel, createFunnelPage, createProject, createUser, uploadMedia, type TestUser } from '#worker/test/factories.ts';
import { png } from '#worker/test/files.ts';
import { send } from '#worker/test/http.ts';

/**
 * A page's media must be its project's (issue 27): ids of another project, or of nothing, are
 * refused with 422 naming the field, as a creative refuses them; a restored version keeps only
 * media its project still has.
 */
type ErrorBody = { error: { code: string; message: string; details?: Record<string, string[]> } };
const json = async <T>(response: Response) => (await response.json()) as T;
const NO_SUCH_ID = 'AAAAAAAAAAAAAAAAAAAAAA';

let owner: TestUser;
let projectId: string;
/** A picture of the page's project, and one of another project of the same owner. */
let own: string;
let foreign: string;

beforeAll(async () => {
  owner = await createUser({ name: 'Olivia Owner' });
  projectId = (await createProject(owner)).id;
  const otherProject = (await createProject(owner, {}, 'Other client')).id;
  own = (await uploadMedia(owner, projectId, png(8, 8, 1))).id;
  foreign = (await uploadMedia(owner, otherProject, png(8, 8, 2))).id;
});

async function newPage(): Promise<PageDetail> {
  const funnel = await createFunnel(owner, projectId);
  const page = await createFunnelPage(owner, funnel.id, { slug: 'offer' });
  return json<PageDetail>(await send(`/api/pages/${page.id}`, { cookie: owner.cookie }));
}

const patchPage = (id: string, body: unknown) => send(`/api/pages/${id}`, { method: 'PATCH', json: body, cookie: owner.cookie });

/** A hero with a picture, an image block, a video block playing a file, and a social image (in words of its own: the checks before publishing refuse the defaults'). */
function docWith(media: { hero?: string; video?: string; social?: string }): PageDocument {
  const hero = newBlock('hero', 'hero-1');
  const video = newBlock('video', 'video-1');
  const words = { heading: 'Roasted this morning', subheading: 'Small batches from Hamburg.', primary: null };
  const blocks = [
    { ...hero, props: { ...hero.props, ...words, image: media.hero ? { mediaId: media.hero, alt: '' } : null } },
    {
      ...video,
      props: { ...video.props, title: 'How we roast', source: media.video ? 'file' : 'embed', file: media.video ?? null, url: 'https://vimeo.com/76979871' },
    },
  ] as Block[];
  return { blocks, seo: { title: 'Offer', description: '', image: media.social ? { mediaId: media.social, alt: '' } : null } };
}

describe('media on a funnel page', () => {
  it('refuses another project’s and unknown media ids in the draft and in variant B (422 naming each field); its own are saved', async () => {
    const page = await newPage();
    const refused = await patchPage(page.id, { baseRevision: page.revision, document: docWith({ hero: foreign, video: NO_SUCH_ID, social: own }) });
    expect(refused.status).toBe(422);
    const { error } = await json<ErrorBody>(refused);
    expect(error.code).toBe('validation_failed');
    expect(error.message).toBe('Pick images and videos from this project’s media library.');
    expect(Object.keys(error.details ?? {}).sort()).toEqual(['document.blocks.0.props.image.mediaId', 'document.blocks.1.props.file']);

    const variantB = await patchPage(page.id, { baseRevision: page.revision, document: docWith({ hero: own }), documentB: docWith({ social: foreign }) });
    expect(variantB.status).toBe(422);
    expect(Object.keys((await json<ErrorBody>(variantB)).error.details ?? {})).toEqual(['documentB.seo.image.mediaId']);
    // Nothing was stored by the refused saves.
    expect((await json<PageDetail>(await send(`/api/pages/${page.id}`, { cookie: owner.cookie }))).revision).toBe(page.revision);

    const saved = await patchPage(page.id, { baseRevision: page.revision, document: docWith({ hero: own, video: own, social: own }) });
    expect(saved.status).toBe(200);
  });

  it('keeps a picture the draft already shows after it was deleted from the library, but refuses adding it again elsewhere', async () => {
    const page = await newPage();
    const picture = (await uploadMedia(owner, projectId, png(8, 8, 3))).id;
    const first = await json<PageDetail>(await patchPage(page.id, { baseRevision: page.revision, document: docWith({ hero: picture }) }));
    expect((await send(`/api/media/${picture}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    // The editor saves the whole draft: the deleted picture it already had does not stop the save.
    const again = await patchPage(page.id, { baseRevision: first.revision, document: docWith({ hero: picture, social: own }) });
    expect(again.status).toBe(200);
    // On another page, that deleted picture is an id that does not exist.
    const other = await newPage();
    expect((await patchPage(other.id, { baseRevision: other.revision, document: docWith({ hero: picture }) })).status).toBe(422);
  });

  it('restores a version without media its project no longer has (deleted, or another project’s stored before the check)', async () => {
    const page = await newPage();
    const picture = (await uploadMedia(owner, projectId, png(8, 8, 4))).id;
    const saved = await json<PageDetail>(await patchPage(page.id, { baseRevision: page.revision, document: docWith({ hero: picture, social: own }) }));
    // The pictures have no alt text and the page no search description: warnings, accepted.
    const acceptWarnings = ['a:hero-1:image.alt:altMissing', 'a:seo:description:seoDescription', 'a:seo:image.alt:altMissing'];
    expect((await send(`/api/pages/${page.id}/publish`, { json: { baseRevision: saved.revision, acceptWarnings }, cookie: owner.cookie })).status).toBe(200);
    const [version] = (await json<{ items: PageVersion[] }>(await send(`/api/pages/${page.id}/versions`, { cookie: owner.cookie }))).items;
    // A version stored before drafts were checked could name another project's video.
    const db = getDb(env.DB);
    const stored = (await db.select().from(funnelPageVersions).where(eq(funnelPageVersions.id, version!.id)).get())!.document as VersionDocument;
    const legacy: VersionDocument = { ...stored, a: { ...stored.a, blocks: docWith({ hero: picture, video: foreign }).blocks } };
    await db.update(funnelPageVersions).set({ document: legacy }).where(eq(funnelPageVersions.id, version!.id));
    expect((await send(`/api/media/${picture}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);

    const restored = await send(`/api/pages/${page.id}/versions/${version!.id}/restore`, { json: { acceptWarnings }, cookie: owner.cookie });
    expect(restored.status).toBe(200);
    const { draft } = await json<PageDetail>(restored);
    const [hero, video] = draft.blocks;
    expect(hero?.type === 'hero' && hero.props.image).toBeNull();
    expect(video?.type === 'video' && video.props.file).toBeNull();
    expect(draft.seo.image?.mediaId).toBe(own);
  });
});
