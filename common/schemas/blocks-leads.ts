import * as z from 'zod/mini';
import type { FormField, FormProps } from '#common/schemas/blocks.ts';
import { text } from '#common/schemas/fields.ts';

// Leads: the schema a form block's submission is validated with

const LEAD_TEXT_MAX = 500;
const PHONE = /^\+?[0-9 ()./-]{5,40}$/;

/**
 * The zod/mini schema of a submission of `form`: one key per field (others are dropped),
 * text trimmed, emails lower-cased, checkboxes as booleans (`on`/`true`/`1` = ticked), an
 * optional field left empty as '' (or false). Error paths are field names.
 */
export function leadSchemaFor(form: Pick<FormProps, 'fields'>) {
  const shape: Record<string, z.ZodMiniType<string | boolean, unknown>> = {};
  for (const field of form.fields) shape[field.name] = leadFieldSchema(field);
  return z.object(shape);
}
export type LeadData = Record<string, string | boolean>;

function leadFieldSchema(field: FormField): z.ZodMiniType<string | boolean, unknown> {
  const required = field.required;
  const missing = required ? `Fill in “${field.label}”.` : 'Use text here.';
  const base = (max: number) => z._default(text(missing).check(z.trim(), z.maxLength(max, `Use at most ${max} characters.`)), '');
  const need = (message: string) => z.refine<string>((v) => !required || v.length > 0, message);
  switch (field.type) {
    case 'text':
      return base(LEAD_TEXT_MAX).check(need(missing));
    case 'email':
      return z._default(text(missing).check(z.trim(), z.toLowerCase(), z.maxLength(254, 'That email address is too long.')), '').check(
        need('Enter your email address.'),
        z.refine((v) => v === '' || z.regexes.email.test(v), 'Enter a valid email address, like name@example.com.'),
      );
    case 'phone':
      return base(40).check(
        need('Enter your phone number.'),
        z.refine((v) => v === '' || (PHONE.test(v) && (v.match(/\d/g)?.length ?? 0) >= 5), 'Enter a valid phone number, like +49 30 1234567.'),
      );
    case 'select': {
      const options = field.options ?? [];
      return base(80).check(
        need('Pick one of the options.'),
        z.refine((v) => v === '' || options.includes(v), 'Pick one of the options.'),
      );
    }
    case 'checkbox':
      return z
        .pipe(
          z.optional(z.union([z.boolean(), text()])),
          z.transform((v) => v === true || v === 'on' || v === 'true' || v === '1'),
        )
        .check(z.refine((v) => !required || v, 'Tick this box to continue.'));
  }
}
