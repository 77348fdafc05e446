/** What the preview page and the workspace both draw of an ad's pins (decision 0052). */

/** A run of the caption: plain, or the phrase of pin `number` (resolved ones are drawn quieter). */
export interface CaptionSegment {
  text: string;
  pin?: { number: number; resolved: boolean };
}

/**
 * The caption cut into runs at the pinned phrases (where they are now: `start`/`end`, null when
 * gone), in order; a phrase that overlaps an earlier one is left unmarked (its pin still lists it).
 * The runs' texts joined are the caption, so offsets in the drawn text are offsets in the caption.
 */
export function captionSegments(
  caption: string,
  pins: readonly { number: number; start: number | null; end: number | null; resolvedAt: string | null }[],
): CaptionSegment[] {
  const marked = pins
    .filter((pin): pin is typeof pin & { start: number; end: number } => pin.start !== null && pin.end !== null && pin.end <= caption.length)
    .sort((a, b) => a.start - b.start || a.number - b.number);
  const segments: CaptionSegment[] = [];
  let at = 0;
  for (const pin of marked) {
    if (pin.start < at) continue;
    if (pin.start > at) segments.push({ text: caption.slice(at, pin.start) });
    segments.push({ text: caption.slice(pin.start, pin.end), pin: { number: pin.number, resolved: pin.resolvedAt !== null } });
    at = pin.end;
  }
  if (at < caption.length || segments.length === 0) segments.push({ text: caption.slice(at) });
  return segments;
}
