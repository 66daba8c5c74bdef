/**
 * Lighthouse's phone slowdown is calibrated for hosts of benchmark index 1000 or
 * more; on a slower or busy host pages block longer. Printing the host's index and
 * Lighthouse's warnings beside the scores lets figures from different days be read
 * against their host.
 */
import type {Result as LighthouseResult} from 'lighthouse';
import {percentile} from './search/figures';

export interface HostReading {
  /** Median of the runs' benchmark indexes (Lighthouse's own CPU benchmark, higher is faster). */
  benchmarkIndex: number;
  /** Each distinct run warning with the number of runs that gave it. */
  warnings: {warning: string; runs: number}[];
}

export function hostReading(runs: Pick<LighthouseResult, 'environment' | 'runWarnings'>[]): HostReading {
  const counts = new Map<string, number>();
  for (const run of runs) for (const warning of new Set(run.runWarnings)) counts.set(warning, (counts.get(warning) ?? 0) + 1);
  return {
    benchmarkIndex: percentile(
      runs.map((run) => run.environment.benchmarkIndex),
      50,
    ),
    warnings: [...counts].map(([warning, count]) => ({warning, runs: count})),
  };
}
