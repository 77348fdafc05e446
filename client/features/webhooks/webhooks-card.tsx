import { Webhook } from 'lucide-react';
import { useState } from 'react';
import type { WebhookEndpointItem } from '#common/schemas/webhooks.ts';
import { Button } from '#client/components/button.tsx';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { Dialog } from '#client/components/dialog.tsx';
import { MessageAlert } from '#client/components/message-alert.tsx';
import { Card } from '#client/components/page-header.tsx';
import { ResourceList } from '#client/components/resource-list.tsx';
import { useToast } from '#client/components/toast.tsx';
import { errorMessage } from '#client/lib/http.ts';
import { useFormat } from '#client/lib/format.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { useResource } from '#client/lib/use-resource.ts';
import { webhooksApi } from '#client/features/webhooks/api.ts';
import { DeliveryLog } from '#client/features/webhooks/delivery-log.tsx';
import { AddEndpointDialog, SigningSecret, eventKey } from '#client/features/webhooks/endpoint-dialogs.tsx';

/**
 * A project's webhook endpoints (issue 31), for its owner: address, events, on or off; add (the
 * secret shown once), a new secret (the old one signs for 24 h more), switch off and on, delete
 * (asks first), and each endpoint's delivery log with "Send again" and a test event.
 */
export function WebhooksCard({ projectId, archived }: { projectId: string; archived: boolean }) {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const endpoints = useResource(() => webhooksApi.list(projectId), [projectId]);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<WebhookEndpointItem | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const act = async (run: () => Promise<void>) => {
    setWorking(true);
    setError(null);
    try {
      await run();
      endpoints.reload();
    } catch (e) {
      setError(errorMessage(e, t('projects.webhooks.failed')));
    } finally {
      setWorking(false);
    }
  };

  const data = endpoints.status === 'ready' ? endpoints.data : undefined;
  const full = data ? data.items.length >= data.limit : true;
  return (
    <Card title={t('projects.webhooks.title')} description={t('projects.webhooks.description')}>
      <MessageAlert message={error} className="mb-3" />
      <ResourceList
        resource={endpoints}
        words={{ loading: t('projects.webhooks.loading'), loadFailed: t('projects.webhooks.loadFailed'), empty: t('projects.webhooks.empty') }}
        icon={<Webhook aria-hidden="true" className="size-4" />}
      >
        {(endpoint) => (
          <li key={endpoint.id} className="py-2.5">
            <p className="font-mono text-sm break-all">{endpoint.url}</p>
            <p className="text-xs text-zinc-500">{endpoint.events.map((event) => t('projects.webhooks.event', { event: eventKey(event) })).join(' · ')}</p>
            <p className="text-xs text-zinc-500">
              {endpoint.enabled
                ? t('projects.webhooks.on')
                : endpoint.disabledReason === 'failing'
                  ? t('projects.webhooks.failing')
                  : t('projects.webhooks.off')}
              {endpoint.previousSecretExpiresAt
                ? ` · ${t('projects.webhooks.rotating', { date: format.date(endpoint.previousSecretExpiresAt, 'dateTime') })}`
                : ''}
            </p>
            <div className="mt-1 flex flex-wrap gap-1">
              <Button
                variant="ghost"
                size="sm"
                aria-expanded={logOf === endpoint.id}
                aria-label={t('projects.webhooks.logLabel', { url: endpoint.url })}
                onClick={() => setLogOf(logOf === endpoint.id ? null : endpoint.id)}
              >
                {t('projects.webhooks.log')}
              </Button>
              {archived ? null : (
                <>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={working}
                    aria-label={t('projects.webhooks.switchLabel', { on: String(endpoint.enabled), url: endpoint.url })}
                    onClick={() =>
                      void act(async () => {
                        await webhooksApi.update(projectId, endpoint.id, { enabled: !endpoint.enabled });
                      })
                    }
                  >
                    {endpoint.enabled ? t('projects.webhooks.switchOff') : t('projects.webhooks.switchOn')}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={working}
                    aria-label={t('projects.webhooks.rotateLabel', { url: endpoint.url })}
                    onClick={() => void act(async () => setSecret((await webhooksApi.rotate(projectId, endpoint.id)).secret))}
                  >
                    {t('projects.webhooks.rotate')}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={working}
                    aria-label={t('projects.webhooks.deleteLabel', { url: endpoint.url })}
                    onClick={() => setDeleting(endpoint)}
                  >
                    {t('projects.webhooks.delete')}
                  </Button>
                </>
              )}
            </div>
            {logOf === endpoint.id ? <DeliveryLog projectId={projectId} endpointId={endpoint.id} url={endpoint.url} /> : null}
          </li>
        )}
      </ResourceList>
      {data ? (
        <>
          {archived ? null : (
            <div className="mt-4 border-t border-zinc-200 pt-4 dark:border-zinc-800">
              <Button variant="secondary" disabled={full} onClick={() => setAdding(true)}>
                {t('projects.webhooks.add')}
              </Button>
              {full && data.items.length > 0 ? <p className="mt-2 text-xs text-zinc-500">{t('projects.webhooks.full', { count: data.limit })}</p> : null}
            </div>
          )}
          <AddEndpointDialog projectId={projectId} open={adding} onClose={() => setAdding(false)} onAdded={endpoints.reload} />
        </>
      ) : null}
      <Dialog open={secret !== null} title={t('projects.webhooks.secretTitle')} onClose={() => setSecret(null)}>
        {secret ? <SigningSecret secret={secret} onDone={() => setSecret(null)} /> : null}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('projects.webhooks.deleteTitle')}
        confirmLabel={t('projects.webhooks.delete')}
        pending={working}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const endpoint = deleting;
          if (!endpoint) return;
          void act(async () => {
            await webhooksApi.remove(projectId, endpoint.id);
            toast({ tone: 'success', message: t('projects.webhooks.deleted') });
          }).then(() => setDeleting(null));
        }}
      >
        {t('projects.webhooks.deleteText', { url: deleting?.url ?? '' })}
      </ConfirmDialog>
    </Card>
  );
}
