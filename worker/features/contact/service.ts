import type { ContactInput } from '#common/schemas/contact.ts';
import type { ContactMessageItem } from '#common/schemas/admin.ts';
import { rawBatch, type Db } from '#worker/db/client.ts';
import type { RequestMeta } from '#worker/lib/request-meta.ts';
import { newId } from '#worker/lib/ids.ts';
import { personalEmail, type Mailer } from '#worker/lib/mailer.ts';
import { i18nFor } from '#worker/lib/i18n.ts';
import { DEFAULT_LOCALE, type Locale } from '#common/i18n/locales.ts';
import { localeForAddress } from '#worker/features/auth/users/service.ts';
import { clientNetwork } from '#worker/lib/client-network.ts';
import { RATE_LIMITS, consume } from '#worker/lib/rate-limit.ts';
import { auditIfChangedStatement } from '#worker/lib/audit.ts';
import { decodeCursor, encodeCursor, toPage } from '#worker/lib/cursor.ts';
import { AppError } from '#worker/lib/errors.ts';
import * as repo from '#worker/features/contact/repo.ts';

export type ContactOutcome = { stored: true; id: string } | { stored: false };

/**
 * Stores a contact message, confirms it to the sender and tells the operator.
 * A filled honeypot looks like success to the bot but stores and sends nothing.
 */
export async function submitContact(
  db: Db,
  mailer: Mailer,
  input: ContactInput,
  meta: RequestMeta,
  context: { userId: string | null; operatorEmail: string; locale: Locale },
): Promise<ContactOutcome> {
  if (input.website && input.website.trim() !== '') return { stored: false };
  await consume(db, `contact:${clientNetwork(meta.ip)}`, RATE_LIMITS.contactMessages);
  const id = newId();
  await repo.insertContactMessage(db, { id, name: input.name, email: input.email, message: input.message, userId: context.userId });
  // The sender's language: their account's, when the address has one; else the language they wrote in (the request's).
  const sender = { ...input, locale: await localeForAddress(db, input.email, context.locale) };
  await mailer.send(
    personalEmail('contact_confirmation', sender, (i18n) => ({
      subject: i18n._('email.contact.subject'),
      lines: [
        i18n._('email.contact.thanks'),
        '',
        i18n._('email.contact.yours'),
        input.message
          .split('\n')
          .map((line) => `> ${line}`)
          .join('\n'),
      ],
    })),
  );
  // The operator's language: that of their account, when OPERATOR_EMAIL has one; else English.
  const operator = i18nFor(await localeForAddress(db, context.operatorEmail, DEFAULT_LOCALE));
  await mailer.send({
    kind: 'contact_notification',
    to: context.operatorEmail,
    subject: operator._('email.contactNotice.subject', { name: input.name }),
    text: [
      operator._('email.contactNotice.wrote', { name: input.name, email: input.email }),
      '',
      input.message,
      '',
      operator._('email.contactNotice.id', { id }),
    ].join('\n'),
  });
  return { stored: true, id };
}

/** A message as the admin area shows it (the shared API type). */
export type ContactMessage = ContactMessageItem;

function toMessage(row: repo.ContactMessageRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    userId: row.userId,
    handledAt: row.handledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The contact messages for the admin area, newest first. */
export async function listContactMessages(db: Db, options: { status: 'open' | 'handled' | 'all'; limit: number; cursor?: string | undefined }) {
  const rows = await repo.listContactMessages(db, { status: options.status, limit: options.limit, before: decodeCursor(options.cursor) });
  const page = toPage(rows, options.limit, (row) => encodeCursor(row.createdAt, row.id));
  return { items: page.items.map(toMessage), nextCursor: page.nextCursor };
}

/**
 * An admin marks a message handled, audited in the same batch; marking it again changes
 * nothing and records nothing (the message as it is comes back).
 */
export async function markContactHandled(db: Db, admin: { id: string; ip: string }, id: string): Promise<ContactMessage> {
  const found = await repo.findContactMessage(db, id);
  if (!found) throw new AppError('not_found');
  if (!found.handledAt) {
    const now = new Date();
    await rawBatch(db, [
      repo.markHandled(db, id, now),
      auditIfChangedStatement(db, {
        actorUserId: admin.id,
        action: 'contact.handled',
        targetType: 'contact_message',
        targetId: id,
        ip: admin.ip,
        // The message's id, not its sender's address: the audit log outlives a deleted account's messages.
        details: { before: { handledAt: null }, after: { handledAt: now.toISOString() } },
      }),
    ]);
  }
  const row = await repo.findContactMessage(db, id);
  if (!row) throw new AppError('not_found');
  return toMessage(row);
}
