/** Lighthouse's own CPU slowdown */
export declare const DEFAULT_CPU_SLOWDOWN: 4
/** The benchmarkIndex from which Lighthouse's 4x applies as it is */
export declare const CALIBRATION_INDEX: 1500
/** Lighthouse's 4x CPU slowdown, scaled down by a host's benchmarkIndex below 1500 (between 1x and 4x). */
export declare function calibratedSlowdown(benchmarkIndex: number | undefined): number
