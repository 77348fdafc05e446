import * as z from 'zod/mini';
import { CREATIVE_STATUSES, FORMAT_IDS, creativeDocument, type CreativeDocument, type CreativeStatus, type FormatId } from '#common/creative/document.ts';
import { TEMPLATE_IDS } from '#common/creative/template-ids.ts';
import { idField, pageQuery, text } from '#common/schemas/fields.ts';
import type { BrandKit, ProjectRole } from '#common/schemas/projects.ts';

export const MAX_VARIATIONS = 8;

const creativeName = text('Give the creative a name.').check(
  z.trim(),
  z.minLength(1, 'Give the creative a name.'),
  z.maxLength(80, 'Use at most 80 characters.'),
);

export const creativeCreateInput = z.object({
  template: z.enum(TEMPLATE_IDS as unknown as [string, ...string[]], 'Pick a template.'),
  format: z.enum(FORMAT_IDS, 'Pick a format.'),
  name: z.optional(creativeName),
  /** A finished document (the playground's "save to project"); else the template's own. */
  document: z.optional(creativeDocument),
});
export type CreativeCreateInput = z.infer<typeof creativeCreateInput>;

export const creativeUpdateInput = z.object({
  name: z.optional(creativeName),
  status: z.optional(z.enum(CREATIVE_STATUSES, 'Pick a status.')),
  document: z.optional(creativeDocument),
  /** The revision the editor started from: a save on top of a newer one is refused (409). */
  baseRevision: z.optional(z.number().check(z.int(), z.minimum(1))),
});
export type CreativeUpdateInput = z.infer<typeof creativeUpdateInput>;

export const variationsInput = z.object({
  count: z
    .number('Say how many variations: 1 to 8.')
    .check(z.int('Use a whole number.'), z.minimum(1, 'Make at least 1 variation.'), z.maximum(MAX_VARIATIONS, `Make at most ${MAX_VARIATIONS} at once.`)),
  /** Picks the batch (the same seed, the same copy and layouts); a random one when left out. */
  seed: z.optional(z.number('Use a whole number.').check(z.int('Use a whole number.'), z.minimum(0), z.maximum(2 ** 31 - 1))),
});

export const NAME_SEARCH_MAX = 80;

/** The lists' filters (issue 27): a part of the name (any case), the project, the format and the (creative's) status. */
const listFilters = {
  q: z.optional(text().check(z.trim(), z.maxLength(NAME_SEARCH_MAX, `Search with at most ${NAME_SEARCH_MAX} characters.`))),
  projectId: z.optional(idField()),
  status: z.optional(z.enum(CREATIVE_STATUSES, 'Pick a status.')),
  format: z.optional(z.enum(FORMAT_IDS, 'Pick a format.')),
};

export const creativeListQuery = z.extend(pageQuery, listFilters);

export const creationListQuery = z.extend(pageQuery, { ...listFilters, creativeId: z.optional(idField()) });

export const revisionParam = z.object({ id: idField(), revisionId: idField() });

export interface CreativeSummary {
  id: string;
  projectId: string;
  projectName: string;
  role: ProjectRole;
  name: string;
  status: CreativeStatus;
  format: FormatId;
  template: string;
  revision: { id: string; number: number };
  document: CreativeDocument;
  /** media id → URL to draw it from (thumbnails in lists, full files in the editor). */
  images: Record<string, string>;
  /** The newest render of this creative, if any. */
  lastCreationId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface CreativeDetail extends CreativeSummary {
  brandKit: BrandKit;
  /** The project is archived: the editor is read-only until its owner restores it. */
  projectArchived: boolean;
  /** The creation of the current revision, when it has been rendered (render again is free). */
  currentCreationId: string | null;
}

export interface RevisionItem {
  id: string;
  number: number;
  reason: 'created' | 'edited' | 'restored';
  authorName: string | null;
  current: boolean;
  document: CreativeDocument;
  createdAt: string;
}

export interface CreationItem {
  id: string;
  projectId: string;
  projectName: string;
  role: ProjectRole;
  /** The source creative (null once it is deleted). */
  creativeId: string | null;
  revisionNumber: number;
  name: string;
  format: FormatId;
  width: number;
  height: number;
  size: number;
  url: string;
  downloadUrl: string;
  /** A small JPEG of it (the PNG itself when it has none), for the pickers that offer it. */
  thumbnailUrl: string;
  createdAt: string;
  /** Its creative's link group (linked formats, issue 14): the gallery shows a group's PNGs together. Set in lists. */
  linkGroup?: string | null;
}

export const PLAYGROUND_IMAGE_MAX_BYTES = 4 * 1024 * 1024;

export const playgroundRenderInput = z.object({
  document: creativeDocument,
  /** The visitor's image, kept in the browser and sent only to draw this download. */
  image: z.optional(
    text().check(
      z.maxLength(Math.ceil((PLAYGROUND_IMAGE_MAX_BYTES * 4) / 3) + 64, 'Use an image under 4 MB.'),
      z.regex(/^data:image\/(?:png|jpeg|webp|gif);base64,[A-Za-z0-9+/]+=*$/, 'Use a PNG, JPEG, WebP or GIF image.'),
    ),
  ),
});
