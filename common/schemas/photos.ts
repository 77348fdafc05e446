import * as z from 'zod/mini';
import { text } from '#common/schemas/fields.ts';

/**
 * The photo source (issue 29): a stock provider when its key is configured (Unsplash, else
 * Pexels), a small bundled CC0 set otherwise. A picked photo is imported into the project's
 * media library with the attribution its provider's terms ask for.
 */
export const PHOTO_PROVIDERS = ['unsplash', 'pexels', 'bundled'] as const;
export type PhotoProvider = (typeof PHOTO_PROVIDERS)[number];

/** Who made a photo and where it comes from, stored with the media row and shown wherever it is picked or listed. */
export interface PhotoAttribution {
  provider: PhotoProvider;
  /** The photographer (or, for the bundled set, its maker). */
  author: string;
  /** The photographer's profile (with the provider's referral parameters); null when there is none. */
  authorUrl: string | null;
  /** The photo's page at the provider (or the set's licence); null when there is none. */
  sourceUrl: string | null;
}

/** One search result: what the picker shows, and the provider's id to import it by. */
export interface PhotoResult {
  id: string;
  width: number;
  height: number;
  /** The photo's description (becomes the media's alt text). */
  alt: string;
  /** A small preview to show in the grid (the provider's CDN, or the bundled file). */
  previewUrl: string;
  attribution: PhotoAttribution;
}

export interface PhotoSearchPage {
  provider: PhotoProvider;
  items: PhotoResult[];
  page: number;
  /** Another page of results follows. */
  hasMore: boolean;
}

const QUERY_MESSAGE = 'Search with up to 100 characters.';
const PAGE_MESSAGE = 'Ask for a page from 1 to 50.';

/** GET /api/projects/{projectId}/photos?q=&page= (an empty query lists the provider's picks). */
export const photoSearchQuery = z.object({
  q: z.optional(text(QUERY_MESSAGE).check(z.trim(), z.maxLength(100, QUERY_MESSAGE))),
  page: z.optional(
    z.pipe(
      text(PAGE_MESSAGE),
      z.transform((value, ctx) => {
        const n = Number(value);
        if (!/^\d{1,2}$/.test(value) || n < 1 || n > 50) {
          ctx.issues.push({ code: 'custom', message: PAGE_MESSAGE, input: value });
          return z.NEVER;
        }
        return n;
      }),
    ),
  ),
});

const PHOTO_ID_MESSAGE = 'This photo id is not valid.';

/** POST /api/projects/{projectId}/photos/import: the photo of the configured provider to add to the library. */
export const photoImportInput = z.object({
  provider: z.enum(PHOTO_PROVIDERS, 'Pick Unsplash, Pexels or the bundled photos.'),
  id: text(PHOTO_ID_MESSAGE).check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, PHOTO_ID_MESSAGE)),
});
export type PhotoImportInput = z.infer<typeof photoImportInput>;
