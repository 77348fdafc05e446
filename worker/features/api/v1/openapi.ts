import * as z from 'zod/mini';
import { API_SCOPES } from '#common/schemas/api-keys.ts';
import { V1_ROUTES, v1Error, type V1Route } from '#common/schemas/api-v1.ts';

/**
 * The OpenAPI 3.1 document of `/api/v1` (decision 0040), made from the route table and the same
 * zod/mini schemas that validate the requests, by zod's own `toJSONSchema` (JSON Schema 2020-12,
 * OpenAPI 3.1's dialect): no generator library. Built once per isolate.
 */
type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

function pathParameters(path: string) {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
}

function queryParameters(route: V1Route) {
  if (!route.query) return [];
  const schema = jsonSchema(route.query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: schema.required?.includes(name) ?? false,
    schema: property,
  }));
}

/** What a route that takes a JSON body answers when it cannot read one (worker/lib/validate.ts `readJson`). */
const UNREADABLE_BODY = {
  '400': errorResponse('The body is not valid JSON.'),
  '413': errorResponse('The body is larger than 1 MiB.'),
  '415': errorResponse('The body is not sent as application/json.'),
};

/** Every POST honours it (decision 0044). */
const IDEMPOTENCY_KEY = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Any unique value (1–255 printable ASCII characters): the first answer is kept 24 hours and the same request with the same key gets it again (header Idempotent-Replayed: true) without running twice; the key with another body → 422; while the first still runs → 409.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

/** 200, or for a route that makes something 201 (made now) and 200 (made before: the same answer again). */
function successes(route: V1Route) {
  return {
    ...made(route),
    ...(route.accepted
      ? {
          '202': {
            description: 'Accepted with `async`: drawn in the background.',
            content: { 'application/json': { schema: jsonSchema(route.accepted, 'output') } },
          },
        }
      : {}),
  };
}

function made(route: V1Route) {
  if (!route.response) return { [String(route.status ?? 200)]: { description: 'Done; no content.' } };
  const content = { 'application/json': { schema: jsonSchema(route.response, 'output') } };
  if (route.status === 202) return { '202': { description: 'Accepted: drawn in the background.', content } };
  if (route.status !== 201) return { [String(route.status ?? 200)]: { description: 'OK', content } };
  if (!route.madeBefore) return { '201': { description: 'Made now.', content } };
  return { '201': { description: 'Made now.', content }, '200': { description: 'Made before for the same input: the same answer, at no cost.', content } };
}

function operation(route: V1Route) {
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.scope ? { security: [{ apiKey: [route.scope] }], 'x-scope': route.scope } : { security: [] }),
    parameters: [...pathParameters(route.path), ...queryParameters(route), ...(route.method === 'post' ? [IDEMPOTENCY_KEY] : [])],
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } } } : {}),
    responses: {
      ...successes(route),
      ...(route.scope
        ? {
            '401': errorResponse('No API key, or one that is not valid (revoked, unknown).'),
            '403': errorResponse('The key lacks the scope.'),
            '404': errorResponse('Not found in the key’s project.'),
            ...(route.method === 'get'
              ? {}
              : {
                  '409': errorResponse(
                    route.method === 'post'
                      ? 'Refused in the resource’s present state (as the workspace refuses it), or a request with this Idempotency-Key is still running.'
                      : 'Refused in the resource’s present state (as the workspace refuses it).',
                  ),
                }),
            ...(route.body ? UNREADABLE_BODY : {}),
            '422': errorResponse('A parameter is not valid.'),
            ...(route.scope === 'render' && route.method === 'post' ? { '402': errorResponse('Out of credits.') } : {}),
            '429': errorResponse('Too many requests with this key: wait Retry-After seconds.'),
          }
        : {}),
    },
  };
}

export function buildDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of V1_ROUTES) (paths[route.path] ??= {})[route.method] = operation(route);
  return {
    openapi: '3.1.0' as const,
    info: {
      title: 'Adloom API',
      version: '1.0.0',
      description: `Send a project's API key as \`Authorization: Bearer adl_…\`. Scopes: ${API_SCOPES.join(', ')}. Errors come as {"error": {"code", "message", "details"?, "requestId"}}.`,
    },
    servers: [{ url: '/api/v1' }],
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'A project API key (adl_…), made by the project’s owner in its settings.' } },
      schemas: { Error: jsonSchema(v1Error, 'output') },
    },
    paths,
  };
}

let built: ReturnType<typeof buildDocument> | undefined;

/** The document, built on first use. */
export function openApiDocument() {
  return (built ??= buildDocument());
}
