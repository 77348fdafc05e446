import type { ImageRef } from '#common/schemas/blocks.ts';
import type { AdCard, PageCard, PresentationDocument, ResolvedImage, Resolved } from '#common/schemas/presentations.ts';

export type { ResolvedImage } from '#common/schemas/presentations.ts';

/**
 * What a section needs from where it is drawn: the public page ('edge'), the editor's live
 * preview ('editor') or the components gallery ('sheet'). The lookups answer undefined for
 * something unknown (deleted, of another project): the section leaves it out at the edge and
 * shows a placeholder elsewhere. Structurally a BlockContext too (the funnel blocks' pricing
 * and testimonials are reused).
 */
export interface PresentationContext {
  mode: 'edge' | 'editor' | 'sheet';
  image(ref: ImageRef): ResolvedImage | undefined;
  creation(id: string): (ResolvedImage & { name: string }) | undefined;
  ad(id: string): AdCard | undefined;
  page(id: string): PageCard | undefined;
  /** The author's affiliate code: the call to action carries it as `?ref=`. */
  refCode: string | null;
  /** Signs the personal intro when its section has no signature. */
  authorName: string;
  /** Milliseconds since the epoch. */
  now: number;
  /** Where an "I'm interested" call to action posts (the public page only; elsewhere its form is shown, not sent). */
  interestAction?: string;
}

/** Every section component's props. */
export interface SectionComponentProps<P> {
  id: string;
  props: P;
  doc: PresentationDocument;
  ctx: PresentationContext;
}

/** A context from the API's `resolved` lookups (the editor's preview, the gallery, the public page). */
export function contextFromResolved(
  mode: PresentationContext['mode'],
  resolved: Resolved,
  extra: { refCode: string | null; authorName: string; now?: number; interestAction?: string },
): PresentationContext {
  return {
    mode,
    image: (ref) => resolved.images[ref.mediaId],
    creation: (id) => resolved.creations[id],
    ad: (id) => resolved.ads[id],
    page: (id) => resolved.pages[id],
    refCode: extra.refCode,
    authorName: extra.authorName,
    now: extra.now ?? Date.now(),
    ...(extra.interestAction ? { interestAction: extra.interestAction } : {}),
  };
}
