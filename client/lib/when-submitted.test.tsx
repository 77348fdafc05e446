import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { whenSubmitted } from '#client/lib/when-submitted.ts';

describe('whenSubmitted', () => {
  it('keeps the page and runs the work on submit', () => {
    const run = vi.fn(async () => {});
    render(
      <form aria-label="Dialog form" onSubmit={whenSubmitted(run)}>
        <button type="submit">Go</button>
      </form>,
    );
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    fireEvent(screen.getByRole('form', { name: 'Dialog form' }), submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
