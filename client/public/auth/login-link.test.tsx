import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import LoginLink from '#client/public/auth/login-link.tsx';

describe('LoginLink', () => {
  it('is a plain link to /login with next, and opens the dialog at /login on click; Back closes it', async () => {
    window.history.replaceState(null, '', '/pricing');
    const user = userEvent.setup();
    render(<LoginLink label="Log in" look="nav" next="/pricing" />);
    const link = screen.getByRole('link', { name: 'Log in' });
    expect(link.getAttribute('href')).toBe('/login?next=%2Fpricing');

    await user.click(link);
    expect(window.location.pathname).toBe('/login');
    const dialog = document.querySelector('dialog')!;
    expect(dialog.open).toBe(true);
    expect(screen.getByRole('tab', { name: 'Sign in' })).toBeTruthy();

    act(() => window.history.back());
    // Back is asynchronous (popstate comes later): wait for it, not for a fixed time.
    await waitFor(() => expect(dialog.open).toBe(false));
    expect(window.location.pathname).toBe('/pricing');
  });

  it('closes with Escape (the dialog’s cancel) and returns to the page', async () => {
    window.history.replaceState(null, '', '/');
    const user = userEvent.setup();
    render(<LoginLink label="Start free" look="nav" next="/dashboard" tab="signup" />);
    await user.click(screen.getByRole('link', { name: 'Start free' }));
    expect(window.location.search).toBe('?next=%2Fdashboard&tab=signup');
    expect(screen.getByLabelText('Your name')).toBeTruthy();
    act(() => {
      document.querySelector('dialog')!.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    await waitFor(() => expect(document.querySelector('dialog')!.open).toBe(false));
    expect(window.location.pathname).toBe('/');
  });
});
