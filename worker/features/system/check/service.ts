import journal from '../../../../migrations/meta/_journal.json';
import type { I18n } from '@lingui/core';
import { createI18n } from '#common/i18n/setup.ts';
import { messages as adminEn } from '#common/locales/admin/compiled/en.ts';
import type { CheckStatus, SystemCheck, SystemMessageId, SystemReport } from '#common/schemas/system.ts';
import { BUILD_INFO } from '#worker/build-info.ts';
import type { Bindings } from '#worker/env.ts';
import { placeholderOperatorVars, type Operator } from '#worker/lib/operator.ts';

/** The migrations this build was made with (drizzle-kit's journal), as d1_migrations names them. */
export const KNOWN_MIGRATIONS: readonly string[] = journal.entries.map((entry) => `${entry.tag}.sql`);

/**
 * What a check found: a message of the `admin` area and its values. The report carries the ids
 * and values (the workspace words them in the reader's language, decision 0032) and their
 * English, worded here from the same catalog.
 */
interface Finding {
  detailId: SystemMessageId;
  values?: Record<string, string | number>;
}
type Outcome = Finding & { status: CheckStatus };

let english: I18n | undefined;
const inEnglish = (id: SystemMessageId, values?: Finding['values']) => (english ??= createI18n('en', adminEn))._(id, values);

function worded(id: string, labelId: SystemMessageId, { status, detailId, values }: Outcome, latencyMs: number): SystemCheck {
  return {
    id,
    label: inEnglish(labelId),
    status,
    detail: inEnglish(detailId, values),
    labelId,
    detailId,
    ...(values ? { values } : {}),
    latencyMs,
  };
}

/** Runs one check and measures it; a check that throws is failed with its finding (never a secret: the checks word them). */
async function timed(id: string, labelId: SystemMessageId, run: () => Promise<Outcome>): Promise<SystemCheck> {
  const started = performance.now();
  try {
    const outcome = await run();
    return worded(id, labelId, outcome, Math.round(performance.now() - started));
  } catch (error) {
    const finding: Finding = error instanceof CheckFailed ? error.finding : { detailId: 'admin.system.detail.unexpected' };
    if (!(error instanceof CheckFailed)) console.error(JSON.stringify({ level: 'error', message: 'system_check_failed', check: id, error: String(error) }));
    return worded(id, labelId, { status: 'failed', ...finding }, Math.round(performance.now() - started));
  }
}

/** A failure whose finding is meant for the admin reading the check. */
class CheckFailed extends Error {
  constructor(readonly finding: Finding) {
    super(finding.detailId);
  }
}
const fail = (detailId: SystemMessageId, values?: Finding['values']) => new CheckFailed({ detailId, ...(values ? { values } : {}) });

/** The migration level: the applied list against the build's list, in order. */
export function compareMigrations(applied: readonly string[], known: readonly string[] = KNOWN_MIGRATIONS) {
  const appliedSet = new Set(applied);
  const knownSet = new Set(known);
  return {
    latestApplied: applied.at(-1) ?? null,
    latestKnown: known.at(-1) ?? null,
    pending: known.filter((name) => !appliedSet.has(name)),
    unknown: applied.filter((name) => !knownSet.has(name)),
  };
}

/** The first three names, and how many more (the messages say "a, b, c and 2 more"). */
const list = (names: readonly string[]) => ({ names: names.slice(0, 3).join(', '), more: Math.max(0, names.length - 3) });

async function databaseChecks(env: Pick<Bindings, 'DB'>): Promise<{ checks: SystemCheck[]; migrations: SystemReport['migrations'] }> {
  let applied: string[] | undefined;
  const reach = await timed('d1', 'admin.system.check.d1', async () => {
    try {
      // The primary's migration level (a replica may trail it by a few seconds).
      const { results } = await env.DB.withSession('first-primary').prepare('SELECT name FROM d1_migrations ORDER BY id').all<{ name: string }>();
      applied = results.map((row) => row.name);
    } catch {
      throw fail('admin.system.detail.d1Unreachable');
    }
    return { status: 'ok', detailId: 'admin.system.detail.d1Ok' };
  });
  const level = compareMigrations(applied ?? []);
  const outcome: Outcome =
    applied === undefined
      ? { status: 'failed', detailId: 'admin.system.detail.migrationsUnread' }
      : level.pending.length > 0
        ? { status: 'failed', detailId: 'admin.system.detail.migrationsPending', values: { count: level.pending.length, ...list(level.pending) } }
        : level.unknown.length > 0
          ? { status: 'failed', detailId: 'admin.system.detail.migrationsUnknown', values: list(level.unknown) }
          : level.latestApplied === null
            ? { status: 'ok', detailId: 'admin.system.detail.migrationsNone' }
            : { status: 'ok', detailId: 'admin.system.detail.migrationsOk', values: { latest: level.latestApplied, count: applied.length } };
  const migration = worded('migrations', 'admin.system.check.migrations', outcome, reach.latencyMs);
  return { checks: [reach, migration], migrations: level };
}

/** Writes a throwaway object, reads it back byte for byte, deletes it and checks it is gone. */
async function storageCheck(env: Pick<Bindings, 'MEDIA'>): Promise<SystemCheck> {
  return timed('r2', 'admin.system.check.r2', async () => {
    const key = `system-check/${crypto.randomUUID()}`;
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    try {
      await env.MEDIA.put(key, bytes);
    } catch {
      throw fail('admin.system.detail.r2WriteFailed');
    }
    try {
      const object = await env.MEDIA.get(key);
      if (!object) throw fail('admin.system.detail.r2ReadFailed');
      const read = new Uint8Array(await object.arrayBuffer());
      if (read.length !== bytes.length || read.some((b, i) => b !== bytes[i])) throw fail('admin.system.detail.r2Differs');
    } finally {
      await env.MEDIA.delete(key).catch(() => undefined);
    }
    if (await env.MEDIA.head(key)) throw fail('admin.system.detail.r2DeleteFailed');
    return { status: 'ok', detailId: 'admin.system.detail.r2Ok' };
  });
}

type Config = Pick<
  Bindings,
  'AI' | 'SENTRY_DSN' | 'RESEND_API_KEY' | 'MAIL_FROM' | 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'INSTAGRAM_APP_ID' | 'INSTAGRAM_APP_SECRET'
>;

/**
 * The optional services: configured, off (the local stand-in runs instead: neutral, not a
 * failure), or half configured (failed). Only whether a setting is present is looked at:
 * no value, and no part of one, ever reaches the report.
 */
function serviceChecks(env: Config): Promise<SystemCheck[]> {
  const pair = (id: 'stripe' | 'instagram', names: [string, string], values: [unknown, unknown]) =>
    timed(id, `admin.system.check.${id}`, async () => {
      const [a, b] = values.map(Boolean);
      if (a && b) return { status: 'ok', detailId: `admin.system.detail.${id}Ok` };
      if (!a && !b) return { status: 'off', detailId: `admin.system.detail.${id}Off` };
      throw fail('admin.system.detail.pairMissing', { missing: a ? names[1] : names[0], present: a ? names[0] : names[1] });
    });
  return Promise.all([
    timed('mailer', 'admin.system.check.mailer', async () =>
      env.RESEND_API_KEY
        ? { status: 'ok', detailId: env.MAIL_FROM ? 'admin.system.detail.mailerOk' : 'admin.system.detail.mailerOkDefaultSender' }
        : { status: 'off', detailId: 'admin.system.detail.mailerOff' },
    ),
    timed('sentry', 'admin.system.check.sentry', async () => {
      if (!env.SENTRY_DSN) return { status: 'off', detailId: 'admin.system.detail.sentryOff' };
      if (!URL.canParse(env.SENTRY_DSN)) throw fail('admin.system.detail.sentryInvalid');
      return { status: 'ok', detailId: 'admin.system.detail.sentryOk' };
    }),
    pair('stripe', ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'], [env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET]),
    pair('instagram', ['INSTAGRAM_APP_ID', 'INSTAGRAM_APP_SECRET'], [env.INSTAGRAM_APP_ID, env.INSTAGRAM_APP_SECRET]),
    timed('ai', 'admin.system.check.ai', async () =>
      env.AI ? { status: 'ok', detailId: 'admin.system.detail.aiOk' } : { status: 'off', detailId: 'admin.system.detail.aiOff' },
    ),
  ]);
}

/**
 * The operator's details of the legal pages (wrangler.toml [vars]): a warning, not a failure,
 * while any is still the shipped example (or empty where the imprint needs it), so that nobody
 * goes live with "Example Operator GmbH" in the imprint. Names only: the values are public anyway.
 */
function operatorCheck(env: Operator): Promise<SystemCheck> {
  return timed('operator', 'admin.system.check.operator', async () => {
    const placeholders = placeholderOperatorVars(env);
    if (placeholders.length === 0) return { status: 'ok', detailId: 'admin.system.detail.operatorOk' };
    return {
      status: 'warning',
      detailId: 'admin.system.detail.operatorPlaceholders',
      values: { names: placeholders.join(', '), count: placeholders.length },
    };
  });
}

/** The system check of `/test`: every check run at once, each with its latency; `ok` when none failed. */
export async function runSystemCheck(env: Pick<Bindings, 'DB' | 'MEDIA'> & Config & Operator, now = new Date()): Promise<SystemReport> {
  const [database, storage, services, operator] = await Promise.all([databaseChecks(env), storageCheck(env), serviceChecks(env), operatorCheck(env)]);
  const checks = [...database.checks, storage, ...services, operator];
  return {
    ok: checks.every((check) => check.status !== 'failed'),
    checks,
    build: BUILD_INFO,
    migrations: database.migrations,
    checkedAt: now.toISOString(),
  };
}
