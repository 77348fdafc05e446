import { afterEach, describe, expect, it } from 'vitest';
import { admit, bytesInFlight } from '#worker/renderer/in-flight.ts';

/**
 * The renderer's in-flight bound (decision 0021, "Memory"; reviews 16 R3 and 18): the pictures'
 * bytes the jobs of one isolate hold at once add up to at most one job's limit.
 */
describe('the bytes a renderer isolate’s jobs hold at once', () => {
  const held: (() => void)[] = [];
  const take = (bytes: number, limit = 12) => {
    const release = admit(bytes, limit);
    if (release) held.push(release);
    return release;
  };
  afterEach(() => {
    for (const release of held.splice(0)) release();
    expect(bytesInFlight()).toBe(0);
  });

  it('admits jobs while they add up to the limit, refuses the next, and admits it once one is let go', () => {
    const first = take(5);
    expect(first).toBeTypeOf('function');
    expect(take(7)).toBeTypeOf('function');
    expect(bytesInFlight()).toBe(12);
    expect(take(1)).toBeUndefined();
    expect(bytesInFlight()).toBe(12);
    first!();
    expect(bytesInFlight()).toBe(7);
    expect(take(5)).toBeTypeOf('function');
    expect(take(1)).toBeUndefined();
    // A job holding nothing always fits.
    expect(take(0)).toBeTypeOf('function');
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
    expect(bytesInFlight()).toBe(6);
    expect(take(7)).toBeUndefined();
    expect(take(6)).toBeTypeOf('function');
  });
});
