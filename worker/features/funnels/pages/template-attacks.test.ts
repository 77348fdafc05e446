import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { FUNNEL_LIMITS, type FunnelDetail } from '#common/schemas/funnels.ts';
import { createFunnel, createFunnelPage, createProject, createUser, uniqueFunnelName, type TestUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';

/**
 * The `template` field attacked (issue 30 §2): whatever is sent in it, on the page route and
 * the funnel route, the answer is a clear 4xx naming the field (never a 500, never a page), a
 * template does not reach into another project, and the page and funnel limits hold when 20
 * creates from templates race (each one conditional write, worker/features/funnels/*\/repo.ts).
 */

type ErrorBody = { error: { code: string; message: string; details?: Record<string, string[]> } };
const json = async <T>(response: Response) => (await response.json()) as T;

let owner: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let projectId: string;
let strangerProjectId: string;

beforeAll(async () => {
  owner = await createUser({ name: 'Tess Template' });
  viewer = await createUser();
  stranger = await createUser({ name: 'Sam Stranger' });
  projectId = (await createProject(owner, { viewer })).id;
  strangerProjectId = (await createProject(stranger, {}, 'Stranger Things Ltd')).id;
});

const addPage = (user: TestUser, funnelId: string, body: Record<string, unknown>) =>
  send(`/api/funnels/${funnelId}/pages`, { json: body, cookie: user.cookie });
const addFunnel = (user: TestUser, project: string, body: Record<string, unknown>) =>
  send(`/api/projects/${project}/funnels`, { json: { name: uniqueFunnelName('atk'), title: 'Attack', ...body }, cookie: user.cookie });

/** What must never be taken for a template: wrong types, lists, huge and malformed strings, near misses. */
const BAD_TEMPLATES: readonly [label: string, value: unknown][] = [
  ['a number', 7],
  ['true', true],
  ['null', null],
  ['an object', { id: 'coupon' }],
  ['an array of a real id', ['coupon']],
  ['an empty array', []],
  ['an empty string', ''],
  ['a 100,000-character string', 'c'.repeat(100_000)],
  ['a lone surrogate', '\uD800'],
  ['a real id with a lone surrogate', 'coupon\uDC00'],
  ['a real id with a NUL', 'coupon\u0000'],
  ['a real id in capitals', 'COUPON'],
  ['a real id with a space', ' coupon'],
  ['a prototype key', '__proto__'],
  ['an inherited key', 'toString'],
  ['a path', '../coupon'],
];

async function expectRefused(response: Response, label: string) {
  expect(response.status, label).toBe(422);
  const body = await json<ErrorBody>(response);
  expect(body.error.code, label).toBe('validation_failed');
  expect(body.error.details?.template, label).toEqual(['Pick a template from the list.']);
}

describe('the page route’s template', () => {
  it('refuses every malformed template with a 422 naming the field, and makes no page', async () => {
    const funnel = await createFunnel(owner, projectId);
    for (const [label, template] of BAD_TEMPLATES) await expectRefused(await addPage(owner, funnel.id, { title: 'X', slug: 'x', template }), label);
    const detail = await json<FunnelDetail>(await send(`/api/funnels/${funnel.id}`, { cookie: owner.cookie }));
    expect(detail.pageCount).toBe(0);
  });

  it('refuses a funnel template’s id (a page takes page templates only)', async () => {
    const funnel = await createFunnel(owner, projectId);
    for (const template of ['lead-magnet-funnel', 'webinar-funnel', 'sale-funnel']) {
      await expectRefused(await addPage(owner, funnel.id, { title: 'X', slug: 'x', template }), template);
    }
  });

  it('refuses a body that is not JSON, or JSON that is not an object, with a 4xx', async () => {
    const funnel = await createFunnel(owner, projectId);
    const raw = (body: string) =>
      send(`/api/funnels/${funnel.id}/pages`, { method: 'POST', body, headers: { 'content-type': 'application/json' }, cookie: owner.cookie });
    for (const body of ['{"title":"X","slug":"x","template":', '["coupon"]', '"coupon"', '{"title":"X","slug":"x","template":"\\ud800"}']) {
      const response = await raw(body);
      expect(response.status, body).toBeGreaterThanOrEqual(400);
      expect(response.status, body).toBeLessThan(500);
    }
  });

  it('does not reach another project’s funnel with a template, nor lets a viewer add one', async () => {
    const theirs = await createFunnel(stranger, strangerProjectId);
    expect((await addPage(owner, theirs.id, { title: 'Mine', slug: 'mine', template: 'coupon' })).status).toBe(404);
    const ours = await createFunnel(owner, projectId);
    expect((await addPage(stranger, ours.id, { title: 'Theirs', slug: 'theirs', template: 'coupon' })).status).toBe(404);
    expect((await addPage(viewer, ours.id, { title: 'Viewer', slug: 'viewer', template: 'coupon' })).status).toBe(403);
    const detail = await json<FunnelDetail>(await send(`/api/funnels/${theirs.id}`, { cookie: stranger.cookie }));
    expect(detail.pageCount).toBe(0);
  });

  it(`holds ${FUNNEL_LIMITS.pagesPerFunnel} pages per funnel when 20 creates from templates race for the last 5`, async () => {
    const funnel = await createFunnel(owner, projectId);
    for (let i = 0; i < FUNNEL_LIMITS.pagesPerFunnel - 5; i += 1) await createFunnelPage(owner, funnel.id, { slug: `p${i}` });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => addPage(owner, funnel.id, { title: 'Coupon', slug: `coupon-${i}`, template: i % 2 ? 'coupon' : 'link-in-bio' })),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([...Array<number>(5).fill(201), ...Array<number>(15).fill(409)]);
    const refused = await json<ErrorBody>(responses.find((r) => r.status === 409)!);
    expect(refused.error.message).toBe(`A funnel holds at most ${FUNNEL_LIMITS.pagesPerFunnel} pages.`);
    const detail = await json<FunnelDetail>(await send(`/api/funnels/${funnel.id}`, { cookie: owner.cookie }));
    expect(detail.pageCount).toBe(FUNNEL_LIMITS.pagesPerFunnel);
    expect(new Set(detail.pages.map((p) => p.position)).size).toBe(FUNNEL_LIMITS.pagesPerFunnel);
  });
});

describe('the funnel route’s template', () => {
  it('refuses every malformed template and a page template’s id with a 422 naming the field, and makes no funnel', async () => {
    const before = await funnelCount(projectId);
    for (const [label, template] of BAD_TEMPLATES) await expectRefused(await addFunnel(owner, projectId, { template }), label);
    for (const template of ['coupon', 'link-in-bio', 'thank-you']) await expectRefused(await addFunnel(owner, projectId, { template }), template);
    expect(await funnelCount(projectId)).toBe(before);
  });

  it('does not create a funnel from a template in another project, nor for a viewer', async () => {
    const [theirs, ours] = [await funnelCount(strangerProjectId), await funnelCount(projectId)];
    expect((await addFunnel(owner, strangerProjectId, { template: 'sale-funnel' })).status).toBe(404);
    expect((await addFunnel(viewer, projectId, { template: 'sale-funnel' })).status).toBe(403);
    expect([await funnelCount(strangerProjectId), await funnelCount(projectId)]).toEqual([theirs, ours]);
  });

  it(`holds ${FUNNEL_LIMITS.funnelsPerProject} funnels per project when 20 creates from templates race for the last 4, and leaves no page of a refused one`, async () => {
    const project = (await createProject(owner, {}, 'Race Roasters')).id;
    for (let i = 0; i < FUNNEL_LIMITS.funnelsPerProject - 4; i += 1) await createFunnel(owner, project);
    const responses = await Promise.all(Array.from({ length: 20 }, () => addFunnel(owner, project, { template: 'lead-magnet-funnel' })));
    expect(responses.map((r) => r.status).sort()).toEqual([...Array<number>(4).fill(201), ...Array<number>(16).fill(409)]);
    const made = await Promise.all(responses.filter((r) => r.status === 201).map((r) => json<FunnelDetail>(r)));
    expect(made.map((f) => f.pages.length)).toEqual([2, 2, 2, 2]);
    expect(await funnelCount(project)).toBe(FUNNEL_LIMITS.funnelsPerProject);
    // Every page of the project belongs to a live funnel: the refused creates wrote none.
    const pages = await env.DB.prepare(
      `SELECT count(*) AS n, sum(funnel_id NOT IN (SELECT id FROM funnels WHERE deleted_at IS NULL)) AS orphans FROM funnel_pages WHERE project_id = ?`,
    )
      .bind(project)
      .first<{ n: number; orphans: number }>();
    expect(pages).toEqual({ n: 8, orphans: 0 });
  });
});

async function funnelCount(project: string): Promise<number> {
  const row = await env.DB.prepare('SELECT count(*) AS n FROM funnels WHERE project_id = ? AND deleted_at IS NULL').bind(project).first<{ n: number }>();
  return row?.n ?? 0;
}
