import type { ContactInput } from '#common/schemas/contact.ts';
import type { Db } from '#worker/db/client.ts';
import type { RequestMeta } from '#worker/lib/request-meta.ts';
import { newId } from '#worker/lib/ids.ts';
import type { Mailer } from '#worker/lib/mailer.ts';
import { RATE_LIMITS, consume } from '#worker/lib/rate-limit.ts';
import { insertContactMessage } from '#worker/features/contact/repo.ts';

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
  context: { userId: string | null; operatorEmail: string },
): Promise<ContactOutcome> {
  if (input.website && input.website.trim() !== '') return { stored: false };
  await consume(db, `contact:${meta.ip}`, RATE_LIMITS.contactMessages);
  const id = newId();
  await insertContactMessage(db, { id, name: input.name, email: input.email, message: input.message, userId: context.userId });
  await mailer.send({
    kind: 'contact_confirmation',
    to: input.email,
    subject: 'We received your message',
    text: [
      `Hi ${input.name},`,
      '',
      'thank you for writing to Adloom. We received your message and usually answer within one working day.',
      '',
      'Your message:',
      input.message
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n'),
    ].join('\n'),
  });
  await mailer.send({
    kind: 'contact_notification',
    to: context.operatorEmail,
    subject: `Contact form: ${input.name}`,
    text: `${input.name} <${input.email}> wrote:\n\n${input.message}\n\nMessage id: ${id}`,
  });
  return { stored: true, id };
}
