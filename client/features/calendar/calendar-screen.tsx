import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { PLACEMENTS } from '#common/ads.ts';
import { CALENDAR_STATUSES, type CalendarAnswer, type CalendarEntry } from '#common/schemas/calendar.ts';
import { zoneName } from '#common/time-zone.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { SelectField } from '#client/components/field.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import { useToast } from '#client/components/toast.tsx';
import { useFormat } from '#client/lib/format.ts';
import { errorMessage } from '#client/lib/http.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { useTimeZone } from '#client/lib/session.tsx';
import { calendarApi, type CalendarFilters } from '#client/features/calendar/api.ts';
import { CalendarDays } from '#client/features/calendar/calendar-days.tsx';
import { FeedCard } from '#client/features/calendar/feed-card.tsx';
import { MoveDialog } from '#client/features/calendar/move-dialog.tsx';
import { addDays, addMonths, dayOf, monthDays, monthName, onDay, startOf, weekDays, weekStartsOn, type DayKey } from '#client/features/calendar/dates.ts';

type View = 'month' | 'week';
type Result = { key: string; state: 'failed' } | { key: string; state: 'ready'; answer: CalendarAnswer };

/**
 * `/calendar` (issue 32 point 4): the scheduled, published and failed posts of every project of
 * the user, by month or week on the user's clock, filtered by project, status and placement. A
 * scheduled post moves by drag, by the arrow keys or through "Move…": at once on screen, and
 * back where it was with a toast when the server refuses (a run has it, the time has passed).
 */
export function CalendarScreen({ now = () => new Date() }: { now?: () => Date }) {
  const t = useT();
  const format = useFormat();
  const zone = useTimeZone();
  const toast = useToast();
  const today = dayOf(now(), zone);
  const [view, setView] = useState<View>('month');
  const [anchor, setAnchor] = useState<DayKey>(today);
  const [filters, setFilters] = useState<CalendarFilters>({ projectId: '', status: '', placement: '' });
  // The answer of the window and filters it was asked for: any other is still loading.
  const [result, setResult] = useState<Result | null>(null);
  const [moving, setMoving] = useState<CalendarEntry | null>(null);
  const [attempt, setAttempt] = useState(0);

  const firstDay = weekStartsOn(format.locale);
  const days = view === 'month' ? monthDays(anchor, firstDay) : weekDays(anchor, firstDay);
  const from = startOf(days[0] as DayKey, zone).toISOString();
  const to = startOf(addDays(days[days.length - 1] as DayKey, 1), zone).toISOString();

  const key = JSON.stringify([from, to, filters, attempt]);
  const load = result?.key === key ? result : ({ state: 'loading' } as const);

  useEffect(() => {
    let live = true;
    calendarApi.list(from, to, filters).then(
      (answer) => live && setResult({ key, state: 'ready', answer }),
      () => live && setResult({ key, state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [key, from, to, filters]);

  const setAt = useCallback((postId: string, at: string) => {
    setResult((current) =>
      current?.state === 'ready'
        ? { ...current, answer: { ...current.answer, items: current.answer.items.map((item) => (item.postId === postId ? { ...item, at } : item)) } }
        : current,
    );
  }, []);

  /** Optimistic: the post shows at its new time at once, and goes back if the server refuses. */
  async function move(entry: CalendarEntry, at: Date) {
    setAt(entry.postId, at.toISOString());
    try {
      const post = await calendarApi.move(entry.adId, at.toISOString(), entry.at);
      setAt(entry.postId, post.scheduledAt);
      toast({ tone: 'success', message: t('calendar.moved', { name: entry.adName, time: format.date(post.scheduledAt, 'dateTime') }) });
    } catch (error) {
      setAt(entry.postId, entry.at);
      toast({ tone: 'error', message: t('calendar.moveRefused', { name: entry.adName, reason: errorMessage(error, t('calendar.tryLater')) }) });
    }
  }

  const step = (direction: number) => setAnchor((key) => (view === 'month' ? addMonths(key, direction) : addDays(key, 7 * direction)));
  const title =
    view === 'month' ? monthName(anchor, format.locale) : `${format.date(startOf(days[0] as DayKey, zone))} – ${format.date(startOf(days[6] as DayKey, zone))}`;
  const projects = load.state === 'ready' ? load.answer.projects : [];
  const setFilter = (patch: Partial<CalendarFilters>) => setFilters((current) => ({ ...current, ...patch }));

  return (
    <>
      <PageHeader title={t('calendar.title')} description={t('calendar.description')} />
      <div className="flex flex-col gap-6">
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex items-center gap-1">
            <Button variant="secondary" size="sm" onClick={() => step(-1)} aria-label={t('calendar.previous')}>
              <ChevronLeft aria-hidden="true" className="size-4" />
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setAnchor(today)}>
              {t('calendar.today')}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => step(1)} aria-label={t('calendar.next')}>
              <ChevronRight aria-hidden="true" className="size-4" />
            </Button>
          </div>
          <h2 className="min-w-0 flex-1 text-lg font-semibold max-sm:order-first max-sm:basis-full" aria-live="polite">
            {title}
          </h2>
          <div role="group" aria-label={t('calendar.view')} className="flex gap-1">
            {(['month', 'week'] as const).map((v) => (
              <Button key={v} size="sm" variant={view === v ? 'primary' : 'secondary'} aria-pressed={view === v} onClick={() => setView(v)}>
                {t(`calendar.view.${v}`)}
              </Button>
            ))}
          </div>
        </div>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <SelectField label={t('calendar.filter.project')} value={filters.projectId} onChange={(e) => setFilter({ projectId: e.target.value })}>
            <option value="">{t('calendar.filter.allProjects')}</option>
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('calendar.filter.status')}
            value={filters.status}
            onChange={(e) => setFilter({ status: e.target.value as CalendarFilters['status'] })}
          >
            <option value="">{t('calendar.filter.allStatuses')}</option>
            {CALENDAR_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t('calendar.status', { status })}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('calendar.filter.placement')}
            value={filters.placement}
            onChange={(e) => setFilter({ placement: e.target.value as CalendarFilters['placement'] })}
          >
            <option value="">{t('calendar.filter.allPlacements')}</option>
            {PLACEMENTS.map((placement) => (
              <option key={placement} value={placement}>
                {t('ads.placement', { placement })}
              </option>
            ))}
          </SelectField>
        </div>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('calendar.timeZone', { zone: zoneName(zone) })}</p>
        {load.state === 'loading' ? (
          <SkeletonLines lines={6} label={t('calendar.loading')} />
        ) : load.state === 'failed' ? (
          <LoadFailed title={t('calendar.loadFailed')} onRetry={() => setAttempt((n) => n + 1)} />
        ) : (
          <>
            {load.answer.items.length === 0 ? <EmptyState title={t('calendar.empty', { view })}>{t('calendar.emptyText')}</EmptyState> : null}
            <CalendarDays
              days={days}
              month={anchor.slice(0, 7)}
              today={today}
              view={view}
              entries={load.answer.items}
              zone={zone}
              onMove={(entry, day) => {
                const at = onDay(entry.at, day, zone);
                if (at) void move(entry, at);
              }}
              onMoveDialog={setMoving}
            />
          </>
        )}
        <FeedCard />
      </div>
      <MoveDialog entry={moving} zone={zone} onMove={(entry, at) => void move(entry, at)} onClose={() => setMoving(null)} />
    </>
  );
}
