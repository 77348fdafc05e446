import type { Source } from '#common/i18n/catalog.ts';

/** The content calendar's messages (decision 0032): its screen (/calendar) and the iCal feed the worker writes in the feed owner's language. */
export const en = {
  // The iCal feed (worker/features/ads/calendar/ical.ts)
  'calendar.feed.name': 'Adloom posts',
  'calendar.feed.summary': '{status, select, published {Published: {name}} failed {Failed: {name}} other {Scheduled: {name}}}',
  'calendar.feed.description': 'Project: {project}',

  // The screen
  'calendar.title': 'Calendar',
  'calendar.description': 'The scheduled and published posts of all your projects.',
  'calendar.timeZone': 'Times in {zone}',
  'calendar.view': 'View',
  'calendar.view.month': 'Month',
  'calendar.view.week': 'Week',
  'calendar.previous': 'Previous',
  'calendar.next': 'Next',
  'calendar.today': 'Today',
  'calendar.filter.project': 'Project',
  'calendar.filter.allProjects': 'All projects',
  'calendar.filter.status': 'Status',
  'calendar.filter.allStatuses': 'All statuses',
  'calendar.filter.placement': 'Placement',
  'calendar.filter.allPlacements': 'All placements',
  'calendar.status': '{status, select, scheduled {Scheduled} published {Published} failed {Failed} other {—}}',
  'calendar.publishing': 'Being published',
  'calendar.loading': 'Loading the calendar',
  'calendar.loadFailed': 'The calendar could not be loaded',
  'calendar.empty': '{view, select, week {Nothing this week} other {Nothing this month}}',
  'calendar.emptyText': 'Schedule an approved ad from its page in a project, and it shows up here.',
  'calendar.entry': '{name}, {project}, {status}, {time}',
  'calendar.keyboardHint': 'Select a scheduled post, move it with the arrow keys, press Enter to drop it or Escape to leave it.',
  'calendar.picked': '“{name}” picked up: {day}. Arrow keys move it, Enter drops it, Escape puts it back.',
  'calendar.move': 'Move…',
  'calendar.moveTitle': 'Move “{name}”',
  'calendar.moveAt': 'New date and time',
  'calendar.moveSubmit': 'Move',
  'calendar.moved': '“{name}” moved to {time}.',
  'calendar.moveRefused': '“{name}” stays where it was: {reason}',
  'calendar.openAd': 'Open the ad',

  // The feed card
  'calendar.feedCard.title': 'Calendar feed',
  'calendar.feedCard.text':
    'Subscribe to your posts in Google Calendar, Apple Calendar or Outlook. Whoever has this address sees the posts of all your projects: keep it to yourself.',
  'calendar.feedCard.create': 'Create a feed address',
  'calendar.feedCard.url': 'Feed address',
  'calendar.feedCard.copy': 'Copy',
  'calendar.feedCard.copied': 'The address is copied.',
  'calendar.feedCard.rotate': 'New address',
  'calendar.feedCard.rotated': 'A new address is made; the old one no longer works.',
  'calendar.feedCard.revoke': 'Turn off',
  'calendar.feedCard.revokeTitle': 'Turn off the calendar feed?',
  'calendar.feedCard.revokeText': 'Calendars subscribed to this address get no more posts. You can make a new address later.',
  'calendar.feedCard.revoked': 'The calendar feed is off.',
  'calendar.feedCard.since': 'Made {date}',
  'calendar.feedCard.failed': 'The feed could not be changed: {reason}',
} as const satisfies Source;
