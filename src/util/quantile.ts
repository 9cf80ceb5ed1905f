// The q-quantile of values already sorted ascending: the value at floor(q·n), the last for q = 1;
// NaN for none. The one rule the audit and replay tools report p50/p90/p95 by.

export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
