import { vi } from 'vitest';

/** One request the code under test sent to an intercepted host. */
export interface Intercepted {
  request: Request;
  url: string;
  /** The `init` given to fetch, as given (e.g. to check that it asked for `redirect: 'manual'`). */
  init: RequestInit | undefined;
  /** The request body as text ('' without one). */
  body: string;
}

type Reply = (call: Intercepted) => Response | Promise<Response>;

/**
 * Answers every fetch to `hostname` with `reply` instead of the network and records those
 * requests (in order) in the returned array; fetches to any other host go to the real fetch.
 * A spy on fetch: it ends with the test (worker/test/setup.ts restores all mocks).
 */
export function interceptHost(hostname: string, reply: Reply): Intercepted[] {
  return interceptHosts({ [hostname]: reply });
}

/**
 * interceptHost for several hosts at once (one spy: a second interceptHost would replace the
 * first): each host by its own reply, all requests in one array, in order.
 */
export function interceptHosts(replies: Record<string, Reply>): Intercepted[] {
  // A second spy would call the first as "the real fetch", and it back: one call per test.
  if (vi.isMockFunction(globalThis.fetch)) throw new Error('fetch is already intercepted in this test: name every host in one interceptHosts call.');
  const calls: Intercepted[] = [];
  const original = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const reply = replies[new URL(url).hostname];
    if (!reply) return original(input, init);
    const request = new Request(input, init);
    const call: Intercepted = { request, url: request.url, init, body: await request.clone().text() };
    calls.push(call);
    return reply(call);
  });
  return calls;
}
