/**
 * The pictures' bytes the jobs of this renderer isolate hold now (decision 0021, "Memory"). Drawing
 * does no I/O, so two jobs in one isolate never decode at once; what they can hold at once is
 * their pictures — the files read from R2, then their data URLs — while one of them waits on I/O.
 * A job is admitted, once the sizes of its files are known and before their bodies are read,
 * while the jobs in flight and it add up to at most the limit, or when nothing else is in flight
 * (a job alone has passed the limit already). A number, not a queue: nothing waits on another
 * request's promise; the caller is told the renderer is busy and tries again (images.ts
 * `drawPng`), most likely in another isolate.
 */

/**
 * Far longer than any render takes (a few seconds). An admission older than this was never let
 * go: its call was cancelled while it waited on I/O (workerd does not resume such a call, so its
 * `finally` never runs). It stops counting, rather than keeping the isolate busy for its life.
 */
export const LEASE_MS = 60_000;

const leases = new Set<{ bytes: number; since: number }>();

/** The bytes admitted and not let go yet, leases older than LEASE_MS dropped (and logged). */
export function bytesInFlight(now = Date.now()): number {
  let held = 0;
  for (const lease of leases) {
    if (now - lease.since > LEASE_MS) {
      leases.delete(lease);
      console.warn(JSON.stringify({ level: 'warn', message: 'render_admission_expired', bytes: lease.bytes, heldMs: now - lease.since }));
    } else held += lease.bytes;
  }
  return held;
}

/**
 * Admits a job holding `bytes` against `limit`: the function that lets it go again (calling it
 * twice lets go once), or undefined when the isolate holds too much for it now.
 */
export function admit(bytes: number, limit: number, now = Date.now()): (() => void) | undefined {
  const held = bytesInFlight(now);
  if (held > 0 && held + bytes > limit) return undefined;
  const lease = { bytes, since: now };
  leases.add(lease);
  return () => {
    leases.delete(lease);
  };
}
