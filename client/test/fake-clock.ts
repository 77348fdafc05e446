import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';

/**
 * vitest's fake timers, made known to testing-library: it only recognises Jest's (a global
 * `jest` whose clock drives setTimeout), and otherwise waits on a faked setTimeout(0) after
 * every act() and in waitFor, forever. Undone after each test (client/test/setup.ts).
 * Returns a userEvent whose pauses between keys advance the fake clock.
 */
export function useFakeClock() {
  vi.useFakeTimers();
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  return userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
}
