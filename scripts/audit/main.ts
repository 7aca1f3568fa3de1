// `npm run audit`: measures the production build against the product's budgets
// (docs/audit.md, "The budgets") and exits 1 when any is missed or a part could not
// run (2 when the audit could not run at all, e.g. the build or the server failed).
//
//   1. builds when needed (the same rule as `npm start`, scripts/start.mjs),
//      starts the production server on a free loopback port (serve.ts);
//   2. HTML validation of the served HTML of every page (html.ts);
//   3. links and anchors from every page (links.ts);
//   4. axe-core at 375 and 1440 px on every page (axe.ts);
//   5. Lighthouse 13 on the public routes, 5 runs each, per-figure medians,
//      then the control page with and without the site's headers (lighthouse.ts);
//      and the floor, a bare Gatsby page built for the purpose (floor.ts);
//      5 more rounds of a route (and the controls) whose first medians miss a
//      timing budget or a floor paint budget, judged on the median of all 10.
// The pages come from src/content/routes.ts (routes.ts), the budgets and their
// verdicts from budgets.ts; report.ts prints one table and a budget summary,
// and the full measurements go to audit/report.json. Options: options.ts.
import fs from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { AXE_TAGS } from "./axe-tags"
import { buildIfNeeded } from "../start.mjs"
import { runAxe } from "./axe"
import { BUDGET, evaluate, MORE_RUNS, moreRoundsNeeded } from "./budgets"
import { FLOOR_BUDGET, FLOOR_BUDGET_ENFORCED, enforcingAll } from "./floor-budgets"
import { CONTROLS, FLOOR, WIDTHS } from "./measures"
import { buildFloor, FLOOR_DIR } from "./floor"
import { validateHtml } from "./html"
import { cleanUp, errorMessage, isAborted, log, stopOnSignals, TIMEOUT } from "./lifecycle"
import { runLighthouse } from "./lighthouse"
import { checkLinks } from "./links"
import { type Options, parseOptions } from "./options"
import { formatReport, verdict } from "./report"
import { auditPages, lighthousePages } from "./routes"
import { startServer } from "./serve"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..")
const reportFile = path.join(root, "audit", "report.json")

async function main(options: Options): Promise<number> {
  const started = Date.now()
  const watchdog = setTimeout(() => {
    log(`audit: gave up after ${TIMEOUT.whole / 60_000} min.`)
    cleanUp().finally(() => process.exit(2))
  }, TIMEOUT.whole)
  watchdog.unref()

  if (options.noBuild) log("--no-build: auditing public/ as it is.")
  else {
    const status = buildIfNeeded({ timeout: TIMEOUT.build })
    if (status !== 0) throw new Error(`the build failed (exit ${status})`)
  }
  const builtAt = () => fs.statSync(path.join(root, "public", "index.html"), { throwIfNoEntry: false })?.mtimeMs
  const builtAtStart = builtAt()

  const pages = auditPages(root)
  const publicPages = lighthousePages(pages)
  const server = await startServer(root)
  log(`Server at ${server.origin}; ${pages.length} pages: ${pages.map((page) => page.route).join(" ")}`)

  const timings: Record<string, number> = {}
  const stageErrors: string[] = []
  const stage = async <T>(name: string, fn: () => Promise<T>): Promise<T | undefined> => {
    if (!options.only.includes(name) || isAborted()) return undefined
    const t = Date.now()
    log(`${name}…`)
    try {
      return await fn()
    } catch (error) {
      stageErrors.push(`${name}: ${errorMessage(error).split("\n")[0]}`)
      log(`  ${name} failed: ${(error instanceof Error && error.stack) || errorMessage(error)}`)
      return undefined
    } finally {
      timings[name] = Math.round((Date.now() - t) / 1000)
    }
  }
  const html = await stage("html", () => validateHtml(root, server.origin, pages))
  const links = await stage("links", () => checkLinks(server.origin, pages))
  const axe = await stage("axe", () => runAxe(server.origin, pages))
  const lh = await stage("lighthouse", () => {
    log(`  building the floor (${FLOOR_DIR})…`)
    const floorPublic = buildFloor(root, TIMEOUT.build)
    return runLighthouse(root, server.origin, publicPages, options.runs, { count: MORE_RUNS, needed: moreRoundsNeeded }, floorPublic)
  })
  await server.stop()
  if (isAborted()) return 130

  const floorBudgets = options.floorBudgets ? enforcingAll(true) : FLOOR_BUDGET_ENFORCED
  const { rows, floorRows, misses, notes } = evaluate({ origin: server.origin, pages, runs: options.runs, html, links, axe, lh, floorBudgets })
  for (const error of stageErrors) misses.push({ route: "(audit)", what: `could not run ${error}`, detail: [], timing: false })
  const durationMs = Date.now() - started
  const rebuilt = builtAt() !== builtAtStart
  const ran = { lh: Boolean(lh), axe: Boolean(axe), html: Boolean(html), links: Boolean(links) }
  console.log(
    formatReport({ origin: server.origin, now: new Date(), pages, rows, floorRows, floorBudgets, misses, notes, options, lh, links, ran, rebuilt, durationMs, timings, reportPath: path.relative(root, reportFile) }),
  )

  const result = verdict(misses, options)
  fs.mkdirSync(path.dirname(reportFile), { recursive: true })
  const json = {
    generatedAt: new Date().toISOString(),
    origin: server.origin,
    runtimeSeconds: Math.round(durationMs / 1000),
    timings,
    partial: result.partial,
    publicRebuiltDuringAudit: rebuilt,
    budgets: BUDGET,
    lighthouse: { runs: options.runs, formFactor: "mobile", throttlingMethod: "simulate", median: "per-figure median of the runs; details from computeMedianRun", routes: publicPages.map((p) => p.route) },
    axe: { tags: AXE_TAGS, widths: WIDTHS.map((w) => w.width) },
    table: rows,
    floor: { budgets: FLOOR_BUDGET, enforced: floorBudgets, table: floorRows },
    pages: pages.map((page) => ({ ...page, lighthouse: lh?.[page.route], axe: axe?.[page.route], html: html?.[page.route] })),
    controls: Object.fromEntries([...CONTROLS.map(({ route }) => route), FLOOR].map((route) => [route, lh?.[route]])),
    links: links && { ...links, linkedFrom: Object.fromEntries([...links.linkedFrom].map(([url, parents]) => [url, [...parents]])) },
    misses,
    notes,
    // every budget, Performance, LCP and TBT included
    passed: misses.length === 0 && !result.partial,
    timingAdvisory: options.timingAdvisory,
    passedWithTimingAdvisory: result.passed,
  }
  fs.writeFileSync(reportFile, `${JSON.stringify(json, null, 2)}\n`)
  clearTimeout(watchdog)
  return result.exitCode
}

/** Exits 2 on a wrong option, else with main's code once everything it started is stopped. */
async function run(): Promise<never> {
  const options = parseOptions(process.argv.slice(2))
  if ("error" in options) {
    console.error(`audit: ${options.error}`)
    process.exit(2)
  }
  stopOnSignals()
  let code: number
  try {
    code = await main(options)
  } catch (error) {
    console.error(`audit: ${(error instanceof Error && error.stack) || errorMessage(error)}`)
    code = 2
  } finally {
    await cleanUp()
  }
  process.exit(code)
}

void run()
