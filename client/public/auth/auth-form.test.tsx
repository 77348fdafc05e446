import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthForm } from '#client/public/auth/auth-form.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';

describe('AuthForm', () => {
  let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
  beforeEach(() => {
    assign = vi.fn<(url: string | URL) => void>();
    vi.spyOn(window.location, 'assign').mockImplementation(assign);
  });

  it('validates as you type with the server’s schema once a field was left', async () => {
    const user = userEvent.setup();
    render(<AuthForm next="/dashboard" initialTab="signup" />);
    const password = screen.getByLabelText('Password');
    await user.type(password, 'short');
    await user.tab();
    expect(await screen.findByText('Use at least 10 characters.')).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    await user.type(password, ' but now long');
    await waitFor(() => expect(screen.queryByText('Use at least 10 characters.')).toBeNull());
  });

  it('signs in through the API and goes to next', async () => {
    const calls = mockApi({ 'POST /api/auth/login': { status: 200, body: { id: 'u1', email: 'a@example.com' } } });
    const user = userEvent.setup();
    render(<AuthForm next="/pricing" />);
    await user.type(screen.getByLabelText('Email'), 'A@Example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/pricing'));
    expect(calls).toEqual([{ method: 'POST', path: '/api/auth/login', body: { email: 'a@example.com', password: 'correct horse battery' } }]);
  });

  it('goes to the account page that says so when the sign-in cancelled a pending account deletion', async () => {
    mockApi({ 'POST /api/auth/login': { status: 200, body: { id: 'u1', email: 'a@example.com', deletionCanceled: true } } });
    const user = userEvent.setup();
    render(<AuthForm next="/pricing" />);
    await user.type(screen.getByLabelText('Email'), 'a@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/account?deletion=canceled'));
    expect(assign).not.toHaveBeenCalledWith('/pricing');
  });

  it('shows the server’s message without a reference for an expected error, and puts field details on the fields', async () => {
    mockApi({
      'POST /api/auth/signup': {
        status: 409,
        body: envelope('conflict', 'An account with this email already exists.', { email: ['An account with this email already exists.'] }),
      },
    });
    const user = userEvent.setup();
    render(<AuthForm next="/dashboard" initialTab="signup" />);
    await user.type(screen.getByLabelText('Your name'), 'Ada');
    await user.type(screen.getByLabelText('Work email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Create free account' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getAllByText('An account with this email already exists.')).toHaveLength(2);
    expect(screen.queryByText(/Reference/)).toBeNull();
    expect(screen.queryByText(/req_test_1234567/)).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows no reference for a wrong password either', async () => {
    mockApi({ 'POST /api/auth/login': { status: 401, body: envelope('unauthenticated', 'The email or password is not right.') } });
    const user = userEvent.setup();
    render(<AuthForm next="/dashboard" />);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'not the password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The email or password is not right.');
  });

  it('shows the reference support looks up when the server failed unexpectedly', async () => {
    mockApi({ 'POST /api/auth/login': { status: 500, body: envelope('internal', 'Something went wrong on our side. Please try again.') } });
    const user = userEvent.setup();
    render(<AuthForm next="/dashboard" />);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Reference: req_test_1234567');
  });

  it('sends what the fields show even when it was typed before the island hydrated', async () => {
    const calls = mockApi({ 'POST /api/auth/login': { status: 200, body: { id: 'u1', email: 'a@example.com' } } });
    render(<AuthForm next="/dashboard" />);
    // Hydrating, React keeps a value typed into the server-rendered field but never hears of it:
    // the field shows it, the form's state is still empty. (happy-dom resets such values while
    // hydrating, so the state of the field after it is set up directly here.)
    (screen.getByLabelText('Email') as HTMLInputElement).value = 'a@example.com';
    (screen.getByLabelText('Password') as HTMLInputElement).value = 'correct horse battery';
    // A plain click: userEvent would first bring the fields' values back in line with React.
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'));
    expect(calls).toEqual([{ method: 'POST', path: '/api/auth/login', body: { email: 'a@example.com', password: 'correct horse battery' } }]);
  });

  it('cannot be submitted twice while pending', async () => {
    let resolve: (value: Response) => void = () => {};
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>((r) => (resolve = r)));
    render(<AuthForm next="/dashboard" />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse battery' } });
    const button = screen.getByRole('button', { name: 'Sign in' });
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.submit(button.closest('form')!);
    await waitFor(() => expect(screen.getByRole('button', { name: /Signing in/ }).hasAttribute('disabled')).toBe(true));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    resolve(Response.json({ id: 'u1' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'));
  });

  it('switches tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<AuthForm next="/dashboard" />);
    screen.getByRole('tab', { name: 'Sign in' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Create account' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByLabelText('Your name')).toBeTruthy();
  });

  describe('from an invitation link (next is /projects?invite=…)', () => {
    const TOKEN = 'tok_aaaaaaaaaaaaaaaaaaaaaaaa';
    const next = `/projects?invite=${TOKEN}`;
    const preview = { projectName: 'Acme Surf', inviterName: 'Olivia Owner', email: 'sam@example.com', status: 'open' };

    it('says who invited the visitor to what, offers sign-up with the invited address filled in, and goes on to the invitation', async () => {
      const calls = mockApi({
        [`GET /api/invites/${TOKEN}/public`]: { status: 200, body: preview },
        'POST /api/auth/signup': { status: 201, body: { id: 'u2', email: 'sam@example.com' } },
      });
      const user = userEvent.setup();
      render(<AuthForm next={next} />);
      expect(screen.getByRole('tab', { name: 'Create account' }).getAttribute('aria-selected')).toBe('true');
      expect(await screen.findByRole('heading', { name: 'Olivia Owner invited you to “Acme Surf”' })).toBeTruthy();
      expect(screen.getByText('Create your free account with sam@example.com to join.')).toBeTruthy();
      expect(screen.queryByText('Welcome back')).toBeNull();
      await waitFor(() => expect(screen.getByLabelText('Work email')).toHaveProperty('value', 'sam@example.com'));
      await user.type(screen.getByLabelText('Your name'), 'Sam');
      await user.type(screen.getByLabelText('Password'), 'correct horse battery');
      await user.click(screen.getByRole('button', { name: 'Create free account' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith(next));
      expect(calls.filter((c) => c.method === 'POST')).toEqual([
        {
          method: 'POST',
          path: '/api/auth/signup',
          // With the browser's time zone (issue 28).
          body: {
            name: 'Sam',
            email: 'sam@example.com',
            password: 'correct horse battery',
            locale: 'en',
            timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          },
        },
      ]);
    });

    it('fills in the address on the sign-in tab too, for someone who has an account', async () => {
      mockApi({ [`GET /api/invites/${TOKEN}/public`]: { status: 200, body: preview } });
      const user = userEvent.setup();
      render(<AuthForm next={next} />);
      await screen.findByRole('heading', { name: 'Olivia Owner invited you to “Acme Surf”' });
      await user.click(screen.getByRole('tab', { name: 'Sign in' }));
      expect(screen.getByLabelText('Email')).toHaveProperty('value', 'sam@example.com');
      expect(screen.getByText('Sign in with sam@example.com to join.')).toBeTruthy();
    });

    it('keeps an address the visitor typed before the invitation arrived', async () => {
      let answer: () => void = () => {};
      const arrived = new Promise<void>((resolve) => (answer = resolve));
      mockApi({});
      vi.mocked(globalThis.fetch).mockImplementation(async () => {
        await arrived;
        return Response.json(preview);
      });
      const user = userEvent.setup();
      render(<AuthForm next={next} />);
      await user.type(screen.getByLabelText('Work email'), 'sam@work.example');
      answer();
      await screen.findByRole('heading', { name: 'Olivia Owner invited you to “Acme Surf”' });
      expect(screen.getByLabelText('Work email')).toHaveProperty('value', 'sam@work.example');
    });

    it('says when the invitation was used or has expired, and who to ask', async () => {
      mockApi({ [`GET /api/invites/${TOKEN}/public`]: { status: 200, body: { ...preview, email: null, status: 'expired' } } });
      render(<AuthForm next={next} />);
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('This invitation has expired');
      expect(alert.textContent).toContain('Ask Olivia Owner for a new one');
    });

    it('says when the link does not work', async () => {
      mockApi({ [`GET /api/invites/${TOKEN}/public`]: { status: 404, body: envelope('not_found', 'This invitation link is not valid.') } });
      render(<AuthForm next={next} />);
      expect((await screen.findByRole('alert')).textContent).toContain('This invitation link is not valid.');
    });

    it('asks nothing about invitations for any other next', async () => {
      const calls = mockApi({});
      render(<AuthForm next="/projects?view=archived" />);
      expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeTruthy();
      await new Promise<void>((resolve) => queueMicrotask(resolve));
      expect(calls.filter((c) => c.path.startsWith('/api/invites'))).toEqual([]);
    });
  });
});
