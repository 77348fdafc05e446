/** Where the client fetches an object's bytes (behind the media access rule). */
export function mediaFileUrl(id: string): string {
  return `/api/media/${id}/file`;
}

/** The thumbnail's URL: its key changes with every new thumbnail, so the URL can be cached for good. */
export function mediaThumbnailUrl(id: string, thumbnailKey: string): string {
  return `/api/media/${id}/thumbnail?v=${thumbnailKey.split('/').pop()}`;
}
