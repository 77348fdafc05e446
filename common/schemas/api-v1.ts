/* eslint-disable no-restricted-syntax -- these schemas describe the API's answers, which nothing stores; text()'s overwrite would only add a step to the OpenAPI document. */
import * as z from 'zod/mini';
import { CREATIVE_STATUSES, FORMAT_IDS, type Layer } from '#common/creative/document.ts';
import { v1RenderRequest } from '#common/schemas/api-v1-renders.ts';
import type { ApiScope } from '#common/schemas/api-keys.ts';
import { pageQuery } from '#common/schemas/fields.ts';
import { V1_ADS_ROUTES } from '#common/schemas/api-v1-ads.ts';
import { v1Batch, V1_BATCH_ROUTES } from '#common/schemas/api-v1-batches.ts';
import { v1Creation } from '#common/schemas/api-v1-creation.ts';

/**
 * The public API `/api/v1` (issue 31, decision 0040): the schemas that validate its requests and
 * describe its answers, and the route table the OpenAPI document is made from
 * (worker/features/api/v1/openapi.ts). A route is in Hono and in this table, or the contract
 * test fails.
 */

export const LAYER_TYPES = ['text', 'image', 'logo', 'shape', 'icon', 'cta'] as const satisfies readonly Layer['type'][];

const isoTime = z.string().check(z.iso.datetime());

/** A layer as callers see it: what they can fill by name. */
export const v1Layer = z.object({
  id: z.string(),
  name: z.nullable(z.string()),
  type: z.enum(LAYER_TYPES),
  slot: z.nullable(z.string()),
});

export const v1Creative = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(CREATIVE_STATUSES),
  format: z.enum(FORMAT_IDS),
  width: z.int(),
  height: z.int(),
  template: z.string(),
  revision: z.int(),
  /** Creatives of one design in other formats share it (null: the only one). */
  linkGroup: z.nullable(z.string()),
  layers: z.array(v1Layer),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type V1Creative = z.infer<typeof v1Creative>;

export const v1CreativePage = z.object({ items: z.array(v1Creative), nextCursor: z.nullable(z.string()) });
export type V1CreativePage = z.infer<typeof v1CreativePage>;

/** A render (in its own file: the runs' schemas share it, api-v1-batches.ts). */
export { v1Creation, type V1Creation } from '#common/schemas/api-v1-creation.ts';

export const v1Error = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.optional(z.record(z.string(), z.array(z.string()))),
    requestId: z.string(),
  }),
});

export const v1ListQuery = pageQuery;

/** One route of the public API, as the OpenAPI document describes it. */
export interface V1Route {
  method: 'get' | 'post' | 'patch' | 'delete';
  /** OpenAPI's form: `/creatives/{id}` (under /api/v1). */
  path: string;
  operationId: string;
  summary: string;
  /** null: no key needed (the document itself). */
  scope: ApiScope | null;
  query?: z.ZodMiniObject;
  /** The JSON body a POST or PATCH takes. */
  body?: z.ZodMiniType;
  /** The success status (200 unless said). */
  status?: 200 | 201 | 202 | 204;
  /** Also answered 202 with this, when the request asks for `async` (drawn in the background). */
  accepted?: z.ZodMiniType;
  /** The success answer's schema; none for 204. */
  response?: z.ZodMiniType;
  /** A POST that answers 200 with what an earlier request made from the same input (at no cost), 201 when it makes it now. */
  madeBefore?: true;
}

/** The OpenAPI document (its own shape is OpenAPI's). */
export const v1Document = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/** A built-in template (issue 31): what `POST /renders` can start from, with what it can change. */
export const v1Template = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** The ad's goal (sale, launch, product…): the template picker's categories. */
  category: z.string(),
  formats: z.array(z.object({ format: z.enum(FORMAT_IDS), width: z.int(), height: z.int() })),
  layers: z.array(v1Layer),
});
export type V1Template = z.infer<typeof v1Template>;
export const v1TemplateList = z.object({ items: z.array(v1Template) });
export type V1TemplateList = z.infer<typeof v1TemplateList>;

export const V1_ROUTES: readonly V1Route[] = [
  { method: 'get', path: '/openapi.json', operationId: 'getOpenApiDocument', summary: 'This document (OpenAPI 3.1).', scope: null, response: v1Document },
  {
    method: 'get',
    path: '/creatives',
    operationId: 'listCreatives',
    summary: "The project's creatives, newest change first, each with its layers' names and types.",
    scope: 'read',
    query: v1ListQuery,
    response: v1CreativePage,
  },
  { method: 'get', path: '/creatives/{id}', operationId: 'getCreative', summary: 'One creative with its layers.', scope: 'read', response: v1Creative },
  {
    method: 'get',
    path: '/creations/{id}',
    operationId: 'getCreation',
    summary: 'One render: its dimensions and a signed, expiring link to the picture.',
    scope: 'read',
    response: v1Creation,
  },
  ...V1_ADS_ROUTES,
  // Renders (decision 0044)
  {
    method: 'get',
    path: '/templates',
    operationId: 'listTemplates',
    summary: 'The built-in templates, each with its formats and its layers’ names and types (what a render can change).',
    scope: 'read',
    response: v1TemplateList,
  },
  {
    method: 'post',
    path: '/renders',
    operationId: 'createRender',
    summary:
      'Renders a creative or a template, changed by layer name or id, into a creation (1 credit; the same input again is free, 200). Answers when the picture is drawn.',
    scope: 'render',
    body: v1RenderRequest,
    status: 201,
    madeBefore: true,
    response: v1Creation,
    accepted: v1Batch,
  },
  ...V1_BATCH_ROUTES,
];
