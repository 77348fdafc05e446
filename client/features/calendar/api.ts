import type { AdPost } from '#common/schemas/ads.ts';
import type { CalendarAnswer, CalendarFeed, CalendarStatus } from '#common/schemas/calendar.ts';
import type { Placement } from '#common/ads.ts';
import { api, call } from '#client/lib/api.ts';

/** The response types are the shared ones (common/schemas/calendar.ts). */
const as = <T>(request: Promise<unknown>) => request as Promise<T>;

export interface CalendarFilters {
  projectId: string;
  status: CalendarStatus | '';
  placement: Placement | '';
}

/** The content calendar's endpoints: the window's posts, moving one, and the user's iCal feed. */
export const calendarApi = {
  list: (from: string, to: string, filters: CalendarFilters) =>
    as<CalendarAnswer>(
      call(
        api.api.calendar.$get({
          query: {
            from,
            to,
            ...(filters.projectId ? { projectId: filters.projectId } : {}),
            ...(filters.status ? { status: filters.status } : {}),
            ...(filters.placement ? { placement: filters.placement } : {}),
          },
        }),
      ),
    ),
  move: (adId: string, at: string, from: string) => as<AdPost>(call(api.api.calendar.ads[':id'].$patch({ param: { id: adId }, json: { at, from } }))),
  feed: () => as<CalendarFeed>(call(api.api.calendar.feed.$get())),
  rotateFeed: () => as<CalendarFeed>(call(api.api.calendar.feed.$post())),
  revokeFeed: () => as<undefined>(call(api.api.calendar.feed.$delete())),
};
