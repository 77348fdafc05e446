import { round2, type Gap, type Guides } from '#client/features/creatives/editor-state.ts';

export const NO_GUIDES: Guides = { x: null, y: null };

/** The snapping guides while dragging: the line a box snapped to, and its distances to its neighbours (in the format's pixels). */
export function GuideLines({ lines, gaps, formatWidth, formatHeight }: { lines: Guides; gaps: Gap[]; formatWidth: number; formatHeight: number }) {
  return (
    <>
      {lines.x !== null ? (
        <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 w-px bg-fuchsia-500" style={{ left: `${round2(lines.x)}%` }} />
      ) : null}
      {lines.y !== null ? (
        <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 h-px bg-fuchsia-500" style={{ top: `${round2(lines.y)}%` }} />
      ) : null}
      {gaps.map((gap) => {
        const horizontal = gap.side === 'left' || gap.side === 'right';
        const px = Math.round(((gap.to - gap.from) * (horizontal ? formatWidth : formatHeight)) / 100);
        const style = horizontal
          ? { left: `${gap.from}%`, width: `${gap.to - gap.from}%`, top: `${gap.at}%`, height: 0 }
          : { top: `${gap.from}%`, height: `${gap.to - gap.from}%`, left: `${gap.at}%`, width: 0 };
        return (
          <div
            key={gap.side}
            aria-hidden="true"
            data-gap={gap.side}
            className={`pointer-events-none absolute flex items-center justify-center border-rose-500 ${horizontal ? 'border-t border-dashed' : 'border-l border-dashed'}`}
            style={style}
          >
            <span className="rounded bg-rose-600 px-1 py-px text-[10px] leading-none font-medium whitespace-nowrap text-white tabular-nums">{px}</span>
          </div>
        );
      })}
    </>
  );
}
