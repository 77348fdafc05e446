import { useState } from 'react';
import { WEBHOOK_EVENTS, WEBHOOK_URL_MAX, webhookCreateInput, type WebhookEndpointWithSecret } from '#common/schemas/webhooks.ts';
import { CheckboxGroup } from '#client/components/checkbox-group.tsx';
import { Dialog } from '#client/components/dialog.tsx';
import { DialogFormActions } from '#client/components/dialog-form-actions.tsx';
import { TextField } from '#client/components/field.tsx';
import { FormError } from '#client/components/form-error.tsx';
import { SecretShownOnce } from '#client/components/secret-shown-once.tsx';
import { useT } from '#client/lib/i18n-context.tsx';
import { useForm } from '#client/lib/use-form.ts';
import { webhooksApi } from '#client/features/webhooks/api.ts';

/** An event's name in the catalog's select (dots are not select keys). */
export const eventKey = (event: string) => event.replaceAll('.', '_');

/** "Add endpoint": an address and events, then the signing secret, shown this once. */
export function AddEndpointDialog({ projectId, open, onClose, onAdded }: { projectId: string; open: boolean; onClose: () => void; onAdded: () => void }) {
  const t = useT();
  const [added, setAdded] = useState<WebhookEndpointWithSecret | null>(null);
  const close = () => {
    setAdded(null);
    onClose();
  };
  return (
    <Dialog open={open} title={added ? t('projects.webhooks.secretTitle') : t('projects.webhooks.addTitle')} onClose={close}>
      {added ? (
        <SigningSecret secret={added.secret} onDone={close} />
      ) : (
        <AddForm
          projectId={projectId}
          onCancel={close}
          onAdded={(endpoint) => {
            setAdded(endpoint);
            onAdded();
          }}
        />
      )}
    </Dialog>
  );
}

function AddForm({ projectId, onCancel, onAdded }: { projectId: string; onCancel: () => void; onAdded: (endpoint: WebhookEndpointWithSecret) => void }) {
  const t = useT();
  const form = useForm(webhookCreateInput, { url: 'https://', events: ['lead.created'] });
  return (
    <form noValidate className="space-y-4" onSubmit={form.handleSubmit(async (data) => onAdded(await webhooksApi.create(projectId, data)))}>
      <FormError error={form.formError} />
      <TextField label={t('projects.webhooks.url')} hint={t('projects.webhooks.urlHint')} type="url" maxLength={WEBHOOK_URL_MAX} {...form.field('url')} />
      <CheckboxGroup
        legend={t('projects.webhooks.events')}
        columns={2}
        options={WEBHOOK_EVENTS.map((name) => ({ value: name, label: t('projects.webhooks.event', { event: eventKey(name) }) }))}
        {...form.choices('events', WEBHOOK_EVENTS)}
      />
      <DialogFormActions onCancel={onCancel} pending={form.pending} pendingLabel={t('projects.webhooks.adding')}>
        {t('projects.webhooks.add')}
      </DialogFormActions>
    </form>
  );
}

/** The signing secret, shown this once: after an endpoint is added, or its secret renewed. */
export function SigningSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  const t = useT();
  const words = {
    warning: t('projects.webhooks.secretWarning'),
    label: t('projects.webhooks.secretLabel'),
    copy: t('projects.webhooks.copy'),
    copied: t('projects.webhooks.copied'),
    copyByHand: t('projects.webhooks.copyByHand'),
    done: t('projects.webhooks.done'),
  };
  return <SecretShownOnce secret={secret} words={words} onDone={onDone} />;
}
