import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SystemCheck as Check, SystemReport } from '#common/schemas/system.ts';
import { startI18n } from '#client/lib/i18n.tsx';
import { I18nRoot } from '#client/lib/i18n-root.tsx';
import { mockApi } from '#client/test/api-mock.ts';
import { renderScreen, user } from '#client/test/fixtures.tsx';
import SystemCheck from '#client/app/routes/system-check.tsx';

const admin = user({ role: 'admin', locale: 'de' });

/** A check as the worker sends it: its English, and the message ids and values the workspace words. */
function check(id: string, status: Check['status'], detailId: NonNullable<Check['detailId']>, values?: Check['values'], latencyMs = 3): Check {
  return { id, label: `${id} in English`, status, detail: 'in English', labelId: `admin.system.check.${id}` as Check['labelId'], detailId, values, latencyMs };
}

function report(checks: Check[]): SystemReport {
  return {
    ok: checks.every((c) => c.status !== 'failed'),
    checks,
    build: { version: '0.1.0', builtAt: null, compatibilityDate: '2026-10-01' },
    migrations: { latestApplied: null, latestKnown: '0012_presentations.sql', pending: ['0012_presentations.sql'], unknown: [] },
    checkedAt: '2026-11-23T22:00:00.000Z',
  };
}

async function inGerman(body: SystemReport) {
  mockApi({ 'GET /api/admin/system': { status: 200, body } });
  const i18n = await startI18n('de', ['admin']);
  renderScreen(
    <I18nRoot i18n={i18n}>
      <SystemCheck />
    </I18nRoot>,
    { signedIn: admin },
  );
}

describe('System check in German', () => {
  it('words the worker’s findings in German, a warning in the singular', async () => {
    await inGerman(
      report([
        check('d1', 'ok', 'admin.system.detail.d1Ok', undefined, 1234),
        check('stripe', 'off', 'admin.system.detail.stripeOff'),
        check('operator', 'warning', 'admin.system.detail.operatorPlaceholders', { names: 'OPERATOR_NAME', count: 1 }),
      ]),
    );
    expect(screen.getByRole('heading', { name: 'Systemprüfung' })).toBeTruthy();
    expect(await screen.findByText('Keine Prüfung fehlgeschlagen, 1 Warnung zu beheben')).toBeTruthy();
    const d1 = screen.getByRole('heading', { name: 'Datenbank (D1)' }).closest('li')!;
    expect(within(d1).getByText('OK')).toBeTruthy();
    expect(d1.textContent).toContain('1.234 ms');
    expect(d1.textContent).toContain('Erreichbar: Die angewendeten Migrationen wurden gelesen.');
    const stripe = screen.getByRole('heading', { name: 'Zahlungen (Stripe)' }).closest('li')!;
    expect(within(stripe).getByText('Nicht eingerichtet')).toBeTruthy();
    const operator = screen.getByRole('heading', { name: 'Betreiberangaben (Impressum, Datenschutzerklärung)' }).closest('li')!;
    expect(within(operator).getByText('Handlungsbedarf')).toBeTruthy();
    expect(operator.textContent).toContain('Die Betreiberangaben sind Platzhalter: OPERATOR_NAME ist noch das Beispiel (oder leer).');
    expect(screen.queryByText(/in English/)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Dieser Build' })).toBeTruthy();
    expect(screen.getByText('In diesem Build nicht erfasst')).toBeTruthy();
    expect(screen.getByText('Keine angewendet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Erneut prüfen' })).toBeTruthy();
  });

  it('counts failed checks and warnings in the plural, with the values of each finding', async () => {
    await inGerman(
      report([
        check('migrations', 'failed', 'admin.system.detail.migrationsPending', { count: 5, names: 'a.sql, b.sql, c.sql', more: 2 }),
        check('stripe', 'failed', 'admin.system.detail.pairMissing', { missing: 'STRIPE_WEBHOOK_SECRET', present: 'STRIPE_SECRET_KEY' }),
      ]),
    );
    expect(await screen.findByText('2 Prüfungen fehlgeschlagen')).toBeTruthy();
    expect(screen.getAllByText('Fehlgeschlagen')).toHaveLength(2);
    expect(
      screen.getByText('5 Migrationen dieses Builds nicht angewendet (a.sql, b.sql, c.sql und 2 weitere): Führen Sie `wrangler d1 migrations apply DB` aus.'),
    ).toBeTruthy();
    expect(screen.getByText('STRIPE_WEBHOOK_SECRET fehlt (STRIPE_SECRET_KEY ist gesetzt): Setzen Sie beide oder keine.')).toBeTruthy();
  });

  it('says “No check failed, 2 warnings to act on” in German for several warnings', async () => {
    await inGerman(
      report([
        check('operator', 'warning', 'admin.system.detail.operatorPlaceholders', { names: 'OPERATOR_NAME, OPERATOR_VAT_ID', count: 2 }),
        check('mailer', 'warning', 'admin.system.detail.mailerOff'),
      ]),
    );
    expect(await screen.findByText('Keine Prüfung fehlgeschlagen, 2 Warnungen zu beheben')).toBeTruthy();
    expect(screen.getByText(/OPERATOR_NAME, OPERATOR_VAT_ID sind noch das Beispiel/)).toBeTruthy();
  });
});
