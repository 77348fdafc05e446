/**
 * Small hand-written SVG charts (DESIGN.md: no chart library for a few lines). They scale to
 * their box (`viewBox`, width 100 %), so they never make a phone screen scroll sideways, and
 * describe themselves to screen readers with a label the caller words.
 */

export interface Series {
  label: string;
  values: readonly number[];
  /** A Tailwind text colour class: the line is drawn in `currentColor`. */
  className: string;
}

const W = 100;

function points(values: readonly number[], max: number, height: number): string {
  const n = values.length;
  if (n === 0) return '';
  const step = n > 1 ? W / (n - 1) : 0;
  // A flat line at the bottom for all zeros; 1 px of headroom so the stroke is not cut.
  return values.map((v, i) => `${(n > 1 ? i * step : W / 2).toFixed(2)},${(height - 1 - (max > 0 ? (v / max) * (height - 2) : 0)).toFixed(2)}`).join(' ');
}

/**
 * Lines of a few series over the same days (views and leads of a week): on one scale, or each
 * on its own (`ownScale`) when one series is much smaller than the other and its shape matters.
 */
export function Sparkline({
  series,
  label,
  height = 32,
  className = '',
  ownScale = false,
}: {
  series: readonly Series[];
  label: string;
  height?: number;
  className?: string;
  ownScale?: boolean;
}) {
  const shared = Math.max(0, ...series.flatMap((s) => s.values));
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${W} ${height}`} preserveAspectRatio="none" className={`block h-8 w-full ${className}`}>
      {series.map((s) => (
        <polyline
          key={s.label}
          points={points(s.values, ownScale ? Math.max(0, ...s.values) : shared, height)}
          fill="none"
          stroke="currentColor"
          strokeWidth={1.5}
          strokeLinejoin="round"
          strokeLinecap="round"
          vectorEffect="non-scaling-stroke"
          className={s.className}
        />
      ))}
    </svg>
  );
}

/** Bars of one value per day (a chart of views, visitors or leads). */
export function BarChart({
  values,
  label,
  height = 48,
  className = 'text-accent-600',
}: {
  values: readonly number[];
  label: string;
  height?: number;
  className?: string;
}) {
  const max = Math.max(0, ...values);
  const n = values.length;
  const slot = n > 0 ? W / n : W;
  const gap = Math.min(1.5, slot * 0.2);
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${W} ${height}`} preserveAspectRatio="none" className={`block h-12 w-full ${className}`}>
      <line x1={0} x2={W} y1={height - 0.5} y2={height - 0.5} stroke="currentColor" strokeOpacity={0.25} vectorEffect="non-scaling-stroke" />
      {values.map((v, i) => {
        const h = max > 0 ? (v / max) * (height - 2) : 0;
        return <rect key={i} x={i * slot + gap / 2} width={Math.max(0, slot - gap)} y={height - h} height={h} fill="currentColor" rx={0.5} />;
      })}
    </svg>
  );
}

/** Ranked values with proportional bars (top referrers, UTM sources): plain HTML, readable as a list. */
export function BarList({ items, label, empty }: { items: readonly { value: string; count: number }[]; label: string; empty: string }) {
  if (items.length === 0) return <p className="text-sm text-zinc-500 dark:text-zinc-400">{empty}</p>;
  const max = Math.max(1, ...items.map((i) => i.count));
  return (
    <ul aria-label={label} className="space-y-1.5 text-sm">
      {items.map((item) => (
        <li key={item.value} className="relative flex min-w-0 items-center justify-between gap-3 overflow-hidden rounded px-2 py-1">
          <span aria-hidden="true" className="absolute inset-y-0 left-0 bg-accent-50 dark:bg-accent-800/30" style={{ width: `${(item.count / max) * 100}%` }} />
          <span className="relative min-w-0 truncate" title={item.value}>
            {item.value}
          </span>
          <span className="relative shrink-0 tabular-nums text-zinc-600 dark:text-zinc-300">{item.count.toLocaleString('en-US')}</span>
        </li>
      ))}
    </ul>
  );
}
