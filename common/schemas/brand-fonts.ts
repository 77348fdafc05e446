import * as z from 'zod/mini';
import { cleanFileName } from '#common/file-name.ts';
import { text } from '#common/schemas/fields.ts';

/** The largest font file a project may upload (satori keeps the whole font in memory while it draws). */
export const BRAND_FONT_MAX_BYTES = 4 * 1024 * 1024;
/** Uploaded fonts a project may hold at once. */
export const BRAND_FONTS_PER_PROJECT = 20;
/** What the upload field offers; the server decides from the bytes. */
export const BRAND_FONT_EXTENSIONS = '.ttf,.otf,.woff';

export const brandFontUploadQuery = z.object({
  filename: text('Name the file (?filename=).').check(
    z.trim(),
    z.minLength(1, 'Name the file (?filename=).'),
    z.maxLength(200, 'Use a file name under 200 characters.'),
    z.overwrite((name) => cleanFileName(name)),
  ),
});

/** A font uploaded to a project; text layers name it as `ref` (`brand:{id}`). */
export interface BrandFontItem {
  id: string;
  ref: `brand:${string}`;
  family: string;
  weight: number;
  format: 'ttf' | 'otf' | 'woff';
  size: number;
  /** The file, for the editor's FontFace (members only). */
  url: string;
  createdAt: string;
}
