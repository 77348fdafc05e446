import * as z from 'zod/mini';
import { FORMAT_IDS, mediaRef } from '#common/creative/document.ts';
import { MAX_MODIFICATIONS } from '#common/creative/modifications.ts';
import { TEMPLATE_IDS } from '#common/creative/template-ids.ts';
import { idField, text } from '#common/schemas/fields.ts';

/**
 * Renders through `/api/v1` (issue 31 point 2, decision 0044): a creative or a built-in template,
 * changed by layer (common/creative/modifications.ts), rendered synchronously into a creation.
 */

const hex = text('Use a colour like #1A2B3C.').check(z.regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1A2B3C.'), z.toLowerCase());
const ONE_SOURCE = 'Name a creative or a template, not both.';
const PICK_TEMPLATE = 'Pick a template from GET /api/v1/templates.';

/**
 * A text longer than the layer takes is refused by the modification itself, naming the layer;
 * this bound only stops what no layer could hold.
 */
const MAX_SENT_TEXT = 2000;
/** Checked for what it points at when fetched (worker/lib/safe-fetch.ts). */
const imageUrl = text().check(z.minLength(1, 'Enter an address.'), z.maxLength(2048, 'Use at most 2048 characters.'));

export const v1LayerModification = z.object({
  /** The layer's name, or its id (GET /api/v1/creatives, /templates list them). */
  layer: text('Name a layer.').check(z.minLength(1, 'Name a layer.'), z.maxLength(60, 'Use at most 60 characters.')),
  text: z.optional(text().check(z.maxLength(MAX_SENT_TEXT, `Use at most ${MAX_SENT_TEXT} characters.`))),
  color: z.optional(hex),
  mediaId: z.optional(mediaRef),
  /** A picture on the web (public https, as the website reader fetches), stored as the project's media; instead of `mediaId`. */
  imageUrl: z.optional(imageUrl),
  hidden: z.optional(z.boolean()),
});

export const v1BackgroundModification = z.object({ color: z.optional(hex), mediaId: z.optional(mediaRef), imageUrl: z.optional(imageUrl) });

export const v1RenderRequest = z
  .object({
    creativeId: z.optional(idField()),
    template: z.optional(z.enum(TEMPLATE_IDS, PICK_TEMPLATE)),
    /** The template's format (default square), or the creative laid out again in another. */
    format: z.optional(z.enum(FORMAT_IDS, 'Pick a format.')),
    modifications: z.optional(z.array(v1LayerModification).check(z.maxLength(MAX_MODIFICATIONS, `Use at most ${MAX_MODIFICATIONS} modifications.`))),
    background: z.optional(v1BackgroundModification),
    /** Answer 202 at once with a run of one row (GET /batches/{id}); the creation.rendered webhook says when it is drawn. */
    async: z.optional(z.boolean()),
  })
  .check(z.refine((body) => (body.creativeId === undefined) !== (body.template === undefined), { message: ONE_SOURCE, path: ['creativeId'] }));
export type V1RenderRequest = z.infer<typeof v1RenderRequest>;
