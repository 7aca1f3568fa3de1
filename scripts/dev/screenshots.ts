#!/usr/bin/env -S npx tsx
// Full-page screenshots of every route at phone, tablet and desktop widths, for review by eye.
// Usage: npx tsx scripts/dev/screenshots.ts [origin] (default http://127.0.0.1:9000, e.g. `npm run serve`).
// The routes are every route of src/content/routes.ts (the 404 page as /no-such-page);
// ROUTES=/,/contact picks some, WIDTHS=375,1440 the widths, FULL=0 the first screen only.
import fs from "node:fs"
import path from "node:path"
import { chromium } from "playwright-core"
import { siteRoutes } from "../../src/content/routes"
import * as chromiumSupport from "../lib/chromium"

async function main(): Promise<void> {
  const origin = process.argv[2] ?? "http://127.0.0.1:9000"
  const root = path.resolve(__dirname, "../..")
  const routes = process.env.ROUTES?.split(",") ?? siteRoutes(root).map((route) => route.path)
  const widths = (process.env.WIDTHS ?? "375,768,1440").split(",").map(Number)
  const out = path.resolve("screenshots")
  fs.mkdirSync(out, { recursive: true })

  const browser = await chromium.launch({ executablePath: chromiumSupport.chromiumPath(), args: chromiumSupport.CHROMIUM_ARGS })
  try {
    for (const width of widths) {
      const page = await browser.newPage({ viewport: { width, height: width < 768 ? 800 : 900 } })
      for (const route of routes) {
        await page.goto(origin + route, { waitUntil: "networkidle" })
        // scroll through once so lazy images load, then back to the top (no
        // named helper inside: tsx would wrap it in a __name() the page lacks)
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 600) {
            window.scrollTo({ top: y, behavior: "instant" })
            await new Promise((resolve) => setTimeout(resolve, 150))
          }
          const pending = [...document.images]
            .filter((img) => !img.complete)
            .map(
              (img) =>
                new Promise((resolve) => {
                  img.addEventListener("load", resolve, { once: true })
                  img.addEventListener("error", resolve, { once: true })
                }),
            )
          await Promise.race([Promise.all(pending), new Promise((resolve) => setTimeout(resolve, 3000))])
          window.scrollTo({ top: 0, behavior: "instant" })
          await new Promise((resolve) => setTimeout(resolve, 400))
        })
        // Sections, the footer and lazy pictures are content-visibility: auto. A
        // full-page capture does not scroll, so those off screen would come out
        // blank; render them all, as a visitor sees each when scrolled to it.
        const rendered = await page.addStyleTag({ content: "* { content-visibility: visible !important; }" })
        const name = `${route === "/" ? "home" : route.slice(1)}-${width}.png`
        await page.screenshot({ path: path.join(out, name), fullPage: process.env.FULL !== "0" })
        await rendered.evaluate((element) => (element as Element).remove())
        console.log(path.join("screenshots", name))
      }
      await page.close()
    }
  } finally {
    await browser.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
