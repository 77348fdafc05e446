import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdDetail } from '#common/schemas/ads.ts';
import type { Bindings } from '#worker/env.ts';
import { createCreative, json, setCredits, team } from '#worker/test/creatives.ts';
import { png } from '#worker/test/files.ts';
import { formBlock, heroBlock, pageDoc, seedFunnel, textBlock } from '#worker/test/funnels-edge.ts';
import { createAgencyUser, createPresentation } from '#worker/test/presentations.ts';
import { uploadMedia } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';

/**
 * No hot query reads a whole table (issue 30 point 5). The public pages (a funnel page uncached,
 * a presentation, an ad preview), the dashboard and the lists are requested through the real
 * worker with env.DB wrapped so that every statement they run (alone, in a batch, in a D1
 * session) is recorded with its values; each is then asked `EXPLAIN QUERY PLAN` on the same
 * database (the real migrations, a world built through the API like the demo seed), and a
 * `SCAN` of a table fails the test unless it is one of the exceptions below, each with why.
 */

interface Recorded {
  route: string;
  sql: string;
  params: unknown[];
}

let route = '';
const recorded: Recorded[] = [];

function recordedStatement(inner: D1PreparedStatement, sql: string, params: unknown[] = []): D1PreparedStatement {
  const note = () => recorded.push({ route, sql, params });
  return Object.assign(Object.create(null) as object, {
    inner,
    bind: (...values: unknown[]) => recordedStatement(inner.bind(...values), sql, values),
    first: (column?: string) => (note(), column === undefined ? inner.first() : inner.first(column)),
    all: () => (note(), inner.all()),
    run: () => (note(), inner.run()),
    raw: (options?: { columnNames?: false }) => (note(), inner.raw(options)),
    note,
  }) as unknown as D1PreparedStatement;
}

type Wrapped = D1PreparedStatement & { inner: D1PreparedStatement; note(): void };

function recordingD1(inner: D1Database | D1DatabaseSession): D1Database {
  return {
    prepare: (sql: string) => recordedStatement(inner.prepare(sql), sql),
    batch: (statements: Wrapped[]) => {
      for (const statement of statements) statement.note();
      return inner.batch(statements.map((statement) => statement.inner));
    },
    exec: (sql: string) => {
      recorded.push({ route, sql, params: [] });
      return (inner as D1Database).exec(sql);
    },
    withSession: (start?: string) => recordingD1((inner as D1Database).withSession(start)),
    getBookmark: () => (inner as D1DatabaseSession).getBookmark(),
  } as unknown as D1Database;
}

const DB = recordingD1(env.DB);

/** A GET through the real worker, its statements recorded under `name`. */
async function visit(name: string, path: string, options: { cookie?: string; env?: Partial<Bindings>; headers?: Record<string, string> } = {}) {
  route = name;
  const response = await send(path, { ...options, env: { ...options.env, DB } });
  route = '';
  expect(response.status, `${name}: ${path}`).toBe(200);
  await response.arrayBuffer();
}

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/**
 * Scans that are fine, each with its reason: `table` (as the plan names it) in statements of
 * `route` (a prefix; '' for any).
 */
const EXCEPTIONS: { route: string; table: string; why: string }[] = [];

beforeAll(async () => {
  // The world: a team's project with media, creatives, an ad with a preview link, a published funnel, a presentation.
  const t = await team();
  await setCredits(t.owner, 20);
  const photo = await uploadMedia(t.owner, t.project.id, png(64, 48, 3));
  const creative = await createCreative(t.owner, t.project.id);
  const created = await send(`/api/projects/${t.project.id}/ads`, {
    json: {
      creativeId: creative.id,
      name: 'Spring launch',
      primaryText: 'Fresh beans, roasted this week.',
      headline: 'The spring blend is here',
      cta: 'shop_now',
      destinationUrl: 'https://northwind.example/spring',
      placements: ['instagram_feed', 'instagram_story'],
    },
    cookie: t.owner.cookie,
  });
  expect(created.status).toBe(201);
  const ad = await json<AdDetail>(created);
  const link = await send(`/api/ads/${ad.id}/preview-link`, { method: 'POST', cookie: t.owner.cookie });
  const previewId = new URL((await json<{ previewUrl: string }>(link)).previewUrl).pathname.split('/').pop()!;
  const hero = heroBlock('Spring is here');
  const funnel = await seedFunnel(t.project.id, {
    pages: [
      {
        slug: 'offer',
        a: pageDoc(
          [{ ...hero, props: { ...hero.props, image: { mediaId: photo.id, alt: 'A cup' } } } as typeof hero, textBlock('Roasted this week.'), formBlock()],
          {
            image: { mediaId: photo.id, alt: 'A cup' },
          },
        ),
      },
      { slug: 'thanks', a: pageDoc([textBlock('Thank you.')]) },
    ],
  });
  const author = await createAgencyUser();
  const presentation = await createPresentation(author);

  // The public pages, signed out (a browser's user agent: views are counted as a visitor's).
  await visit('funnel page', `/p/${funnel.name}/offer`, { env: { EDGE_CACHE: 'off' } as Partial<Bindings>, headers: { 'user-agent': BROWSER } });
  await visit('funnel page', `/p/${funnel.name}`, { env: { EDGE_CACHE: 'off' } as Partial<Bindings>, headers: { 'user-agent': BROWSER } });
  await visit('presentation', `/presents/${presentation.slug}`, { headers: { 'user-agent': BROWSER } });
  await visit('preview', `/preview/${previewId}`, { headers: { 'user-agent': BROWSER } });
  // Signed in: the dashboard and the lists (the first request also resolves the session from D1).
  await visit('dashboard', '/api/dashboard', { cookie: t.owner.cookie });
  await visit('projects list', '/api/projects', { cookie: t.owner.cookie });
  await visit('creatives list', `/api/projects/${t.project.id}/creatives`, { cookie: t.owner.cookie });
  await visit('creatives list', '/api/creatives', { cookie: t.owner.cookie });
  await visit('creations list', '/api/creations', { cookie: t.owner.cookie });
  await visit('ads list', `/api/projects/${t.project.id}/ads`, { cookie: t.owner.cookie });
  await visit('funnels list', '/api/funnels', { cookie: t.owner.cookie });
  await visit('funnels list', `/api/funnels?projectId=${t.project.id}`, { cookie: t.owner.cookie });
  await visit('media list', `/api/projects/${t.project.id}/media`, { cookie: t.owner.cookie });
  await visit('presentations list', '/api/presentations', { cookie: author.cookie });
});

interface PlanRow {
  detail: string;
}

/** The tables of the schema, and what each statement's aliases stand for (`"media" "media_by_id"`). */
async function tableNames(): Promise<Set<string>> {
  const { results } = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all<{ name: string }>();
  return new Set(results.map((row) => row.name));
}

function aliasesIn(sql: string, tables: Set<string>): Map<string, string> {
  const aliases = new Map<string, string>();
  for (const match of sql.matchAll(/"(\w+)"\s+(?:as\s+)?"(\w+)"/gi)) if (tables.has(match[1]!)) aliases.set(match[2]!, match[1]!);
  return aliases;
}

/** The tables a plan reads whole: `SCAN t` (with or without an index: every row or every index entry), resolved through aliases. */
function scannedTables(plan: PlanRow[], sql: string, tables: Set<string>): string[] {
  const aliases = aliasesIn(sql, tables);
  const scanned: string[] = [];
  for (const { detail } of plan) {
    const match = /^SCAN (\w+)(.*)$/.exec(detail);
    if (!match) continue;
    const name = aliases.get(match[1]!) ?? match[1]!;
    if (tables.has(name)) scanned.push(`${name}${match[2]}`);
  }
  return scanned;
}

describe('the hot queries’ plans', () => {
  it('recorded the statements of every route', () => {
    const routes = new Set(recorded.map((r) => r.route));
    for (const name of ['funnel page', 'presentation', 'preview', 'dashboard', 'projects list', 'creatives list', 'ads list', 'funnels list', 'media list'])
      expect(routes, name).toContain(name);
    expect(recorded.filter((r) => r.route === 'dashboard').length).toBeGreaterThan(5);
  });

  it('read no table whole, but for the listed exceptions', async () => {
    const tables = await tableNames();
    const seen = new Set<string>();
    const found: string[] = [];
    for (const statement of recorded) {
      const key = `${statement.route}\n${statement.sql}`;
      if (seen.has(key) || !/^\s*(select|update|delete|insert|with)\b/i.test(statement.sql)) continue;
      seen.add(key);
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
        .bind(...statement.params)
        .all<PlanRow>();
      for (const scan of scannedTables(results, statement.sql, tables)) {
        const table = scan.split(' ')[0]!;
        if (EXCEPTIONS.some((e) => statement.route.startsWith(e.route) && e.table === table)) continue;
        found.push(`${statement.route}: SCAN ${scan}\n  ${statement.sql}`);
      }
    }
    expect(found).toEqual([]);
  });
});
