/** Lighthouse 13, mobile, simulated throttling (its defaults, spelled out) */
export declare const LIGHTHOUSE_SETTINGS: { output: "json"; logLevel: "error"; formFactor: "mobile"; throttlingMethod: "simulate" }
/** The system Chromium started by Lighthouse's chrome-launcher. */
export declare function launchForLighthouse(): Promise<{ port: number; kill: () => void | Promise<void> }>
/** One load of url simulated with Lighthouse's 4x (uncalibrated) and with the run's calibrated slowdown (result). */
export declare function runCalibrated(
  url: string,
  flags: Record<string, unknown>,
  slowdown?: number,
): Promise<{ result: import("lighthouse").RunnerResult | undefined; uncalibrated: import("lighthouse").RunnerResult | undefined; slowdown: number }>
