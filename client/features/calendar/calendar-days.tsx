import { useState, type KeyboardEvent } from 'react';
import type { CalendarEntry } from '#common/schemas/calendar.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { useFormat } from '#client/lib/format.ts';
import { CalendarEntryCard } from '#client/features/calendar/calendar-entry.tsx';
import { addDays, dayName, dayOf, weekdayName, type DayKey } from '#client/features/calendar/dates.ts';

/** Where a picked-up post would land: the post and the day it hovers over. */
interface Pick {
  entry: CalendarEntry;
  day: DayKey;
}

const KEY_DAYS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * The days of the month or week view: a grid of day cells (from 640 px) and, narrower, an agenda
 * of the days that have posts. A scheduled post moves to another day (same time of day) by
 * dragging it onto a cell, or from the keyboard on its "Move…" button.
 */
export function CalendarDays({
  days,
  month,
  today,
  view,
  entries,
  zone,
  onMove,
  onMoveDialog,
}: {
  days: DayKey[];
  /** The month shown (`YYYY-MM`): other months' days are dimmed in the month view. */
  month: string;
  today: DayKey;
  view: 'month' | 'week';
  entries: readonly CalendarEntry[];
  zone: string;
  onMove: (entry: CalendarEntry, day: DayKey) => void;
  onMoveDialog: (entry: CalendarEntry) => void;
}) {
  const t = useT();
  const { locale } = useFormat();
  const [dragged, setDragged] = useState<CalendarEntry | null>(null);
  const [over, setOver] = useState<DayKey | null>(null);
  const [pick, setPick] = useState<Pick | null>(null);

  const byDay = new Map<DayKey, CalendarEntry[]>();
  for (const entry of entries) {
    const day = dayOf(entry.at, zone);
    byDay.set(day, [...(byDay.get(day) ?? []), entry]);
  }

  function onKey(entry: CalendarEntry, event: KeyboardEvent<HTMLButtonElement>) {
    const step = KEY_DAYS[event.key];
    if (step !== undefined) {
      event.preventDefault();
      setPick((current) => {
        const from = current?.entry.postId === entry.postId ? current.day : dayOf(entry.at, zone);
        return { entry, day: addDays(from, step) };
      });
    } else if (pick?.entry.postId === entry.postId && event.key === 'Enter') {
      event.preventDefault();
      setPick(null);
      if (pick.day !== dayOf(entry.at, zone)) onMove(entry, pick.day);
    } else if (pick && event.key === 'Escape') {
      event.preventDefault();
      setPick(null);
    }
  }

  const card = (entry: CalendarEntry) => (
    <li key={entry.postId}>
      <CalendarEntryCard
        entry={entry}
        zone={zone}
        picked={pick?.entry.postId === entry.postId}
        onKey={(event) => onKey(entry, event)}
        onMoveDialog={() => onMoveDialog(entry)}
        onDragStart={() => setDragged(entry)}
        onDragEnd={() => {
          setDragged(null);
          setOver(null);
        }}
      />
    </li>
  );

  return (
    <>
      <p id="calendar-keyboard-hint" className="sr-only">
        {t('calendar.keyboardHint')}
      </p>
      <p aria-live="polite" className="sr-only">
        {pick ? t('calendar.picked', { name: pick.entry.adName, day: dayName(pick.day, locale) }) : ''}
      </p>
      <div className="hidden sm:block">
        <div className="grid grid-cols-7 gap-px text-center text-xs font-medium text-zinc-500 dark:text-zinc-400" aria-hidden="true">
          {days.slice(0, 7).map((day) => (
            <div key={day} className="py-1">
              {weekdayName(day, locale)}
            </div>
          ))}
        </div>
        <ol className="grid grid-cols-7 gap-px overflow-hidden rounded-lg border border-zinc-200 bg-zinc-200 dark:border-zinc-800 dark:bg-zinc-800">
          {days.map((day) => {
            const outside = view === 'month' && !day.startsWith(month);
            const target = (dragged !== null && over === day) || pick?.day === day;
            return (
              <li
                key={day}
                aria-label={dayName(day, locale)}
                data-day={day}
                onDragOver={(event) => {
                  if (!dragged) return;
                  event.preventDefault();
                  setOver(day);
                }}
                onDragLeave={() => setOver((current) => (current === day ? null : current))}
                onDrop={(event) => {
                  event.preventDefault();
                  const entry = dragged;
                  setDragged(null);
                  setOver(null);
                  if (entry && dayOf(entry.at, zone) !== day) onMove(entry, day);
                }}
                className={`flex min-w-0 flex-col gap-1 p-1.5 ${view === 'week' ? 'min-h-64' : 'min-h-28'} ${
                  target ? 'bg-indigo-50 dark:bg-indigo-950' : outside ? 'bg-zinc-50 dark:bg-zinc-900/60' : 'bg-white dark:bg-zinc-900'
                }`}
              >
                <span
                  className={`self-end rounded-full px-1.5 text-xs tabular-nums ${
                    day === today ? 'bg-indigo-600 font-semibold text-white' : outside ? 'text-zinc-500' : 'text-zinc-700 dark:text-zinc-300'
                  }`}
                >
                  {Number(day.slice(8))}
                </span>
                <ul className="flex min-w-0 flex-col gap-1">{(byDay.get(day) ?? []).map(card)}</ul>
              </li>
            );
          })}
        </ol>
      </div>
      <ol className="flex flex-col gap-4 sm:hidden" aria-label={t('calendar.title')}>
        {days
          .filter((day) => byDay.has(day))
          .map((day) => (
            <li key={day} data-agenda-day={day}>
              <h3 className={`mb-1 text-sm font-semibold ${day === today ? 'text-indigo-700 dark:text-indigo-300' : ''}`}>{dayName(day, locale)}</h3>
              <ul className="flex flex-col gap-1.5">{(byDay.get(day) ?? []).map(card)}</ul>
            </li>
          ))}
      </ol>
    </>
  );
}
