import type { I18n } from '@lingui/core';
import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import type { Db } from '#worker/db/client.ts';
import type { AppEnv } from '#worker/env.ts';
import { emailOutbox } from '#worker/db/schema.ts';
import { newId } from '#worker/lib/ids.ts';
import { i18nFor } from '#worker/lib/i18n.ts';
import { INTL_LOCALES, type Locale } from '#common/i18n/locales.ts';

export interface Email {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the email is about (password_reset, contact_confirmation, …), for support and tests. */
  kind: string;
}

/** Whom an email goes to, with the language it is written in (issue 28). */
export interface Recipient {
  email: string;
  name: string;
  locale: Locale;
}

/**
 * An email to one person in their language, opening as every Adloom email to a user does:
 * "Hi <name>," (or "Hallo <name>,"), a blank line, then the lines `write` returns, one per line
 * (an empty string is a blank line). `write` gets the recipient's messages (`i18n._('email.…')`)
 * and their locale (for dates, see `mailDate`).
 */
export function personalEmail(kind: string, to: Recipient, write: (i18n: I18n, locale: Locale) => { subject: string; lines: string[] }): Email {
  const i18n = i18nFor(to.locale);
  const { subject, lines } = write(i18n, to.locale);
  return { kind, to: to.email, subject, text: [i18n._('email.greeting', { name: to.name }), '', ...lines].join('\n') };
}

/** A day (with `time`, also the hour and minute) in an email, in the recipient's locale, in UTC. */
export function mailDate(locale: Locale, date: Date, time = false): string {
  const withTime: Intl.DateTimeFormatOptions = time ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {};
  return new Intl.DateTimeFormat(INTL_LOCALES[locale], { day: 'numeric', month: 'long', year: 'numeric', ...withTime, timeZone: 'UTC' }).format(date);
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
