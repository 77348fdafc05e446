import type { I18n } from '@lingui/core';
import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import type { Db } from '#worker/db/client.ts';
import type { AppEnv } from '#worker/env.ts';
import { emailOutbox } from '#worker/db/schema.ts';
import { newId } from '#worker/lib/ids.ts';
import { i18nFor } from '#worker/lib/i18n.ts';
import { INTL_LOCALES, type Locale } from '#common/i18n/locales.ts';
import { knownTimeZone } from '#common/time-zone.ts';

export interface Email {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the email is about (password_reset, contact_confirmation, …), for support and tests. */
  kind: string;
}

/** Whom an email goes to, with the language it is written in and the zone its times are in (issue 28). */
export interface Recipient {
  email: string;
  name: string;
  locale: Locale;
  /** The account's IANA zone; none (or null): UTC. */
  timeZone?: string | null | undefined;
}

/** A day (`time`: with the hour, minute and the zone's name) as the recipient reads it: see `mailDate`. */
export type MailDate = (date: Date, time?: boolean) => string;

/**
 * An email to one person in their language, opening as every Adloom email to a user does:
 * "Hi <name>," (or "Hallo <name>,"), a blank line, then the lines `write` returns, one per line
 * (an empty string is a blank line). `write` gets the recipient's messages (`i18n._('email.…')`),
 * their locale and `date`, which writes a day or a time in their language and time zone.
 */
export function personalEmail(kind: string, to: Recipient, write: (i18n: I18n, locale: Locale, date: MailDate) => { subject: string; lines: string[] }): Email {
  const i18n = i18nFor(to.locale);
  const { subject, lines } = write(i18n, to.locale, (date, time) => mailDate(to.locale, date, time, to.timeZone));
  return { kind, to: to.email, subject, text: [i18n._('email.greeting', { name: to.name }), '', ...lines].join('\n') };
}

/**
 * A day in an email, in the recipient's locale and time zone (UTC when they have none). With
 * `time`, also the hour and minute and the zone's name, so no one reads it in the wrong zone:
 * "5 March 2026 at 10:07 CET", "5. März 2026 um 09:07 UTC", "… um 14:37 GMT+5:30".
 */
export function mailDate(locale: Locale, date: Date, time = false, timeZone?: string | null): string {
  const zone = knownTimeZone(timeZone) ?? 'UTC';
  const withTime: Intl.DateTimeFormatOptions = time ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' } : {};
  return new Intl.DateTimeFormat(INTL_LOCALES[locale], { day: 'numeric', month: 'long', year: 'numeric', ...withTime, timeZone: zone }).format(date);
}

/** Names as an email lists them: each in the language's quotes, separated by commas. */
export function quotedList(i18n: I18n, names: string[]): string {
  return names.map((name) => i18n._('email.quoted', { name })).join(', ');
}

/** The one mail interface (ARCHITECTURE.md §7). */
export interface Mailer {
  send(email: Email): Promise<void>;
}

export interface MailerConfig {
  RESEND_API_KEY?: string;
  MAIL_FROM?: string;
}

const RESEND_URL = 'https://api.resend.com/emails';
const DEFAULT_FROM = 'Adloom <no-reply@example.com>';

/**
 * Every email is written to `email_outbox` first. With RESEND_API_KEY it is then sent
 * through Resend's HTTP API; without it (local development) a console line shows the
 * recipient, subject and links, and the outbox row stays `logged`.
 */
export function createMailer(db: Db, config: MailerConfig): Mailer {
  return {
    async send(email) {
      const id = newId();
      const provider = config.RESEND_API_KEY ? 'resend' : 'log';
      await db.insert(emailOutbox).values({
        id,
        toAddress: email.to,
        subject: email.subject,
        textBody: email.text,
        htmlBody: email.html ?? null,
        kind: email.kind,
        status: 'logged',
      });
      if (provider === 'log') {
        const links = email.text.match(/https?:\/\/\S+/g) ?? [];
        console.log(`[mail] ${email.kind} to ${email.to}: "${email.subject}"${links.length ? ` ${links.join(' ')}` : ''}`);
        return;
      }
      try {
        const response = await fetch(RESEND_URL, {
          method: 'POST',
          headers: { authorization: `Bearer ${config.RESEND_API_KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            from: config.MAIL_FROM || DEFAULT_FROM,
            to: [email.to],
            subject: email.subject,
            text: email.text,
            ...(email.html ? { html: email.html } : {}),
          }),
        });
        const body = (await response.json().catch(() => ({}))) as { id?: string; message?: string; name?: string };
        if (!response.ok) {
          await db
            .update(emailOutbox)
            .set({ status: 'failed', error: `resend ${response.status}: ${body.name ?? ''} ${body.message ?? ''}`.trim().slice(0, 500), updatedAt: new Date() })
            .where(eq(emailOutbox.id, id));
          console.error(`[mail] ${email.kind} failed with status ${response.status}`);
          return;
        }
        await db
          .update(emailOutbox)
          .set({ status: 'sent', providerMessageId: body.id ?? null, updatedAt: new Date() })
          .where(eq(emailOutbox.id, id));
      } catch (error) {
        await db
          .update(emailOutbox)
          .set({ status: 'failed', error: String(error).slice(0, 500), updatedAt: new Date() })
          .where(eq(emailOutbox.id, id));
        console.error(`[mail] ${email.kind} could not reach the provider`);
      }
    },
  };
}

/** The request's mailer (outbox, plus Resend when configured). */
export function mailerFor(c: Context<AppEnv>): Mailer {
  return createMailer(c.get('db'), c.env);
}
