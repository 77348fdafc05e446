import { useId, useState, type FormEvent } from 'react';
import { WEBHOOK_EVENTS, webhookCreateInput, type WebhookEndpointWithSecret, type WebhookEvent } from '#common/schemas/webhooks.ts';
import { Dialog } from '#client/components/dialog.tsx';
import { DialogFormActions } from '#client/components/dialog-form-actions.tsx';
import { TextField } from '#client/components/field.tsx';
import { MessageAlert } from '#client/components/message-alert.tsx';
import { SecretShownOnce } from '#client/components/secret-shown-once.tsx';
import { errorMessage } from '#client/lib/http.ts';
import { useSayEnglish, useT } from '#client/lib/i18n-context.tsx';
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
  const say = useSayEnglish();
  const groupId = useId();
  const [url, setUrl] = useState('https://');
  const [events, setEvents] = useState<WebhookEvent[]>(['lead.created']);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = webhookCreateInput.safeParse({ url, events });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0] ?? '_')] ??= say(issue.message);
      setErrors(next);
      return;
    }
    setErrors({});
    setError(null);
    setPending(true);
    try {
      onAdded(await webhooksApi.create(projectId, parsed.data));
    } catch (e) {
      setError(errorMessage(e, t('projects.webhooks.failed')));
    } finally {
      setPending(false);
    }
  };

  const toggle = (name: WebhookEvent, on: boolean) =>
    setEvents((current) => (on ? WEBHOOK_EVENTS.filter((e) => e === name || current.includes(e)) : current.filter((e) => e !== name)));

  return (
    <form noValidate className="space-y-4" onSubmit={(e) => void submit(e)}>
      <MessageAlert message={error} />
      <TextField
        label={t('projects.webhooks.url')}
        hint={t('projects.webhooks.urlHint')}
        type="url"
        value={url}
        maxLength={500}
        error={errors.url}
        onChange={(e) => setUrl(e.currentTarget.value)}
      />
      <fieldset aria-describedby={errors.events ? `${groupId}-error` : undefined}>
        <legend className="text-sm font-medium">{t('projects.webhooks.events')}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((name) => (
            <label key={name} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 rounded border-zinc-300 focus-visible:outline-2 focus-visible:outline-accent-600"
                checked={events.includes(name)}
                onChange={(e) => toggle(name, e.currentTarget.checked)}
              />
              {t('projects.webhooks.event', { event: eventKey(name) })}
            </label>
          ))}
        </div>
        {errors.events ? (
          <p id={`${groupId}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
            {errors.events}
          </p>
        ) : null}
      </fieldset>
      <DialogFormActions onCancel={onCancel} pending={pending} pendingLabel={t('projects.webhooks.adding')}>
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
