import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SystemCheck as Check, SystemReport } from '#common/schemas/system.ts';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { renderScreen, user } from '#client/test/fixtures.tsx';
import SystemCheck from '#client/app/routes/system-check.tsx';

const admin = user({ role: 'admin' });

function check(id: string, status: Check['status'], detail: string, latencyMs = 3): Check {
  return { id, label: id.toUpperCase(), status, detail, latencyMs };
}

function report(checks: Check[], overrides: Partial<SystemReport> = {}): SystemReport {
  return {
    ok: checks.every((c) => c.status !== 'failed'),
    checks,
    build: { version: '0.1.0', builtAt: '2026-11-23T20:00:00.000Z', compatibilityDate: '2026-10-01' },
    migrations: { latestApplied: '0012_presentations.sql', latestKnown: '0012_presentations.sql', pending: [], unknown: [] },
    checkedAt: '2026-11-23T22:00:00.000Z',
    ...overrides,
  };
}

const green = report([
  check('d1', 'ok', 'Reachable.', 7),
  check('r2', 'ok', 'Wrote, read back and deleted a test object.', 12),
  check('stripe', 'off', 'Not configured: sandbox checkout.', 0),
]);

describe('System check', () => {
  it('shows every check with its state and latency, unconfigured services neutral, and the build facts', async () => {
    mockApi({ 'GET /api/admin/system': { status: 200, body: green } });
    renderScreen(<SystemCheck />, { signedIn: admin });
    expect(screen.getByRole('status', { name: 'Running the checks' })).toBeTruthy();
    expect(await screen.findByText('All checks passed')).toBeTruthy();
    const d1 = screen.getByRole('heading', { name: 'D1' }).closest('li')!;
    expect(within(d1 as HTMLElement).getByText('OK')).toBeTruthy();
    expect(d1.textContent).toContain('7 ms');
    const stripe = screen.getByRole('heading', { name: 'STRIPE' }).closest('li')!;
    expect(within(stripe as HTMLElement).getByText('Not configured')).toBeTruthy();
    expect(screen.getByText('2026-10-01')).toBeTruthy();
    expect(screen.getAllByText('0012_presentations.sql')).toHaveLength(2);
    expect(screen.getByText('0.1.0')).toBeTruthy();
  });

  it('says how many checks failed and what each found', async () => {
    mockApi({
      'GET /api/admin/system': {
        status: 200,
        body: report([check('d1', 'ok', 'Reachable.'), check('migrations', 'failed', '1 migration of this build not applied (0012_presentations.sql).')], {
          build: { version: '0.1.0', builtAt: null, compatibilityDate: null },
        }),
      },
    });
    renderScreen(<SystemCheck />, { signedIn: admin });
    expect(await screen.findByText('1 check failed')).toBeTruthy();
    expect(screen.getByText(/1 migration of this build not applied/)).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getAllByText('Not recorded by this build')).toHaveLength(2);
  });

  it('shows a warning (example operator details) as something to act on, not as a failure', async () => {
    const detail = 'Operator details are placeholders: OPERATOR_NAME, OPERATOR_VAT_ID are still the example (or empty).';
    mockApi({ 'GET /api/admin/system': { status: 200, body: report([check('d1', 'ok', 'Reachable.'), check('operator', 'warning', detail, 0)]) } });
    renderScreen(<SystemCheck />, { signedIn: admin });
    expect(await screen.findByText('No check failed, 1 warning to act on')).toBeTruthy();
    const row = screen.getByRole('heading', { name: 'OPERATOR' }).closest('li')!;
    expect(within(row as HTMLElement).getByText('Needs attention')).toBeTruthy();
    expect(row.textContent).toContain(detail);
    expect(screen.queryByText('All checks passed')).toBeNull();
    expect(screen.queryByText('Failed')).toBeNull();
  });

  it('runs again from the keyboard, keeping the last report until the new one arrives', async () => {
    let runs = 0;
    mockApi({
      'GET /api/admin/system': () => {
        runs += 1;
        return { status: 200, body: runs === 1 ? green : report([check('d1', 'failed', 'The database did not answer.')]) };
      },
    });
    renderScreen(<SystemCheck />, { signedIn: admin });
    await screen.findByText('All checks passed');
    const button = screen.getByRole('button', { name: 'Run again' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('1 check failed')).toBeTruthy();
    expect(runs).toBe(2);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Run again' }).hasAttribute('disabled')).toBe(false));
  });

  it('shows an error with a retry when the check cannot be run', async () => {
    let calls = 0;
    mockApi({
      'GET /api/admin/system': () => {
        calls += 1;
        return calls === 1 ? { status: 500, body: envelope('internal', 'Something went wrong on our side.') } : { status: 200, body: green };
      },
    });
    renderScreen(<SystemCheck />, { signedIn: admin });
    expect(await screen.findByText('The system check could not be run')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('All checks passed')).toBeTruthy();
  });
});
