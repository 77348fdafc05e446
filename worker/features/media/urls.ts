// Moved to worker/lib/media-urls.ts (shared by media, projects and creatives); kept until projects/service.ts imports it from there.
export { mediaFileUrl, mediaThumbnailUrl } from '#worker/lib/media-urls.ts';
