import type { Context } from 'hono';

/** Runs work after the response when the runtime allows it (waitUntil), else inline. */
export async function afterResponse(c: Context, work: Promise<unknown>): Promise<void> {
  let waitUntil: ((promise: Promise<unknown>) => void) | undefined;
  try {
    const ctx = c.executionCtx;
    waitUntil = ctx.waitUntil.bind(ctx);
  } catch {
    waitUntil = undefined;
  }
  if (waitUntil) waitUntil(work.catch((error: unknown) => console.error('background work failed', error)));
  else await work;
}

/** Puts an error's extra headers (Retry-After) on the response. */
export function applyHeaders(c: Context, headers: Record<string, string> | undefined): void {
  for (const [name, value] of Object.entries(headers ?? {})) c.header(name, value);
}
