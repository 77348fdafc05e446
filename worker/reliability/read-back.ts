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
 * fuzz created are read too. Issues on fields the GET does not return are not counted (a
 * `baseRevision` is sent, never stored).
 */
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

async function listedIds(world: World, collection: string): Promise<string[]> {
  const ids = new Set<string>();
  for (const path of [`/api/projects/${world.ids.projectId}/${collection}?limit=100`, `/api/${collection}?limit=100`]) {
    const response = await send(path, { cookie: world.owner.cookie });
    if (response.status !== 200) continue;
    const body = (await response.json()) as { items?: { id?: unknown }[] } | unknown[];
    const items = Array.isArray(body) ? body : (body.items ?? []);
    for (const item of items) if (item && typeof item === 'object' && typeof (item as { id?: unknown }).id === 'string') ids.add((item as { id: string }).id);
  }
  return [...ids];
}

function fill(world: World, writable: Writable, id?: string): string | undefined {
  let missing = false;
  const path = writable.path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, (_, name: string) => {
    if (name === 'id' && id) return id;
    const known = worldIdFor(world, name, writable.path, writable.rule);
    if (!known) missing = true;
    return known ?? '';
  });
  return missing ? undefined : path;
}

export async function readBackProblems(world: World, routes: readonly RegisteredRoute[]): Promise<string[]> {
  const problems: string[] = [];
  for (const writable of writableResources(routes)) {
    const paths = new Set<string>();
    const own = fill(world, writable);
    if (own) paths.add(own);
    const collection = /^\/api\/([a-z-]+)\/:id$/.exec(writable.path)?.[1];
    if (collection) for (const id of await listedIds(world, collection)) paths.add(fill(world, writable, id)!);
    const fields = Object.keys(schemaFields(writable.schema));
    for (const path of paths) {
      const response = await send(path, { cookie: world.owner.cookie });
      if (response.status !== 200 || !(response.headers.get('content-type') ?? '').includes('json')) continue;
      const stored = (await response.json()) as Record<string, unknown>;
      const candidate = Object.fromEntries(fields.filter((key) => key in stored && stored[key] !== null).map((key) => [key, stored[key]]));
      const result = await writable.schema['~standard'].validate(candidate);
      for (const issue of result.issues ?? []) {
        const first = issue.path?.[0];
        const key = typeof first === 'object' ? first.key : first;
        if (key === undefined || !(String(key) in candidate)) continue;
        const at = (issue.path ?? []).map((p) => String(typeof p === 'object' ? p.key : p)).join('.');
        problems.push(
          `${path}: stored ${at} fails the write schema: ${issue.message} (${JSON.stringify(valueAt(candidate, issue.path ?? []))?.slice(0, 160)})`,
        );
      }
    }
  }
  return problems;
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
