import type { MediaItem } from '#common/schemas/media.ts';
import type { Format } from '#client/lib/format.ts';

export function formatDuration(ms: number): string {
  const total = Math.round(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** "PNG · 1080 × 1080 · 2.4 MB" */
export function describeMedia(item: MediaItem, format: Format): string {
  const parts = [item.mime.split('/')[1]!.replace('quicktime', 'mov').toUpperCase()];
  if (item.width && item.height) parts.push(`${item.width} × ${item.height}`);
  if (item.durationMs !== null) parts.push(formatDuration(item.durationMs));
  parts.push(format.bytes(item.size));
  return parts.join(' · ');
}
