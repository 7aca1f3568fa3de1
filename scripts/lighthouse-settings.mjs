// What `npm run audit` and `npm run lighthouse-runs` both measure with, so
// their figures compare: Lighthouse's settings, and the system Chromium
// started through Lighthouse's own chrome-launcher.
import { createRequire } from "node:module"
import { pathToFileURL } from "node:url"
import chromiumSupport from "./chromium.cjs"

/** Lighthouse 13, mobile, simulated throttling (its defaults, spelled out) */
export const LIGHTHOUSE_SETTINGS = { output: "json", logLevel: "error", formFactor: "mobile", throttlingMethod: "simulate" }

/** The system Chromium for Lighthouse, by the chrome-launcher Lighthouse depends on; resolves with what launch() gives (port, kill). */
export async function launchForLighthouse() {
  const require = createRequire(import.meta.url)
  const launcherPath = createRequire(require.resolve("lighthouse/package.json")).resolve("chrome-launcher")
  const { launch } = await import(pathToFileURL(launcherPath).href)
  return launch({ chromePath: chromiumSupport.chromiumPath(), chromeFlags: chromiumSupport.CHROMIUM_ARGS, logLevel: "silent", handleSIGINT: false })
}
