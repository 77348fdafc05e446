import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };

/**
 * Stands in for the worker at the browser's fetch boundary, answering with the API's
 * real shapes (resources, `{"error": {...}}` envelopes). Routes: "METHOD /path".
 */
export function mockApi(routes: Record<string, Reply | ((body: unknown) => Reply | Promise<Reply>)>) {
  const calls: RecordedCall[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input instanceof Request ? input : new URL(String(input), 'http://localhost'), init);
    const { pathname } = new URL(request.url);
    const text = await request.text();
    const body = text ? (JSON.parse(text) as unknown) : undefined;
    calls.push({ method: request.method, path: pathname, body });
    const route = routes[`${request.method} ${pathname}`];
    // A function may answer later (a promise): a test holds a loading state for as long as it needs.
    const reply = typeof route === 'function' ? await route(body) : route;
    if (!reply) return Response.json({ error: { code: 'not_found', message: 'Not mocked', requestId: 'test' } }, { status: 404 });
    if (reply.status === 204) return new Response(null, { status: 204 });
    return Response.json(reply.body ?? {}, { status: reply.status, ...(reply.headers ? { headers: reply.headers } : {}) });
  });
  return calls;
}

export function envelope(code: string, message: string, details?: Record<string, string[]>, requestId = 'req_test_1234567') {
  return { error: { code, message, ...(details ? { details } : {}), requestId } };
}
