import { useEffect, useState } from 'react';
import { Button } from '#client/components/button.tsx';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { Card } from '#client/components/page-header.tsx';
import { useToast } from '#client/components/toast.tsx';
import type { CalendarFeed } from '#common/schemas/calendar.ts';
import { useFormat } from '#client/lib/format.ts';
import { errorMessage } from '#client/lib/http.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { calendarApi } from '#client/features/calendar/api.ts';

/** The user's iCal feed (decision 0054): make its secret address, copy it, replace it, or turn it off. */
export function FeedCard() {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const [feed, setFeed] = useState<CalendarFeed | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    let live = true;
    calendarApi.feed().then(
      (answer) => live && setFeed(answer),
      () => live && setFeed({ url: null, createdAt: null }),
    );
    return () => {
      live = false;
    };
  }, []);

  async function change(action: () => Promise<CalendarFeed | undefined>, done: string) {
    setBusy(true);
    try {
      setFeed((await action()) ?? { url: null, createdAt: null });
      toast({ tone: 'success', message: done });
    } catch (error) {
      toast({ tone: 'error', message: t('calendar.feedCard.failed', { reason: errorMessage(error, t('calendar.tryLater')) }) });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  async function copy(url: string) {
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    toast({ tone: 'success', message: t('calendar.feedCard.copied') });
  }

  return (
    <Card title={t('calendar.feedCard.title')} description={t('calendar.feedCard.text')}>
      {feed === null ? null : feed.url ? (
        <div className="flex flex-col gap-3">
          <label className="text-sm font-medium" htmlFor="calendar-feed-url">
            {t('calendar.feedCard.url')}
          </label>
          <input
            id="calendar-feed-url"
            readOnly
            value={feed.url}
            onFocus={(event) => event.currentTarget.select()}
            className="h-10 w-full min-w-0 rounded-[var(--radius-control)] border border-zinc-300 bg-zinc-50 px-3 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-950"
          />
          {feed.createdAt ? <p className="text-xs text-zinc-500">{t('calendar.feedCard.since', { date: format.date(feed.createdAt) })}</p> : null}
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => void copy(feed.url as string)}>
              {t('calendar.feedCard.copy')}
            </Button>
            <Button size="sm" variant="secondary" pending={busy} onClick={() => void change(calendarApi.rotateFeed, t('calendar.feedCard.rotated'))}>
              {t('calendar.feedCard.rotate')}
            </Button>
            <Button size="sm" variant="ghost" disabled={busy} onClick={() => setConfirming(true)}>
              {t('calendar.feedCard.revoke')}
            </Button>
          </div>
        </div>
      ) : (
        <Button size="sm" pending={busy} onClick={() => void change(calendarApi.rotateFeed, t('calendar.feedCard.created'))}>
          {t('calendar.feedCard.create')}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('calendar.feedCard.revokeTitle')}
        confirmLabel={t('calendar.feedCard.revoke')}
        pending={busy}
        onConfirm={() => void change(calendarApi.revokeFeed, t('calendar.feedCard.revoked'))}
        onCancel={() => setConfirming(false)}
      >
        {t('calendar.feedCard.revokeText')}
      </ConfirmDialog>
    </Card>
  );
}
