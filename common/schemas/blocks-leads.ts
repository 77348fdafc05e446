import type { I18n } from '@lingui/core';
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
export function leadSchemaFor(form: Pick<FormProps, 'fields'>, i18n: Pick<I18n, '_'>) {
  const shape: Record<string, z.ZodMiniType<string | boolean, unknown>> = {};
  for (const field of form.fields) shape[field.name] = leadFieldSchema(field, i18n);
  return z.object(shape);
}
export type LeadData = Record<string, string | boolean>;

/** Messages in the funnel's language (`i18n`: the content catalog's `content.lead.*`), for its visitors. */
function leadFieldSchema(field: FormField, i18n: Pick<I18n, '_'>): z.ZodMiniType<string | boolean, unknown> {
  const t: I18n['_'] = i18n._.bind(i18n);
  const required = field.required;
  const missing = required ? t('content.lead.fill', { label: field.label }) : t('content.lead.text');
  const base = (max: number) => z._default(text(missing).check(z.trim(), z.maxLength(max, t('content.lead.max', { max }))), '');
  const need = (message: string) => z.refine<string>((v) => !required || v.length > 0, message);
  switch (field.type) {
    case 'text':
      return base(LEAD_TEXT_MAX).check(need(missing));
    case 'email':
      return z._default(text(missing).check(z.trim(), z.toLowerCase(), z.maxLength(254, t('content.lead.emailLong'))), '').check(
        need(t('content.lead.email')),
        z.refine((v) => v === '' || z.regexes.email.test(v), t('content.lead.emailInvalid')),
      );
    case 'phone':
      return base(40).check(
        need(t('content.lead.phone')),
        z.refine((v) => v === '' || (PHONE.test(v) && (v.match(/\d/g)?.length ?? 0) >= 5), t('content.lead.phoneInvalid')),
      );
    case 'select': {
      const options = field.options ?? [];
      return base(80).check(
        need(t('content.lead.pick')),
        z.refine((v) => v === '' || options.includes(v), t('content.lead.pick')),
      );
    }
    case 'checkbox':
      return z
        .pipe(
          z.optional(z.union([z.boolean(), text()])),
          z.transform((v) => v === true || v === 'on' || v === 'true' || v === '1'),
        )
        .check(z.refine((v) => !required || v, t('content.lead.tick')));
  }
}
