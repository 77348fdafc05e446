import journal from '../../../../migrations/meta/_journal.json';
import type { SystemCheck, SystemReport } from '#common/schemas/system.ts';
import { countOf } from '#common/plural.ts';
import { BUILD_INFO } from '#worker/build-info.ts';
import type { Bindings } from '#worker/env.ts';
import { placeholderOperatorVars, type Operator } from '#worker/lib/operator.ts';

/** The migrations this build was made with (drizzle-kit's journal), as d1_migrations names them. */
export const KNOWN_MIGRATIONS: readonly string[] = journal.entries.map((entry) => `${entry.tag}.sql`);

/** Runs one check and measures it; a check that throws is failed with its message (never a secret: the checks word them). */
async function timed(id: string, label: string, run: () => Promise<Omit<SystemCheck, 'id' | 'label' | 'latencyMs'>>): Promise<SystemCheck> {
  const started = performance.now();
  try {
    const outcome = await run();
    return { id, label, ...outcome, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    const detail = error instanceof CheckFailed ? error.message : 'The check failed unexpectedly: see the worker log.';
    if (!(error instanceof CheckFailed)) console.error(JSON.stringify({ level: 'error', message: 'system_check_failed', check: id, error: String(error) }));
    return { id, label, status: 'failed', detail, latencyMs: Math.round(performance.now() - started) };
  }
}

/** A failure whose message is meant for the admin reading the check. */
class CheckFailed extends Error {}

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

const list = (names: readonly string[]) => (names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', '));

async function databaseChecks(env: Pick<Bindings, 'DB'>): Promise<{ checks: SystemCheck[]; migrations: SystemReport['migrations'] }> {
  let applied: string[] | undefined;
  const reach = await timed('d1', 'Database (D1)', async () => {
    try {
      // The primary's migration level (a replica may trail it by a few seconds).
      const { results } = await env.DB.withSession('first-primary').prepare('SELECT name FROM d1_migrations ORDER BY id').all<{ name: string }>();
      applied = results.map((row) => row.name);
    } catch {
      throw new CheckFailed('The database did not answer, or has no migrations table: run `wrangler d1 migrations apply DB`.');
    }
    return { status: 'ok', detail: 'Reachable: read the applied migrations.' };
  });
  const level = compareMigrations(applied ?? []);
  const migration: SystemCheck = {
    id: 'migrations',
    label: 'Migration level',
    latencyMs: reach.latencyMs,
    ...(applied === undefined
      ? { status: 'failed', detail: 'Unknown: the database could not be read.' }
      : level.pending.length > 0
        ? {
            status: 'failed',
            detail: `${countOf(level.pending.length, 'migration')} of this build not applied (${list(level.pending)}): run \`wrangler d1 migrations apply DB\`.`,
          }
        : level.unknown.length > 0
          ? {
              status: 'failed',
              detail: `The database has migrations this build does not know (${list(level.unknown)}): this build is older than the database.`,
            }
          : { status: 'ok', detail: `Up to date: ${level.latestApplied ?? 'no migrations'} (${applied.length} applied).` }),
  };
  return { checks: [reach, migration], migrations: level };
}

/** Writes a throwaway object, reads it back byte for byte, deletes it and checks it is gone. */
async function storageCheck(env: Pick<Bindings, 'MEDIA'>): Promise<SystemCheck> {
  return timed('r2', 'Storage (R2)', async () => {
    const key = `system-check/${crypto.randomUUID()}`;
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    try {
      await env.MEDIA.put(key, bytes);
    } catch {
      throw new CheckFailed('Writing a test object failed.');
    }
    try {
      const object = await env.MEDIA.get(key);
      if (!object) throw new CheckFailed('The test object was written but could not be read back.');
      const read = new Uint8Array(await object.arrayBuffer());
      if (read.length !== bytes.length || read.some((b, i) => b !== bytes[i]))
        throw new CheckFailed('The test object read back differs from what was written.');
    } finally {
      await env.MEDIA.delete(key).catch(() => undefined);
    }
    if (await env.MEDIA.head(key)) throw new CheckFailed('The test object could not be deleted.');
    return { status: 'ok', detail: 'Wrote, read back and deleted a test object.' };
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
  const pair = (id: string, label: string, names: [string, string], values: [unknown, unknown], on: string, off: string) =>
    timed(id, label, async () => {
      const [a, b] = values.map(Boolean);
      if (a && b) return { status: 'ok', detail: on };
      if (!a && !b) return { status: 'off', detail: off };
      throw new CheckFailed(`${a ? names[1] : names[0]} is missing (${a ? names[0] : names[1]} is set): set both, or neither.`);
    });
  return Promise.all([
    timed('mailer', 'Email', async () =>
      env.RESEND_API_KEY
        ? { status: 'ok', detail: `Sent through Resend${env.MAIL_FROM ? '' : ' (from the default sender: MAIL_FROM is not set)'}.` }
        : { status: 'off', detail: 'Emails are written to the outbox and their links printed on the console.' },
    ),
    timed('sentry', 'Error reporting (Sentry)', async () => {
      if (!env.SENTRY_DSN) return { status: 'off', detail: 'Errors are logged only, and /monitoring answers 404.' };
      if (!URL.canParse(env.SENTRY_DSN)) throw new CheckFailed('SENTRY_DSN is set but is not a valid DSN.');
      return { status: 'ok', detail: 'Configured: the worker and the browser report errors.' };
    }),
    pair(
      'stripe',
      'Payments (Stripe)',
      ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
      [env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET],
      'Configured: checkout, portal and signed webhooks.',
      'Purchases go through the local sandbox checkout.',
    ),
    pair(
      'instagram',
      'Instagram',
      ['INSTAGRAM_APP_ID', 'INSTAGRAM_APP_SECRET'],
      [env.INSTAGRAM_APP_ID, env.INSTAGRAM_APP_SECRET],
      'Configured: projects can connect Instagram accounts.',
      'Only the sandbox account can be connected.',
    ),
    timed('ai', 'Workers AI', async () =>
      env.AI
        ? { status: 'ok', detail: 'Bound: headline variants and copy ideas come from the model.' }
        : { status: 'off', detail: 'Variations use the built-in headline generator.' },
    ),
  ]);
}

/**
 * The operator's details of the legal pages (wrangler.toml [vars]): a warning, not a failure,
 * while any is still the shipped example (or empty where the imprint needs it), so that nobody
 * goes live with "Example Operator GmbH" in the imprint. Names only: the values are public anyway.
 */
function operatorCheck(env: Operator): Promise<SystemCheck> {
  return timed('operator', 'Operator details (imprint, privacy policy)', async () => {
    const placeholders = placeholderOperatorVars(env);
    if (placeholders.length === 0) return { status: 'ok', detail: 'Set: the imprint and the privacy policy name this deployment’s operator.' };
    return {
      status: 'warning',
      detail: `Operator details are placeholders: ${placeholders.join(', ')} ${placeholders.length === 1 ? 'is' : 'are'} still the example (or empty). Set them in wrangler.toml [vars] before going live: /imprint and /de/imprint show them.`,
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
