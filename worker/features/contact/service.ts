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
import { RATE_LIMITS, consumeOrCountInMemory } from '#worker/lib/rate-limit.ts';
import { writeOrDefer } from '#worker/lib/deferred-writes.ts';
import { auditIfChangedStatement } from '#worker/lib/audit.ts';
import { decodeCursor, encodeCursor, toPage } from '#worker/lib/cursor.ts';
import { AppError } from '#worker/lib/errors.ts';
import * as repo from '#worker/features/contact/repo.ts';

export type ContactOutcome = { stored: true; id: string; queued: boolean } | { stored: false };

/** A message as it is written, its id chosen before the first attempt: the WRITES queue's message (`kind: 'contact'`) carries it as is. */
export interface ContactRow {
  id: string;
  name: string;
  email: string;
  message: string;
  userId: string | null;
  /** The language of the page it was sent from (the confirmation's, unless the address has an account). */
  locale: Locale;
  /** When it was sent (ms). */
  createdAt: number;
}

/**
 * Stores a contact message, confirms it to the sender and tells the operator. While D1 refuses
 * the write, the message goes on `writes` (decision 0043) and both emails go when it is written.
 * A filled honeypot looks like success to the bot but stores and sends nothing.
 */
export async function submitContact(
  db: Db,
  mailer: Mailer,
  input: ContactInput,
  meta: RequestMeta,
  context: { userId: string | null; operatorEmail: string; locale: Locale; writes?: Queue<unknown> | undefined },
): Promise<ContactOutcome> {
  if (input.website && input.website.trim() !== '') return { stored: false };
  await consumeOrCountInMemory(db, `contact:${clientNetwork(meta.ip)}`, RATE_LIMITS.contactMessages);
  const now = Date.now();
  const row: ContactRow = {
    id: newId(),
    name: input.name,
    email: input.email,
    message: input.message,
    userId: context.userId,
    locale: context.locale,
    createdAt: now,
  };
  const outcome = await writeOrDefer(() => writeContact(db, row), context.writes, { kind: 'contact', id: row.id, sentAt: now, data: row });
  if (outcome === 'created') await confirmContact(db, mailer, row, context.operatorEmail);
  return { stored: true, id: row.id, queued: outcome === 'queued' };
}

/** Writes a message once (an id the table has writes nothing); true when this call wrote it. */
async function writeContact(db: Db, row: ContactRow): Promise<boolean> {
  const result = await repo.insertContactMessage(db, {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    userId: row.userId,
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.createdAt),
  });
  return result.meta.changes === 1;
}

/**
 * A message from the WRITES queue (worker/queues/writes.ts): written, and both emails sent when
 * this delivery wrote it (a second delivery sends nothing). Throws while D1 refuses.
 */
export async function writeQueuedContact(db: Db, mailer: Mailer, operatorEmail: string, row: ContactRow): Promise<void> {
  if (await writeContact(db, row)) await confirmContact(db, mailer, row, operatorEmail);
}

/** The sender's confirmation and the operator's notice of a message just written. */
async function confirmContact(db: Db, mailer: Mailer, row: ContactRow, operatorEmail: string): Promise<void> {
  // The sender's language: their account's, when the address has one; else the language they wrote in (the request's).
  const sender = { name: row.name, email: row.email, locale: await localeForAddress(db, row.email, row.locale) };
  await mailer.send(
    personalEmail('contact_confirmation', sender, (i18n) => ({
      subject: i18n._('email.contact.subject'),
      lines: [
        i18n._('email.contact.thanks'),
        '',
        i18n._('email.contact.yours'),
        row.message
          .split('\n')
          .map((line) => `> ${line}`)
          .join('\n'),
      ],
    })),
  );
  // The operator's language: that of their account, when OPERATOR_EMAIL has one; else English.
  const operator = i18nFor(await localeForAddress(db, operatorEmail, DEFAULT_LOCALE));
  await mailer.send({
    kind: 'contact_notification',
    to: operatorEmail,
    subject: operator._('email.contactNotice.subject', { name: row.name }),
    text: [
      operator._('email.contactNotice.wrote', { name: row.name, email: row.email }),
      '',
      row.message,
      '',
      operator._('email.contactNotice.id', { id: row.id }),
    ].join('\n'),
  });
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
