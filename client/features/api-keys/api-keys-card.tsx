import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Locale } from '#common/i18n/locales.ts';
import { localePath } from '#common/i18n/paths.ts';
import type { ApiKeyItem } from '#common/schemas/api-keys.ts';
import { Button } from '#client/components/button.tsx';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { MessageAlert } from '#client/components/message-alert.tsx';
import { Card } from '#client/components/page-header.tsx';
import { ResourceList } from '#client/components/resource-list.tsx';
import { useToast } from '#client/components/toast.tsx';
import { errorMessage } from '#client/lib/http.ts';
import { useFormat } from '#client/lib/format.ts';
import { useI18n, useT } from '#client/lib/i18n-context.tsx';
import { useResource } from '#client/lib/use-resource.ts';
import { apiKeysApi } from '#client/features/api-keys/api.ts';
import { CreateKeyDialog } from '#client/features/api-keys/create-key-dialog.tsx';

/**
 * A project's API keys (issue 31), for its owner: name, scopes, prefix, created and last used;
 * "Create key" shows the secret once; revoking asks first. On the Free plan, the one read-only
 * key and a link to billing.
 */
export function ApiKeysCard({ projectId, archived }: { projectId: string; archived: boolean }) {
  const t = useT();
  const locale = useI18n().locale as Locale;
  const format = useFormat();
  const toast = useToast();
  const keys = useResource(() => apiKeysApi.list(projectId), [projectId]);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyItem | null>(null);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const revoke = async (key: ApiKeyItem) => {
    setWorking(true);
    setError(null);
    try {
      await apiKeysApi.revoke(projectId, key.id);
      toast({ tone: 'success', message: t('projects.apiKeys.revoked', { name: key.name }) });
      keys.reload();
    } catch (e) {
      setError(errorMessage(e, t('projects.apiKeys.failed')));
    } finally {
      setWorking(false);
      setRevoking(null);
    }
  };

  const data = keys.status === 'ready' ? keys.data : undefined;
  const full = data ? data.items.length >= data.limit.keys : true;
  return (
    <Card title={t('projects.apiKeys.title')} description={t('projects.apiKeys.description')}>
      <p className="mb-3 text-sm">
        {/* A public page outside the workspace: a plain link, in the reader's language. */}
        <a href={localePath(locale, '/docs/api')} className="font-medium text-accent-700 underline-offset-2 hover:underline dark:text-accent-200">
          {t('projects.apiKeys.docs')}
        </a>
      </p>
      <MessageAlert message={error} className="mb-3" />
      <ResourceList
        resource={keys}
        words={{ loading: t('projects.apiKeys.loading'), loadFailed: t('projects.apiKeys.loadFailed'), empty: t('projects.apiKeys.empty') }}
        icon={<KeyRound aria-hidden="true" className="size-4" />}
      >
        {(key) => (
          <li key={key.id} className="flex items-start justify-between gap-3 py-2.5">
            <div className="min-w-0">
              <p className="truncate text-sm font-medium">{key.name}</p>
              <p className="truncate font-mono text-xs text-zinc-600 dark:text-zinc-400">{key.prefix}…</p>
              <p className="text-xs text-zinc-500">{key.scopes.map((scope) => t('projects.apiKeys.scope', { scope })).join(' · ')}</p>
              <p className="text-xs text-zinc-500">
                {t('projects.apiKeys.created', { date: format.date(key.createdAt, 'short') })}
                {' · '}
                {key.lastUsedAt
                  ? t('projects.apiKeys.lastUsed', { date: format.date(key.lastUsedAt, 'dateTime'), ip: key.lastUsedIp ?? '' })
                  : t('projects.apiKeys.neverUsed')}
              </p>
            </div>
            <Button
              variant="ghost"
              size="sm"
              disabled={working}
              onClick={() => setRevoking(key)}
              aria-label={t('projects.apiKeys.revokeLabel', { name: key.name })}
            >
              {t('projects.apiKeys.revoke')}
            </Button>
          </li>
        )}
      </ResourceList>
      {data ? (
        <>
          {data.plan === 'free' ? (
            <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
              {t('projects.apiKeys.freePlan')}{' '}
              <Link to="/billing" className="font-medium text-accent-700 underline-offset-2 hover:underline dark:text-accent-200">
                {t('projects.apiKeys.upgrade')}
              </Link>
            </p>
          ) : null}
          {archived ? null : (
            <div className="mt-4 border-t border-zinc-200 pt-4 dark:border-zinc-800">
              <Button variant="secondary" disabled={full} onClick={() => setCreating(true)}>
                {t('projects.apiKeys.create')}
              </Button>
              {full ? <p className="mt-2 text-xs text-zinc-500">{t('projects.apiKeys.full', { count: data.limit.keys })}</p> : null}
            </div>
          )}
          <CreateKeyDialog projectId={projectId} open={creating} allowed={data.limit.scopes} onClose={() => setCreating(false)} onCreated={keys.reload} />
        </>
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        title={t('projects.apiKeys.revokeTitle', { name: revoking?.name ?? '' })}
        confirmLabel={t('projects.apiKeys.revokeConfirm')}
        pending={working}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (revoking) void revoke(revoking);
        }}
      >
        {t('projects.apiKeys.revokeText')}
      </ConfirmDialog>
    </Card>
  );
}
