import { env } from 'cloudflare:test';
import Papa from 'papaparse';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdInsights, PostInsight } from '#common/schemas/insights.ts';
import { refreshInsights } from '#worker/features/instagram/insights/service.ts';
import { sandboxFigures } from '#worker/features/instagram/insights/sandbox-insights.ts';
import { createProject, createUser } from '#worker/test/factories.ts';
import { db, setup } from '#worker/test/instagram-publish.ts';
import { forgetInsights, publishedSandboxPost } from '#worker/test/instagram-insights.ts';
import { send } from '#worker/test/http.ts';

const HOUR = 60 * 60 * 1000;
// The API reads the figures against the real clock (the dashboard's 30 days): posts are dated from now.
const NOW = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const ago = (ms: number) => new Date(NOW.getTime() - ms);

beforeEach(forgetInsights);

/** The body as sent, its byte order mark kept (Response.text() drops it). */
const rawText = async (response: Response) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());

describe('the insights API', () => {
  it('answers the ad’s figures to its members, 404 to anyone else, and nothing before the first reading', async () => {
    const s = await setup({ account: 'sandbox' });
    const post = await publishedSandboxPost(s, ago(3 * HOUR));
    const before = await send(`/api/ads/${post.adId}/insights`, { cookie: s.owner.cookie });
    expect(await before.json()).toEqual({ insight: null, reconnect: false });
    await refreshInsights(db(), env, NOW);
    const answer = (await (await send(`/api/ads/${post.adId}/insights`, { cookie: s.owner.cookie })).json()) as AdInsights;
    const figures = sandboxFigures(post.postId, 'single', 3 * HOUR);
    expect(answer).toMatchObject({ reconnect: false, insight: { state: 'ok', adId: post.adId, fetchedAt: NOW.toISOString(), ...figures } });
    expect(answer.insight?.engagement).toBe(figures.likes! + figures.comments! + figures.saves! + figures.shares!);

    const outsider = await createUser();
    expect((await send(`/api/ads/${post.adId}/insights`, { cookie: outsider.cookie })).status).toBe(404);
    expect((await send(`/api/projects/${s.projectId}/insights`, { cookie: outsider.cookie })).status).toBe(404);
    expect((await send(`/api/projects/${s.projectId}/insights.csv`, { cookie: outsider.cookie })).status).toBe(404);
    expect((await send(`/api/ads/${post.adId}/insights`)).status).toBe(401);
    expect((await send(`/api/ads/nope%00/insights`, { cookie: s.owner.cookie })).status).toBe(404);
    // A GET changes nothing: the figures stay as the job wrote them.
    expect(((await (await send(`/api/ads/${post.adId}/insights`, { cookie: s.owner.cookie })).json()) as AdInsights).insight?.fetchedAt).toBe(
      NOW.toISOString(),
    );
  });

  it('lists a project’s posts in the asked order, and refuses an unknown order', async () => {
    const s = await setup({ account: 'sandbox' });
    const posts = [
      await publishedSandboxPost(s, ago(2 * HOUR)),
      await publishedSandboxPost(s, ago(20 * HOUR)),
      await publishedSandboxPost(s, ago(5 * 24 * HOUR)),
    ];
    await refreshInsights(db(), env, NOW);
    const list = async (sort: string) =>
      ((await (await send(`/api/projects/${s.projectId}/insights?sort=${sort}`, { cookie: s.owner.cookie })).json()) as { items: PostInsight[] }).items;
    expect((await list('published')).map((i) => i.postId)).toEqual(posts.map((p) => p.postId));
    const byReach = await list('reach');
    expect(byReach.map((i) => i.reach)).toEqual([...byReach.map((i) => i.reach)].sort((a, b) => b! - a!));
    const byEngagement = await list('engagement');
    expect(byEngagement.map((i) => i.engagement)).toEqual([...byEngagement.map((i) => i.engagement)].sort((a, b) => b! - a!));
    expect((await send(`/api/projects/${s.projectId}/insights?sort=%F0%9F%98%80`, { cookie: s.owner.cookie })).status).toBe(422);
    // Another project's list holds none of them.
    const other = await createProject(s.owner);
    expect(((await (await send(`/api/projects/${other.id}/insights`, { cookie: s.owner.cookie })).json()) as { items: unknown[] }).items).toEqual([]);
  });

  it('exports the project’s figures as CSV that papaparse reads strictly, formula-safe, named after the project', async () => {
    const s = await setup({ account: 'sandbox' });
    const evil = '=HYPERLINK("http://evil","x"), "quoted"\nsecond line ☕';
    await publishedSandboxPost(s, ago(4 * HOUR), evil);
    await publishedSandboxPost(s, ago(30 * HOUR));
    await refreshInsights(db(), env, NOW);
    const response = await send(`/api/projects/${s.projectId}/insights.csv?sort=reach`, { cookie: s.owner.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="Northwind-Coffee-insights-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await rawText(response);
    expect(text.startsWith('\ufeff')).toBe(true);
    const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual([
      'published_at',
      'kind',
      'caption',
      'permalink',
      'reach',
      'views',
      'likes',
      'comments',
      'saves',
      'shares',
      'engagement',
      'updated_at',
      'state',
    ]);
    expect(parsed.data).toHaveLength(2);
    const reaches = parsed.data.map((row) => Number(row.reach));
    expect(reaches).toEqual([...reaches].sort((a, b) => b - a));
    const row = parsed.data.find((r) => r.caption?.includes('HYPERLINK'));
    expect(row?.caption).toBe(`'${evil}`);
    expect(row?.state).toBe('ok');
    expect(Number(row?.engagement)).toBe(Number(row?.likes) + Number(row?.comments) + Number(row?.saves) + Number(row?.shares));
  });

  it('names a CSV of a project called in another script by its ASCII letters, or “project”', async () => {
    const owner = await createUser();
    const project = await createProject(owner, {}, 'Кофе "Север"');
    const response = await send(`/api/projects/${project.id}/insights.csv`, { cookie: owner.cookie });
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="project-insights-/);
    expect((await rawText(response)).trimEnd()).toBe(
      '\ufeffpublished_at,kind,caption,permalink,reach,views,likes,comments,saves,shares,engagement,updated_at,state',
    );
  });

  it('shows the best posts of the last 30 days on the dashboard, of the user’s projects only', async () => {
    const s = await setup({ account: 'sandbox' });
    await publishedSandboxPost(s, ago(26 * HOUR));
    await publishedSandboxPost(s, ago(50 * HOUR));
    await publishedSandboxPost(s, ago(80 * HOUR));
    await publishedSandboxPost(s, ago(6 * HOUR));
    await refreshInsights(db(), env, NOW);
    const board = (await (await send('/api/dashboard', { cookie: s.owner.cookie })).json()) as { bestPosts: (PostInsight & { projectName: string })[] };
    expect(board.bestPosts).toHaveLength(3);
    expect(board.bestPosts[0]?.projectName).toBe('Northwind Coffee');
    const engagement = board.bestPosts.map((p) => p.engagement!);
    expect(engagement).toEqual([...engagement].sort((a, b) => b - a));
    const stranger = await createUser();
    expect(((await (await send('/api/dashboard', { cookie: stranger.cookie })).json()) as { bestPosts: unknown[] }).bestPosts).toEqual([]);
  });
});
