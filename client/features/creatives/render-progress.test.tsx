import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RenderProgress, useWaitProgress } from '#client/features/creatives/render-progress.tsx';

/** A render button whose work is settled by the test. */
function Renderer({ work }: { work: () => Promise<string> }) {
  const { progress, track } = useWaitProgress();
  return (
    <div>
      <button type="button" onClick={() => void track(work).catch(() => undefined)}>
        Render
      </button>
      {progress !== null ? <RenderProgress progress={progress} /> : null}
    </div>
  );
}

function held() {
  let settle!: (value: string) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<string>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  return { work: () => promise, settle, fail };
}

describe('useWaitProgress', () => {
  it('eases towards 90 % while the work runs, shows 100 % when it succeeds, then hides the bar', async () => {
    vi.useFakeTimers();
    const job = held();
    render(<Renderer work={job.work} />);
    act(() => screen.getByRole('button', { name: 'Render' }).click());
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('5');
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    const eased = Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'));
    expect(eased).toBeGreaterThan(80);
    expect(eased).toBeLessThanOrEqual(90);
    await act(async () => job.settle('done'));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('leaves no timer behind when the component goes away while the work runs or just after it ends', async () => {
    vi.useFakeTimers();
    const running = held();
    const first = render(<Renderer work={running.work} />);
    act(() => screen.getByRole('button', { name: 'Render' }).click());
    first.unmount();
    await act(async () => running.settle('late'));
    expect(vi.getTimerCount()).toBe(0);

    const ending = held();
    const second = render(<Renderer work={ending.work} />);
    act(() => screen.getByRole('button', { name: 'Render' }).click());
    await act(async () => ending.fail(new Error('refused')));
    expect(vi.getTimerCount()).toBe(1); // the bar hides 300 ms later…
    second.unmount();
    expect(vi.getTimerCount()).toBe(0); // …unless the component is gone
  });
});
