import { beforeAll, describe, expect, it } from 'vitest';
import { V1_ROUTES } from '#common/schemas/api-v1.ts';
import { KEY_VARIABLE } from '#worker/features/api/v1/service.ts';
import { createKey, setPlan } from '#worker/test/api-keys.ts';
import { creation, newAd } from '#worker/test/ads.ts';
import { createCreative } from '#worker/test/creatives.ts';
import { createFunnel, createFunnelPage, createProject, createUser } from '#worker/test/factories.ts';
import { ORIGIN, send } from '#worker/test/http.ts';
import { insertLead } from '#worker/test/leads.ts';

/** /docs/api (decision 0045): every route of the table with its examples, and the curl examples run as written. */

const decode = (html: string) =>
  html.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

/** The text of each example on the page, by route id and kind (the `<pre>` after its caption). */
function examplesOf(html: string): Map<string, { curl?: string; fetch?: string }> {
  const found = new Map<string, { curl?: string; fetch?: string }>();
  for (const section of html.split('<section aria-labelledby="').slice(1)) {
    const id = section.slice(0, section.indexOf('"'));
    for (const [, caption, source] of section.matchAll(/<figcaption[^>]*>([^<]*)<\/figcaption><pre[^>]*><code>([\s\S]*?)<\/code><\/pre>/g)) {
      const kind = caption === 'curl' ? 'curl' : caption!.startsWith('JavaScript') ? 'fetch' : undefined;
      if (kind) found.set(id, { ...found.get(id), [kind]: decode(source!) });
    }
  }
  return found;
}

/** A curl command as the page writes it: `curl [-X METHOD] "URL"`, then `-H "…"` and `-d '…'` lines. */
function parseCurl(command: string) {
  const [first, ...rest] = command.split(' \\\n').map((line) => line.trim());
  const head = /^curl(?: -X (\w+))? "([^"]+)"$/.exec(first!);
  if (!head) throw new Error(`not a curl line: ${first}`);
  const headers: Record<string, string> = {};
  let body: string | undefined;
  for (const line of rest) {
    const header = /^-H "([^:]+): (.*)"$/.exec(line);
    const data = /^-d '(.*)'$/s.exec(line);
    if (header) headers[header[1]!.toLowerCase()] = header[2]!;
    else if (data) body = data[1];
    else throw new Error(`unexpected curl line: ${line}`);
  }
  return { method: head[1] ?? 'GET', url: new URL(head[2]!), headers, body };
}

let html: string;

beforeAll(async () => {
  const response = await send('/docs/api');
  expect(response.status).toBe(200);
  html = await response.text();
});

describe('/docs/api', () => {
  it('is a public page without JavaScript, in English and in German', async () => {
    expect(html).toContain('<html lang="en"');
    expect(html).not.toContain('<script');
    const german = await send('/de/docs/api');
    expect(german.status).toBe(200);
    expect(german.headers.get('content-security-policy')).toContain("script-src 'none'");
    const text = await german.text();
    expect(text).toContain('<html lang="de"');
    expect(text).toContain('Die Adloom-API');
    // The reference's descriptions are the document's, in English, and marked so.
    expect(text).toContain(`<p lang="en" class="mt-2 text-zinc-700">${V1_ROUTES[1]!.summary.replaceAll("'", '&#x27;')}</p>`);
  });

  it('shows every route of the table with its scope and both examples', () => {
    const examples = examplesOf(html);
    for (const route of V1_ROUTES) {
      const path = `/api/v1${route.path}`;
      expect(html, route.operationId).toContain(`id="${route.operationId}"`);
      expect(html).toContain(`>${route.method.toUpperCase()}</span><code class="font-mono break-all">${path}</code>`);
      const { curl, fetch } = examples.get(route.operationId) ?? {};
      expect(curl, route.operationId).toContain(`${ORIGIN}${path}`);
      expect(fetch, route.operationId).toContain(`fetch('${ORIGIN}${path}`);
      if (route.scope) {
        expect(curl).toContain(`-H "Authorization: Bearer $${KEY_VARIABLE}"`);
        expect(fetch).toContain(`Authorization: \`Bearer \${process.env.${KEY_VARIABLE}}\``);
      }
      if (route.method !== 'get') expect(fetch).toContain(`method: '${route.method.toUpperCase()}'`);
    }
    expect(html).toContain(`href="${ORIGIN}/api/v1/openapi.json"`);
  });

  it('gives curl examples that work as written: each answers 2xx with a real key', async () => {
    const owner = await createUser();
    const { id: projectId } = await createProject(owner);
    await setPlan(owner, 'pro');
    const key = await createKey(owner, projectId, ['read', 'render', 'ads', 'leads']);
    const picture = await creation(projectId, owner);
    const funnel = await createFunnel(owner, projectId);
    const page = await createFunnelPage(owner, funnel.id);
    const ids: Record<string, string> = {
      creatives: (await createCreative(owner, projectId)).id,
      creations: picture,
      ads: (await newAd(owner, projectId, { creationIds: [picture] })).id,
      funnels: funnel.id,
      leadId: await insertLead(funnel, page.id, { email: 'lead@example.com' }, new Date()),
    };
    const examples = examplesOf(html);
    for (const route of V1_ROUTES) {
      const written = parseCurl(examples.get(route.operationId)!.curl!);
      // What a developer fills in: their key, their ids.
      const path = decodeURI(written.url.pathname)
        .replace(/^\/api\/v1\/(\w+)\/\{id\}/, (_, collection: string) => `/api/v1/${collection}/${ids[collection]}`)
        .replace('{leadId}', ids.leadId!);
      const headers = Object.fromEntries(Object.entries(written.headers).map(([name, value]) => [name, value.replace(`$${KEY_VARIABLE}`, key.secret)]));
      const response = await send(path + written.url.search, { method: written.method, headers, body: written.body?.replaceAll('CREATION_ID', picture) });
      expect(response.status, `${route.operationId}: ${await response.clone().text()}`).toBeGreaterThanOrEqual(200);
      expect(response.status, route.operationId).toBeLessThan(300);
      // The run the batch example started is the one its reading example reads.
      if (route.operationId === 'createBatch') ids.batches = ((await response.json()) as { id: string }).id;
    }
  });

  it('gives a background render example that works as written: 202 with a run of one row, read back by its id', async () => {
    const owner = await createUser();
    const { id: projectId } = await createProject(owner);
    await setPlan(owner, 'pro');
    const key = await createKey(owner, projectId, ['render']);
    const written = parseCurl(examplesOf(html).get('background')!.curl!);
    expect(JSON.parse(written.body!)).toMatchObject({ async: true });
    const headers = { ...written.headers, authorization: `Bearer ${key.secret}` };
    const response = await send(written.url.pathname, { method: written.method, headers, body: written.body });
    expect(response.status, await response.clone().text()).toBe(202);
    const run = (await response.json()) as { id: string; total: number };
    expect(run.total).toBe(1);
    const read = await send(`/api/v1/batches/${run.id}`, { headers: { authorization: `Bearer ${key.secret}` } });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { id: string }).id).toBe(run.id);
    // The runs and the webhook that ends them are named beside it, linked to their reference.
    expect(html).toContain('href="#createBatch"');
    expect(html).toContain('href="#getBatch"');
    expect(html).toContain('batch.completed');
  });
});
