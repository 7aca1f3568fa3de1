/**
 * Jest globalSetup of the browser tests: one production server (src/server) for the build
 * and one headless Chromium (the system's, via CHROME_PATH or the usual
 * paths) shared by every test file, on loopback only.
 */
import { chromium } from "playwright-core"
import { CHROMIUM_ARGS, chromiumPath } from "../../scripts/lib/chromium"
import { serveBuild } from "./serve"

export default async function setup(): Promise<void> {
  const executablePath = chromiumPath()
  const served = await serveBuild()
  const browser = await chromium.launchServer({ executablePath, args: CHROMIUM_ARGS })
  process.env.TEST_ORIGIN = served.origin
  process.env.TEST_FORMS_DIR = served.dataDir
  process.env.TEST_BROWSER_WS = browser.wsEndpoint()
  const shared = globalThis as unknown as { __teardown?: () => Promise<void> }
  shared.__teardown = async () => {
    await browser.close()
    await served.stop()
  }
}
