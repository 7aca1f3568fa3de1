#!/usr/bin/env -S npx tsx
// What a visitor downloads for a page: every response's body as sent, by kind, after
// scrolling the page through once (so the lazy pictures load), on a phone
// (375 px, 2x) and on a desktop (1440 px, 1x). For comparing builds (e.g. the
// gallery's pictures before and after a change to how they are made).
// Usage: npx tsx scripts/dev/page-bytes.ts [origin] (default http://127.0.0.1:9000); ROUTES=/,/contact picks routes.
import { chromium } from "playwright-core"
import * as chromiumSupport from "../lib/chromium"

const SCREENS = [
  { name: "phone 375 px, 2x", viewport: { width: 375, height: 800 }, deviceScaleFactor: 2 },
  { name: "desktop 1440 px, 1x", viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 },
]

async function main(): Promise<void> {
  const origin = process.argv[2] ?? "http://127.0.0.1:9000"
  const routes = process.env.ROUTES?.split(",") ?? ["/"]
  const browser = await chromium.launch({ executablePath: chromiumSupport.chromiumPath(), args: chromiumSupport.CHROMIUM_ARGS })
  try {
    for (const route of routes) {
      for (const screen of SCREENS) {
        const context = await browser.newContext({ viewport: screen.viewport, deviceScaleFactor: screen.deviceScaleFactor })
        const page = await context.newPage()
        const bytes = new Map<string, number>()
        const pictures: string[] = []
        page.on("response", async (response) => {
          const kind = response.request().resourceType()
          // the body as it travelled (compressed where the server compresses)
          const size = (
            await response
              .request()
              .sizes()
              .catch(() => ({ responseBodySize: 0 }))
          ).responseBodySize
          bytes.set(kind, (bytes.get(kind) ?? 0) + size)
          if (kind === "image") pictures.push(`${new URL(response.url()).pathname} ${size}`)
        })
        await page.goto(origin + route, { waitUntil: "networkidle" })
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 400) {
            window.scrollTo({ top: y, behavior: "instant" })
            await new Promise((resolve) => setTimeout(resolve, 120))
          }
        })
        await page.waitForLoadState("networkidle")
        await page.waitForTimeout(500)
        const total = [...bytes.values()].reduce((sum, size) => sum + size, 0)
        const parts = [...bytes.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([kind, size]) => `${kind} ${(size / 1024).toFixed(1)}`)
        console.log(`${route} ${screen.name}: ${(total / 1024).toFixed(1)} KiB (${parts.join(", ")} KiB)`)
        if (process.env.VERBOSE) pictures.sort().forEach((line) => console.log(`  ${line}`))
        await context.close()
      }
    }
  } finally {
    await browser.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
