import type { ImageRef } from '#common/schemas/blocks.ts';

/** A media object resolved for rendering: a URL and its intrinsic size (srcSet: "url 480w, url 1600w"). */
export interface ResolvedImage {
  src: string;
  srcSet?: string;
  width: number;
  height: number;
}

/** The state of a form after a submission (the edge re-renders the page with it). */
export interface FormState {
  /** Where the forms post to (the page's own URL). */
  action: string;
  /** Hidden inputs every form carries (utm_*, referrer…); each form adds its own `formId`. */
  hidden: Record<string, string>;
  /** Field name → message, after an invalid submission (`_` = about the whole form). */
  errors?: Record<string, string>;
  /** Field name → what was sent, to fill the form in again. */
  values?: Record<string, string>;
  /** The submission went through: show the success message. */
  sent?: boolean;
  /** The form block that errors, values and sent belong to (absent: every form on the page). */
  formId?: string;
}

/**
 * What a block needs from where it is drawn: the edge (published page), the editor's
 * preview or the component sheet.
 */
export interface BlockContext {
  mode: 'edge' | 'editor' | 'sheet';
  /**
   * Resolves a media id (an image, or a video file of the video block: only `src` is used
   * there) to a URL and size; undefined when unknown (the block then leaves it out, or
   * shows a placeholder outside the edge).
   */
  image(ref: ImageRef): ResolvedImage | undefined;
  form?: FormState;
  /** Milliseconds since the epoch: the countdown's server-rendered time. */
  now: number;
  /** The block opens the page: its picture is loaded eagerly, with high priority (not lazily below the fold). */
  leading?: boolean;
}
