import { useState } from 'react';
import { API_KEY_NAME_MAX, API_SCOPES, apiKeyCreateInput, type ApiKeyCreated, type ApiScope } from '#common/schemas/api-keys.ts';
import { CheckboxGroup } from '#client/components/checkbox-group.tsx';
import { Dialog } from '#client/components/dialog.tsx';
import { DialogFormActions } from '#client/components/dialog-form-actions.tsx';
import { TextField } from '#client/components/field.tsx';
import { FormError } from '#client/components/form-error.tsx';
import { SecretShownOnce } from '#client/components/secret-shown-once.tsx';
import { useT } from '#client/lib/i18n-context.tsx';
import { useForm } from '#client/lib/use-form.ts';
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
  const form = useForm(apiKeyCreateInput, { name: '', scopes: ['read'] });
  return (
    <form noValidate className="space-y-4" onSubmit={form.handleSubmit(async (data) => onCreated(await apiKeysApi.create(projectId, data)))}>
      <FormError error={form.formError} />
      <TextField label={t('projects.apiKeys.name')} hint={t('projects.apiKeys.nameHint')} maxLength={API_KEY_NAME_MAX} {...form.field('name')} />
      <CheckboxGroup
        legend={t('projects.apiKeys.scopes')}
        options={API_SCOPES.map((scope) => ({
          value: scope,
          label: t('projects.apiKeys.scope', { scope }),
          hint: allowed.includes(scope) ? t('projects.apiKeys.scopeHint', { scope }) : t('projects.apiKeys.scopeNotOnPlan'),
          disabled: !allowed.includes(scope),
        }))}
        {...form.choices('scopes', API_SCOPES)}
      />
      <DialogFormActions onCancel={onCancel} pending={form.pending} pendingLabel={t('projects.apiKeys.creating')}>
        {t('projects.apiKeys.create')}
      </DialogFormActions>
    </form>
  );
}
