import type { StandardSchemaV1 } from '@standard-schema/spec';
import { send } from '#worker/test/http.ts';
import type { RegisteredRoute } from '#worker/test/routes.ts';
import { inputsOf } from '#worker/reliability/requests.ts';
import { schemaFields } from '#worker/reliability/arbitraries.ts';
import { worldIdFor, type World } from '#worker/reliability/world.ts';

/**
 * "Nothing stored that fails its own schema when read back" (issue 15 point 1), found from
 * the router like the fuzz itself: every resource with a `GET /x` and a `PATCH|PUT /x` that
 * takes JSON is read back through the API, and the fields the write schema knows are parsed
 * with that schema. The resources read are the world's own and every one the owner's
 * project lists (`GET /api/projects/:projectId/<things>` → `/api/<things>/:id`), so rows the
 * fuzz created are read too.
 */
/** A GET as the world's owner (the fuzz sends it through the app; the harness test answers it itself). */
export type Read = (path: string) => Promise<Response>;

export interface Writable {
  path: string;
  schema: StandardSchemaV1;
  rule: unknown;
}

export function writableResources(routes: readonly RegisteredRoute[]): Writable[] {
  const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.path));
  const out: Writable[] = [];
  for (const route of routes) {
    const schema = inputsOf(route).json;
    if ((route.method === 'PATCH' || route.method === 'PUT') && schema && gets.has(route.path)) out.push({ path: route.path, schema, rule: route.access });
  }
  return out;
}

/**
 * The ids the owner's listings hold for a collection now, whether any listing answered at all,
 * and the listings that failed (≥ 500: a full page of 100 once broke D1's 100 bound parameters).
 */
async function listedIds(world: World, collection: string, read: Read): Promise<{ ids: Set<string>; answered: boolean; failed: string[] }> {
  const ids = new Set<string>();
  const failed: string[] = [];
  let answered = false;
  for (const path of [`/api/projects/${world.ids.projectId}/${collection}?limit=100`, `/api/${collection}?limit=100`]) {
    const response = await read(path);
    if (response.status >= 500) failed.push(`${path}: the listing answers ${await statusOf(response)}`);
    if (response.status !== 200) continue;
    answered = true;
    const body = (await response.json()) as { items?: { id?: unknown }[] } | unknown[];
    const items = Array.isArray(body) ? body : (body.items ?? []);
    for (const item of items) if (item && typeof item === 'object' && typeof (item as { id?: unknown }).id === 'string') ids.add((item as { id: string }).id);
  }
  return { ids, answered, failed };
}

function fill(world: World, writable: Writable, own: { param: string; id: string } | undefined): string | undefined {
  let missing = false;
  const path = writable.path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, (_, name: string) => {
    if (own && name === own.param) return own.id;
    const known = worldIdFor(world, name, writable.path, writable.rule);
    if (!known) missing = true;
    return known ?? '';
  });
  return missing ? undefined : path;
}

/** A response's `status code`, for a message. */
async function statusOf(response: Response): Promise<string> {
  const text = await response.text();
  try {
    return `${response.status} ${(JSON.parse(text) as { error?: { code?: string } }).error?.code ?? ''}`.trim();
  } catch {
    return `${response.status} ${text.slice(0, 80)}`;
  }
}

/**
 * What the write schemas say about what the owner's project holds now. A GET of a resource
 * the fuzz knows exists (its project still lists it, or it has no listing and its project is
 * still there) must answer 200 with JSON; a resource that is no longer listed, or whose
 * project is gone, may answer 4xx (the route under test removed it), never 5xx; a listing
 * never answers 5xx either. Stored
 * nulls are parsed too (the write schema says whether null is allowed), and so are the
 * schema's object-level rules (issues without a path).
 *
 * `checked` carries the paths earlier read-backs of the same run found sound: a listed resource
 * in it is not read again (only the world's own always is). The fuzz makes a new project per
 * group of routes and sends only the current world's ids, so what an earlier group left cannot
 * change any more; the owner's account-wide listings (`/api/<things>`) grow with every group,
 * and reading all of them each time cost the fuzz a third of its time.
 */
export async function readBackProblems(
  world: World,
  routes: readonly RegisteredRoute[],
  read: Read = (path) => send(path, { cookie: world.owner.cookie }),
  checked: Set<string> = new Set(),
): Promise<string[]> {
  const problems: string[] = [];
  // A route that signed the owner out (logout, a password change, a deletion) leaves nothing readable as them.
  if ((await read('/api/me')).status === 401) return problems;
  const projectGone = (await read(`/api/projects/${world.ids.projectId}`)).status === 404;
  for (const writable of writableResources(routes)) {
    const paths = new Map<string, 'listed' | 'own'>();
    const [, collection, param] = /^\/api\/([a-z-]+)\/:([A-Za-z0-9_]+)$/.exec(writable.path) ?? [];
    const listed = collection ? await listedIds(world, collection, read) : { ids: new Set<string>(), answered: false, failed: [] };
    problems.push(...listed.failed);
    const own = fill(world, writable, undefined);
    const ownId = param ? worldIdFor(world, param, writable.path, writable.rule) : undefined;
    if (own) paths.set(own, ownId && listed.ids.has(ownId) ? 'listed' : 'own');
    for (const id of listed.ids) {
      const path = fill(world, writable, { param: param!, id })!;
      if (!checked.has(path) || path === own) paths.set(path, 'listed');
    }
    for (const [path, known] of paths) {
      const response = await read(path);
      if (response.status !== 200) {
        const gone = known === 'own' && response.status < 500 && (listed.answered || projectGone);
        if (!gone)
          problems.push(`${path}: GET answers ${await statusOf(response)} for a resource ${known === 'listed' ? 'its listing holds' : 'the fuzz made'}`);
        continue;
      }
      if (!(response.headers.get('content-type') ?? '').includes('json')) {
        problems.push(`${path}: GET answers 200 with ${response.headers.get('content-type') ?? 'no content-type'}, not JSON`);
        continue;
      }
      const stored = (await response.json()) as Record<string, unknown>;
      const found = await storedProblems(path, writable.schema, stored);
      problems.push(...found);
      if (found.length === 0) checked.add(path);
    }
  }
  return problems;
}

/**
 * How what a GET returned fails the write schema: on the fields both know (null included,
 * unless it is how the schema's empty string is stored), and the schema's rules that name no
 * field. Issues on a field the GET does not return are
 * not counted (a `baseRevision` is sent, never stored).
 */
export async function storedProblems(path: string, schema: StandardSchemaV1, stored: Record<string, unknown>): Promise<string[]> {
  const fields = schemaFields(schema);
  const candidate: Record<string, unknown> = {};
  for (const key of Object.keys(fields).filter((k) => k in stored)) {
    // A field emptied through the API is sent as '' and stored as null (a project's website):
    // that null is the schema's own empty value, not a broken row.
    candidate[key] = stored[key] === null && !(await accepts(fields[key], null)) && (await accepts(fields[key], '')) ? '' : stored[key];
  }
  const result = await schema['~standard'].validate(candidate);
  const problems: string[] = [];
  for (const issue of result.issues ?? []) {
    const first = issue.path?.[0];
    const key = typeof first === 'object' ? first.key : first;
    if (key !== undefined && !(String(key) in candidate)) continue;
    const at = (issue.path ?? []).map((p) => String(typeof p === 'object' ? p.key : p)).join('.') || '(the whole object)';
    problems.push(`${path}: stored ${at} fails the write schema: ${issue.message} (${JSON.stringify(valueAt(candidate, issue.path ?? []))?.slice(0, 160)})`);
  }
  return problems;
}

async function accepts(schema: unknown, value: unknown): Promise<boolean> {
  const standard = (schema as Partial<StandardSchemaV1> | undefined)?.['~standard'];
  return !!standard && !(await standard.validate(value)).issues;
}

function valueAt(value: unknown, path: readonly (PropertyKey | StandardSchemaV1.PathSegment)[]): unknown {
  let current = value;
  for (const p of path) {
    const key = typeof p === 'object' ? p.key : p;
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
