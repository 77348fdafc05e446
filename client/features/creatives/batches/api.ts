import type { BatchDetail, BatchItem, BatchList, BatchStartInput } from '#common/schemas/batches.ts';
import { readJson } from '#client/lib/http.ts';

/**
 * The workspace's calls for bulk creatives (issue 31 point 6), typed by the contract
 * (common/schemas/batches.ts). Plain same-origin fetches for now: the routes are built on another
 * branch, so the typed client (client/lib/api.ts) cannot name them yet; these move to it once
 * they are on main. The typed client sends no CSRF header of its own (the worker checks the
 * request's origin), so a same-origin fetch with the cookie is the same request.
 */

const base = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/batches`;
const one = (projectId: string, batchId: string) => `${base(projectId)}/${encodeURIComponent(batchId)}`;

function send(path: string, json?: unknown): Promise<unknown> {
  const body = json === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(json) };
  return readJson(fetch(path, { method: json === undefined ? 'GET' : 'POST', credentials: 'same-origin', ...body }));
}

export const batchesApi = {
  /** 202 and the run, or 402 `insufficient_credits` when the balance cannot pay for every row. */
  start: (projectId: string, input: BatchStartInput) => send(base(projectId), input) as Promise<BatchItem>,
  /** The creative's runs, newest first. */
  list: (projectId: string, creativeId: string) => send(`${base(projectId)}?${new URLSearchParams({ creativeId }).toString()}`) as Promise<BatchList>,
  detail: (projectId: string, batchId: string) => send(one(projectId, batchId)) as Promise<BatchDetail>,
  cancel: (projectId: string, batchId: string) => send(`${one(projectId, batchId)}/cancel`, {}) as Promise<BatchItem>,
  retry: (projectId: string, batchId: string) => send(`${one(projectId, batchId)}/retry`, {}) as Promise<BatchItem>,
};

/** The run's pictures as one ZIP: a plain link (`download`). */
export const batchZipHref = (projectId: string, batchId: string) => `${one(projectId, batchId)}/zip`;
