import * as z from 'zod/mini';
import { text } from '#common/schemas/fields.ts';
import type { SectionType } from '#common/schemas/presentations.ts';

/**
 * Presentations that talk back (issue 32 point 6, decision 0056): what a visitor sends the
 * author (a request for access, an "I'm interested" answer), the recipients' personal links,
 * and each visit as the author's timeline reads it.
 */

export const TALK_LIMITS = { nameMax: 80, emailMax: 254, messageMax: 1000, recipients: 200, timeline: 100 } as const;

/** A recipient's code in `?r=`: 16 URL-safe characters (96 bits), unguessable. */
export const RECIPIENT_CODE_RE = /^[A-Za-z0-9_-]{16}$/;

/**
 * A visitor's form (urlencoded, no script): checked by the worker, whose messages speak the
 * presentation's language (the worker's own checks, not these English ones); `website` is the
 * honeypot people never see. Lengths are capped here so a huge body is refused early.
 */
export const talkFormInput = z.object({
  name: z._default(text().check(z.maxLength(TALK_LIMITS.nameMax * 4)), ''),
  email: z._default(text().check(z.maxLength(TALK_LIMITS.emailMax * 4)), ''),
  message: z._default(text().check(z.maxLength(TALK_LIMITS.messageMax * 4)), ''),
  website: z._default(text().check(z.maxLength(1000)), ''),
  /** The "I'm interested" form's section (its call to action). */
  section: z._default(text().check(z.maxLength(64)), ''),
});
export type TalkFormInput = z.infer<typeof talkFormInput>;

/** The one-click page's form: the signed token it was opened with. */
export const grantInput = z.object({ token: text().check(z.maxLength(400)) });

export const recipientCreateInput = z.object({
  name: text('Enter a name.').check(
    z.trim(),
    z.minLength(1, 'Enter a name.'),
    z.maxLength(TALK_LIMITS.nameMax, `Use at most ${TALK_LIMITS.nameMax} characters.`),
  ),
  email: z._default(
    text().check(
      z.trim(),
      z.toLowerCase(),
      z.maxLength(TALK_LIMITS.emailMax, 'That email address is too long.'),
      z.refine((v) => v === '' || z.regexes.email.test(v), 'Enter a valid email address, like name@example.com.'),
    ),
    '',
  ),
});
export type RecipientCreateInput = z.infer<typeof recipientCreateInput>;

// ---------------------------------------------------------------------------------------
// API shapes

export interface PresentationRecipient {
  id: string;
  name: string;
  email: string | null;
  /** The recipient's own link (absolute path with `?r=`). */
  path: string;
  createdAt: string;
  revokedAt: string | null;
  visits: number;
  lastVisitAt: string | null;
}

export interface PresentationRequest {
  id: string;
  kind: 'access' | 'interest';
  name: string;
  email: string;
  message: string;
  createdAt: string;
  grantedAt: string | null;
}

export interface PresentationVisit {
  id: string;
  startedAt: string;
  seconds: number;
  /** Through whose link (null: the plain link, or a revoked one). */
  recipient: { id: string; name: string } | null;
  /** The sections reached, in the presentation's order, with the seconds spent in each (`title`: its heading, '' when it has none). */
  sections: { id: string; type: SectionType; title: string; seconds: number }[];
}

export interface PresentationTalk {
  recipients: PresentationRecipient[];
  requests: PresentationRequest[];
  visits: PresentationVisit[];
}
