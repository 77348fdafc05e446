import { beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '#common/i18n/locales.ts';
import { checkPage } from '#common/schemas/page-checks.ts';
import type { FunnelDetail, PageDetail } from '#common/schemas/funnels.ts';
import { FUNNEL_TEMPLATE_IDS, PAGE_TEMPLATE_IDS } from '#common/templates/pages/ids.ts';
import { setBrandKit } from '#worker/test/creatives.ts';
import { createProject, createUser, uniqueFunnelName, uploadMedia, type TestUser } from '#worker/test/factories.ts';
import { png } from '#worker/test/files.ts';
import { nextAddress, send } from '#worker/test/http.ts';

/**
 * The page and funnel templates through the real API (issue 30 §2): each one, in both
 * languages, for a project with and without a brand kit, publishes through the real publish
 * route with no error of the checks, and a funnel template's first page leads to its second.
 */

const json = async <T>(response: Response) => (await response.json()) as T;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

let owner: TestUser;
let bare: string;
let branded: string;
let logoId: string;

beforeAll(async () => {
  owner = await createUser({ name: 'Tamsin Templates' });
  bare = (await createProject(owner, {}, 'Harbour Bakery')).id;
  branded = (await createProject(owner, {}, 'Northwind Coffee')).id;
  logoId = (await uploadMedia(owner, branded, png(32, 32, 7), 'logo.png')).id;
  await setBrandKit(owner, branded, { logoMediaId: logoId, colors: ['#0f766e'], headingFont: 'inter', bodyFont: 'inter' });
  expect((await send(`/api/projects/${branded}/instagram/sandbox`, { method: 'POST', cookie: owner.cookie })).status).toBe(200);
});

async function newFunnel(projectId: string, locale: Locale, template?: string) {
  const response = await send(`/api/projects/${projectId}/funnels`, {
    json: { name: uniqueFunnelName('tpl'), title: 'Templates', locale, ...(template ? { template } : {}) },
    cookie: owner.cookie,
  });
  return { response, funnel: response.status === 201 ? await json<FunnelDetail>(response) : undefined };
}

/** Publishes the page as its template made it, accepting only the warnings the checks find (never an error). */
async function publishAsMade(pageId: string) {
  const page = await json<PageDetail>(await send(`/api/pages/${pageId}`, { cookie: owner.cookie }));
  const findings = checkPage({ a: page.draft, b: null });
  expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
  const response = await send(`/api/pages/${pageId}/publish`, {
    json: { baseRevision: page.revision, acceptWarnings: findings.map((f) => f.key) },
    cookie: owner.cookie,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return { page, warnings: findings.map((f) => f.key) };
}

describe('page templates', () => {
  for (const locale of ['en', 'de'] as const) {
    for (const [label, project] of [
      ['without a brand kit', () => bare],
      ['with a logo and Instagram', () => branded],
    ] as const) {
      it(`creates and publishes every page template in ${locale} ${label}`, async () => {
        const { funnel } = await newFunnel(project(), locale);
        for (const template of PAGE_TEMPLATE_IDS) {
          const created = await send(`/api/funnels/${funnel!.id}/pages`, { json: { title: template, slug: template, template }, cookie: owner.cookie });
          expect(created.status, template).toBe(201);
          const { page, warnings } = await publishAsMade((await json<PageDetail>(created)).id);
          // The logo is the social image; without it, that is the one warning.
          expect(warnings, template).toEqual(project() === branded ? [] : ['a:seo:image:seoImage']);
          const words = JSON.stringify(page.draft);
          expect(words, template).toContain(project() === branded ? 'Northwind Coffee' : 'Harbour Bakery');
          if (template === 'link-in-bio' && project() === branded) expect(words).toMatch(/https:\/\/www\.instagram\.com\/[^/"]+\//);
          // Served at the edge (needs the client build, as every test that renders a page).
          const live = await send(`/p/${funnel!.name}/${template}`);
          expect(live.status, template).toBe(200);
        }
      });
    }
  }

  it('refuses an unknown template naming the field (the house’s 422 of a body that fails its schema), a page template for a funnel too', async () => {
    const { funnel } = await newFunnel(bare, 'en');
    const response = await send(`/api/funnels/${funnel!.id}/pages`, { json: { title: 'X', slug: 'x', template: 'nope' }, cookie: owner.cookie });
    expect(response.status).toBe(422);
    expect((await json<{ error: { details: Record<string, string[]> } }>(response)).error.details).toEqual({ template: ['Pick a template from the list.'] });
    expect((await newFunnel(bare, 'en', 'lead-magnet')).response.status).toBe(422);
  });

  it('keeps the starter page without a template', async () => {
    const { funnel } = await newFunnel(bare, 'en');
    const created = await json<PageDetail>(await send(`/api/funnels/${funnel!.id}/pages`, { json: { title: 'Plain', slug: 'plain' }, cookie: owner.cookie }));
    expect(created.draft.blocks.map((b) => b.type)).toEqual(['hero', 'text']);
  });
});

describe('funnel templates', () => {
  for (const locale of ['en', 'de'] as const) {
    it(`creates each funnel template in ${locale} with its two pages; published, the first page's form leads to the second`, async () => {
      for (const template of FUNNEL_TEMPLATE_IDS) {
        const { response, funnel } = await newFunnel(branded, locale, template);
        expect(response.status, template).toBe(201);
        expect(funnel!.pages, template).toHaveLength(2);
        const [first, second] = funnel!.pages;
        // The second page first: the first one's form leads to it.
        await publishAsMade(second!.id);
        await publishAsMade(first!.id);
        const sent = await send(`/p/${funnel!.name}/${first!.slug}`, {
          method: 'POST',
          body: new URLSearchParams({ formId: 'signup', name: 'Ada Lovelace', email: 'ada@example.org', consent: 'on' }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': BROWSER, 'cf-connecting-ip': nextAddress() },
        });
        expect(sent.status, template).toBe(303);
        expect(sent.headers.get('location'), template).toBe(`/p/${funnel!.name}/${second!.slug}`);
      }
    });
  }

  it('creates a funnel without pages when no template is named', async () => {
    const { funnel } = await newFunnel(bare, 'en');
    expect(funnel!.pages).toEqual([]);
  });
});
