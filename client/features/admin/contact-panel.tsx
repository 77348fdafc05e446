import { Check, Inbox } from 'lucide-react';
import { useState } from 'react';
import { LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { ShowMore } from '#client/components/show-more.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import { useToast } from '#client/components/toast.tsx';
import { useFormat } from '#client/lib/format.ts';
import { errorMessage } from '#client/lib/http.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { usePaged } from '#client/lib/use-paged.ts';
import { adminApi } from '#client/features/admin/api.ts';
import { filterControl } from '#client/features/admin/controls.ts';

type Status = 'open' | 'handled' | 'all';

/** Messages from the contact form: the open ones first, marked handled once answered. */
export function ContactPanel() {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const [status, setStatus] = useState<Status>('open');
  const [pending, setPending] = useState<string | null>(null);
  const list = usePaged((cursor) => adminApi.contactMessages(status, cursor), [status]);

  const markHandled = async (id: string) => {
    setPending(id);
    try {
      const message = await adminApi.markHandled(id);
      list.patch((m) => (m.id === id ? (status === 'open' ? null : message) : m));
      toast({ tone: 'success', message: t('admin.contact.marked') });
    } catch (error) {
      toast({ tone: 'error', message: errorMessage(error, t('admin.contact.markFailed')) });
    } finally {
      setPending(null);
    }
  };

  return (
    <div className="space-y-4">
      <label className="flex items-center gap-2 text-sm font-medium">
        {t('admin.contact.show')}
        <select className={filterControl} value={status} onChange={(e) => setStatus(e.currentTarget.value as Status)}>
          <option value="open">{t('admin.contact.open')}</option>
          <option value="handled">{t('admin.contact.handled')}</option>
          <option value="all">{t('admin.contact.all')}</option>
        </select>
      </label>
      {list.status === 'loading' ? <SkeletonLines lines={4} label={t('admin.contact.loading')} /> : null}
      {list.status === 'error' ? <LoadFailed title={t('admin.contact.loadFailed')} onRetry={list.reload} /> : null}
      {list.status === 'ready' && list.items.length === 0 ? (
        <EmptyState
          icon={<Inbox aria-hidden="true" className="size-8" />}
          title={status === 'open' ? t('admin.contact.emptyOpenTitle') : t('admin.contact.emptyTitle')}
        >
          {status === 'open' ? t('admin.contact.emptyOpen') : t('admin.contact.empty')}
        </EmptyState>
      ) : null}
      {list.items.length > 0 ? (
        <ul className="space-y-3">
          {list.items.map((m) => (
            <li key={m.id} className="rounded-[var(--radius-card)] border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium break-words">{m.name}</p>
                  <a className="text-sm break-all text-accent-700 hover:underline dark:text-accent-300" href={`mailto:${m.email}`}>
                    {m.email}
                  </a>
                </div>
                <time className="text-xs text-zinc-500 dark:text-zinc-400" dateTime={m.createdAt}>
                  {format.date(m.createdAt, 'dateTime')}
                </time>
              </div>
              <p className="mt-2 text-sm break-words whitespace-pre-wrap">{m.message}</p>
              <div className="mt-3 flex justify-end">
                {m.handledAt ? (
                  <span className="inline-flex items-center gap-1 text-xs text-emerald-700 dark:text-emerald-400">
                    <Check aria-hidden="true" className="size-3.5" /> {t('admin.contact.handledOn', { date: format.date(m.handledAt) })}
                  </span>
                ) : (
                  <Button
                    size="sm"
                    variant="secondary"
                    pending={pending === m.id}
                    onClick={() => void markHandled(m.id)}
                    aria-label={t('admin.contact.markHandledLabel', { name: m.name })}
                  >
                    {t('admin.contact.markHandled')}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <ShowMore list={list} />
    </div>
  );
}
