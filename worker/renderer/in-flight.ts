/**
 * The pixels of the jobs this renderer isolate is drawing now (decision 0021, "Memory"). The
 * memory budget holds for one job of up to the job limit; calls run concurrently in one isolate,
 * so their sum is bounded too: a job is admitted while the jobs in flight and it add up to at
 * most the limit, or when nothing else is in flight (a job alone has passed the limit already).
 * A number, not a queue: nothing waits on another request's promise; the caller is told the
 * renderer is busy and tries again (images.ts `drawPng`), most likely in another isolate.
 */
let inFlight = 0;

/**
 * Admits a job of `pixels` against `limit`: the function that lets it go again (calling it twice
 * lets go once), or undefined when the isolate is too busy for it now.
 */
export function admit(pixels: number, limit: number): (() => void) | undefined {
  if (inFlight > 0 && inFlight + pixels > limit) return undefined;
  inFlight += pixels;
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    inFlight -= pixels;
  };
}

/** The pixels admitted and not let go yet. */
export const pixelsInFlight = (): number => inFlight;
