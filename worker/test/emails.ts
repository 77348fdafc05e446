import { env } from 'cloudflare:test';
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Locale } from '#common/i18n/locales.ts';
import { getDb } from '#worker/db/client.ts';
import { emailOutbox } from '#worker/db/schema.ts';
import { createMailer, type Email, type Mailer } from '#worker/lib/mailer.ts';
import type { TestUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';

/** Test helpers for the emails in the recipient's language (issue 28). */

/** Sets the account's language as the account page does (PATCH /api/me). */
export async function speaks(user: TestUser, locale: Locale): Promise<TestUser> {
  expect((await send('/api/me', { method: 'PATCH', json: { locale }, cookie: user.cookie })).status).toBe(200);
  return user;
}

/** Every email of `kind` to `email` in the outbox, oldest first. */
export function mailsTo(email: string, kind: string) {
  return getDb(env.DB)
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, kind)))
    .orderBy(asc(emailOutbox.createdAt))
    .all();
}

/** The one email of `kind` to `email` (fails when there is none or more). */
export async function onlyMail(email: string, kind: string) {
  const mails = await mailsTo(email, kind);
  expect(mails).toHaveLength(1);
  return mails[0]!;
}

/** The real mailer (outbox, local provider), also keeping what it sent: for emails whose outbox copy is deleted after sending. */
export function recordingMailer(): Mailer & { sent: Email[] } {
  const real = createMailer(getDb(env.DB), env);
  const sent: Email[] = [];
  return {
    sent,
    async send(email) {
      sent.push(email);
      await real.send(email);
    },
  };
}
