import type { Box } from '#client/features/creatives/arrange.ts';
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

/** The angle shown while turning (beside the smart guides), below the turned selection's drawn box. */
export function TurnAngle({ angle, bounds }: { angle: number; bounds: Box | null }) {
  if (!bounds) return null;
  return (
    <div
      aria-hidden="true"
      data-testid="turn-angle"
      className="pointer-events-none absolute -translate-x-1/2 translate-y-2 rounded bg-fuchsia-600 px-1.5 py-0.5 text-[11px] leading-none font-medium whitespace-nowrap text-white tabular-nums"
      style={{ left: `${bounds.x + bounds.w / 2}%`, top: `${Math.min(95, bounds.y + bounds.h)}%` }}
    >
      {`${angle}°`}
    </div>
  );
}
