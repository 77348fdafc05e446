import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ErrorPage } from '#client/public/pages/status.tsx';

const chrome = { interactive: false, signedIn: false, loginNext: '/', path: '/error' };

describe('ErrorPage', () => {
  it('shows the reference it asks the visitor to mention', () => {
    render(<ErrorPage chrome={chrome} reference="req_abc123XYZ" />);
    expect(screen.getByText(/mention the reference below/)).toBeTruthy();
    expect(screen.getByTestId('reference').textContent).toBe('req_abc123XYZ');
  });

  it('does not ask for a reference when it has none', () => {
    render(<ErrorPage chrome={chrome} />);
    expect(screen.queryByText(/reference/i)).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Something went wrong');
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe('/contact');
  });
});
