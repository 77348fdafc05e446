/* eslint-disable no-restricted-syntax -- these schemas describe the API's answers, which nothing stores; text()'s overwrite would only add a step to the OpenAPI document. */
import * as z from 'zod/mini';
import { AD_KINDS, AD_STATUSES, CTAS, PLACEMENTS, REVIEW_DECISIONS } from '#common/ads.ts';
import { adCreateInput } from '#common/schemas/ads.ts';
import type { V1Route } from '#common/schemas/api-v1.ts';
import { pageQuery, text } from '#common/schemas/fields.ts';

/**
 * Ads and leads through the public API (issue 31 point 2, decision 0045): the requests and
 * answers of `/api/v1/ads` and `/api/v1/funnels`, and their rows of the route table.
 */

const isoTime = z.string().check(z.iso.datetime());

/** POST /api/v1/ads: the workspace's ad form from creations (no creative: renders are the `render` scope's), and `submit` to send it for review. */
export const v1AdCreateInput = z.extend(z.omit(adCreateInput, { creativeId: true }), {
  creationIds: z.nonoptional(adCreateInput.shape.creationIds),
  submit: z.optional(z.boolean()),
});
export type V1AdCreateInput = z.infer<typeof v1AdCreateInput>;

export const v1AdReview = z.object({
  decision: z.enum(REVIEW_DECISIONS),
  comment: z.string(),
  reviewerName: z.string(),
  /** A member of the project (false: a visitor of the preview link). */
  member: z.boolean(),
  /** The ad's revision the review was given on. */
  revision: z.int(),
  createdAt: isoTime,
});

export const v1Ad = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(AD_KINDS),
  status: z.enum(AD_STATUSES),
  revision: z.int(),
  creationIds: z.array(z.string()),
  primaryText: z.string(),
  headline: z.string(),
  description: z.string(),
  cta: z.enum(CTAS),
  destinationUrl: z.string(),
  pageName: z.string(),
  placements: z.array(z.enum(PLACEMENTS)),
  /** The review so far, oldest first (reviewers' addresses are not given out). */
  reviews: z.array(v1AdReview),
  /** The shared preview link for the customer, or null when none is shared. */
  previewUrl: z.nullable(z.string()),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type V1Ad = z.infer<typeof v1Ad>;

export const v1Funnel = z.object({ id: z.string(), name: z.string(), title: z.string(), createdAt: isoTime });
export const v1FunnelList = z.object({ items: z.array(v1Funnel) });
export type V1FunnelList = z.infer<typeof v1FunnelList>;

/** A lead with the fields of the CSV export: the form's values, page, variant, UTM, referrer and time. */
export const v1Lead = z.object({
  id: z.string(),
  /** The page's slug. */
  page: z.string(),
  variant: z.enum(['a', 'b']),
  data: z.record(z.string(), z.union([z.string(), z.boolean()])),
  utm: z.object({ source: z.string(), medium: z.string(), campaign: z.string(), term: z.string(), content: z.string() }),
  referrer: z.nullable(z.string()),
  createdAt: isoTime,
});
export const v1LeadPage = z.object({ items: z.array(v1Lead), nextCursor: z.nullable(z.string()) });
export type V1LeadPage = z.infer<typeof v1LeadPage>;

/** GET /api/v1/funnels/{id}/leads: newest first, a page at a time; `since` keeps the leads sent at or after that time (a CRM's last sync). */
export const v1LeadQuery = z.extend(pageQuery, {
  since: z.optional(text().check(z.iso.datetime({ offset: true, message: 'Use an ISO 8601 time, like 2026-11-30T08:00:00Z.' }))),
});

export const V1_ADS_ROUTES: readonly V1Route[] = [
  {
    method: 'post',
    path: '/ads',
    operationId: 'createAd',
    summary: 'Create an ad from creations of the project (caption, placements as the workspace takes them); with submit: true, send it for review.',
    scope: 'ads',
    body: v1AdCreateInput,
    status: 201,
    response: v1Ad,
  },
  {
    method: 'post',
    path: '/ads/{id}/submit',
    operationId: 'submitAd',
    summary: 'Send a draft (or an ad with changes requested) for review, as the workspace’s button does; one in review already stays as it is.',
    scope: 'ads',
    response: v1Ad,
  },
  {
    method: 'get',
    path: '/ads/{id}',
    operationId: 'getAd',
    summary: 'One ad: its status, its review so far and its preview link.',
    scope: 'ads',
    response: v1Ad,
  },
  { method: 'get', path: '/funnels', operationId: 'listFunnels', summary: "The project's funnels.", scope: 'leads', response: v1FunnelList },
  {
    method: 'get',
    path: '/funnels/{id}/leads',
    operationId: 'listLeads',
    summary: "A funnel's leads, newest first, with the fields of the CSV export; since= for what came after a last sync.",
    scope: 'leads',
    query: v1LeadQuery,
    response: v1LeadPage,
  },
  {
    method: 'delete',
    path: '/funnels/{id}/leads/{leadId}',
    operationId: 'deleteLead',
    summary: 'Delete a lead for good (a GDPR request), recorded in the audit log without its data.',
    scope: 'leads',
    status: 204,
  },
];
