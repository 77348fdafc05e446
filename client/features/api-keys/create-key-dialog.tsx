import { useId, useState, type FormEvent } from 'react';
import { API_SCOPES, apiKeyCreateInput, type ApiKeyCreated, type ApiScope } from '#common/schemas/api-keys.ts';
import { Dialog } from '#client/components/dialog.tsx';
import { DialogFormActions } from '#client/components/dialog-form-actions.tsx';
import { TextField } from '#client/components/field.tsx';
import { MessageAlert } from '#client/components/message-alert.tsx';
import { SecretShownOnce } from '#client/components/secret-shown-once.tsx';
import { errorMessage } from '#client/lib/http.ts';
import { useSayEnglish, useT } from '#client/lib/i18n-context.tsx';
import { apiKeysApi } from '#client/features/api-keys/api.ts';

/**
 * "Create key": a name and scopes (those the plan allows), then the secret, shown this once with
 * a copy button and a warning. Closing the dialog forgets it.
 */
export function CreateKeyDialog({
  projectId,
  open,
  allowed,
  onClose,
  onCreated,
}: {
  projectId: string;
  open: boolean;
  allowed: readonly ApiScope[];
  onClose: () => void;
  onCreated: () => void;
}) {
  const t = useT();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Dialog open={open} title={created ? t('projects.apiKeys.secretTitle') : t('projects.apiKeys.createTitle')} onClose={close}>
      {created ? (
        <SecretShownOnce
          secret={created.secret}
          words={{
            warning: t('projects.apiKeys.secretWarning'),
            label: t('projects.apiKeys.secretLabel'),
            copy: t('projects.apiKeys.copy'),
            copied: t('projects.apiKeys.copied'),
            copyByHand: t('projects.apiKeys.copyByHand'),
            done: t('projects.apiKeys.done'),
          }}
          onDone={close}
        />
      ) : (
        <CreateForm
          projectId={projectId}
          allowed={allowed}
          onCancel={close}
          onCreated={(key) => {
            setCreated(key);
            onCreated();
          }}
        />
      )}
    </Dialog>
  );
}

function CreateForm({
  projectId,
  allowed,
  onCancel,
  onCreated,
}: {
  projectId: string;
  allowed: readonly ApiScope[];
  onCancel: () => void;
  onCreated: (key: ApiKeyCreated) => void;
}) {
  const t = useT();
  const say = useSayEnglish();
  const groupId = useId();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>(['read']);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = apiKeyCreateInput.safeParse({ name, scopes });
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
      onCreated(await apiKeysApi.create(projectId, parsed.data));
    } catch (e) {
      setError(errorMessage(e, t('projects.apiKeys.failed')));
    } finally {
      setPending(false);
    }
  };

  const toggle = (scope: ApiScope, on: boolean) =>
    setScopes((current) => (on ? API_SCOPES.filter((s) => s === scope || current.includes(s)) : current.filter((s) => s !== scope)));

  return (
    <form noValidate className="space-y-4" onSubmit={(e) => void submit(e)}>
      <MessageAlert message={error} />
      <TextField
        label={t('projects.apiKeys.name')}
        hint={t('projects.apiKeys.nameHint')}
        value={name}
        maxLength={60}
        error={errors.name}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <fieldset aria-describedby={errors.scopes ? `${groupId}-error` : undefined}>
        <legend className="text-sm font-medium">{t('projects.apiKeys.scopes')}</legend>
        <div className="mt-2 space-y-2">
          {API_SCOPES.map((scope) => {
            const onPlan = allowed.includes(scope);
            return (
              <div key={scope}>
                <label className={`flex items-center gap-2 text-sm font-medium ${onPlan ? '' : 'text-zinc-400 dark:text-zinc-500'}`}>
                  <input
                    type="checkbox"
                    className="size-4 rounded border-zinc-300 focus-visible:outline-2 focus-visible:outline-accent-600"
                    checked={scopes.includes(scope)}
                    disabled={!onPlan}
                    onChange={(e) => toggle(scope, e.currentTarget.checked)}
                  />
                  {t('projects.apiKeys.scope', { scope })}
                </label>
                <p className="ml-6 text-xs text-zinc-500">{onPlan ? t('projects.apiKeys.scopeHint', { scope }) : t('projects.apiKeys.scopeNotOnPlan')}</p>
              </div>
            );
          })}
        </div>
        {errors.scopes ? (
          <p id={`${groupId}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
            {errors.scopes}
          </p>
        ) : null}
      </fieldset>
      <DialogFormActions onCancel={onCancel} pending={pending} pendingLabel={t('projects.apiKeys.creating')}>
        {t('projects.apiKeys.create')}
      </DialogFormActions>
    </form>
  );
}
