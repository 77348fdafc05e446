import * as z from 'zod/mini';
import { text } from '#common/schemas/fields.ts';

/**
 * Webhooks of a project (issue 31 point 4, decision 0042): the events an endpoint can take, what
 * the workspace sends to add or change one, and what it reads back. Deliveries are signed per
 * Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`); the secret is
 * `whsec_` + 32 random bytes in base64, shown once when made (and once more when rotated).
 */
export const WEBHOOK_EVENTS = [
  'creation.rendered',
  'ad.submitted',
  'ad.review_level_passed',
  'ad.approved',
  'ad.changes_requested',
  'post.published',
  'post.failed',
  'lead.created',
  'batch.completed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Sent by "send a test event" only; no endpoint subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type WebhookEventType = WebhookEvent | typeof WEBHOOK_TEST_EVENT;

/** How many endpoints a project may have. */
export const WEBHOOK_ENDPOINT_LIMIT = 10;
export const WEBHOOK_URL_MAX = 500;
/** How much of an endpoint's answer the log keeps (bytes). */
export const WEBHOOK_RESPONSE_EXCERPT = 1024;

const URL_REQUIRED = 'Enter the endpoint’s address, like https://example.com/webhooks.';
const EVENTS_REQUIRED = 'Pick at least one event.';

export const webhookUrlField = text(URL_REQUIRED).check(
  z.trim(),
  z.minLength(1, URL_REQUIRED),
  z.maxLength(WEBHOOK_URL_MAX, 'That address is too long.'),
  z.refine((value) => URL.canParse(value), URL_REQUIRED),
);

export const webhookEventsField = z.array(z.enum(WEBHOOK_EVENTS, 'Pick events from the list.')).check(
  z.minLength(1, EVENTS_REQUIRED),
  z.maxLength(WEBHOOK_EVENTS.length, 'Pick each event once.'),
  z.refine((events) => new Set(events).size === events.length, 'Pick each event once.'),
);

export const webhookCreateInput = z.object({ url: webhookUrlField, events: webhookEventsField });
export type WebhookCreateInput = z.infer<typeof webhookCreateInput>;

/** A change: any of the address, the events, and whether it is on. */
export const webhookUpdateInput = z.object({
  url: z.optional(webhookUrlField),
  events: z.optional(webhookEventsField),
  enabled: z.optional(z.boolean('Say whether the endpoint is on.')),
});
export type WebhookUpdateInput = z.infer<typeof webhookUpdateInput>;

export type WebhookDisabledReason = 'owner' | 'failing';

/** An endpoint as the workspace lists it (never its secret). */
export interface WebhookEndpointItem {
  id: string;
  url: string;
  events: WebhookEvent[];
  enabled: boolean;
  /** Why it is off: switched off by an owner, or after 24 h of failed deliveries. */
  disabledReason: WebhookDisabledReason | null;
  /** Until when the previous secret (after a rotation) still signs too. */
  previousSecretExpiresAt: string | null;
  createdAt: string;
}

export interface WebhookEndpointList {
  items: WebhookEndpointItem[];
  limit: number;
}

/** The answer to a create or a rotation: the endpoint, and its new secret this once. */
export interface WebhookEndpointWithSecret extends WebhookEndpointItem {
  secret: string;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One row of an endpoint's delivery log. */
export interface WebhookDeliveryItem {
  id: string;
  /** The `webhook-id` header: the same for every attempt and for "send again". */
  eventId: string;
  type: WebhookEventType;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** The HTTP status of the last attempt, or null (no answer: a timeout, a refused address). */
  statusCode: number | null;
  latencyMs: number | null;
  /** The first 1 KB of the last answer, or why there was none. */
  response: string | null;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  createdAt: string;
}

export interface WebhookDeliveryList {
  items: WebhookDeliveryItem[];
}
