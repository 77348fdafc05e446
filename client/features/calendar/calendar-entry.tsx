import type { KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { CalendarEntry } from '#common/schemas/calendar.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { useFormat } from '#client/lib/format.ts';
import { timeOf } from '#client/features/calendar/dates.ts';

const TONE: Record<CalendarEntry['status'], string> = {
  scheduled: 'border-l-indigo-500 bg-indigo-50 dark:bg-indigo-950/40',
  published: 'border-l-emerald-500 bg-emerald-50 dark:bg-emerald-950/40',
  failed: 'border-l-red-500 bg-red-50 dark:bg-red-950/40',
};

/** Only a scheduled post no run holds yet can move (the server decides; this spares a refused try). */
export const movable = (entry: CalendarEntry) => entry.status === 'scheduled' && !entry.publishing;

export const adHref = (entry: CalendarEntry) => `/projects/${entry.projectId}/marketing?ad=${entry.adId}`;

/**
 * A post on the calendar: its time, the ad's name (a link that opens the ad) and project, and
 * for a scheduled one a "Move…" button that also takes the arrow keys (picked up: arrows move
 * it a day or a week, Enter drops it, Escape puts it back). Pointer users drag the card.
 */
export function CalendarEntryCard({
  entry,
  zone,
  picked,
  onKey,
  onMoveDialog,
  onDragStart,
  onDragEnd,
}: {
  entry: CalendarEntry;
  zone: string;
  picked: boolean;
  onKey: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onMoveDialog: () => void;
  onDragStart: () => void;
  onDragEnd: () => void;
}) {
  const t = useT();
  const format = useFormat();
  const time = timeOf(entry.at, format.locale, zone);
  const status = entry.publishing ? t('calendar.publishing') : t('calendar.status', { status: entry.status });
  const canMove = movable(entry);
  return (
    <div
      draggable={canMove}
      onDragStart={(event) => {
        event.dataTransfer?.setData('text/plain', entry.postId);
        onDragStart();
      }}
      onDragEnd={onDragEnd}
      data-post={entry.postId}
      className={`min-w-0 rounded-md border-l-4 px-2 py-1 text-xs ${TONE[entry.status]} ${canMove ? 'cursor-grab' : ''} ${picked ? 'ring-2 ring-indigo-500' : ''}`}
    >
      <div className="flex min-w-0 items-center gap-2">
        {entry.thumbnailUrl ? <img src={entry.thumbnailUrl} alt="" className="size-6 shrink-0 rounded object-cover" loading="lazy" /> : null}
        <div className="min-w-0 flex-1">
          <Link
            to={adHref(entry)}
            className="line-clamp-3 font-medium break-words text-zinc-900 hover:underline dark:text-zinc-100"
            aria-label={t('calendar.entry', { name: entry.adName, project: entry.projectName, status, time })}
            title={entry.error ?? entry.adName}
          >
            <span className="tabular-nums">{time}</span> {entry.adName}
          </Link>
          <p className="truncate text-zinc-600 dark:text-zinc-400">
            {entry.projectName} · {status}
          </p>
        </div>
      </div>
      {canMove ? (
        <button
          type="button"
          onClick={picked ? undefined : onMoveDialog}
          onKeyDown={onKey}
          aria-keyshortcuts="ArrowLeft ArrowRight ArrowUp ArrowDown"
          aria-pressed={picked}
          aria-describedby="calendar-keyboard-hint"
          data-pick={entry.postId}
          className="mt-1 rounded px-1 text-[11px] font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300"
        >
          {t('calendar.move')}
        </button>
      ) : null}
    </div>
  );
}
