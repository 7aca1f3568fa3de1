// Lighthouse 13, mobile with simulated throttling, RUNS runs per public route
// and of the control page (once with the headers the site sends and once with
// none), in rounds: every URL once per round, one run at a time. Each budget
// figure is the median over a route's runs (Lighthouse's guidance on
// variability: the median of 5), and the run Lighthouse's computeMedianRun
// picks gives the details of a miss. Each run's CPU slowdown is calibrated by
// its benchmarkIndex (lighthouse-calibration.ts). A route whose medians
// miss a timing budget gets more rounds with the controls (MoreRuns).
import fs from "node:fs"
import path from "node:path"
import type { Result } from "lighthouse"
import { computeMedianRun, filterToValidRuns } from "lighthouse/core/lib/median-run.js"
import { LIGHTHOUSE_SETTINGS, launchForLighthouse, runCalibrated } from "./lighthouse-settings"
import * as lighthouseTrace from "./lighthouse-trace"
import type { ObservedTask } from "./lighthouse-trace"
import { CATEGORIES, CONTROLS, FLOOR, medianOf } from "./measures"
import { startFloorServer } from "./floor"
import { atExit, errorMessage, isAborted, log, TIMEOUT, withTimeout } from "./lifecycle"
import type { AuditPage } from "./routes"
import { type Calibration, isMeasured, type LighthouseResults, type Measured, type Measurement, type RunSummary, type Scores, summarizeRun, view } from "./lighthouse-result"
import { get, gzipBytes, startControlServer } from "./serve"
import { chunkGroupScripts, pageDataPath, partName, startupScriptPaths } from "./startup-scripts"

async function launchChrome(): Promise<{ port: number; kill: () => Promise<void> }> {
  const chrome = await withTimeout(launchForLighthouse(), TIMEOUT.chromeLaunch, "starting Chromium for Lighthouse")
  const kill = atExit(async () => {
    try {
      await chrome.kill()
    } catch {
      // already gone
    }
  })
  return { port: chrome.port, kill }
}

/** One URL's runs so far, while the rounds go on */
interface Runs {
  url: string
  label: string
  runs: Result[]
  /** each run's main-thread tasks, read from its unthrottled trace (which is not kept) */
  tasks: Map<Result, ObservedTask[]>
  /** each run's CPU slowdown, and its figures at Lighthouse's own 4x (lighthouse-calibration.ts) */
  calibration: Map<Result, Calibration>
  /** the round each run ran in */
  rounds: Map<Result, number>
  errors: string[]
  attempts: number
}

type Chrome = Awaited<ReturnType<typeof launchChrome>>

/** One more Lighthouse run of what.url in chrome (a failed run is recorded and tried again in a later round); resolves with the browser for the next run (a fresh one after a failure). */
async function runOnce(what: Runs, chrome: Chrome | undefined, runCount: number, round: number): Promise<Chrome | undefined> {
  const run = what.runs.length + 1
  what.attempts += 1
  try {
    chrome ??= await launchChrome()
    const { result, uncalibrated, slowdown } = await withTimeout(
      runCalibrated(what.url, { port: chrome.port, ...LIGHTHOUSE_SETTINGS, onlyCategories: [...CATEGORIES], disableFullPageScreenshot: true }),
      TIMEOUT.lighthouseRun,
      `Lighthouse on ${what.label}`,
    )
    const lhr = result?.lhr
    if (!lhr) throw new Error("Lighthouse returned no result")
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`)
    what.runs.push(lhr)
    what.rounds.set(lhr, round)
    what.tasks.set(lhr, lighthouseTrace.observedTasks(result.artifacts?.Trace as { traceEvents?: unknown[] } | undefined))
    const summary = summarizeRun(view(lhr))
    const at4x = uncalibrated?.lhr.audits["total-blocking-time"]?.numericValue
    const performanceAt4x = uncalibrated?.lhr.categories.performance?.score
    what.calibration.set(lhr, { slowdown, tbtMsAt4x: at4x, performanceAt4x: performanceAt4x == null ? undefined : Math.round(performanceAt4x * 100) })
    log(
      `  lighthouse ${what.label} run ${run}/${runCount}: ${CATEGORIES.map((id) => summary.scores[id]).join("/")}, LCP ${((summary.lcpMs ?? NaN) / 1000).toFixed(2)} s, TBT ${Math.round(summary.tbtMs ?? NaN)} ms, CLS ${(summary.cls ?? NaN).toFixed(3)}; benchmarkIndex ${Math.round(summary.benchmarkIndex ?? NaN)}, CPU slowdown ${slowdown.toFixed(2)}x (at 4x: TBT ${Math.round(at4x ?? NaN)} ms)`,
    )
    return chrome
  } catch (error) {
    what.errors.push(errorMessage(error))
    log(`  lighthouse ${what.label} run ${run}/${runCount}: error (${what.attempts < runCount + 2 ? "trying again" : "giving up"}): ${errorMessage(error)}`)
    // a fresh browser for the next run
    await chrome?.kill()
    return undefined
  }
}

/** Each budget figure's median over what's valid runs, the details of computeMedianRun's run, and every run's figures. */
function summarizeRuns({ runs, tasks, calibration, rounds, errors }: Runs): Measurement {
  const valid = filterToValidRuns(runs)
  if (valid.length === 0) return { error: errors.join("; ") || "no valid Lighthouse run" }
  // the run whose details explain a miss: closest to the median FCP and TTI
  const median = computeMedianRun(valid)
  const validSummaries = valid.map((lhr) => summarizeRun(view(lhr)))
  const runSummaries = runs.map((lhr) => summarizeRun(view(lhr)))
  return {
    ...summarizeRun(view(median)),
    // the budgets' figures: each one's median over the valid runs
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, medianOf(validSummaries.map((run) => run.scores[id]))])) as Scores,
    lcpMs: medianOf(validSummaries.map((run) => run.lcpMs)),
    tbtMs: medianOf(validSummaries.map((run) => run.tbtMs)),
    cls: medianOf(validSummaries.map((run) => run.cls)),
    fcpMs: medianOf(validSummaries.map((run) => run.fcpMs)),
    firstResponseBytes: medianOf(validSummaries.map((run) => run.firstResponseBytes)),
    observedLcpGapMs: medianOf(validSummaries.map(({ observed }) => (observed.lcp !== undefined && observed.fcp !== undefined ? observed.lcp - observed.fcp : undefined))),
    observedTasks: tasks.get(median),
    medianRun: runs.indexOf(median) + 1,
    runs: runs.map((lhr, index) => {
      const { scores, lcpMs, tbtMs, cls, fcpMs, benchmarkIndex } = runSummaries[index] as RunSummary
      return { scores, lcpMs, tbtMs, cls, fcpMs, benchmarkIndex, ...calibration.get(lhr), round: rounds.get(lhr) }
    }),
    tbtMsAt4x: medianOf(valid.map((lhr) => calibration.get(lhr)?.tbtMsAt4x)),
    errors,
    lighthouseVersion: median.lighthouseVersion,
    userAgent: median.environment?.hostUserAgent,
  }
}

const runsOf = (targets: { url: string; label: string }[]): Runs[] =>
  targets.map(({ url, label }) => ({ url, label, runs: [], tasks: new Map(), calibration: new Map(), rounds: new Map(), errors: [], attempts: 0 }))

/**
 * Lighthouse runs of every URL of `all` in rounds until each has runCount:
 * each round runs every URL once, in order, so that a spell when the machine
 * is slow (its benchmarkIndex falls by half for a minute or two at a time)
 * touches one run of each route and not all the runs of one. A failed run is
 * tried again in a later round, twice at most per URL. One Chromium for all
 * of them. Rounds are numbered from `firstRound` on, so that a route's run
 * and the floor's of the same round can be paired; returns the next number.
 */
async function measureInRounds(all: Runs[], runCount: number, firstRound = 1): Promise<number> {
  let chrome: Chrome | undefined
  const rounds = runCount + 2 - Math.min(...all.map((what) => what.runs.length))
  let round = firstRound
  for (; round < firstRound + rounds && !isAborted(); round += 1) {
    for (const what of all) {
      if (isAborted()) break
      if (what.runs.length < runCount && what.attempts < runCount + 2) chrome = await runOnce(what, chrome, runCount, round)
    }
  }
  await chrome?.kill()
  return round
}

/**
 * When the median of a route's first runs misses a timing budget (a
 * Performance score, LCP or TBT: the figures a busy machine moves), the
 * route and the controls get `count` more rounds and every figure is the
 * median of all its runs: a better estimate than the first few alone (never
 * a second chance that drops them), measured beside the control as before.
 * `needed` is given the floor's measurement of the same rounds (TBT is judged
 * against it).
 */
export interface MoreRuns {
  count: number
  needed: (measurement: Measured, floor: Measured | undefined, route: string) => boolean
}

/** What the control replays of the site's response: its policy headers, not those of the file it was */
const NOT_REPLAYED = new Set(["content-length", "content-encoding", "content-type", "etag", "last-modified", "date", "connection", "keep-alive", "transfer-encoding", "vary", "accept-ranges", "cache-control"])

/** The scripts of the chunk group of the page's component: Gatsby's runtime fetches them at once to render the page */
async function componentScripts(pageUrl: string, publicDir: string): Promise<string[]> {
  const pageData = await get(new URL(pageDataPath(new URL(pageUrl).pathname), pageUrl).href)
  if (pageData.status !== 200) throw new Error(`its page-data.json answered ${pageData.status}`)
  const { componentChunkName } = JSON.parse(pageData.body.toString("utf8")) as { componentChunkName?: string }
  if (!componentChunkName) throw new Error("its page-data.json names no componentChunkName")
  return chunkGroupScripts(JSON.parse(fs.readFileSync(path.join(publicDir, "webpack.stats.json"), "utf8")), componentChunkName)
}

/**
 * The JavaScript of a measured page as gzip: the same script URLs, fetched
 * again as a gzip-only client gets them; then which of them the page starts
 * with (startup-scripts.ts: its HTML, fetched again from pageUrl, and its
 * component's chunk group in publicDir's webpack stats; a page of no Gatsby
 * build, the control, has no publicDir) and the parts fetched later.
 */
async function addGzipBytes(summary: Measured, pageUrl: string, publicDir: string | undefined): Promise<void> {
  try {
    let gzip = 0
    for (const script of summary.scripts) {
      const sent = await gzipBytes(script.url)
      if (sent.status !== 200) throw new Error(`${script.url} answered ${sent.status} when fetched again for its gzip size (was public/ rebuilt?)`)
      script.gzipBytes = sent.bytes
      script.gzipEncoding = sent.encoding
      gzip += sent.bytes
    }
    summary.jsGzipBytes = gzip
  } catch (error) {
    summary.jsGzipError = errorMessage(error)
    return
  }
  try {
    const page = await get(pageUrl)
    if (page.status !== 200) throw new Error(`answered ${page.status}`)
    const startup = startupScriptPaths(page.body.toString("utf8"), pageUrl, publicDir === undefined ? [] : await componentScripts(pageUrl, publicDir))
    for (const script of summary.scripts) script.startup = startup.has(new URL(script.url).pathname)
    summary.jsStartupGzipBytes = summary.scripts.reduce((sum, script) => sum + (script.startup ? (script.gzipBytes ?? 0) : 0), 0)
    summary.jsParts = summary.scripts.flatMap((script) => (script.startup ? [] : [{ name: partName(script.url), url: script.url, gzipBytes: script.gzipBytes ?? NaN }]))
  } catch (error) {
    // left unmeasured: the start-up budget then misses as "could not be compared"
    log(`  ${pageUrl}: could not tell its start-up scripts from its HTML: ${errorMessage(error)}`)
  }
}

/**
 * Lighthouse on every public route, the two control pages and, given the
 * floor's build (floor.ts), the floor: all in the same rounds.
 */
export async function runLighthouse(root: string, origin: string, pages: AuditPage[], runCount: number, moreRuns?: MoreRuns, floorPublic?: string): Promise<LighthouseResults> {
  // the control: the same measurement of a page with nothing in it, served
  // with the site's own headers and with none, in the same rounds as the routes
  const site = await get(`${origin}/`)
  const siteHeaders = Object.fromEntries([...site.headers].filter(([name]) => !NOT_REPLAYED.has(name)))
  const controls: { route: string; headers: Record<string, string>; server: { url: string; stop: () => Promise<void> } }[] = []
  try {
    for (const control of CONTROLS) {
      const headers = control.siteHeaders ? siteHeaders : {}
      controls.push({ route: control.route, headers, server: await startControlServer(root, headers) })
    }
    if (floorPublic) controls.push({ route: FLOOR, headers: {}, server: await startFloorServer(floorPublic) })
    const targets = [...pages.map(({ route }) => ({ url: origin + route, label: route })), ...controls.map(({ route, server }) => ({ url: server.url, label: route }))]
    const all = runsOf(targets)
    const nextRound = await measureInRounds(all, runCount)
    let measured = all.map(summarizeRuns)
    const floorIndex = controls.findIndex(({ route }) => route === FLOOR)
    const floor = floorIndex < 0 ? undefined : measured[pages.length + floorIndex]
    const measuredFloor = isMeasured(floor) ? floor : undefined
    const again = moreRuns ? pages.flatMap((_, index) => (isMeasured(measured[index]) && moreRuns.needed(measured[index], measuredFloor, pages[index]!.route) ? [all[index] as Runs] : [])) : []
    if (moreRuns && again.length && !isAborted()) {
      log(`  lighthouse: the median of ${runCount} runs missed a timing budget on ${again.map((what) => what.label).join(", ")}; ${moreRuns.count} more rounds of ${again.length === 1 ? "it" : "them"} and the controls`)
      await measureInRounds([...again, ...all.slice(pages.length)], runCount + moreRuns.count, nextRound)
      measured = all.map(summarizeRuns)
    }
    const results: LighthouseResults = {}
    for (const [index, { route }] of pages.entries()) {
      const summary = measured[index] as Measurement
      results[route] = summary
      if (summary.error === undefined) await addGzipBytes(summary, origin + route, path.join(root, "public"))
    }
    for (const [index, { route, headers }] of controls.entries()) {
      const summary = { ...(measured[pages.length + index] as Measurement), headers: Object.keys(headers) }
      if (summary.error === undefined) await addGzipBytes(summary, controls[index]!.server.url, route === FLOOR ? floorPublic : undefined)
      results[route] = summary
    }
    return results
  } finally {
    for (const { server } of controls) await server.stop()
  }
}
