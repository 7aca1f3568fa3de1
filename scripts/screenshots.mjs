#!/usr/bin/env node
// Full-page screenshots of every route at phone, tablet and desktop widths, for review by eye.
// Usage: node scripts/screenshots.mjs [origin] (default http://127.0.0.1:9000, e.g. `npm run serve`)
import fs from "node:fs"
import path from "node:path"
import { chromium } from "playwright-core"
import chromiumSupport from "./chromium.cjs"

const { CHROMIUM_ARGS, chromiumPath } = chromiumSupport

const origin = process.argv[2] ?? "http://127.0.0.1:9000"
const routes = (process.env.ROUTES ?? "/,/waste-to-electricity,/waste-to-charcoal,/waste-to-biochar,/product,/contact,/privacy,/not-a-page").split(",")
const widths = (process.env.WIDTHS ?? "375,768,1440").split(",").map(Number)
const out = path.resolve("screenshots")
fs.mkdirSync(out, { recursive: true })

const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
try {
  for (const width of widths) {
    const page = await browser.newPage({ viewport: { width, height: width < 768 ? 800 : 900 } })
    for (const route of routes) {
      await page.goto(origin + route, { waitUntil: "networkidle" })
      await page.evaluate(async () => {
        // scroll through once so lazy images load, then back to the top
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo({ top: y, behavior: "instant" })
          await new Promise((r) => setTimeout(r, 150))
        }
        const settled = (img) =>
          img.complete ? null : new Promise((r) => { img.addEventListener("load", r, { once: true }); img.addEventListener("error", r, { once: true }) })
        await Promise.race([Promise.all([...document.images].map(settled)), new Promise((r) => setTimeout(r, 3000))])
        window.scrollTo({ top: 0, behavior: "instant" })
        await new Promise((r) => setTimeout(r, 400))
      })
      // Sections, the footer and lazy pictures are content-visibility: auto. A
      // full-page capture does not scroll, so those off screen would come out
      // blank; render them all, as a visitor sees each when scrolled to it.
      const rendered = await page.addStyleTag({ content: "* { content-visibility: visible !important; }" })
      const name = `${route === "/" ? "home" : route.slice(1)}-${width}.png`
      await page.screenshot({ path: path.join(out, name), fullPage: process.env.FULL !== "0" })
      await rendered.evaluate((element) => element.remove())
      console.log(path.join("screenshots", name))
    }
    await page.close()
  }
} finally {
  await browser.close()
}
