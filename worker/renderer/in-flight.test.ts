import { afterEach, describe, expect, it } from 'vitest';
import { admit, pixelsInFlight } from '#worker/renderer/in-flight.ts';

/**
 * The renderer's in-flight bound (decision 0021, "Memory"; review 16, R3): jobs running at once
 * in one isolate add up to at most the job limit, so that two large ones cannot break the
 * 128 MB a single one is budgeted within.
 */
describe('the pixels a renderer isolate draws at once', () => {
  const held: (() => void)[] = [];
  const take = (pixels: number, limit = 12) => {
    const release = admit(pixels, limit);
    if (release) held.push(release);
    return release;
  };
  afterEach(() => {
    for (const release of held.splice(0)) release();
    expect(pixelsInFlight()).toBe(0);
  });

  it('admits jobs while they add up to the limit, refuses the next, and admits it once one is let go', () => {
    const first = take(5);
    expect(first).toBeTypeOf('function');
    expect(take(7)).toBeTypeOf('function');
    expect(pixelsInFlight()).toBe(12);
    expect(take(1)).toBeUndefined();
    expect(pixelsInFlight()).toBe(12);
    first!();
    expect(pixelsInFlight()).toBe(7);
    expect(take(5)).toBeTypeOf('function');
    expect(take(1)).toBeUndefined();
  });

  it('always admits a job when nothing else is in flight (its own limit was checked before)', () => {
    expect(take(20)).toBeTypeOf('function');
    expect(take(1)).toBeUndefined();
  });

  it('lets a job go once, however often its release is called', () => {
    const first = take(6);
    take(6);
    first!();
    first!();
    expect(pixelsInFlight()).toBe(6);
    expect(take(7)).toBeUndefined();
    expect(take(6)).toBeTypeOf('function');
  });
});
