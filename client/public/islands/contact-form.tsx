import { useState } from 'react';
import { contactInput } from '#common/schemas/contact.ts';
import { Alert } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { TextAreaField, TextField } from '#client/components/field.tsx';
import { FormError } from '#client/components/form-error.tsx';
import { fetchJson } from '#client/lib/http.ts';
import { useServerForm } from '#client/lib/use-form.ts';
import { useIslandText } from '#client/public/island-text.tsx';

export interface ContactFormProps {
  initialValues?: Record<string, string>;
  initialErrors?: Record<string, string>;
  initialFormError?: string;
  /** The address a confirmation went to, after a successful no-JavaScript submission. */
  sentTo?: string;
}

/** The contact form: a plain POST to /contact without JavaScript, a fetch with it. */
export default function ContactForm({ initialValues, initialErrors, initialFormError, sentTo }: ContactFormProps) {
  const [sent, setSent] = useState<string | undefined>(sentTo);
  const { t, href } = useIslandText();
  const form = useServerForm(
    contactInput,
    { name: initialValues?.name ?? '', email: initialValues?.email ?? '', message: initialValues?.message ?? '', website: '' },
    { initialErrors, initialFormError },
  );
  if (sent) {
    return (
      <Alert tone="success" title={t('contact.sentTitle')}>
        {t('contact.sentBefore')} <strong>{sent}</strong> {t('contact.sentAfter')}
      </Alert>
    );
  }
  return (
    <form
      {...form.formProps(href('/contact'), 'space-y-5', async (data) => {
        await fetchJson('/api/contact', { method: 'POST', json: data });
        setSent(data.email);
      })}
    >
      <FormError error={form.error} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label={t('contact.name')} autoComplete="name" required {...form.field('name')} />
        <TextField label={t('contact.email')} type="email" autoComplete="email" required {...form.field('email')} />
      </div>
      <TextAreaField label={t('contact.message')} required rows={6} hint={t('contact.messageHint')} {...form.field('message')} />
      {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
      <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
        {/* eslint-disable-next-line lingui/no-unlocalized-strings -- a trap for bots, never shown to people */}
        <label>
          Website
          <input type="text" name="website" tabIndex={-1} autoComplete="off" value={form.values.website ?? ''} onChange={form.field('website').onChange} />
        </label>
      </div>
      <Button type="submit" size="lg" pending={form.pending} pendingLabel={t('contact.sending')}>
        {t('contact.send')}
      </Button>
    </form>
  );
}
