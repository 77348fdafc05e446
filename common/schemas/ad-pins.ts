import * as z from 'zod/mini';
import { AD_LIMITS } from '#common/ads.ts';
import { text } from '#common/schemas/fields.ts';

/**
 * Comments pinned on an ad (issue 32 point 1, decision 0052): on a spot of one picture (`item`,
 * `x`/`y` fractions of its width and height) or on a phrase of the caption (`start`/`end`, UTF-16
 * units of the primary text). The workspace posts JSON; the preview page posts forms (strings).
 */

export const PIN_LIMITS = {
  body: AD_LIMITS.comment,
  /** Pins and replies one ad can take, together (a bound on the page and on a flood). */
  perAd: 300,
} as const;

const PIN_BODY_MESSAGE = 'Write a comment.';
export const PIN_SPOT_MESSAGE = 'Click the picture or select a phrase of the caption.';

const bodyField = text(PIN_BODY_MESSAGE).check(
  z.trim(),
  z.minLength(1, PIN_BODY_MESSAGE),
  z.maxLength(PIN_LIMITS.body, `Use at most ${PIN_LIMITS.body.toLocaleString('en')} characters.`),
);

const fraction = z.number(PIN_SPOT_MESSAGE).check(z.minimum(0, PIN_SPOT_MESSAGE), z.maximum(1, PIN_SPOT_MESSAGE));
const unit = z.number(PIN_SPOT_MESSAGE).check(z.int(PIN_SPOT_MESSAGE), z.minimum(0, PIN_SPOT_MESSAGE), z.maximum(AD_LIMITS.primaryText * 2, PIN_SPOT_MESSAGE));

/** Where a pin is: a spot of a picture, or a phrase of the caption. */
export type PinSpot = { kind: 'picture'; item: number; x: number; y: number } | { kind: 'caption'; start: number; end: number };

interface SpotFields {
  item?: number | undefined;
  x?: number | undefined;
  y?: number | undefined;
  start?: number | undefined;
  end?: number | undefined;
}

/** The spot the fields give, or null when they give none or two (the message is PIN_SPOT_MESSAGE). */
export function spotOf(v: SpotFields): PinSpot | null {
  const picture = v.item !== undefined && v.x !== undefined && v.y !== undefined;
  const caption = v.start !== undefined && v.end !== undefined;
  if (picture === caption) return null;
  if (picture) return { kind: 'picture', item: v.item!, x: v.x!, y: v.y! };
  return v.start! < v.end! ? { kind: 'caption', start: v.start!, end: v.end! } : null;
}

const spotCheck = z.refine((v: unknown) => spotOf(v as SpotFields) !== null, { message: PIN_SPOT_MESSAGE, path: ['spot'] });

/** POST /api/ads/{id}/pins (a member). `revision`: the ad's revision the pin was placed on (the current one when left out). */
export const pinCreateInput = z
  .object({
    item: z.optional(
      z.number(PIN_SPOT_MESSAGE).check(z.int(PIN_SPOT_MESSAGE), z.minimum(0, PIN_SPOT_MESSAGE), z.maximum(AD_LIMITS.carouselMax - 1, PIN_SPOT_MESSAGE)),
    ),
    x: z.optional(fraction),
    y: z.optional(fraction),
    start: z.optional(unit),
    end: z.optional(unit),
    body: bodyField,
    revision: z.optional(z.number().check(z.int(), z.minimum(1))),
  })
  .check(spotCheck);
export type PinCreateInput = z.infer<typeof pinCreateInput>;

/** POST /api/ads/{id}/pins/{pinId}/replies. */
export const pinReplyInput = z.object({ body: bodyField });
export type PinReplyInput = z.infer<typeof pinReplyInput>;

const nameField = z.optional(
  text('Enter your name.').check(
    z.trim(),
    z.minLength(1, 'Enter your name.'),
    z.maxLength(AD_LIMITS.reviewerName, `Use at most ${AD_LIMITS.reviewerName} characters.`),
  ),
);
/** A number as a form posts it ('' is none). */
const formNumber = (pattern: RegExp) =>
  z.optional(
    z.pipe(
      text().check(z.regex(pattern, PIN_SPOT_MESSAGE)),
      z.transform((v) => (v === '' ? undefined : Number(v))),
    ),
  );
const FORM_INT = /^(\d{1,5})?$/;
const FORM_FRACTION = /^((0|1)(\.\d{1,6})?)?$/;
const honeypot = z.optional(text().check(z.maxLength(200)));

/** The pin form of /preview/{id} (filled by the page's script; a plain post). */
export const previewPinForm = z.object({
  item: formNumber(FORM_INT),
  x: formNumber(FORM_FRACTION),
  y: formNumber(FORM_FRACTION),
  start: formNumber(FORM_INT),
  end: formNumber(FORM_INT),
  revision: formNumber(/^(\d{1,9})?$/),
  name: nameField,
  body: bodyField,
  website: honeypot,
});
export type PreviewPinForm = z.infer<typeof previewPinForm>;

/** A reply's form on /preview/{id}. */
export const previewReplyForm = z.object({ name: nameField, body: bodyField, website: honeypot });
export type PreviewReplyForm = z.infer<typeof previewReplyForm>;

/** A reply in a pin's thread. */
export interface AdPinReply {
  id: string;
  authorName: string;
  member: boolean;
  body: string;
  createdAt: string;
}

/** A pin as the workspace and the preview page read it (never an address). */
export interface AdPin {
  id: string;
  number: number;
  /** A picture's spot (item, x, y) or null for a phrase of the caption. */
  item: number | null;
  x: number | null;
  y: number | null;
  /** The phrase's place in the current caption (found again by its words when the caption changed); null when it is gone. */
  start: number | null;
  end: number | null;
  /** The phrase as it was when pinned. */
  quote: string | null;
  revision: number;
  /** Made on an earlier revision of the ad than the current one. */
  earlier: boolean;
  authorName: string;
  member: boolean;
  body: string;
  createdAt: string;
  resolvedAt: string | null;
  resolvedBy: string | null;
  replies: AdPinReply[];
}

/** GET /api/ads/{id}/pins. */
export interface AdPins {
  revision: number;
  items: AdPin[];
}
