import { captionSegments } from '#common/ad-pins.ts';

/**
 * An ad's caption with its pinned phrases marked and numbered (decision 0052), for the preview
 * page and the workspace alike. The numbers are drawn by CSS, so the text's offsets stay the
 * caption's (the pin script and the workspace's selection count them).
 */
export function CaptionMarks({ caption, pins }: { caption: string; pins: Parameters<typeof captionSegments>[1] }) {
  return captionSegments(caption, pins).map((segment, i) =>
    segment.pin ? (
      <mark
        key={i}
        data-n={segment.pin.number}
        className={`rounded-sm px-0.5 after:ml-0.5 after:align-super after:text-[10px] after:font-semibold after:content-[attr(data-n)] ${segment.pin.resolved ? 'bg-zinc-100 text-zinc-600' : 'bg-amber-100 text-zinc-900'}`}
      >
        {segment.text}
      </mark>
    ) : (
      segment.text
    ),
  );
}
