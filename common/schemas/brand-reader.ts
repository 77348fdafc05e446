import * as z from 'zod/mini';
import type { FontId } from '#common/fonts.ts';
import { text } from '#common/schemas/fields.ts';
import { withHttps } from '#common/schemas/projects.ts';

/**
 * The brand-kit reader (issue 27): the worker reads a customer's website and proposes a brand
 * kit; the user reviews each proposal before anything but the logo is saved (the logo is
 * stored into the project's media library while reading, so that it can be previewed).
 *
 * `POST /api/projects/{projectId}/brand-kit/read` (owner or editor) with `BrandReadInput`
 * answers 200 with a `BrandProposal`; a refused or unreachable address is 422
 * `validation_failed` with `details.url`; a site that does not answer in time or with an
 * error is 502 `upstream_failed`.
 */
export const brandReadInput = z.object({
  /** The page to read; a bare domain gets https:// (as the project website field). */
  url: text('Enter the customer’s website.').check(
    z.trim(),
    z.minLength(1, 'Enter the customer’s website.'),
    z.overwrite(withHttps),
    z.maxLength(300, 'That address is too long.'),
  ),
});
export type BrandReadInput = z.infer<typeof brandReadInput>;

export type LogoSource = 'apple-touch-icon' | 'og:image' | 'img' | 'favicon';
export type ColorSource = 'theme-color' | 'css-variable' | 'stylesheet';
export type FontSource = 'google-fonts' | 'css';

export interface ColorProposal {
  /** Lower-case #rrggbb. */
  hex: string;
  source: ColorSource;
  /** WCAG contrast ratios against white and black text/background (1–21, two decimals). */
  contrast: { onWhite: number; onBlack: number };
}

export interface FontProposal {
  /** The family as the site names it ("Inter", "Helvetica Neue"). */
  family: string;
  /** The bundled font it maps to; null when none matches (then offered as an upload). */
  fontId: FontId | null;
  source: FontSource;
}

export interface BrandProposal {
  /** The address finally read (after redirects). */
  url: string;
  /** The site's name (og:site_name, else the <title> trimmed of its tagline); null when none. */
  name: string | null;
  /** A tone-of-voice draft from the meta description; null when the page has none. */
  tone: string | null;
  /** The logo, already in the project's media library; null when none was usable. */
  logo: { mediaId: string; url: string; source: LogoSource } | null;
  /** At most 8 colours, most characteristic first, no duplicates. */
  colors: ColorProposal[];
  fonts: { heading: FontProposal | null; body: FontProposal | null };
  /** Things the user should know, as codes the review words in the reader's language (`projects.brandReview.warning.{code}`). */
  warnings: BrandWarning[];
}

/**
 * Why a proposal may lack something. `reason` is the media library's refusal (an AppError
 * message, English as the key of the validation catalog, decision 0032).
 */
export type BrandWarning =
  | { code: 'logoSlow' | 'svgScripts' | 'svgReplaced' | 'svgOnly' | 'noLogo' }
  | { code: 'logoNotStored'; reason: string }
  | { code: 'stylesheets'; count: number };
