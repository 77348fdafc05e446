import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ApiKeyItem, ApiKeyList } from '#common/schemas/api-keys.ts';
import { ApiKeysCard } from '#client/features/api-keys/api-keys-card.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { PROJECT_ID, renderScreen, writes } from '#client/test/fixtures.tsx';
import { tooWideForPhone } from '#client/test/ads-fixtures.tsx';

const BASE = `/api/projects/${PROJECT_ID}/api-keys`;
const SECRET = 'adl_3hT9xQ2aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789';

const key = (overrides: Partial<ApiKeyItem> = {}): ApiKeyItem => ({
  id: 'key_aaaaaaaaaaaaaaaa',
  name: 'Shop sync',
  scopes: ['read', 'render'],
  prefix: 'adl_3hT9xQ2a',
  createdAt: '2026-11-02T10:00:00.000Z',
  createdBy: 'Olivia Owner',
  lastUsedAt: '2026-11-20T15:30:00.000Z',
  lastUsedIp: '198.51.100.7',
  ...overrides,
});
const pro = (items: ApiKeyItem[]): ApiKeyList => ({ items, plan: 'pro', limit: { keys: 20, scopes: ['read', 'render', 'ads', 'leads'] } });
const free = (items: ApiKeyItem[]): ApiKeyList => ({ items, plan: 'free', limit: { keys: 1, scopes: ['read'] } });

function open(routes: Parameters<typeof mockApi>[0], archived = false) {
  const calls = mockApi(routes);
  const rendered = renderScreen(<ApiKeysCard projectId={PROJECT_ID} archived={archived} />, { url: `/projects/${PROJECT_ID}/` });
  return { ...rendered, calls };
}

describe('ApiKeysCard', () => {
  it('lists each key with its name, scopes, prefix, creation and last use', async () => {
    open({
      [`GET ${BASE}`]: {
        status: 200,
        body: pro([key(), key({ id: 'key_bbbbbbbbbbbbbbbb', name: 'Zapier', prefix: 'adl_Zz9yXw8v', scopes: ['read'], lastUsedAt: null, lastUsedIp: null })]),
      },
    });
    expect(screen.getByRole('status', { name: 'Loading API keys' })).toBeTruthy();
    expect(await screen.findByText('Shop sync')).toBeTruthy();
    expect(screen.getByText('adl_3hT9xQ2a…')).toBeTruthy();
    expect(screen.getByText('Read · Render')).toBeTruthy();
    expect(screen.getByText(/Created 2 Nov 2026 · last used 20 Nov 2026, \d\d:30 from 198\.51\.100\.7/)).toBeTruthy();
    expect(screen.getByText(/never used/)).toBeTruthy();
    expect(screen.queryByText('The Free plan includes one read-only API key.')).toBeNull();
  });

  it('says when there are no keys, and when they could not be loaded (with a retry)', async () => {
    let fail = true;
    open({ [`GET ${BASE}`]: () => (fail ? { status: 500, body: envelope('internal', 'Something went wrong.') } : { status: 200, body: pro([]) }) });
    const user = userEvent.setup();
    expect(await screen.findByText('API keys could not be loaded')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No API keys yet.')).toBeTruthy();
  });

  it('creates a key by keyboard, shows the secret once with a copy button, and forgets it when closed', async () => {
    const { calls } = open({
      [`GET ${BASE}`]: { status: 200, body: pro([]) },
      [`POST ${BASE}`]: { status: 201, body: { ...key({ lastUsedAt: null, lastUsedIp: null }), secret: SECRET } },
    });
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    (await screen.findByRole('button', { name: 'Create key' })).focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Create an API key' });
    await user.click(within(dialog).getByLabelText('Name'));
    await user.keyboard('Shop sync');
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('checkbox', { name: /Read/ }));
    await user.tab();
    await user.keyboard(' ');
    expect(within(dialog).getByRole('checkbox', { name: /Render/ })).toHaveProperty('checked', true);
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'Copy your new API key' });
    expect(writes(calls)).toEqual([{ method: 'POST', path: BASE, body: { name: 'Shop sync', scopes: ['read', 'render'] } }]);
    expect(within(shown).getByRole('alert').textContent).toContain('This is the only time the key is shown.');
    expect(within(shown).getByLabelText('API key')).toHaveProperty('value', SECRET);
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await screen.findByText('API key copied')).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('checks the form before sending: a name and at least one scope', async () => {
    const { calls } = open({ [`GET ${BASE}`]: { status: 200, body: pro([]) } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create key' }));
    const dialog = screen.getByRole('dialog', { name: 'Create an API key' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Read/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(within(dialog).getByText('Name the key.')).toBeTruthy();
    expect(within(dialog).getByText('Pick at least one scope.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(writes(calls)).toEqual([]);
  });

  it('on the Free plan offers only read, explains the one key and links to billing', async () => {
    open({ [`GET ${BASE}`]: { status: 200, body: free([]) } });
    const user = userEvent.setup();
    expect(await screen.findByText('The Free plan includes one read-only API key.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade for more keys and scopes' }).getAttribute('href')).toBe('/billing');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = screen.getByRole('dialog', { name: 'Create an API key' });
    expect(within(dialog).getByRole('checkbox', { name: /Read/ })).toHaveProperty('disabled', false);
    for (const name of [/Render/, /Ads/, /Leads/]) expect(within(dialog).getByRole('checkbox', { name })).toHaveProperty('disabled', true);
    expect(within(dialog).getAllByText('Not on the Free plan')).toHaveLength(3);
  });

  it('disables "Create key" when the plan’s keys are all in use', async () => {
    open({ [`GET ${BASE}`]: { status: 200, body: free([key({ scopes: ['read'] })]) } });
    expect(await screen.findByRole('button', { name: 'Create key' })).toHaveProperty('disabled', true);
    expect(screen.getByText('The plan’s one key is in use: revoke it to create another.')).toBeTruthy();
  });

  it('shows the server’s refusal in the dialog', async () => {
    open({
      [`GET ${BASE}`]: { status: 200, body: pro([]) },
      [`POST ${BASE}`]: { status: 402, body: envelope('plan_limit_reached', 'The Pro plan allows 20 API keys per project, all in use. Revoke one first.') },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create key' }));
    const dialog = screen.getByRole('dialog', { name: 'Create an API key' });
    await user.type(within(dialog).getByLabelText('Name'), 'One more');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('The Pro plan allows 20 API keys per project, all in use. Revoke one first.')).toBeTruthy();
  });

  it('revokes a key only after asking', async () => {
    let items = [key()];
    const { calls } = open({
      [`GET ${BASE}`]: () => ({ status: 200, body: pro(items) }),
      [`DELETE ${BASE}/key_aaaaaaaaaaaaaaaa`]: () => {
        items = [];
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revoke Shop sync' }));
    let confirm = screen.getByRole('dialog', { name: 'Revoke “Shop sync”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(writes(calls)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Revoke Shop sync' }));
    confirm = screen.getByRole('dialog', { name: 'Revoke “Shop sync”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText('API key “Shop sync” revoked')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'DELETE', path: `${BASE}/key_aaaaaaaaaaaaaaaa`, body: undefined }]);
    await waitFor(() => expect(screen.getByText('No API keys yet.')).toBeTruthy());
  });

  it('offers no "Create key" in an archived project', async () => {
    open({ [`GET ${BASE}`]: { status: 200, body: pro([key()]) } }, true);
    await screen.findByText('Shop sync');
    expect(screen.queryByRole('button', { name: 'Create key' })).toBeNull();
  });

  it('links to the API documentation, reachable by keyboard', async () => {
    open({ [`GET ${BASE}`]: { status: 200, body: pro([]) } });
    const user = userEvent.setup();
    const link = await screen.findByRole('link', { name: 'API documentation with examples' });
    expect(link.getAttribute('href')).toBe('/docs/api');
    // The first stop in the card, before "Create key".
    for (let i = 0; i < 5 && document.activeElement !== link; i += 1) await user.tab();
    expect(document.activeElement).toBe(link);
  });

  it('fits a 390 px phone', async () => {
    window.innerWidth = 390;
    const { container } = open({
      [`GET ${BASE}`]: { status: 200, body: pro([key({ name: 'A key with a very long name for the customer’s shop synchronisation job' })]) },
    });
    await screen.findByText(/A key with a very long name/);
    expect(tooWideForPhone(container.ownerDocument.body)).toEqual([]);
  });
});
