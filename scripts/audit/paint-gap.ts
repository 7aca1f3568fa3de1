#!/usr/bin/env -S npx tsx
// `npx tsx scripts/audit/paint-gap.ts <origin of a running server> <loads> <path> [path …]`:
// how long after the first contentful paint the largest contentful paint
// comes, as the browser paints it (unthrottled, in the viewport Lighthouse's
// mobile runs emulate), each load in a fresh context. Prints each path's gaps
// in ms, sorted, and their median; 0 means the largest element painted in
// the first frame. The audit's "seen LCP-FCP" column is the same figure from
// the loads Lighthouse simulates from; this one has no Lighthouse in the way.
// e.g. `npx tsx scripts/audit/paint-gap.ts http://127.0.0.1:9000 10 / /product`
import { screenEmulationMetrics } from "lighthouse/core/config/constants.js"
import { chromium } from "playwright-core"
import * as chromiumSupport from "../lib/chromium"

const [origin, loadsArg, ...paths] = process.argv.slice(2)
const loads = Number(loadsArg)
if (!origin || !/^https?:\/\//.test(origin) || !Number.isInteger(loads) || loads < 1 || paths.length === 0) {
  console.error("Usage: npx tsx scripts/audit/paint-gap.ts <http(s) origin of a running server> <loads> <path> [path …]")
  process.exit(2)
}

/** Lighthouse's own mobile screen (412 x 823 at 1.75x in Lighthouse 13), so the figures compare with the audit's */
const { width, height, deviceScaleFactor } = screenEmulationMetrics.mobile!
const browser = await chromium.launch({ executablePath: chromiumSupport.chromiumPath(), args: chromiumSupport.CHROMIUM_ARGS })
try {
  for (const path of paths) {
    const gaps: number[] = []
    for (let load = 0; load < loads; load += 1) {
      const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor })
      const page = await context.newPage()
      await page.addInitScript(() => {
        const paints: number[] = []
        ;(window as unknown as { __largestPaints: number[] }).__largestPaints = paints
        new PerformanceObserver((list) => list.getEntries().forEach((entry) => paints.push(entry.startTime))).observe({ type: "largest-contentful-paint", buffered: true })
      })
      await page.goto(new URL(path, origin).href, { waitUntil: "load" })
      // LCP entries stop at the first input; wait for late candidates without giving any
      await page.waitForTimeout(800)
      const { first, largest } = await page.evaluate(() => ({ first: performance.getEntriesByName("first-contentful-paint")[0]?.startTime, largest: (window as unknown as { __largestPaints: number[] }).__largestPaints.at(-1) }))
      gaps.push(first === undefined || largest === undefined ? NaN : Math.round(largest - first))
      await context.close()
    }
    gaps.sort((a, b) => a - b)
    console.log(`${path}: LCP - FCP ${gaps.join(", ")} ms; median ${gaps[Math.floor(gaps.length / 2)]} ms`)
  }
} finally {
  await browser.close()
}
