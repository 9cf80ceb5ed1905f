// The q-quantile of values already sorted ascending: the value at floor(q·n), the last for q = 1;
// NaN for none. The one rule the audit and replay tools report p50/p90/p95 by, and the p50/p95
// pair they report errors with.

export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

export interface Percentiles {
  p50: number;
  p95: number;
}

/** The median and the 95th percentile of `xs` (any order; not changed), null for none. */
export function percentiles(xs: readonly number[]): Percentiles | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return { p50: quantile(s, 0.5), p95: quantile(s, 0.95) };
}
