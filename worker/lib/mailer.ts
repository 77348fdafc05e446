import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import type { Db } from '#worker/db/client.ts';
import type { AppEnv } from '#worker/env.ts';
import { emailOutbox } from '#worker/db/schema.ts';
import { newId } from '#worker/lib/ids.ts';

export interface Email {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the email is about (password_reset, contact_confirmation, …), for support and tests. */
  kind: string;
}

/**
 * An email to one person, opening as every Adloom email to a user does: "Hi <name>,", a blank
 * line, then `lines`, one per line (an empty string is a blank line).
 */
export function personalEmail(kind: string, to: { email: string; name: string }, subject: string, lines: string[]): Email {
  return { kind, to: to.email, subject, text: [`Hi ${to.name},`, '', ...lines].join('\n') };
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
