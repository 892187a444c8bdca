// Small statistics and formatting helpers shared by the benchmarks.

/** Nearest-rank percentiles of a list of numbers (milliseconds, usually). */
export function percentiles(values) {
  if (values.length === 0) return { count: 0, mean: 0, p50: 0, p95: 0, p99: 0, max: 0 };
  const sorted = Float64Array.from(values).sort();
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * q) - 1))];
  let sum = 0;
  for (const v of sorted) sum += v;
  return {
    count: sorted.length,
    mean: sum / sorted.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: sorted[sorted.length - 1],
  };
}

/** Least-squares slope of y over x (units of y per unit of x). */
export function slope(points) {
  const n = points.length;
  if (n < 2) return 0;
  let sx = 0;
  let sy = 0;
  for (const [x, y] of points) {
    sx += x;
    sy += y;
  }
  const mx = sx / n;
  const my = sy / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

export const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
export const ms = (v) => `${v.toFixed(1)} ms`;
export const round = (v, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;
export const sleep = (msec) => new Promise((r) => setTimeout(r, msec));
