import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { LoadFailedOrNotFound } from '#client/components/load-failed-or-not-found.tsx';
import { ApiError } from '#client/lib/http.ts';

describe('LoadFailedOrNotFound', () => {
  it('shows the 404 page when the API says the record does not exist', () => {
    render(
      <MemoryRouter>
        <LoadFailedOrNotFound error={new ApiError('not_found', 'Not found', 404)} title="This page could not be loaded" onRetry={() => undefined} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('offers a retry for any other failure', () => {
    const onRetry = vi.fn();
    render(<LoadFailedOrNotFound error={new ApiError('internal', 'Boom', 500)} title="This page could not be loaded" onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('This page could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
