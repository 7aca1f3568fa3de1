/** The system Chromium for the browser tests, the audit and the developer tools (screenshots, page bytes). */
import fs from "node:fs"

/** Flags that let the system Chromium run headless in containers and CI without reaching the network. */
export const CHROMIUM_ARGS: string[] = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
]

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable"]

/** The system Chromium: $CHROME_PATH, else the usual install paths; throws naming how to install it. */
export function chromiumPath(): string {
  const found = [process.env.CHROME_PATH, ...CANDIDATES].find((candidate) => candidate && fs.existsSync(candidate))
  if (!found) {
    throw new Error("No Chromium found. Install it with `apt-get install -y chromium` (Debian/Ubuntu) or set CHROME_PATH to a Chrome or Chromium binary.")
  }
  return found
}
