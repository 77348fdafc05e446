import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import Account from '#client/app/routes/account.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { tooWideForPhone } from '#client/test/ads-fixtures.tsx';
import { page, renderScreen, writes } from '#client/test/fixtures.tsx';

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

function open(url = '/account') {
  return renderScreen(<Account />, { url, path: '/account' });
}

/** Answers the export with a stream whose chunks the test releases one at a time. */
function mockExport(routes: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({ 'GET /api/me/sessions': SESSIONS, ...routes });
  const json = vi.mocked(globalThis.fetch).getMockImplementation()!;
  let push: ((chunk: Uint8Array | null) => void) | undefined;
  let signal: AbortSignal | undefined;
  vi.mocked(globalThis.fetch).mockImplementation((input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    if (url.pathname !== '/api/me/export') return json(input, init);
    signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (chunk) => (chunk ? controller.enqueue(chunk) : controller.close());
        signal?.addEventListener('abort', () => controller.error(new DOMException('Aborted', 'AbortError')));
      },
    });
    return Promise.resolve(
      new Response(body, {
        status: 200,
        headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="adloom-export-2026-11-24.zip"' },
      }),
    );
  });
  return { calls, push: (chunk: Uint8Array | null) => push!(chunk) };
}

describe('the account screen: your data', () => {
  let createObjectURL: ReturnType<typeof vi.fn<(blob: Blob) => string>>;
  let clicked: { href: string; download: string }[];
  beforeEach(() => {
    createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:export');
    URL.createObjectURL = createObjectURL as unknown as typeof URL.createObjectURL;
    URL.revokeObjectURL = vi.fn();
    clicked = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
  });

  it('downloads the export with progress, saves it under the server’s name and says an email was sent', async () => {
    const { push } = mockExport();
    const u = userEvent.setup();
    open();
    await u.click(await screen.findByRole('button', { name: 'Download my data' }));
    push(new Uint8Array(3 * 1024 * 1024));
    expect(await screen.findByText('Downloading… 3.0 MB received')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    push(new Uint8Array(1024 * 1024));
    expect(await screen.findByText('Downloading… 4.0 MB received')).toBeTruthy();
    push(null);
    expect(await screen.findByText('Your data was downloaded (4.0 MB). We sent you an email about it.')).toBeTruthy();
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    const blob = createObjectURL.mock.calls[0]![0];
    expect(blob.size).toBe(4 * 1024 * 1024);
    expect(blob.type).toBe('application/zip');
    expect(clicked).toEqual([{ href: 'blob:export', download: 'adloom-export-2026-11-24.zip' }]);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('cancels a download under way and saves nothing', async () => {
    const { push } = mockExport();
    const u = userEvent.setup();
    open();
    await u.click(await screen.findByRole('button', { name: 'Download my data' }));
    push(new Uint8Array(2048));
    await screen.findByText('Downloading… 2 KB received');
    await u.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Download cancelled.')).toBeTruthy();
    expect(createObjectURL).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeTruthy();
  });

  it('says why the server refused (three exports an hour)', async () => {
    mockApi({
      'GET /api/me/sessions': SESSIONS,
      'GET /api/me/export': { status: 429, body: envelope('rate_limited', 'Too many attempts. Try again in 42 minutes.') },
    });
    const u = userEvent.setup();
    open();
    await u.click(await screen.findByRole('button', { name: 'Download my data' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your data could not be downloaded')).toBeTruthy();
    expect(within(alert).getByText('Too many attempts. Try again in 42 minutes.')).toBeTruthy();
    expect(createObjectURL).not.toHaveBeenCalled();
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
