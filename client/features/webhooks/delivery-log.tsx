import { useState } from 'react';
import type { WebhookDeliveryItem } from '#common/schemas/webhooks.ts';
import { Button } from '#client/components/button.tsx';
import { ResourceList } from '#client/components/resource-list.tsx';
import { useToast } from '#client/components/toast.tsx';
import { errorMessage } from '#client/lib/http.ts';
import { useFormat } from '#client/lib/format.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { useResource } from '#client/lib/use-resource.ts';
import { webhooksApi } from '#client/features/webhooks/api.ts';
import { eventKey } from '#client/features/webhooks/endpoint-dialogs.tsx';

/** An endpoint's latest deliveries: event, status, HTTP code, attempts, latency, the answer's first 1 KB, the next try; "Send again" and "Send a test event". */
export function DeliveryLog({ projectId, endpointId, url }: { projectId: string; endpointId: string; url: string }) {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const log = useResource(() => webhooksApi.deliveries(projectId, endpointId), [projectId, endpointId]);
  const [working, setWorking] = useState(false);

  const act = async (run: () => Promise<unknown>, done: string) => {
    setWorking(true);
    try {
      await run();
      toast({ tone: 'success', message: done });
      log.reload();
    } catch (e) {
      toast({ tone: 'error', message: errorMessage(e, t('projects.webhooks.failed')) });
    } finally {
      setWorking(false);
    }
  };

  const line = (d: WebhookDeliveryItem) =>
    t('projects.webhooks.attempt', {
      code: d.statusCode === null ? 'none' : String(d.statusCode),
      attempts: d.attempts,
      latency: d.latencyMs === null ? 'none' : String(d.latencyMs),
    });

  return (
    <section aria-label={t('projects.webhooks.logLabel', { url })} className="mt-2 rounded-md bg-zinc-50 p-3 dark:bg-zinc-900">
      <Button
        variant="secondary"
        size="sm"
        disabled={working}
        onClick={() => void act(() => webhooksApi.test(projectId, endpointId), t('projects.webhooks.testSent'))}
      >
        {t('projects.webhooks.test')}
      </Button>
      <ResourceList
        resource={log}
        words={{ loading: t('projects.webhooks.logLoading'), loadFailed: t('projects.webhooks.loadFailed'), empty: t('projects.webhooks.logEmpty') }}
        className="mt-2"
      >
        {(d) => (
          <li key={d.id} className="flex flex-wrap items-start justify-between gap-2 py-2">
            <div className="min-w-0 text-xs">
              <p className="text-sm font-medium">
                {t('projects.webhooks.event', { event: eventKey(d.type) })} · {t('projects.webhooks.status', { status: d.status })}
              </p>
              <p className="text-zinc-600 dark:text-zinc-400">
                {format.date(d.createdAt, 'dateTime')} · {line(d)}
                {d.nextAttemptAt ? ` · ${t('projects.webhooks.next', { date: format.date(d.nextAttemptAt, 'dateTime') })}` : ''}
              </p>
              {d.response ? <pre className="mt-1 max-h-20 overflow-auto font-mono break-all whitespace-pre-wrap text-zinc-500">{d.response}</pre> : null}
            </div>
            <Button
              variant="ghost"
              size="sm"
              disabled={working}
              onClick={() => void act(() => webhooksApi.resend(projectId, endpointId, d.id), t('projects.webhooks.againSent'))}
            >
              {t('projects.webhooks.again')}
            </Button>
          </li>
        )}
      </ResourceList>
    </section>
  );
}
