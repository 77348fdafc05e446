import ical, { ICalCalendarMethod } from 'ical-generator';
import type { I18n } from '@lingui/core';
import type { CalendarEntry } from '#common/schemas/calendar.ts';

/** How long an event lasts in the calendar apps: a post is a moment, this makes it visible. */
const EVENT_MS = 15 * 60_000;

/**
 * The iCal text of a user's posts (RFC 5545, by ical-generator; decision 0054). Every time is
 * UTC (`DTSTART:…Z`): the calendar apps show it in their user's zone, and no VTIMEZONE is
 * needed. The UID is the post's id, so an app updates a moved post instead of adding one.
 */
export function icsOf(entries: readonly CalendarEntry[], origin: string, i18n: I18n, now: Date): string {
  const calendar = ical({
    name: i18n._('calendar.feed.name'),
    prodId: { company: 'Adloom', product: 'content-calendar', language: i18n.locale.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    // Calendar apps poll; ask them for about an hour between reads.
    ttl: 60 * 60,
  });
  for (const entry of entries) {
    const start = new Date(entry.at);
    const url = `${origin}/projects/${entry.projectId}/marketing?ad=${entry.adId}`;
    calendar.createEvent({
      id: `${entry.postId}@adloom`,
      start,
      end: new Date(start.getTime() + EVENT_MS),
      stamp: now,
      summary: i18n._('calendar.feed.summary', { status: entry.status, name: entry.adName }),
      description: `${i18n._('calendar.feed.description', { project: entry.projectName })}\n${url}`,
      url,
    });
  }
  return calendar.toString();
}
