import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { envelope } from '#client/test/api-mock.ts';
import { writes } from '#client/test/fixtures.tsx';
import { BASE, connection, openMarketing, tooWideForPhone } from '#client/test/ads-fixtures.tsx';
import { browser } from '#client/features/instagram/api.ts';

const card = () => screen.findByRole('region', { name: 'Instagram' });

describe('the Instagram card', () => {
  it('without Instagram credentials says what to configure and connects a sandbox account instead', async () => {
    const { calls } = openMarketing('', {
      [`POST ${BASE}/instagram/sandbox`]: { status: 200, body: connection({}, { username: 'acme-surf.sandbox' }) },
    });
    const user = userEvent.setup();
    const region = await card();
    const connect = await within(region).findByRole('button', { name: 'Connect Instagram' });
    expect((connect as HTMLButtonElement).disabled).toBe(true);
    const explanation = document.getElementById(connect.getAttribute('aria-describedby')!)!;
    expect(explanation.textContent).toContain('INSTAGRAM_APP_ID');
    expect(explanation.textContent).toContain('INSTAGRAM_APP_SECRET');
    const sandbox = within(region).getByRole('button', { name: /Connect a sandbox account/ });
    expect(within(sandbox).getByText('Sandbox')).toBeTruthy();
    await user.click(sandbox);
    expect(await within(region).findByText('@acme-surf.sandbox')).toBeTruthy();
    expect(within(region).getByText(/not on Instagram/)).toBeTruthy();
    expect(await screen.findByText(/Sandbox account @acme-surf.sandbox connected/)).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'POST', path: `${BASE}/instagram/sandbox`, body: undefined }]);
  });

  it('with credentials goes to Instagram Login at the URL the server gives', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    const url = 'https://www.instagram.com/oauth/authorize?client_id=1&state=abc';
    const { calls } = openMarketing('', {
      [`GET ${BASE}/instagram`]: { status: 200, body: connection({ configured: true, missing: [] }) },
      [`POST ${BASE}/instagram/connect`]: { status: 200, body: { url } },
    });
    const user = userEvent.setup();
    const region = await card();
    await user.click(await within(region).findByRole('button', { name: 'Connect Instagram' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith(url));
    expect(within(region).queryByRole('button', { name: /sandbox/ })).toBeNull();
    expect(writes(calls)).toEqual([{ method: 'POST', path: `${BASE}/instagram/connect`, body: undefined }]);
  });

  it('says when connecting failed', async () => {
    openMarketing('', {
      [`GET ${BASE}/instagram`]: { status: 200, body: connection({ configured: true, missing: [] }) },
      [`POST ${BASE}/instagram/connect`]: { status: 502, body: envelope('upstream_failed', 'Instagram is not answering. Try again in a minute.') },
    });
    const region = await card();
    await userEvent.setup().click(await within(region).findByRole('button', { name: 'Connect Instagram' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Instagram is not answering.');
  });

  it('warns about a broken connection and offers to reconnect', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    openMarketing('', {
      [`GET ${BASE}/instagram`]: {
        status: 200,
        body: connection(
          { configured: true, missing: [] },
          { sandbox: false, username: 'acme.surf', status: 'broken', brokenReason: 'The access was revoked on Instagram.' },
        ),
      },
      [`POST ${BASE}/instagram/connect`]: { status: 200, body: { url: 'https://www.instagram.com/oauth/authorize?x=1' } },
    });
    const region = await card();
    const warning = await within(region).findByRole('alert');
    expect(warning.textContent).toContain('The Instagram connection stopped working');
    expect(warning.textContent).toContain('The access was revoked on Instagram.');
    await userEvent.setup().click(within(warning).getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://www.instagram.com/oauth/authorize?x=1'));
  });

  it('shows members who are not the owner the account, without the owner’s actions', async () => {
    openMarketing('', { [`GET ${BASE}/instagram`]: { status: 200, body: connection({}, { status: 'broken' }) } }, { role: 'editor' });
    const region = await card();
    expect(await within(region).findByText('@acme-surf.sandbox')).toBeTruthy();
    expect(within(region).getByText('Ask the project’s owner to reconnect it.')).toBeTruthy();
    expect(within(region).queryByRole('button')).toBeNull();
  });

  it('tells a non-owner who can connect', async () => {
    openMarketing('', {}, { role: 'editor' });
    const region = await card();
    expect(await within(region).findByText(/Only the project’s owner can connect/)).toBeTruthy();
    expect(within(region).queryByRole('button', { name: /Connect/ })).toBeNull();
  });

  it('in an archived project offers the owner no new connection, only disconnecting', async () => {
    openMarketing('', { [`GET ${BASE}/instagram`]: { status: 200, body: connection({}, { status: 'broken' }) } }, { archived: true });
    const region = await card();
    expect(await within(region).findByText('The project is archived: restore it to reconnect.')).toBeTruthy();
    expect(within(region).queryByRole('button', { name: /Reconnect/ })).toBeNull();
    expect(within(region).getByRole('button', { name: 'Disconnect' })).toBeTruthy();
  });

  it('disconnects after asking', async () => {
    const { calls } = openMarketing('', {
      [`GET ${BASE}/instagram`]: { status: 200, body: connection({}, { status: 'active' }) },
      [`DELETE ${BASE}/instagram`]: { status: 204 },
    });
    const user = userEvent.setup();
    const region = await card();
    await user.click(await within(region).findByRole('button', { name: 'Disconnect' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Disconnect Instagram?' })).getByRole('button', { name: 'Disconnect' }));
    expect(await within(region).findByRole('button', { name: /Connect a sandbox account/ })).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'DELETE', path: `${BASE}/instagram`, body: undefined }]);
  });

  it('announces a finished Instagram Login (?instagram=connected) once and cleans the address', async () => {
    const { router } = openMarketing('?instagram=connected', {
      [`GET ${BASE}/instagram`]: { status: 200, body: connection({ configured: true, missing: [] }, { sandbox: false, username: 'acme.surf' }) },
    });
    expect(await screen.findByText('Instagram connected. Approved ads can now be published.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getAllByText('Instagram connected. Approved ads can now be published.')).toHaveLength(1);
  });

  it('shows a skeleton, then an error with a retry', async () => {
    let fail = true;
    // The first answer waits until the skeleton has been seen (no race with a fast mock).
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    openMarketing('', {
      [`GET ${BASE}/instagram`]: async () => {
        if (!fail) return { status: 200, body: connection() };
        await answered;
        return { status: 500, body: envelope('internal', 'Boom') };
      },
    });
    const region = await card();
    expect(await within(region).findByRole('status', { name: 'Loading the Instagram connection' })).toBeTruthy();
    answer();
    expect(await within(region).findByText('The Instagram connection could not be loaded')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(within(region).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByRole('button', { name: /Connect a sandbox account/ })).toBeTruthy();
  });

  it('fits a 390 px phone', async () => {
    window.innerWidth = 390;
    const { container } = openMarketing('');
    const region = await card();
    await within(region).findByRole('button', { name: /Connect a sandbox account/ });
    expect(tooWideForPhone(container)).toEqual([]);
  });
});
