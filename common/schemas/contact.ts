import * as z from 'zod/mini';
import { emailField, text } from '#common/schemas/fields.ts';

export const contactInput = z.object({
  name: text('Enter your name.').check(z.trim(), z.minLength(1, 'Enter your name.'), z.maxLength(120, 'Use at most 120 characters.')),
  email: emailField,
  message: text('Write a message.').check(
    z.trim(),
    z.minLength(10, 'Write at least 10 characters so we can help.'),
    z.maxLength(5000, 'Use at most 5,000 characters.'),
  ),
  // Honeypot: people never see this field; bots fill it.
  website: z.optional(text().check(z.maxLength(500))),
});
export type ContactInput = z.infer<typeof contactInput>;
