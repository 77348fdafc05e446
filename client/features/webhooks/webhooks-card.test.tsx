import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { WebhookDeliveryItem, WebhookEndpointItem, WebhookEndpointList } from '#common/schemas/webhooks.ts';
import { WebhooksCard } from '#client/features/webhooks/webhooks-card.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { PROJECT_ID, renderScreen, writes } from '#client/test/fixtures.tsx';
import { tooWideForPhone } from '#client/test/ads-fixtures.tsx';

const BASE = `/api/projects/${PROJECT_ID}/webhooks`;
const ID = 'hook_aaaaaaaaaaaaaaaa';
const URL_ = 'https://hooks.example.com/adloom';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw38e9mK5qBBk=';

const endpoint = (overrides: Partial<WebhookEndpointItem> = {}): WebhookEndpointItem => ({
  id: ID,
  url: URL_,
  events: ['lead.created', 'ad.approved'],
  enabled: true,
  disabledReason: null,
  previousSecretExpiresAt: null,
  createdAt: '2026-11-02T10:00:00.000Z',
  ...overrides,
});
const listOf = (items: WebhookEndpointItem[]): WebhookEndpointList => ({ items, limit: 10 });
const delivery: WebhookDeliveryItem = {
  id: 'delivery_aaaaaaaaaaaa',
  eventId: 'msg_1',
  type: 'lead.created',
  status: 'failed',
  attempts: 3,
  statusCode: 503,
  latencyMs: 120,
  response: 'down for maintenance',
  nextAttemptAt: null,
  lastAttemptAt: '2026-11-20T15:30:00.000Z',
  createdAt: '2026-11-20T15:00:00.000Z',
};

function open(routes: Parameters<typeof mockApi>[0], archived = false) {
  const calls = mockApi(routes);
  const rendered = renderScreen(<WebhooksCard projectId={PROJECT_ID} archived={archived} />, { url: `/projects/${PROJECT_ID}/` });
  return { ...rendered, calls };
}

describe('WebhooksCard', () => {
  it('lists each endpoint with its events and state', async () => {
    open({
      [`GET ${BASE}`]: {
        status: 200,
        body: listOf([endpoint(), endpoint({ id: 'hook_bbbbbbbbbbbbbbbb', url: 'https://crm.example.org/in', enabled: false, disabledReason: 'failing' })]),
      },
    });
    expect(screen.getByRole('status', { name: 'Loading webhooks' })).toBeTruthy();
    expect(await screen.findByText(URL_)).toBeTruthy();
    expect(screen.getAllByText('Lead received · Ad approved')).toHaveLength(2);
    expect(screen.getByText('Off after 24 hours of failed deliveries')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Switch on https://crm.example.org/in' })).toBeTruthy();
  });

  it('says when there are none, and when they could not be loaded (with a retry)', async () => {
    let fail = true;
    open({ [`GET ${BASE}`]: () => (fail ? { status: 500, body: envelope('internal', 'Something went wrong.') } : { status: 200, body: listOf([]) }) });
    const user = userEvent.setup();
    expect(await screen.findByText('Webhooks could not be loaded')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No webhook endpoints yet.')).toBeTruthy();
  });

  it('adds an endpoint by keyboard and shows its secret once', async () => {
    const { calls } = open({
      [`GET ${BASE}`]: { status: 200, body: listOf([]) },
      [`POST ${BASE}`]: { status: 201, body: { ...endpoint({ events: ['lead.created', 'post.published'] }), secret: SECRET } },
    });
    const user = userEvent.setup();
    (await screen.findByRole('button', { name: 'Add endpoint' })).focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await user.click(within(dialog).getByLabelText('Address'));
    await user.keyboard('hooks.example.com/adloom');
    const published = within(dialog).getByRole('checkbox', { name: 'Post published' });
    published.focus();
    await user.keyboard(' ');
    expect(published).toHaveProperty('checked', true);
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    const shown = await screen.findByRole('dialog', { name: 'Copy the signing secret' });
    expect(writes(calls)).toEqual([{ method: 'POST', path: BASE, body: { url: URL_, events: ['post.published', 'lead.created'] } }]);
    expect(within(shown).getByLabelText('Signing secret')).toHaveProperty('value', SECRET);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('checks the form before sending: an address and at least one event', async () => {
    const { calls } = open({ [`GET ${BASE}`]: { status: 200, body: listOf([]) } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await user.clear(within(dialog).getByLabelText('Address'));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Lead received' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(within(dialog).getByText('Pick at least one event.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Address').getAttribute('aria-invalid')).toBe('true');
    expect(writes(calls)).toEqual([]);
  });

  it('renews the secret, switches the endpoint off, and deletes it only after asking', async () => {
    let items = [endpoint()];
    const { calls } = open({
      [`GET ${BASE}`]: () => ({ status: 200, body: listOf(items) }),
      [`POST ${BASE}/${ID}/rotate`]: { status: 200, body: { ...endpoint({ previousSecretExpiresAt: '2026-11-21T10:00:00.000Z' }), secret: SECRET } },
      [`PATCH ${BASE}/${ID}`]: { status: 200, body: endpoint({ enabled: false, disabledReason: 'owner' }) },
      [`DELETE ${BASE}/${ID}`]: () => {
        items = [];
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `New secret for ${URL_}` }));
    const shown = await screen.findByRole('dialog', { name: 'Copy the signing secret' });
    expect(within(shown).getByLabelText('Signing secret')).toHaveProperty('value', SECRET);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await user.click(screen.getByRole('button', { name: `Switch off ${URL_}` }));
    await user.click(screen.getByRole('button', { name: `Delete ${URL_}` }));
    let confirm = screen.getByRole('dialog', { name: 'Delete this endpoint?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: `Delete ${URL_}` }));
    confirm = screen.getByRole('dialog', { name: 'Delete this endpoint?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByText('No webhook endpoints yet.')).toBeTruthy());
    expect(writes(calls)).toEqual([
      { method: 'POST', path: `${BASE}/${ID}/rotate`, body: undefined },
      { method: 'PATCH', path: `${BASE}/${ID}`, body: { enabled: false } },
      { method: 'DELETE', path: `${BASE}/${ID}`, body: undefined },
    ]);
  });

  it('opens the delivery log: status, HTTP code, attempts, the answer; sends again and sends a test event', async () => {
    const { calls } = open({
      [`GET ${BASE}`]: { status: 200, body: listOf([endpoint()]) },
      [`GET ${BASE}/${ID}/deliveries`]: { status: 200, body: { items: [delivery] } },
      [`POST ${BASE}/${ID}/deliveries/${delivery.id}/resend`]: { status: 202, body: { ...delivery, status: 'pending', attempts: 0 } },
      [`POST ${BASE}/${ID}/test`]: { status: 202, body: { ...delivery, type: 'webhook.test', status: 'pending' } },
    });
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: `Deliveries to ${URL_}` });
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const log = screen.getByRole('region', { name: `Deliveries to ${URL_}` });
    expect(await within(log).findByText('Lead received · Failed')).toBeTruthy();
    expect(within(log).getByText(/HTTP 503 · 3 attempts · 120 ms/)).toBeTruthy();
    expect(within(log).getByText('down for maintenance')).toBeTruthy();
    await user.click(within(log).getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('Queued again')).toBeTruthy();
    await user.click(within(log).getByRole('button', { name: 'Send a test event' }));
    expect(await screen.findByText('Test event queued')).toBeTruthy();
    expect(writes(calls)).toEqual([
      { method: 'POST', path: `${BASE}/${ID}/deliveries/${delivery.id}/resend`, body: undefined },
      { method: 'POST', path: `${BASE}/${ID}/test`, body: undefined },
    ]);
  });

  it('offers no changes in an archived project', async () => {
    open({ [`GET ${BASE}`]: { status: 200, body: listOf([endpoint()]) } }, true);
    await screen.findByText(URL_);
    expect(screen.queryByRole('button', { name: 'Add endpoint' })).toBeNull();
    expect(screen.queryByRole('button', { name: `Delete ${URL_}` })).toBeNull();
  });

  it('fits a 390 px phone', async () => {
    window.innerWidth = 390;
    const { container } = open({
      [`GET ${BASE}`]: { status: 200, body: listOf([endpoint({ url: `https://hooks.example.com/${'very-long-path/'.repeat(8)}` })]) },
    });
    await screen.findByText(/very-long-path/);
    expect(tooWideForPhone(container.ownerDocument.body)).toEqual([]);
  });
});
