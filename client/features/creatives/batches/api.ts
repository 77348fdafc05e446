import type { BatchStartInput } from '#common/schemas/batches.ts';
import { api, call } from '#client/lib/api.ts';

const runs = api.api.projects[':projectId'].batches;
const run = runs[':batchId'];

/**
 * The workspace's calls for bulk creatives (issue 31 point 6); the response types are the
 * worker's (inferred through the typed client, the contract in common/schemas/batches.ts).
 */
export const batchesApi = {
  /** 202 and the run, or 402 `insufficient_credits` when the balance cannot pay for every row. */
  start: (projectId: string, json: BatchStartInput) => call(runs.$post({ param: { projectId }, json })),
  /** The creative's runs, newest first. */
  list: (projectId: string, creativeId: string) => call(runs.$get({ param: { projectId }, query: { creativeId } })),
  detail: (projectId: string, batchId: string) => call(run.$get({ param: { projectId, batchId } })),
  cancel: (projectId: string, batchId: string) => call(run.cancel.$post({ param: { projectId, batchId } })),
  retry: (projectId: string, batchId: string) => call(run.retry.$post({ param: { projectId, batchId } })),
};

/** The run's pictures as one ZIP: a plain link (`download`). */
export const batchZipHref = (projectId: string, batchId: string) => `/api/projects/${encodeURIComponent(projectId)}/batches/${encodeURIComponent(batchId)}/zip`;
