import * as z from 'zod/mini';
import { PLACEMENTS, type AdKind, type Placement } from '#common/ads.ts';
import { idField } from '#common/schemas/fields.ts';

/** The content calendar's post statuses: publishing counts as scheduled (a run has it). */
export const CALENDAR_STATUSES = ['scheduled', 'published', 'failed'] as const;
export type CalendarStatus = (typeof CALENDAR_STATUSES)[number];

/** The widest window one request reads: a month view with its leading and trailing weeks. */
export const CALENDAR_MAX_DAYS = 62;

const instant = (message: string) => z.iso.datetime({ offset: true, message });

/** GET /api/calendar: the posts of the user's projects in [from, to), filtered by project, status and placement. */
export const calendarQuery = z
  .object({
    from: instant('Pick the first day.'),
    to: instant('Pick the last day.'),
    projectId: z.optional(idField('Pick a project.')),
    status: z.optional(z.enum(CALENDAR_STATUSES, 'Pick a status.')),
    placement: z.optional(z.enum(PLACEMENTS, 'Pick a placement.')),
  })
  .check(
    z.refine((q) => Date.parse(q.to) > Date.parse(q.from), { message: 'The last day must come after the first.', path: ['to'] }),
    z.refine((q) => Date.parse(q.to) - Date.parse(q.from) <= CALENDAR_MAX_DAYS * 86_400_000, {
      message: `Show at most ${CALENDAR_MAX_DAYS} days at once.`,
      path: ['to'],
    }),
  );
export type CalendarQuery = z.infer<typeof calendarQuery>;

/**
 * PATCH /api/calendar/ads/{id}: the scheduled post's new time (ISO, in the future, ≤ 75 days
 * ahead); `from`, the time the mover saw: when given, only a post still there moves.
 */
export const rescheduleInput = z.object({
  at: instant('Pick a date and time.'),
  from: z.optional(instant('Pick a date and time.')),
});

/** A post on the calendar, at `at` (published: when it was; else when it is due). */
export interface CalendarEntry {
  postId: string;
  adId: string;
  adName: string;
  projectId: string;
  projectName: string;
  status: CalendarStatus;
  /** A run is publishing it right now: it can no longer be moved. */
  publishing: boolean;
  at: string;
  kind: AdKind;
  placements: Placement[];
  thumbnailUrl: string | null;
  permalink: string | null;
  error: string | null;
  sandbox: boolean;
}

export interface CalendarAnswer {
  items: CalendarEntry[];
  /** The user's live projects (the project filter). */
  projects: { id: string; name: string }[];
}

/** The user's iCal feed: its URL while one is live. */
export interface CalendarFeed {
  url: string | null;
  createdAt: string | null;
}
