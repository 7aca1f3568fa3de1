// axe-core (the shared WCAG tag list) in the system Chromium at 375 and 1440
// px on every page, after scrolling through it once as a visitor would.
import fs from "node:fs"
import { createRequire } from "node:module"
import { chromium } from "playwright-core"
import { AXE_TAGS } from "./axe-tags"
import * as chromiumSupport from "../lib/chromium"
import { WIDTHS } from "./measures"
import { atExit, errorMessage, isAborted, log, TIMEOUT, withTimeout } from "./lifecycle"
import type { AuditPage } from "./routes"

const require = createRequire(import.meta.url)

export type Width = (typeof WIDTHS)[number]["width"]

export interface AxeViolation {
  id: string
  impact: string | null | undefined
  help: string
  helpUrl: string
  nodes: { target: string; summary: string | undefined }[]
}

export interface AxeResult {
  violations: AxeViolation[]
  incomplete: number
  error?: string
}

/** What the audit reads of axe.run's answer */
interface AxeRun {
  violations: { id: string; impact?: string | null; help: string; helpUrl: string; nodes: { target: unknown[]; failureSummary?: string }[] }[]
  incomplete: unknown[]
}

/** route -> width -> result */
export type AxeResults = Record<string, Partial<Record<Width, AxeResult>>>

export async function runAxe(origin: string, pages: AuditPage[]): Promise<AxeResults> {
  const axeSource = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8")
  const results: AxeResults = Object.fromEntries(pages.map((page) => [page.route, {}]))
  const browser = await withTimeout(
    // the audit's own signal handlers close the browser
    chromium.launch({
      executablePath: chromiumSupport.chromiumPath(),
      args: chromiumSupport.CHROMIUM_ARGS,
      timeout: TIMEOUT.chromeLaunch,
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    }),
    TIMEOUT.chromeLaunch + 5000,
    "starting Chromium",
  )
  atExit(() => browser.close())
  try {
    for (const viewport of WIDTHS) {
      // bypassCSP: the site's CSP (rightly) refuses the injected axe script
      const context = await browser.newContext({ viewport, bypassCSP: true })
      const page = await context.newPage()
      page.setDefaultTimeout(TIMEOUT.pageLoad)
      for (const { route, status } of pages) {
        if (isAborted()) break
        const result: AxeResult = { violations: [], incomplete: 0 }
        ;(results[route] ??= {})[viewport.width] = result
        try {
          const response = await page.goto(origin + route, { waitUntil: "load", timeout: TIMEOUT.pageLoad })
          if (response?.status() !== status) throw new Error(`served with status ${response?.status()}, expected ${status}`)
          await page.waitForLoadState("networkidle", { timeout: TIMEOUT.networkIdle }).catch(() => {})
          // as a visitor sees it: scroll through once (reveal animations, lazy
          // images), let the 900 ms reveals finish, back to the top. (No named
          // helper inside: tsx would wrap it in a __name() the page lacks.)
          await page.evaluate(async () => {
            for (let y = 0; y < document.documentElement.scrollHeight; y += Math.round(window.innerHeight * 0.75)) {
              window.scrollTo({ top: y, behavior: "instant" })
              await new Promise((resolve) => setTimeout(resolve, 120))
            }
            await new Promise((resolve) => setTimeout(resolve, 1200))
            window.scrollTo({ top: 0, behavior: "instant" })
            await new Promise((resolve) => setTimeout(resolve, 300))
          })
          await page.evaluate(axeSource)
          const axe = await withTimeout(
            page.evaluate(
              (tags) =>
                (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeRun> } }).axe.run(document, {
                  runOnly: { type: "tag", values: tags },
                  resultTypes: ["violations"],
                }),
              [...AXE_TAGS],
            ),
            TIMEOUT.axeRun,
            `axe on ${route}`,
          )
          result.violations = axe.violations.map((violation) => ({
            id: violation.id,
            impact: violation.impact,
            help: violation.help,
            helpUrl: violation.helpUrl,
            nodes: violation.nodes.map((node) => ({ target: node.target.map(String).join(" "), summary: node.failureSummary?.split("\n").slice(0, 3).join(" ") })),
          }))
          result.incomplete = axe.incomplete.length
        } catch (error) {
          result.error = errorMessage(error)
        }
        log(`  axe ${route} @${viewport.width}: ${result.error ? `error: ${result.error}` : `${result.violations.length} violations`}`)
      }
      await context.close()
    }
  } finally {
    await browser.close()
  }
  return results
}
