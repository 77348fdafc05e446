import type { CreativeDocument, FormatId } from '#common/creative/document.ts';
import { buildTemplate, changeFormat, TEMPLATES, withPictureIn } from '#common/creative/templates.ts';
import { BRAND_KIT, LOCAL, withPicture } from '#client/features/creatives/playground-first-creative.ts';

/**
 * The playground's template work, loaded after its first paint (playground-gallery.tsx): every
 * template with the table of every font's widths its copy is fitted with.
 */

/** A template with the visitor's picture: in its own frame, or, once there is a picture, where a template designed around its copy has room for one. */
export function templateWithPicture(id: string, format: FormatId, hasPicture: boolean, copy?: Record<string, string>): CreativeDocument {
  return withPicture(buildTemplate(id, { brand: BRAND_KIT, format, copy, imageMediaId: hasPicture ? LOCAL : null }));
}

/** The document in another format, its layers in the template's places for it. */
export const inFormat = (doc: CreativeDocument, format: FormatId) => changeFormat(doc, format, BRAND_KIT);

/** The document showing the visitor's picture (see withPictureIn). */
export const withLocalPicture = (doc: CreativeDocument) => withPictureIn(doc, LOCAL, BRAND_KIT);

/** The gallery's previews: each template, square, with or without the visitor's picture. */
export function previews(hasPicture: boolean): ReadonlyMap<string, CreativeDocument> {
  return new Map(TEMPLATES.map((def) => [def.id, templateWithPicture(def.id, 'square', hasPicture)]));
}
