import type { Source } from '#common/i18n/catalog.ts';

/** The media area's messages (decision 0032): loaded with the routes that show them (client/app/route-areas.ts), in the user's language only. */
export const en = {} as const satisfies Source;
