// The CPU slowdown Lighthouse simulates each run with, for `npm run audit` and
// `npm run lighthouse-runs` (lighthouse-settings.ts runs it).

/** Lighthouse's own CPU slowdown */
export const DEFAULT_CPU_SLOWDOWN = 4
/** The benchmarkIndex from which Lighthouse's 4x applies as it is */
export const CALIBRATION_INDEX = 1500

/**
 * Lighthouse's simulated CPU is its host's CPU slowed down 4 times. Its
 * documentation (docs/throttling.md, "Calibrating the CPU slowdown") says
 * what that 4x assumes: a host of the "high-end desktop" class, benchmarkIndex
 * 1500 to 2000, brought down to a mid-tier phone; on a weaker host the same 4x
 * emulates a slower phone than that, and the docs say to lower it. Lighthouse
 * measures the index at the start of every run, and on this project's 2-core
 * machines it moves between about 1,050 and 2,000 from one run to the next.
 * So each run is simulated with 4x scaled by its own index below 1500 (the
 * phone stays the same whatever the host was doing), and with Lighthouse's 4x
 * from 1500 up, never more. Between 1x and 4x.
 */
export function calibratedSlowdown(benchmarkIndex: number | undefined): number {
  if (benchmarkIndex === undefined || !Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) return DEFAULT_CPU_SLOWDOWN
  return Math.max(1, DEFAULT_CPU_SLOWDOWN * Math.min(1, benchmarkIndex / CALIBRATION_INDEX))
}
