// Statistics of the load run (bench/load-mix.ts): latencies per route and class, and trends.

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;
export const round = (value: number, digits = 1) => Number(value.toFixed(digits));

/** Least-squares slope of y over x. */
export function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const mx = points.reduce((a, p) => a + p.x, 0) / n;
  const my = points.reduce((a, p) => a + p.y, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.x - mx) * (p.y - my);
    den += (p.x - mx) ** 2;
  }
  return den === 0 ? Number.NaN : num / den;
}

export class Latencies {
  private values = new Float64Array(4096);
  count = 0;
  errors = 0;
  add(ms: number) {
    if (this.count === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.count++] = ms;
  }
  summary() {
    const sorted = this.values.slice(0, this.count).sort();
    return {
      requests: this.count,
      errors: this.errors,
      p50: round(percentile(sorted, 50), 2),
      p99: round(percentile(sorted, 99), 2),
      max: round(sorted.at(-1) ?? Number.NaN, 1),
    };
  }
}
