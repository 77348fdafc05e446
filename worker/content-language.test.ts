import { describe, expect, it } from 'vitest';
import type { CreativeDocument } from '#common/creative/document.ts';
import type { CreativeDetail, CreativeSummary } from '#common/schemas/creatives.ts';
import type { PageDetail } from '#common/schemas/funnels.ts';
import type { Presentation } from '#common/schemas/presentations.ts';
import type { ProjectDetail } from '#common/schemas/projects.ts';
import { createFunnel, createFunnelPage, createProject, createUser, type TestUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';
import { createAgencyUser, uniqueSlug } from '#worker/test/presentations.ts';

/**
 * What Adloom writes into a customer's content (issue 28): in the content's language — the
 * project's for what is inside a project, the user's for the sample project and a presentation
 * made without one — and in English exactly as before for English content.
 */

async function german(user: TestUser): Promise<TestUser> {
  expect((await send('/api/me', { method: 'PATCH', json: { locale: 'de' }, cookie: user.cookie })).status).toBe(200);
  return user;
}

async function projectIn(owner: TestUser, locale: 'en' | 'de') {
  const project = await createProject(owner);
  expect((await send(`/api/projects/${project.id}`, { method: 'PATCH', json: { locale }, cookie: owner.cookie })).status).toBe(200);
  return project;
}

const textsOf = (doc: CreativeDocument) => doc.layers.flatMap((l) => (l.type === 'text' || l.type === 'cta' ? [l.text] : []));

async function newCreative(user: TestUser, projectId: string, template: string): Promise<CreativeDetail> {
  const response = await send(`/api/projects/${projectId}/creatives`, { json: { template, format: 'square' }, cookie: user.cookie });
  expect(response.status).toBe(201);
  return (await response.json()) as CreativeDetail;
}

async function pageDraft(user: TestUser, pageId: string) {
  const response = await send(`/api/pages/${pageId}`, { cookie: user.cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as PageDetail).draft;
}

describe('a creative made from a template', () => {
  it('starts with the template’s words in the project’s language', async () => {
    const owner = await createUser();
    const de = await projectIn(owner, 'de');
    const made = await newCreative(owner, de.id, 'new-arrival');
    expect(textsOf(made.document)).toEqual(
      expect.arrayContaining(['Die neue Kollektion ist da', 'In Lissabon entworfen, für lange gemacht.', 'Entdecken', 'Neu']),
    );
    // Its name comes from its headline, so it is German too.
    expect(made.name).toBe('Die neue Kollektion ist da');
    const coupon = await newCreative(owner, de.id, 'coupon-code');
    expect(textsOf(coupon.document)).toEqual(expect.arrayContaining(['20 % auf Ihre erste Bestellung', 'Mit dem Code', 'FRÜHLING20', 'Jetzt shoppen']));
  });

  it('stays English, word for word, in an English project', async () => {
    const owner = await createUser();
    const en = await createProject(owner);
    const made = await newCreative(owner, en.id, 'new-arrival');
    expect(textsOf(made.document)).toEqual(expect.arrayContaining(['Meet the new collection', 'Designed in Lisbon, made to last.', 'Discover', 'New']));
    expect(made.name).toBe('Meet the new collection');
  });
});

describe('variations and format copies', { timeout: 60_000 }, () => {
  it('are named and written in a German project’s language, and in English as before in an English one', async () => {
    const owner = await createUser();
    const de = await projectIn(owner, 'de');
    const source = await newCreative(owner, de.id, 'new-arrival');
    const response = await send(`/api/creatives/${source.id}/variations`, { json: { count: 2, seed: 3 }, cookie: owner.cookie });
    expect(response.status).toBe(201);
    const { items } = (await response.json()) as { items: { name: string; document: CreativeDocument }[] };
    for (const item of items) {
      // (The source's name is cut to keep the whole within 80 characters.)
      expect(item.name).toMatch(/^Die neue Kollektion ist(?: da|…) — Variante \d, Layout [^,]+, (warme|kühle|neutrale|dunkle|helle) Palette$/);
      // The copywriter's German lines, and the templates' own lines in German.
      expect(textsOf(item.document).join(' ')).not.toMatch(/\b(Shop now|Learn more|Discover|Get started|the|your)\b/);
    }

    const resized = await send(`/api/creatives/${source.id}/resize`, { json: { formats: ['story'] }, cookie: owner.cookie });
    expect(resized.status).toBe(201);
    expect(JSON.stringify(await resized.json())).toContain('Die neue Kollektion ist da — Story');
    const landscape = await send(`/api/creatives/${source.id}/resize`, { json: { formats: ['landscape'] }, cookie: owner.cookie });
    expect(JSON.stringify(await landscape.json())).toContain('Die neue Kollektion ist da — Querformat');

    const en = await createProject(owner);
    const english = await newCreative(owner, en.id, 'new-arrival');
    const englishCopy = await send(`/api/creatives/${english.id}/resize`, { json: { formats: ['landscape'] }, cookie: owner.cookie });
    expect(JSON.stringify(await englishCopy.json())).toContain('Meet the new collection — landscape');
  });
});

describe('a new funnel page', () => {
  it('starts with a hero and a text in the funnel’s language (the project’s, unless set)', async () => {
    const owner = await createUser();
    const de = await projectIn(owner, 'de');
    const funnel = await createFunnel(owner, de.id);
    const page = await createFunnelPage(owner, funnel.id);
    const draft = await pageDraft(owner, page.id);
    expect(draft.blocks[0]).toMatchObject({
      type: 'hero',
      props: { heading: 'Eine Überschrift, die sagt, was Sie anbieten', primary: { label: 'Jetzt starten' } },
    });
    expect(draft.blocks[1]).toMatchObject({ type: 'text' });
    expect(JSON.stringify(draft.blocks[1])).toContain('Schreiben Sie hier Ihren Text.');

    const en = await createProject(owner);
    const englishFunnel = await createFunnel(owner, en.id);
    const englishPage = await createFunnelPage(owner, englishFunnel.id);
    expect((await pageDraft(owner, englishPage.id)).blocks[0]).toMatchObject({
      type: 'hero',
      props: { heading: 'A headline that says what you offer', primary: { label: 'Get started' } },
    });
  });
});

describe('a new presentation', () => {
  async function create(author: TestUser, customerName: string, fromProjectId?: string): Promise<Presentation> {
    const response = await send('/api/presentations', {
      json: { slug: uniqueSlug(), customerName, ...(fromProjectId ? { fromProjectId } : {}) },
      cookie: author.cookie,
    });
    expect(response.status).toBe(201);
    return (await response.json()) as Presentation;
  }

  it('from a German project is German: its language, headline, sections, intro and pricing', async () => {
    const author = await createAgencyUser();
    const project = await projectIn(author, 'de');
    const { document } = await create(author, 'Bäckerei Jansen', project.id);
    expect(document).toMatchObject({ locale: 'de', headline: 'Unser Plan für Bäckerei Jansen' });
    expect(document.intro).toMatch(/^Liebes Team von Bäckerei Jansen,/);
    const byType = Object.fromEntries(document.sections.map((s) => [s.type, s.props]));
    expect(byType.hero).toMatchObject({ buttonLabel: 'Gespräch vereinbaren' });
    expect(byType.intro).toMatchObject({ heading: 'Warum wir Ihnen schreiben' });
    expect(byType.pricing).toMatchObject({ heading: 'Einfache Preise' });
    expect(byType.cta).toMatchObject({ heading: 'Lassen Sie uns sprechen' });
  });

  it('without a project is in its author’s language; English stays as it was', async () => {
    const author = await german(await createAgencyUser());
    expect((await create(author, 'Acme')).document).toMatchObject({ locale: 'de', headline: 'Unser Plan für Acme' });
    const english = await createAgencyUser();
    const { document } = await create(english, 'Acme');
    expect(document).toMatchObject({ locale: 'en', headline: 'A plan for Acme' });
    expect(document.sections.find((s) => s.type === 'cta')?.props).toMatchObject({ heading: 'Let’s talk', label: 'Book a call' });
    const fromProject = await create(english, 'Acme', (await createProject(english)).id);
    expect(fromProject.document.intro).toMatch(/^Dear Acme team,/);
  });
});

describe('the sample project', () => {
  it('is German for a German user: its project language, name, brand tone, creatives, funnel and page', async () => {
    const user = await german(await createUser());
    const response = await send('/api/onboarding/sample-project', { method: 'POST', cookie: user.cookie });
    expect(response.status).toBe(201);
    const project = (await response.json()) as ProjectDetail;
    expect(project).toMatchObject({ name: 'Beispiel: Northwind Coffee', locale: 'de' });
    expect(project.brandKit.tone).toContain('„Kunden“');

    const creatives = (await (await send(`/api/creatives?projectId=${project.id}`, { cookie: user.cookie })).json()) as { items: CreativeSummary[] };
    expect(creatives.items.map((c) => [c.format, c.name]).sort()).toEqual([
      ['square', 'Frühlingsmischung, frisch geröstet'],
      ['story', 'Ruhige Morgen, guter Kaffee'],
    ]);
    const funnels = (await (await send(`/api/funnels?projectId=${project.id}`, { cookie: user.cookie })).json()) as { items: { id: string; title: string }[] };
    expect(funnels.items).toMatchObject([{ title: 'Northwind Frühlingsangebot' }]);
    // The funnel speaks the project's language: its page's starting words are German.
    const pages = (await (await send(`/api/pages?funnelId=${funnels.items[0]!.id}`, { cookie: user.cookie })).json()) as {
      items: { id: string; slug: string; title: string }[];
    };
    expect(pages.items).toMatchObject([{ slug: 'angebot', title: 'Frühlingsangebot' }]);
    expect((await pageDraft(user, pages.items[0]!.id)).blocks[0]).toMatchObject({ props: { heading: 'Eine Überschrift, die sagt, was Sie anbieten' } });
  });

  it('is English, as before, for an English user', async () => {
    const user = await createUser();
    const project = (await (await send('/api/onboarding/sample-project', { method: 'POST', cookie: user.cookie })).json()) as ProjectDetail;
    expect(project).toMatchObject({ name: 'Sample: Northwind Coffee', locale: 'en' });
    const funnels = (await (await send(`/api/funnels?projectId=${project.id}`, { cookie: user.cookie })).json()) as { items: { id: string }[] };
    const pages = (await (await send(`/api/pages?funnelId=${funnels.items[0]!.id}`, { cookie: user.cookie })).json()) as { items: { id: string }[] };
    expect((await pageDraft(user, pages.items[0]!.id)).blocks[0]).toMatchObject({ props: { heading: 'A headline that says what you offer' } });
  });
});

describe('a new project', () => {
  it('starts in its author’s language; the owner can change it', async () => {
    const author = await german(await createUser());
    const made = await createProject(author);
    const read = async (id: string, user: TestUser) => ((await (await send(`/api/projects/${id}`, { cookie: user.cookie })).json()) as ProjectDetail).locale;
    expect(await read(made.id, author)).toBe('de');
    expect((await send(`/api/projects/${made.id}`, { method: 'PATCH', json: { locale: 'en' }, cookie: author.cookie })).status).toBe(200);
    expect(await read(made.id, author)).toBe('en');
    const english = await createUser();
    expect(await read((await createProject(english)).id, english)).toBe('en');
  });
});
