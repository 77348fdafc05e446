import type { WebhookCreateInput, WebhookUpdateInput } from '#common/schemas/webhooks.ts';
import { api, call } from '#client/lib/api.ts';

const hooksOf = api.api.projects[':projectId'].webhooks;
const one = hooksOf[':endpointId'];

/** The webhook endpoints of a project (issue 31): its owner lists, adds, changes and deletes them, and reads their logs. */
export const webhooksApi = {
  list: (projectId: string) => call(hooksOf.$get({ param: { projectId } })),
  /** The answer carries the signing secret, this once. */
  create: (projectId: string, json: WebhookCreateInput) => call(hooksOf.$post({ param: { projectId }, json })),
  update: (projectId: string, endpointId: string, json: WebhookUpdateInput) => call(one.$patch({ param: { projectId, endpointId }, json })),
  remove: (projectId: string, endpointId: string) => call(one.$delete({ param: { projectId, endpointId } })),
  /** The answer carries the new secret, this once. */
  rotate: (projectId: string, endpointId: string) => call(one.rotate.$post({ param: { projectId, endpointId } })),
  test: (projectId: string, endpointId: string) => call(one.test.$post({ param: { projectId, endpointId } })),
  deliveries: (projectId: string, endpointId: string) => call(one.deliveries.$get({ param: { projectId, endpointId } })),
  resend: (projectId: string, endpointId: string, deliveryId: string) =>
    call(one.deliveries[':deliveryId'].resend.$post({ param: { projectId, endpointId, deliveryId } })),
};
