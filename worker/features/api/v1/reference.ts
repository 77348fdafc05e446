import type { ApiExample, ApiReference, ApiReferenceField, ApiReferenceRoute } from '#client/public/pages/api-docs.tsx';
import { V1_ROUTES } from '#common/schemas/api-v1.ts';
import { MAX_BATCH_ROWS } from '#common/schemas/batches.ts';
import { RATE_LIMITS } from '#worker/lib/rate-limit.ts';
import { openApiDocument } from '#worker/features/api/v1/openapi.ts';

/**
 * The human reference at `/docs/api` (decision 0045), made from the served OpenAPI document:
 * each operation's method, path, scope, summary (in English: the document's), parameters, body
 * and answer as readable fields, and a copy-paste example for curl and for JavaScript's fetch.
 * Pure: the same document and origin give the same page (rendered once per isolate).
 */
type Schema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | boolean;
  maxLength?: number;
  minLength?: number;
  maxItems?: number;
  minItems?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
};

type Operation = {
  operationId: string;
  summary: string;
  'x-scope'?: string;
  parameters: { name: string; in: 'path' | 'query'; required: boolean; schema: Schema }[];
  requestBody?: { content: { 'application/json': { schema: Schema } } };
  responses: Record<string, { content?: { 'application/json': { schema: Schema } } }>;
};

/** The environment variable the examples read the key from. */
export const KEY_VARIABLE = 'ADLOOM_API_KEY';

/** What the examples send: a query, and a body with placeholders in capitals where an id of the caller's goes. */
export const EXAMPLES: Readonly<Record<string, { query?: string; body?: unknown }>> = {
  listCreatives: { query: 'limit=20' },
  createRender: {
    body: {
      template: 'bold-headline',
      format: 'square',
      modifications: [
        { layer: 'headline', text: 'Spring blend, roasted this week' },
        { layer: 'cta', text: 'Shop now', color: '#ffffff' },
      ],
    },
  },
  createBatch: {
    body: {
      template: 'bold-headline',
      format: 'square',
      rows: [
        { modifications: [{ layer: 'headline', text: 'Spring blend, roasted this week' }] },
        {
          modifications: [
            { layer: 'headline', text: 'Summer blend, on ice' },
            { layer: 'cta', text: 'Order now' },
          ],
        },
      ],
    },
  },
  createAd: {
    body: {
      creationIds: ['CREATION_ID'],
      primaryText: 'Spring is here. Our new blend, roasted this week. #coffee',
      headline: 'Spring blend',
      cta: 'shop_now',
      destinationUrl: 'https://example.com/spring',
      placements: ['instagram_feed', 'instagram_story'],
      submit: true,
    },
  },
  listLeads: { query: 'since=2026-11-01T00:00:00Z&limit=50' },
};

function constraints(schema: Schema): string[] {
  const notes: string[] = [];
  if (schema.minLength !== undefined && schema.minLength > 0) notes.push(`≥ ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) notes.push(`≤ ${schema.maxLength} characters`);
  if (schema.minItems !== undefined && schema.minItems > 0) notes.push(`≥ ${schema.minItems} items`);
  if (schema.maxItems !== undefined) notes.push(`≤ ${schema.maxItems} items`);
  if (schema.minimum !== undefined) notes.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER) notes.push(`≤ ${schema.maximum}`);
  return notes;
}

/** A schema's type in words: `string (date-time)`, `one of: draft, in_review`, `array of string`, `string or null`. */
export function typeOf(schema: Schema): string {
  if (schema.anyOf) return [...new Set(schema.anyOf.map(typeOf))].join(' or ');
  if (schema.enum) return `one of: ${schema.enum.join(', ')}`;
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : schema.type;
  if (type === 'array') return `array of ${schema.items ? typeOf(schema.items) : 'any'}`;
  if (type === 'object' && !schema.properties && typeof schema.additionalProperties === 'object') return `object of ${typeOf(schema.additionalProperties)}`;
  const base = type ?? 'any';
  const detail = [schema.format, ...constraints(schema)].filter(Boolean);
  return detail.length > 0 ? `${base} (${detail.join(', ')})` : base;
}

/** An object's fields, nested ones by dotted name (`utm.source`, `items[].id`). */
export function fieldsOf(schema: Schema, prefix = ''): ApiReferenceField[] {
  const fields: ApiReferenceField[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const path = prefix + name;
    fields.push({ name: path, type: typeOf(property), required: schema.required?.includes(name) ?? false });
    const inner = property.type === 'array' ? property.items : (property.anyOf?.find((s) => s.type === 'object') ?? property);
    if (inner?.properties) fields.push(...fieldsOf(inner, property.type === 'array' ? `${path}[].` : `${path}.`));
  }
  return fields;
}

function examplePath(path: string, query: string | undefined): string {
  return `/api/v1${path}${query ? `?${query}` : ''}`;
}

function curlOf(origin: string, method: string, path: string, scoped: boolean, body: unknown): string {
  const lines = [`curl${method === 'GET' ? '' : ` -X ${method}`} "${origin}${path}"`];
  if (scoped) lines.push(`  -H "Authorization: Bearer $${KEY_VARIABLE}"`);
  if (body !== undefined) lines.push('  -H "Content-Type: application/json"', `  -d '${JSON.stringify(body)}'`);
  return lines.join(' \\\n');
}

function fetchOf(origin: string, method: string, path: string, scoped: boolean, body: unknown, answers: boolean): string {
  const options: string[] = [];
  if (method !== 'GET') options.push(`  method: '${method}',`);
  const headers = [
    scoped ? `Authorization: \`Bearer \${process.env.${KEY_VARIABLE}}\`` : '',
    body !== undefined ? `'Content-Type': 'application/json'` : '',
  ].filter(Boolean);
  if (headers.length > 0) options.push(`  headers: { ${headers.join(', ')} },`);
  if (body !== undefined) options.push(`  body: JSON.stringify(${JSON.stringify(body, null, 2).replaceAll('\n', '\n  ')}),`);
  const call = options.length > 0 ? `fetch('${origin}${path}', {\n${options.join('\n')}\n})` : `fetch('${origin}${path}')`;
  const check = 'if (!response.ok) throw new Error((await response.json()).error.message);';
  return [`const response = await ${call};`, check, ...(answers ? ['const data = await response.json();'] : [])].join('\n');
}

/** A request as the page's two examples write it: curl, and JavaScript's fetch. */
function examplesOf(origin: string, method: string, url: string, scoped: boolean, body: unknown, answers: boolean): ApiExample {
  return { curl: curlOf(origin, method, url, scoped, body), fetch: fetchOf(origin, method, url, scoped, body, answers) };
}

function routeOf(origin: string, path: string, method: string, operation: Operation): ApiReferenceRoute {
  const example = EXAMPLES[operation.operationId] ?? {};
  const body = operation.requestBody ? (example.body ?? {}) : undefined;
  const [status, response] = Object.entries(operation.responses).find(([code]) => code.startsWith('2'))!;
  const answer = response.content?.['application/json'].schema;
  const upper = method.toUpperCase();
  const url = examplePath(path, example.query);
  const scoped = operation['x-scope'] !== undefined;
  return {
    id: operation.operationId,
    method: upper,
    path: `/api/v1${path}`,
    scope: operation['x-scope'] ?? null,
    summary: operation.summary,
    parameters: operation.parameters.map((p) => ({ name: p.name, in: p.in, type: typeOf(p.schema), required: p.required })),
    body: operation.requestBody ? fieldsOf(operation.requestBody.content['application/json'].schema) : null,
    status: Number(status),
    response: answer ? fieldsOf(answer) : [],
    ...examplesOf(origin, upper, url, scoped, body, answer !== undefined),
  };
}

/** The reference of every route, in the route table's order. */
export function apiReference(origin: string): ApiReference {
  const document = openApiDocument();
  const paths = document.paths as Record<string, Record<string, Operation>>;
  return {
    openApiUrl: `${origin}/api/v1/openapi.json`,
    version: document.info.version,
    authHeader: 'Authorization: Bearer adl_…',
    routes: V1_ROUTES.map((route) => routeOf(origin, route.path, route.method, paths[route.path]![route.method]!)),
    errorFields: fieldsOf(document.components.schemas.Error as Schema),
    rateLimit: RATE_LIMITS.apiKeyRequests.limit,
    // The render example again, asked to answer at once (202 with a run of one row).
    asyncRender: examplesOf(origin, 'POST', examplePath('/renders', undefined), true, { ...(EXAMPLES.createRender!.body as object), async: true }, true),
    maxBatchRows: MAX_BATCH_ROWS,
  };
}
