import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import Account from '#client/app/routes/account.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { tooWideForPhone } from '#client/test/ads-fixtures.tsx';
import { page, renderScreen, user, writes } from '#client/test/fixtures.tsx';

const SESSIONS = page([
  {
    id: 'ses_aaaaaaaaaaaaaaaa',
    current: true,
    userAgent: 'Mozilla/5.0 (Macintosh) Firefox/140.0',
    country: 'DE',
    createdAt: '2026-01-01T00:00:00.000Z',
    lastSeenAt: '2026-01-01T00:00:00.000Z',
    expiresAt: '2026-02-01T00:00:00.000Z',
  },
]);

function open(url = '/account', signedIn = user()) {
  return renderScreen(<Account />, { url, path: '/account', signedIn });
}

const TICKET = {
  url: '/api/me/export/mhz1q2w3.AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB',
  filename: 'adloom-export-2026-11-24.zip',
  expiresAt: '2026-11-24T08:01:00.000Z',
};

describe('the account screen: your data', () => {
  let clicked: { href: string; download: string }[];
  let createObjectURL: ReturnType<typeof vi.fn<(blob: Blob) => string>>;
  beforeEach(() => {
    clicked = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:export');
    URL.createObjectURL = createObjectURL as unknown as typeof URL.createObjectURL;
  });

  it('starts idle: the button, what the file holds, nothing asked of the server yet', async () => {
    const calls = mockApi({ 'GET /api/me/sessions': SESSIONS });
    open();
    expect(await screen.findByRole('button', { name: 'Download my data' })).toBeTruthy();
    expect(screen.getByText(/Up to three downloads an hour/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('/api/me/export'))).toEqual([]);
  });

  it('says it is preparing while the server makes the link, then hands the link to the browser’s downloads and says so', async () => {
    let answer: (reply: { status: number; body: unknown }) => void = () => {};
    const calls = mockApi({
      'GET /api/me/sessions': SESSIONS,
      'POST /api/me/export': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    const u = userEvent.setup();
    open();
    await u.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Preparing your download…')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Preparing…' })).toHaveProperty('disabled', true);
    expect(clicked).toEqual([]);
    const posts = () => calls.filter((c) => c.method === 'POST' && c.path === '/api/me/export');
    await waitFor(() => expect(posts()).toHaveLength(1));

    answer({ status: 201, body: TICKET });
    expect(await screen.findByText(/Your download of adloom-export-2026-11-24\.zip has started/)).toBeTruthy();
    expect(screen.getByText(/We email you when the download begins/)).toBeTruthy();
    // The browser downloads the link itself (to disk, as it arrives): the page never fetches or holds the archive.
    expect(clicked).toEqual([{ href: TICKET.url, download: TICKET.filename }]);
    expect(calls.filter((c) => c.path.startsWith('/api/me/export'))).toEqual([{ method: 'POST', path: '/api/me/export', body: undefined }]);
    expect(createObjectURL).not.toHaveBeenCalled();
    expect(document.querySelector(`a[href="${TICKET.url}"]`)).toBeNull();
    // Another download asks for a new link (each one works once).
    await u.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    answer({ status: 201, body: { ...TICKET, url: `${TICKET.url}x` } });
    await waitFor(() => expect(clicked).toHaveLength(2));
    expect(clicked[1]?.href).toBe(`${TICKET.url}x`);
  });

  it('says when the three downloads of the hour are used, as the server words it, and starts nothing', async () => {
    mockApi({
      'GET /api/me/sessions': SESSIONS,
      'POST /api/me/export': { status: 429, body: envelope('rate_limited', 'Too many attempts. Try again in 42 minutes.') },
    });
    const u = userEvent.setup();
    open();
    await u.click(await screen.findByRole('button', { name: 'Download my data' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Three downloads an hour')).toBeTruthy();
    expect(within(alert).getByText('Too many attempts. Try again in 42 minutes.')).toBeTruthy();
    expect(clicked).toEqual([]);
    expect(screen.getByRole('button', { name: 'Download my data' })).toHaveProperty('disabled', false);
  });

  it('says what failed, with the reference when the server failed, and when it could not be reached', async () => {
    mockApi({
      'GET /api/me/sessions': SESSIONS,
      'POST /api/me/export': { status: 500, body: envelope('internal', 'Something went wrong on our side.', undefined, 'req_export_fail') },
    });
    const u = userEvent.setup();
    open();
    await u.click(await screen.findByRole('button', { name: 'Download my data' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your data could not be downloaded')).toBeTruthy();
    expect(within(alert).getByText('Something went wrong on our side. (reference req_export_fail)')).toBeTruthy();
    expect(clicked).toEqual([]);

    vi.mocked(globalThis.fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await u.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Adloom could not be reached. Check your connection and try again.')).toBeTruthy();
    expect(clicked).toEqual([]);
  });
});

describe('the account screen: changing the password', () => {
  const card = () => screen.getByRole('button', { name: 'Change password' }).closest('form')!;

  it('checks the new password as it is typed and sends nothing while it is too short', async () => {
    const calls = mockApi({ 'GET /api/me/sessions': SESSIONS });
    const u = userEvent.setup();
    open();
    await u.type(await screen.findByLabelText('Current password'), 'old secret 1');
    await u.type(screen.getByLabelText('New password'), 'short');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await within(card()).findByText('Use at least 10 characters.')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    // What was typed stays.
    expect(screen.getByLabelText<HTMLInputElement>('Current password').value).toBe('old secret 1');
  });

  it('changes it: sends both, clears the fields, says other devices were signed out and reloads the sessions', async () => {
    const calls = mockApi({
      'GET /api/me/sessions': SESSIONS,
      'POST /api/me/password': { status: 200, body: { id: 'usr_1', email: 'ada@example.com', name: 'Ada' } },
    });
    const u = userEvent.setup();
    open();
    await u.type(await screen.findByLabelText('Current password'), 'old secret 1');
    await u.type(screen.getByLabelText('New password'), 'a much longer new one ✓');
    const sessionReads = () => calls.filter((c) => c.method === 'GET' && c.path === '/api/me/sessions').length;
    await waitFor(() => expect(sessionReads()).toBe(1));
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed. Other devices were signed out.')).toBeTruthy();
    expect(writes(calls)).toEqual([
      { method: 'POST', path: '/api/me/password', body: { currentPassword: 'old secret 1', newPassword: 'a much longer new one ✓' } },
    ]);
    expect(screen.getByLabelText<HTMLInputElement>('Current password').value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('New password').value).toBe('');
    await waitFor(() => expect(sessionReads()).toBe(2));
  });

  it('puts a wrong current password on its field and keeps what was typed', async () => {
    mockApi({
      'GET /api/me/sessions': SESSIONS,
      'POST /api/me/password': {
        status: 422,
        body: envelope('validation_failed', 'Your current password is not right.', { currentPassword: ['This is not your current password.'] }),
      },
    });
    const u = userEvent.setup();
    open();
    await u.type(await screen.findByLabelText('Current password'), 'not it at all');
    await u.type(screen.getByLabelText('New password'), 'a much longer new one');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await within(card()).findByText('This is not your current password.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('New password').value).toBe('a much longer new one');
    expect(screen.queryByText('Password changed. Other devices were signed out.')).toBeNull();
  });

  it('says when too many tries were made, as the server words it, and keeps the fields', async () => {
    mockApi({
      'GET /api/me/sessions': SESSIONS,
      'POST /api/me/password': { status: 429, body: envelope('rate_limited', 'Too many attempts. Try again in 15 minutes.') },
    });
    const u = userEvent.setup();
    open();
    await u.type(await screen.findByLabelText('Current password'), 'guess number 21');
    await u.type(screen.getByLabelText('New password'), 'a much longer new one');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await within(card()).findByText(/Too many attempts. Try again in 15 minutes./)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Current password').value).toBe('guess number 21');
    expect(screen.getByRole('button', { name: 'Change password' })).toHaveProperty('disabled', false);
  });
});

describe('the account screen: deleting the account', () => {
  let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
  beforeEach(() => {
    assign = vi.fn<(url: string | URL) => void>();
    vi.spyOn(window.location, 'assign').mockImplementation(assign);
  });

  async function openDialog() {
    const u = userEvent.setup();
    open();
    await u.click(await screen.findByRole('button', { name: 'Delete my account…' }));
    return { u, dialog: screen.getByRole('dialog', { name: 'Delete your account?' }) };
  }

  it('asks for the password, shows the date it was scheduled for, and leaves the workspace', async () => {
    const calls = mockApi({ 'GET /api/me/sessions': SESSIONS, 'POST /api/me/deletion': { status: 202, body: { purgeAfter: '2026-12-24T04:00:00.000Z' } } });
    const { u, dialog } = await openDialog();
    expect(within(dialog).getByText(/the longest-standing editor becomes their owner/)).toBeTruthy();
    // Nothing is sent without a password.
    await u.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Enter your password.')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    await u.type(within(dialog).getByLabelText('Your password'), 'correct horse battery');
    await u.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('heading', { name: 'Your account will be deleted on 24 December 2026' })).toBeTruthy();
    expect(screen.getByText(/Sign in before that date and nothing is deleted/)).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'POST', path: '/api/me/deletion', body: { password: 'correct horse battery' } }]);
    await u.click(screen.getByRole('button', { name: 'OK' }));
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('puts a wrong password on the field and keeps the dialog open', async () => {
    mockApi({
      'GET /api/me/sessions': SESSIONS,
      'POST /api/me/deletion': {
        status: 422,
        body: envelope('validation_failed', 'That password is not right.', { password: ['This is not your password.'] }),
      },
    });
    const { u, dialog } = await openDialog();
    await u.type(within(dialog).getByLabelText('Your password'), 'wrong one');
    await u.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('This is not your password.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Delete your account?' })).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it('says what to do when a paid plan still renews', async () => {
    mockApi({
      'GET /api/me/sessions': SESSIONS,
      'POST /api/me/deletion': {
        status: 409,
        body: envelope(
          'conflict',
          'Your paid plan still renews. Cancel it on the Billing page first (it runs to the end of the period), then delete your account.',
        ),
      },
    });
    const { u, dialog } = await openDialog();
    await u.type(within(dialog).getByLabelText('Your password'), 'correct horse battery');
    await u.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText(/Cancel it on the Billing page first/)).toBeTruthy();
    // The page it names is one click away.
    expect(within(dialog).getByRole('link', { name: 'Open the Billing page' }).getAttribute('href')).toBe('/account/billing');
  });

  it('says before the password is typed that a paid plan must be cancelled first, with a link to Billing', async () => {
    mockApi({ 'GET /api/me/sessions': SESSIONS });
    const u = userEvent.setup();
    open('/account', user({ plan: { id: 'pro', name: 'Pro' } }));
    await u.click(await screen.findByRole('button', { name: 'Delete my account…' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).getByText(/Your Pro plan must not renew/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Open the Billing page' }).getAttribute('href')).toBe('/account/billing');
    expect((within(dialog).getByLabelText('Your password') as HTMLInputElement).value).toBe('');
  });

  it('says nothing of billing to a Free account', async () => {
    const { dialog } = await openDialog();
    expect(within(dialog).queryByRole('link', { name: 'Open the Billing page' })).toBeNull();
  });

  it('closes without sending anything on “Keep my account”', async () => {
    const calls = mockApi({ 'GET /api/me/sessions': SESSIONS });
    const { u, dialog } = await openDialog();
    await u.type(within(dialog).getByLabelText('Your password'), 'typed but kept');
    await u.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete your account?' })).toBeNull());
    expect(writes(calls)).toEqual([]);
  });

  it('welcomes back a user whose sign-in cancelled the deletion', async () => {
    mockApi({ 'GET /api/me/sessions': SESSIONS });
    open('/account?deletion=canceled');
    expect(await screen.findByText('Welcome back: your account will not be deleted')).toBeTruthy();
  });

  it('says nothing of it otherwise', async () => {
    mockApi({ 'GET /api/me/sessions': SESSIONS });
    open('/account');
    await screen.findByRole('button', { name: 'Download my data' });
    expect(screen.queryByText('Welcome back: your account will not be deleted')).toBeNull();
  });

  it('fits a 390 px phone, dialog included', async () => {
    window.innerWidth = 390;
    mockApi({ 'GET /api/me/sessions': SESSIONS });
    const u = userEvent.setup();
    const { container } = open();
    await u.click(await screen.findByRole('button', { name: 'Delete my account…' }));
    screen.getByRole('dialog', { name: 'Delete your account?' });
    expect(tooWideForPhone(container.ownerDocument.body)).toEqual([]);
  });
});
