import type { ReactNode } from 'react';

/** `value` kept within 0…max (a count that overshoots, a fraction past 1); anything not a number is 0. */
function clamped(value: number, max: number): number {
  return Number.isFinite(value) ? Math.min(Math.max(value, 0), Math.max(max, 0)) : 0;
}

/**
 * The one progress bar (uploads, renders, runs of bulk creatives, the first steps, a page
 * loading): an accent fill on a grey track. With a `value` it is determinate, `value` of `max`
 * (kept within 0…max), read out as `valueText` when given; without one it is indeterminate and
 * the whole bar pulses. `caption` is the figure shown beside the bar ("3/40"), hidden from screen
 * readers, who hear the value (or `valueText`) instead. `className` sizes and places the bar
 * (width, margins, position); `thin` is the hairline at the top of the page.
 */
export function ProgressBar(props: {
  label: string;
  value?: number;
  max?: number;
  valueText?: string;
  caption?: ReactNode;
  thin?: boolean;
  className?: string;
}) {
  const { label, value, max = 100, valueText, caption, thin = false, className = '' } = props;
  const determinate = value !== undefined;
  const now = determinate ? clamped(value, max) : 0;
  const percent = max > 0 ? (now / max) * 100 : 0;
  const bar = (
    <div
      role="progressbar"
      aria-label={label}
      {...(determinate ? { 'aria-valuemin': 0, 'aria-valuemax': max, 'aria-valuenow': now } : {})}
      {...(determinate && valueText !== undefined ? { 'aria-valuetext': valueText } : {})}
      className={`${thin ? 'h-0.5' : 'h-1.5'} overflow-hidden rounded-full ${determinate ? 'bg-zinc-200 dark:bg-zinc-800' : ''} ${className}`}
    >
      <div
        className={`h-full rounded-full bg-accent-600 ${determinate ? 'transition-[width] duration-300' : 'w-full animate-pulse'}`}
        {...(determinate ? { style: { width: `${percent}%` } } : {})}
      />
    </div>
  );
  if (caption === undefined) return bar;
  return (
    <div className="flex min-w-0 items-center gap-2">
      {bar}
      <span aria-hidden="true" className="tabular-nums">
        {caption}
      </span>
    </div>
  );
}
