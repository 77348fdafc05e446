import * as z from 'zod/mini';
import { cleanFileName } from '#common/file-name.ts';
import { idField, pageQuery, text } from '#common/schemas/fields.ts';
import type { PhotoAttribution } from '#common/schemas/photos.ts';

export const MIB = 1024 * 1024;

/** The largest image and video the library takes. */
export const MAX_BYTES = { image: 20 * MIB, video: 100 * MIB } as const;

/** What the library accepts (PRODUCT.md §4.2), recognised by the file's first bytes. */
export const MEDIA_TYPES = {
  'image/jpeg': { kind: 'image', maxBytes: MAX_BYTES.image, ext: 'jpg', label: 'JPEG' },
  'image/png': { kind: 'image', maxBytes: MAX_BYTES.image, ext: 'png', label: 'PNG' },
  'image/webp': { kind: 'image', maxBytes: MAX_BYTES.image, ext: 'webp', label: 'WebP' },
  'image/gif': { kind: 'image', maxBytes: MAX_BYTES.image, ext: 'gif', label: 'GIF' },
  'image/avif': { kind: 'image', maxBytes: MAX_BYTES.image, ext: 'avif', label: 'AVIF' },
  'video/mp4': { kind: 'video', maxBytes: MAX_BYTES.video, ext: 'mp4', label: 'MP4' },
  'video/webm': { kind: 'video', maxBytes: MAX_BYTES.video, ext: 'webm', label: 'WebM' },
  'video/quicktime': { kind: 'video', maxBytes: MAX_BYTES.video, ext: 'mov', label: 'MOV' },
} as const satisfies Record<string, { kind: 'image' | 'video'; maxBytes: number; ext: string; label: string }>;

/** The names of the accepted formats of one kind: JPEG, PNG, … */
export function formatLabels(kind: 'image' | 'video'): string[] {
  return Object.values(MEDIA_TYPES)
    .filter((t) => t.kind === kind)
    .map((t) => t.label);
}

/** A size limit as people read it on this page: "20 MiB". */
export function formatMib(bytes: number): string {
  return `${bytes / MIB} MiB`;
}

export type MediaMime = keyof typeof MEDIA_TYPES;
export const ACCEPTED_EXTENSIONS = '.jpg,.jpeg,.png,.webp,.gif,.avif,.mp4,.webm,.mov';
export const MAX_THUMBNAIL_BYTES = 512 * 1024;
/**
 * The most pixels an uploaded picture may declare (a 200-megapixel phone photo fits): a
 * header is a few bytes, and a small file claiming 65,535 × 65,535 pixels is a decompression
 * bomb for whatever decodes it later (413, nothing stored).
 */
export const MAX_IMAGE_PIXELS = 250_000_000;
/** The most pixels a thumbnail may have: the browser makes them 480 wide, and the renderer decodes them. */
export const MAX_THUMBNAIL_PIXELS = 4_000_000;
export const MAX_TAGS = 20;

const tag = text().check(z.trim(), z.toLowerCase(), z.minLength(1, 'Tags cannot be empty.'), z.maxLength(40, 'Keep tags under 40 characters.'));

const FOCAL_MESSAGE = 'Put the focal point within the picture (0 to 100 %).';
const focalPercent = z.number(FOCAL_MESSAGE).check(z.minimum(0, FOCAL_MESSAGE), z.maximum(100, FOCAL_MESSAGE));

/** A picture's focal point: what a crop keeps in view (percent of its width and height). */
export interface FocalPoint {
  x: number;
  y: number;
}

export const mediaUpdateInput = z.object({
  name: z.optional(
    text().check(
      z.trim(),
      z.minLength(1, 'Give the file a name.'),
      z.maxLength(200, 'Use at most 200 characters.'),
      z.overwrite((name) => cleanFileName(name)),
    ),
  ),
  alt: z.optional(text().check(z.trim(), z.maxLength(500, 'Keep alt text under 500 characters.'))),
  tags: z.optional(z.array(tag).check(z.maxLength(MAX_TAGS, `Use at most ${MAX_TAGS} tags.`))),
  /** The picture's focal point (percent of its width and height), or null for the centre. */
  focal: z.optional(z.nullable(z.object({ x: focalPercent, y: focalPercent }))),
});
export type MediaUpdateInput = z.infer<typeof mediaUpdateInput>;

export const mediaListQuery = z.extend(pageQuery, {
  type: z.optional(z.enum(['image', 'video'], 'Filter by image or video.')),
  tag: z.optional(text().check(z.maxLength(40))),
  q: z.optional(text().check(z.maxLength(100))),
});

export const uploadQuery = z.object({
  filename: text('Name the file (?filename=).').check(
    z.trim(),
    z.minLength(1, 'Name the file (?filename=).'),
    z.maxLength(200, 'Use a file name under 200 characters.'),
    // Stored as shown to people and used for downloads: no path, no invisible characters (storage keys are ids).
    z.overwrite((name) => cleanFileName(name)),
  ),
});

export interface MediaUsage {
  kind: 'brand_logo' | 'creative';
  label: string;
  href: string;
  /** A creative's newest render, small (issue 27): null before its first render. */
  thumbnail?: { src: string; width: number; height: number } | null;
}

export interface MediaItem {
  id: string;
  projectId: string;
  kind: 'image' | 'video';
  mime: string;
  name: string;
  size: number;
  sha256: string;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  alt: string;
  tags: string[];
  /** What a crop keeps in view (the default of an image layer showing it); null: the centre. */
  focal?: FocalPoint | null;
  /** A photo from the photo source: who made it and where from (its provider's terms ask to show it); absent or null for uploads. */
  attribution?: PhotoAttribution | null;
  hasThumbnail: boolean;
  fileUrl: string;
  thumbnailUrl: string | null;
  uploadedBy: { id: string; name: string } | null;
  createdAt: string;
  updatedAt: string;
}

export interface MediaDetail extends MediaItem {
  usedBy: MediaUsage[];
  /** The signed-in user's role in the media's project (what the screen may offer). */
  role: 'owner' | 'editor' | 'viewer';
  projectName: string;
  /** The project is archived: read-only for everyone until its owner restores it. */
  projectArchived: boolean;
}

/** POST /api/projects/{projectId}/media/delete: up to 100 files at once. */
export const deleteManyInput = z.object({
  ids: z.array(idField()).check(z.minLength(1, 'Select at least one file.'), z.maxLength(100, 'Delete at most 100 files at once.')),
});
