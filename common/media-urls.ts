/**
 * The URLs under which the client fetches a media object's bytes (behind the media access
 * rule). Pure string builders, shared by every feature that shows pictures (media, projects,
 * creatives) and usable by the client: here rather than in a feature, so that showing a
 * picture needs no feature's code.
 */
export function mediaFileUrl(id: string): string {
  return `/api/media/${id}/file`;
}

/** The thumbnail's URL: its key changes with every new thumbnail, so the URL can be cached for good. */
export function mediaThumbnailUrl(id: string, thumbnailKey: string): string {
  return `/api/media/${id}/thumbnail?v=${thumbnailKey.split('/').pop()}`;
}
