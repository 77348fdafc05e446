import { beforeAll, describe, expect, it } from 'vitest';
import type { Presentation, PresentationDocument, Section } from '#common/schemas/presentations.ts';
import { createFunnel, createFunnelPage, createProject, uploadMedia, type TestUser } from '#worker/test/factories.ts';
import { png } from '#worker/test/files.ts';
import { send } from '#worker/test/http.ts';
import { creation, newAd } from '#worker/test/ads.ts';
import { createAgencyUser, documentFor, uniqueSlug } from '#worker/test/presentations.ts';

/**
 * What a presentation shows must be its linked project's (issue 27): pictures, creatives, ads
 * and funnel pages of another project, or ids of nothing, are refused with 422 naming each field.
 */
type ErrorBody = { error: { code: string; message: string; details?: Record<string, string[]> } };
const json = async <T>(response: Response) => (await response.json()) as T;
const NO_SUCH_ID = 'AAAAAAAAAAAAAAAAAAAAAA';

interface Work {
  projectId: string;
  mediaId: string;
  creationId: string;
  adId: string;
  pageId: string;
}

let author: TestUser;
let linked: Work;
let other: Work;

/** A project of the author with one of everything a presentation can show. */
async function projectWithWork(name: string): Promise<Work> {
  const projectId = (await createProject(author, {}, name)).id;
  const mediaId = (await uploadMedia(author, projectId, png(8, 8, name.length))).id;
  const creationId = await creation(projectId, author);
  const adId = (await newAd(author, projectId, { creationIds: [creationId] })).id;
  const funnel = await createFunnel(author, projectId);
  const pageId = (await createFunnelPage(author, funnel.id, { slug: 'offer' })).id;
  return { projectId, mediaId, creationId, adId, pageId };
}

/** The helpers' document with a logo and the three sections that show a project's work, all from `work`. */
function showing(work: Pick<Work, 'mediaId' | 'creationId' | 'adId' | 'pageId'>): PresentationDocument {
  const base = documentFor('Client Roasters');
  const sections: Section[] = [
    ...base.sections,
    { id: 'work', type: 'creatives', props: { heading: 'Work', intro: '', items: [{ creationId: work.creationId, caption: '' }] } },
    { id: 'ads', type: 'adPreviews', props: { heading: 'Ads', intro: '', items: [{ adId: work.adId }] } },
    {
      id: 'pages',
      type: 'funnelPages',
      props: { heading: 'Pages', intro: '', items: [{ pageId: work.pageId, caption: '', screenshot: { mediaId: work.mediaId, alt: '' } }], liveLinks: false },
    },
  ];
  return { ...base, logo: { mediaId: work.mediaId, alt: 'Logo' }, sections };
}

async function presentation(projectId?: string): Promise<Presentation> {
  const created = await send('/api/presentations', {
    json: { slug: uniqueSlug(), customerName: 'Client Roasters', ...(projectId ? { fromProjectId: projectId } : {}) },
    cookie: author.cookie,
  });
  expect(created.status).toBe(201);
  return json<Presentation>(created);
}

const patch = (p: Presentation, body: Record<string, unknown>) =>
  send(`/api/presentations/${p.id}`, { method: 'PATCH', json: { baseRevision: p.revision, ...body }, cookie: author.cookie });

beforeAll(async () => {
  author = await createAgencyUser('Ada Author');
  linked = await projectWithWork('Client Roasters');
  other = await projectWithWork('Another Client');
});

describe('what a presentation shows', () => {
  it('refuses another project’s pictures, creatives, ads and pages (422 naming each field); its own project’s are saved', async () => {
    const p = await presentation(linked.projectId);
    const refused = await patch(p, { document: showing(other) });
    expect(refused.status).toBe(422);
    const { error } = await json<ErrorBody>(refused);
    expect(error.code).toBe('validation_failed');
    expect(error.details).toEqual({
      'document.logo.mediaId': ['Pick images from the linked project’s media library.'],
      'document.sections.4.props.items.0.creationId': ['Pick creatives rendered in the linked project.'],
      'document.sections.5.props.items.0.adId': ['Pick ads of the linked project.'],
      'document.sections.6.props.items.0.pageId': ['Pick funnel pages of the linked project.'],
      'document.sections.6.props.items.0.screenshot.mediaId': ['Pick images from the linked project’s media library.'],
    });
    // Ids of nothing at all are refused the same way.
    const madeUp = await patch(p, { document: showing({ mediaId: linked.mediaId, creationId: NO_SUCH_ID, adId: linked.adId, pageId: NO_SUCH_ID }) });
    expect(madeUp.status).toBe(422);
    expect(Object.keys((await json<ErrorBody>(madeUp)).error.details ?? {}).sort()).toEqual([
      'document.sections.4.props.items.0.creationId',
      'document.sections.6.props.items.0.pageId',
    ]);
    const saved = await patch(p, { document: showing(linked) });
    expect(saved.status).toBe(200);
    const shown = await json<Presentation>(saved);
    expect(Object.keys(shown.resolved.creations)).toEqual([linked.creationId]);
    expect(Object.keys(shown.resolved.ads)).toEqual([linked.adId]);
  });

  it('without a linked project, shows none of any project’s work', async () => {
    const p = await presentation();
    const refused = await patch(p, { document: showing(linked) });
    expect(refused.status).toBe(422);
    const { error } = await json<ErrorBody>(refused);
    expect(error.message).toBe('Link a project to show its pictures, creatives, ads and pages.');
    expect(Object.keys(error.details ?? {})).toHaveLength(5);
    // Linking the project in the same change makes them its own.
    expect((await patch(p, { projectId: linked.projectId, document: showing(linked) })).status).toBe(200);
  });

  it('checks a document against the project it links after the change: switching projects does not carry the old one’s work over', async () => {
    const p = await presentation(linked.projectId);
    const saved = await json<Presentation>(await patch(p, { document: showing(linked) }));
    const switched = await patch(saved, { projectId: other.projectId, document: showing(linked) });
    expect(switched.status).toBe(422);
    expect(Object.keys((await json<ErrorBody>(switched)).error.details ?? {})).toHaveLength(5);
    expect((await patch(saved, { projectId: other.projectId, document: showing(other) })).status).toBe(200);
  });

  it('keeps a picture it already shows after it was deleted from the library (the editor saves the whole document)', async () => {
    const p = await presentation(linked.projectId);
    const picture = (await uploadMedia(author, linked.projectId, png(8, 8, 99))).id;
    const saved = await json<Presentation>(await patch(p, { document: showing({ ...linked, mediaId: picture }) }));
    expect((await send(`/api/media/${picture}`, { method: 'DELETE', cookie: author.cookie })).status).toBe(204);
    const again = await patch(saved, { document: { ...showing({ ...linked, mediaId: picture }), headline: 'A new headline' } });
    expect(again.status).toBe(200);
    // Another presentation cannot start showing it.
    const fresh = await presentation(linked.projectId);
    expect((await patch(fresh, { document: showing({ ...linked, mediaId: picture }) })).status).toBe(422);
  });
});
