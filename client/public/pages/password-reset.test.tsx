import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordResetPage } from '#client/public/pages/password-reset.tsx';

const signInLinks = () => screen.queryAllByRole('link').filter((a) => a.getAttribute('href') === '/login');

describe('PasswordResetPage', () => {
  it('shows one way to sign in once the password is changed (issue 27: there were two)', () => {
    render(<PasswordResetPage form={{ state: 'changed' }} />);
    expect(screen.getByText('Your password is changed')).toBeTruthy();
    expect(signInLinks()).toHaveLength(1);
  });

  it('offers “Remembered it? Sign in” beside the request form, and not beside a reset link’s form', () => {
    const first = render(<PasswordResetPage form={{}} />);
    expect(signInLinks()).toHaveLength(1);
    first.unmount();
    render(<PasswordResetPage form={{ token: 'a'.repeat(43) }} />);
    expect(signInLinks()).toHaveLength(0);
  });
});
