import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast } from '#client/components/toast.tsx';

function Announcer() {
  const toast = useToast();
  return (
    <div>
      <button type="button" onClick={() => toast({ tone: 'success', message: 'Saved.' })}>
        Save
      </button>
      <button type="button" onClick={() => toast({ tone: 'error', message: 'Could not save.' })}>
        Fail
      </button>
    </div>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ToastProvider', () => {
  it('dismisses a success after 5 s and an error after 8 s', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Announcer />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'Save' }).click());
    act(() => screen.getByRole('button', { name: 'Fail' }).click());
    expect(screen.getByRole('status').textContent).toContain('Saved.');
    expect(screen.getByRole('alert').textContent).toContain('Could not save.');
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('alert')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ends its timer when a toast is dismissed by hand', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Announcer />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'Save' }).click());
    act(() => screen.getByRole('button', { name: 'Dismiss' }).click());
    expect(screen.queryByRole('status')).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('leaves no timer behind when it goes away with toasts on screen', () => {
    vi.useFakeTimers();
    const { unmount } = render(
      <ToastProvider>
        <Announcer />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'Save' }).click());
    act(() => screen.getByRole('button', { name: 'Fail' }).click());
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
