import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { createI18n } from '#common/i18n/setup.ts';
import { messages as adminDe } from '#common/locales/admin/compiled/de.ts';
import { messages as adminEn } from '#common/locales/admin/compiled/en.ts';
import type { SystemReport } from '#common/schemas/system.ts';
import type { Bindings } from '#worker/env.ts';
import { EXAMPLE_OPERATOR, OPERATOR_VARS, type Operator } from '#worker/lib/operator.ts';
import { compareMigrations, KNOWN_MIGRATIONS, runSystemCheck } from '#worker/features/system/check/service.ts';
import { createUser, type TestUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';

/** Made-up secrets; their cores are what must never show (a DSN's host or `sk_test_` is no secret). */
const CORES = ['Qz8XkVt3Lp9Wn2Rb', 'Hj4MwC7yTq1Zs6Dk', 'Nf5GuB8eXr3Ya0Pv', 'Ke2TdW9oJm7Qc4Ls', 'Vb6RyH1nUx8Fi3Ga'] as const;
const SECRETS = {
  SENTRY_DSN: `https://${CORES[0]}@o1.ingest.sentry.io/42`,
  RESEND_API_KEY: `re_${CORES[1]}`,
  MAIL_FROM: 'Adloom <hello@example.com>',
  STRIPE_SECRET_KEY: `sk_test_${CORES[2]}`,
  STRIPE_WEBHOOK_SECRET: `whsec_${CORES[3]}`,
  INSTAGRAM_APP_ID: '123456789012345',
  INSTAGRAM_APP_SECRET: CORES[4],
} satisfies Partial<Bindings>;

const byId = (report: SystemReport) => Object.fromEntries(report.checks.map((check) => [check.id, check]));

describe('GET /api/admin/system', () => {
  let admin: TestUser;
  let user: TestUser;
  beforeAll(async () => {
    admin = await createUser({ role: 'admin' });
    user = await createUser();
  });

  it('is all green for the test environment: D1 at the build’s migration level, an R2 round trip, optional services off (neutral)', async () => {
    const response = await send('/api/admin/system', { cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('no-store');
    const report = (await response.json()) as SystemReport;
    expect(report.ok).toBe(true);
    const checks = byId(report);
    expect(Object.keys(checks)).toEqual(['d1', 'migrations', 'r2', 'mailer', 'sentry', 'stripe', 'instagram', 'ai', 'operator']);
    // wrangler.toml's example operator details: a warning to act on, not a failure.
    expect(checks.operator!.status).toBe('warning');
    expect(checks.d1!.status).toBe('ok');
    expect(checks.migrations!.status).toBe('ok');
    expect(checks.r2!.status).toBe('ok');
    for (const id of ['mailer', 'sentry', 'stripe', 'instagram', 'ai']) expect(checks[id]!.status, id).toBe('off');
    for (const check of report.checks) expect(check.latencyMs).toBeGreaterThanOrEqual(0);
    // The build's migrations are the ones the tests applied, in order.
    expect(KNOWN_MIGRATIONS).toEqual(env.TEST_MIGRATIONS.map((m) => m.name));
    expect(report.migrations).toEqual({ latestApplied: KNOWN_MIGRATIONS.at(-1), latestKnown: KNOWN_MIGRATIONS.at(-1), pending: [], unknown: [] });
    expect(report.build.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(new Date(report.checkedAt).getTime()).toBeGreaterThan(0);
  });

  it('leaves nothing behind in R2', async () => {
    await send('/api/admin/system', { cookie: admin.cookie });
    const listed = await env.MEDIA.list({ prefix: 'system-check/' });
    expect(listed.objects).toEqual([]);
  });

  it('says which services are configured without showing any part of a secret', async () => {
    const response = await send('/api/admin/system', { cookie: admin.cookie, env: SECRETS });
    const text = await response.text();
    const report = JSON.parse(text) as SystemReport;
    for (const id of ['mailer', 'sentry', 'stripe', 'instagram']) expect(byId(report)[id]!.status, id).toBe('ok');
    // Not a secret, nor any 5-character piece of one (nor the app id).
    for (const core of [...CORES, SECRETS.INSTAGRAM_APP_ID]) for (let i = 0; i + 5 <= core.length; i += 1) expect(text).not.toContain(core.slice(i, i + 5));
  });

  it('fails a half-configured pair and an invalid DSN, naming the setting only', async () => {
    const report = await runSystemCheck({
      ...env,
      STRIPE_SECRET_KEY: 'sk_test_only',
      INSTAGRAM_APP_SECRET: 'only-secret',
      SENTRY_DSN: 'not a dsn',
    } as Bindings);
    const checks = byId(report);
    expect(report.ok).toBe(false);
    expect(checks.stripe).toMatchObject({ status: 'failed', detail: expect.stringContaining('STRIPE_WEBHOOK_SECRET is missing') });
    expect(checks.instagram).toMatchObject({ status: 'failed', detail: expect.stringContaining('INSTAGRAM_APP_ID is missing') });
    expect(checks.sentry).toMatchObject({ status: 'failed' });
    expect(JSON.stringify(report)).not.toContain('sk_test_only');
    expect(JSON.stringify(report)).not.toContain('not a dsn');
  });

  it('warns while the operator details are the examples (or empty where required), naming each such setting, and is OK once all are set', async () => {
    const placeholders = byId((await (await send('/api/admin/system', { cookie: admin.cookie })).json()) as SystemReport).operator!;
    expect(placeholders).toMatchObject({ status: 'warning', label: 'Operator details (imprint, privacy policy)' });
    expect(placeholders.detail).toMatch(/^Operator details are placeholders: /);
    for (const name of OPERATOR_VARS) expect(placeholders.detail).toContain(name);

    const real: Operator = {
      OPERATOR_NAME: 'Muster Media GmbH',
      OPERATOR_ADDRESS: 'Hauptstraße 5, 80331 München',
      OPERATOR_EMAIL: 'kontakt@muster-media.test',
      OPERATOR_REPRESENTATIVE: 'Erika Muster',
      OPERATOR_PHONE: '+49 89 123456',
      OPERATOR_REGISTER: 'Amtsgericht München, HRB 123456',
      OPERATOR_VAT_ID: 'DE123456789',
      OPERATOR_CONTENT_RESPONSIBLE: 'Erika Muster, Hauptstraße 5, 80331 München',
    };
    const set = await runSystemCheck({ ...env, ...real } as Bindings);
    expect(byId(set).operator).toMatchObject({ status: 'ok' });
    expect(set.ok).toBe(true);

    // A sole trader leaves the optional ones empty: fine. Example values left in, or a required one emptied, are named.
    const soleTrader = { ...real, OPERATOR_REPRESENTATIVE: '', OPERATOR_PHONE: '', OPERATOR_REGISTER: '', OPERATOR_VAT_ID: '' };
    expect(byId(await runSystemCheck({ ...env, ...soleTrader } as Bindings)).operator!.status).toBe('ok');
    const partly = await runSystemCheck({ ...env, ...real, OPERATOR_EMAIL: ' ', OPERATOR_VAT_ID: EXAMPLE_OPERATOR.OPERATOR_VAT_ID } as Bindings);
    const check = byId(partly).operator!;
    expect(check.status).toBe('warning');
    expect(check.detail).toBe(
      'Operator details are placeholders: OPERATOR_EMAIL, OPERATOR_VAT_ID are still the example (or empty). Set them in wrangler.toml [vars] before going live: /imprint and /de/imprint show them.',
    );
    expect(partly.ok).toBe(true);
  });

  it('reports Workers AI as bound when the binding is there', async () => {
    const report = await runSystemCheck({ ...env, AI: {} as Ai } as Bindings);
    expect(byId(report).ai!.status).toBe('ok');
  });

  it('turns red when the database cannot be read or R2 fails, without throwing', async () => {
    const broken = {
      prepare: () => {
        throw new Error('D1_ERROR: no such table');
      },
    } as unknown as D1Database;
    const failingBucket = {
      put: () => Promise.reject(new Error('boom')),
      get: () => Promise.resolve(null),
      delete: () => Promise.resolve(),
      head: () => Promise.resolve(null),
    } as unknown as R2Bucket;
    const report = await runSystemCheck({ ...env, DB: broken, MEDIA: failingBucket } as Bindings);
    const checks = byId(report);
    expect(report.ok).toBe(false);
    expect(checks.d1!.status).toBe('failed');
    expect(checks.migrations!.status).toBe('failed');
    expect(checks.r2).toMatchObject({ status: 'failed', detail: 'Writing a test object failed.' });
  });

  it('is a 404 for users and a 401 when signed out, like every admin API', async () => {
    expect((await send('/api/admin/system', { cookie: user.cookie })).status).toBe(404);
    expect((await send('/api/admin/system')).status).toBe(401);
  });
});

describe('the report’s words', () => {
  let admin: TestUser;
  beforeAll(async () => {
    admin = await createUser({ role: 'admin' });
  });

  it('carries each check’s message ids and values, whose English is the report’s label and detail', async () => {
    const report = (await (await send('/api/admin/system', { cookie: admin.cookie })).json()) as SystemReport;
    const english = createI18n('en', adminEn);
    for (const check of report.checks) {
      expect(check.labelId, check.id).toBe(`admin.system.check.${check.id}`);
      expect(english._(check.labelId!), check.id).toBe(check.label);
      expect(english._(check.detailId!, check.values), check.id).toBe(check.detail);
    }
    const operator = byId(report).operator!;
    expect(operator.detailId).toBe('admin.system.detail.operatorPlaceholders');
    expect(operator.values).toMatchObject({ count: OPERATOR_VARS.length });
  });

  it('words the same findings in German for a German admin (the workspace reads the ids)', async () => {
    const partly = await runSystemCheck({ ...env, STRIPE_SECRET_KEY: 'sk_test_only', OPERATOR_NAME: 'Muster Media GmbH' } as Bindings);
    const german = createI18n('de', adminDe);
    const word = (id: string) => {
      const check = byId(partly)[id]!;
      return [german._(check.labelId!), german._(check.detailId!, check.values)];
    };
    expect(word('stripe')).toEqual(['Zahlungen (Stripe)', 'STRIPE_WEBHOOK_SECRET fehlt (STRIPE_SECRET_KEY ist gesetzt): Setzen Sie beide oder keine.']);
    expect(word('r2')).toEqual(['Speicher (R2)', 'Ein Testobjekt wurde geschrieben, zurückgelesen und gelöscht.']);
    const [label, detail] = word('operator');
    expect(label).toBe('Betreiberangaben (Impressum, Datenschutzerklärung)');
    expect(detail).toMatch(/^Die Betreiberangaben sind Platzhalter: OPERATOR_ADDRESS, .* sind noch das Beispiel \(oder leer\)\./);
    expect(detail).not.toContain('OPERATOR_NAME');
    // The English stays as it was.
    expect(byId(partly).stripe!.detail).toBe('STRIPE_WEBHOOK_SECRET is missing (STRIPE_SECRET_KEY is set): set both, or neither.');
  });

  it('words the migration level with its count and the first names', async () => {
    const german = createI18n('de', adminDe);
    const broken = {
      withSession: () => ({
        prepare: () => ({ all: async () => ({ results: [{ name: 'x1.sql' }] }) }),
      }),
    } as unknown as D1Database;
    const report = await runSystemCheck({ ...env, DB: broken } as Bindings);
    const migrations = byId(report).migrations!;
    expect(migrations.status).toBe('failed');
    expect(migrations.detail).toMatch(/^\d+ migrations? of this build not applied \(.+\): run `wrangler d1 migrations apply DB`\.$/);
    if (KNOWN_MIGRATIONS.length > 3) expect(migrations.detail).toContain(` and ${KNOWN_MIGRATIONS.length - 3} more)`);
    expect(german._(migrations.detailId!, migrations.values)).toMatch(/^\d+ Migration(en)? dieses Builds nicht angewendet \(.+\): Führen Sie/);
  });
});

describe('compareMigrations', () => {
  it('names the pending and the unknown ones', () => {
    expect(compareMigrations(['a.sql', 'b.sql'], ['a.sql', 'b.sql', 'c.sql'])).toEqual({
      latestApplied: 'b.sql',
      latestKnown: 'c.sql',
      pending: ['c.sql'],
      unknown: [],
    });
    expect(compareMigrations(['a.sql', 'x.sql'], ['a.sql'])).toMatchObject({ pending: [], unknown: ['x.sql'] });
    expect(compareMigrations([], [])).toEqual({ latestApplied: null, latestKnown: null, pending: [], unknown: [] });
  });
});
