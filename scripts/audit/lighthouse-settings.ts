// What `npm run audit` and `npm run lighthouse-runs` both measure with, so
// their figures compare: Lighthouse's settings, and the system Chromium
// started through Lighthouse's own chrome-launcher.
import fs from "node:fs"
import { createRequire } from "node:module"
import os from "node:os"
import path from "node:path"
import { pathToFileURL } from "node:url"
import type { RunnerResult } from "lighthouse"
import * as calibration from "./lighthouse-calibration"
import * as chromiumSupport from "../lib/chromium"

/** Lighthouse 13, mobile, simulated throttling (its defaults, spelled out) */
export const LIGHTHOUSE_SETTINGS = { output: "json", logLevel: "error", formFactor: "mobile", throttlingMethod: "simulate" } as const

/** The system Chromium for Lighthouse, by the chrome-launcher Lighthouse depends on; resolves with what launch() gives (port, kill). */
export async function launchForLighthouse(): Promise<{ port: number; kill: () => void | Promise<void> }> {
  const require = createRequire(import.meta.url)
  const launcherPath = createRequire(require.resolve("lighthouse/package.json")).resolve("chrome-launcher")
  const { launch } = await import(pathToFileURL(launcherPath).href)
  return launch({ chromePath: chromiumSupport.chromiumPath(), chromeFlags: chromiumSupport.CHROMIUM_ARGS, logLevel: "silent", handleSIGINT: false })
}

/**
 * One Lighthouse run of url, in two steps: the page is loaded once (gather
 * mode, artifacts in a temporary folder), then simulated twice from the same
 * load: with Lighthouse's own 4x (`uncalibrated`) and with the run's
 * calibrated slowdown (`result`; the same object when the slowdown is 4x).
 * flags: Lighthouse's flags for both steps (port, settings, categories).
 * slowdown: a CPU slowdown to simulate instead of the calibrated one (for
 * `lighthouse-runs --slowdown`, to look at a faster host as a slower one would
 * simulate it); the audit never sets it.
 */
export async function runCalibrated(
  url: string,
  flags: Record<string, unknown>,
  slowdown: number | undefined = undefined,
): Promise<{ result: RunnerResult | undefined; uncalibrated: RunnerResult | undefined; slowdown: number }> {
  const { default: lighthouse } = await import("lighthouse")
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-run-"))
  try {
    await lighthouse(url, { ...flags, gatherMode: dir })
    const uncalibrated = await lighthouse(url, { ...flags, auditMode: dir })
    const file = path.join(dir, "artifacts.json")
    const artifacts = JSON.parse(fs.readFileSync(file, "utf8"))
    const simulated = slowdown ?? calibration.calibratedSlowdown(artifacts.BenchmarkIndex)
    if (simulated === artifacts.settings.throttling.cpuSlowdownMultiplier) return { result: uncalibrated, uncalibrated, slowdown: simulated }
    // Lighthouse refuses to audit with settings other than the gathered ones: the slowdown is only read by the simulation
    const throttling = { ...artifacts.settings.throttling, cpuSlowdownMultiplier: simulated }
    artifacts.settings.throttling = throttling
    fs.writeFileSync(file, JSON.stringify(artifacts))
    const result = await lighthouse(url, { ...flags, auditMode: dir, throttling })
    return { result, uncalibrated, slowdown: simulated }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
