import * as z from 'zod/mini';
import { localeField, nameField, text } from '#common/schemas/fields.ts';
import { knownTimeZone } from '#common/time-zone.ts';

/**
 * The account's own settings (PATCH /api/me). Apart from auth.ts: the public islands import
 * that module, and the zone table must not ride along.
 */
const UNKNOWN_TIME_ZONE = 'This time zone is not known. Pick one from the list, such as Europe/Berlin.';
/** An account's time zone (issue 28): an IANA name this runtime knows, or UTC; stored as the runtime lists it ('Etc/UTC' → 'UTC'). */
export const timeZoneField = z.pipe(
  text(UNKNOWN_TIME_ZONE).check(z.refine((name) => knownTimeZone(name) !== null, UNKNOWN_TIME_ZONE)),
  z.transform((name) => knownTimeZone(name) ?? name),
);

/** The account's name, language and time zone: any of them. A null zone forgets it (the browser's is used until one is set again). */
export const profileInput = z
  .object({ name: z.optional(nameField), locale: z.optional(localeField), timeZone: z.optional(z.nullable(timeZoneField)) })
  .check(
    z.refine((input) => input.name !== undefined || input.locale !== undefined || input.timeZone !== undefined, 'Send a name, a language or a time zone.'),
  );
