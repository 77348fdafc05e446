import * as z from 'zod/mini';
import { FORMAT_IDS, type CreativeStatus, type FormatId } from '#common/creative/document.ts';
import type { CreationItem, CreativeSummary } from '#common/schemas/creatives.ts';

/**
 * A creative in every format at once (issue 14, point 5): linked copies share a link group;
 * they are resized from one another, rendered together and downloaded as one ZIP.
 */
const FORMAT_LIST_MESSAGES = {
  resize: { pick: 'Pick the formats to resize to.', one: 'Pick at least one format to resize to.' },
  render: { pick: 'Pick the formats to render.', one: 'Pick at least one format to render.' },
};

/** The formats to act on; whole sentences per action (the validation area matches whole messages: decision 0032). */
const formatList = (action: keyof typeof FORMAT_LIST_MESSAGES) =>
  z.array(z.enum(FORMAT_IDS, 'Pick a format: square, portrait, story or landscape.'), FORMAT_LIST_MESSAGES[action].pick).check(
    z.minLength(1, FORMAT_LIST_MESSAGES[action].one),
    z.maxLength(FORMAT_IDS.length, `Pick each format at most once.`),
    z.refine((list) => new Set(list).size === list.length, 'Pick each format at most once.'),
  );

/** `POST /api/creatives/{id}/resize`: the formats to make linked copies in. */
export const resizeInput = z.object({ formats: formatList('resize') });
export type ResizeInput = z.infer<typeof resizeInput>;

/** `POST /api/creatives/{id}/render-all`: the linked formats to render (1 credit each unless already rendered). */
export const renderAllInput = z.object({ formats: formatList('render') });
export type RenderAllInput = z.infer<typeof renderAllInput>;

/** One creative of a link group, as the format switcher and the render-all dialog show it. */
export interface LinkedFormat {
  id: string;
  name: string;
  format: FormatId;
  status: CreativeStatus;
  revisionNumber: number;
  /** The PNG of the current version, if it has been rendered (rendering it again is free). */
  currentCreationId: string | null;
  /** The newest PNG of this creative, of any version (what the ZIP holds). */
  lastCreationId: string | null;
}

/** `GET /api/creatives/{id}/formats`: the creative's link group (only itself when it has no linked copies). */
export interface LinkedFormats {
  linkGroup: string | null;
  items: LinkedFormat[];
  /** Credits a render of every format costs now. */
  renderAllCost: number;
}

/** `POST /api/creatives/{id}/resize`: the new linked copies (formats already in the group are skipped). */
export interface ResizeResult {
  items: CreativeSummary[];
  /** Formats asked for that the group already had: no copy was made for them. */
  skipped: FormatId[];
  nextCursor: null;
}

export type RenderAllOutcome = 'rendered' | 'existing' | 'failed';

export interface RenderAllItem {
  creativeId: string;
  format: FormatId;
  outcome: RenderAllOutcome;
  creation: CreationItem | null;
  /** Why a render failed (its credit was refunded). */
  error?: string;
}

/** `POST /api/creatives/{id}/render-all`. */
export interface RenderAllResult {
  items: RenderAllItem[];
  /** Credits spent, net of refunds. */
  charged: number;
  zipUrl: string;
}
