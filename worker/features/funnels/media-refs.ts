import type { PageDocument } from '#common/schemas/blocks.ts';
import type { Reference } from '#worker/lib/references.ts';

/**
 * The media a page document refers to: images, posters and avatars (`{ mediaId }` wherever a
 * block keeps one), a video block's file and the social image, each with its path under `field`
 * (`document.blocks.2.props.image.mediaId`). The edge resolves them in the page's project; the
 * pages service refuses a draft that names media its project does not have.
 */
export function mediaRefsOf(document: PageDocument, field = 'document'): Reference[] {
  const refs: Reference[] = [];
  const walk = (value: unknown, path: string): void => {
    if (Array.isArray(value)) value.forEach((item, index) => walk(item, `${path}.${index}`));
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'mediaId' && typeof inner === 'string') refs.push({ path: `${path}.${key}`, id: inner });
        else walk(inner, `${path}.${key}`);
      }
    }
  };
  walk(document, field);
  document.blocks.forEach((block, index) => {
    if (block.type === 'video' && block.props.file) refs.push({ path: `${field}.blocks.${index}.props.file`, id: block.props.file });
  });
  return refs;
}

/** The document without the media `drop` picks: those image references become none, a video block's file too. */
export function withoutMedia(document: PageDocument, drop: (id: string) => boolean): PageDocument {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (!value || typeof value !== 'object') return value;
    if ('mediaId' in value && typeof value.mediaId === 'string' && drop(value.mediaId)) return null;
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, strip(inner)]));
  };
  const stripped = strip(document) as PageDocument;
  return {
    ...stripped,
    blocks: stripped.blocks.map((block) =>
      block.type === 'video' && block.props.file && drop(block.props.file) ? { ...block, props: { ...block.props, file: null } } : block,
    ),
  };
}
