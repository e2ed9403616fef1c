/**
 * Benchmark contract: every file tests/bench/*.bench.ts default-exports a Benchmark. `npm run bench` runs them
 * in order and prints one JSON object per line: { name, value, unit, budget? }. A figure over budget is
 * reported (over_budget: true), never turned into a timed unit test.
 */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The DESIGN.md §8 budget, when one applies; compared as value <= budget unless `higherIsBetter`. */
  budget?: number;
  higherIsBetter?: boolean;
  /** Free-form context (engine, scale, counts). */
  detail?: Record<string, unknown>;
}

export interface BenchContext {
  /** Data-set scale given by `npm run bench -- --scale N` (default 1). */
  scale: number;
  /** Whether --scale was given (a benchmark with a scale of its own uses that otherwise). */
  scaleGiven: boolean;
  emit(figure: Figure): void;
  log(message: string): void;
}

export interface Benchmark {
  name: string;
  run(ctx: BenchContext): Promise<void>;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export const round = (n: number, digits = 2) => Number(n.toFixed(digits));

/**
 * The benchmark-scale directory of DESIGN §8 (about 60,000 pages over six locales; 10,019 pages at scale 1): the
 * scale of the build and booking benchmarks when --scale is not given.
 */
export const BENCHMARK_SCALE = 7;
export const BENCHMARK_PAGES = 60_000;
