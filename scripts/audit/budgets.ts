// The product's budgets (docs/audit.md, "The budgets") and how the audit's measurements are held against them:
// what misses, with the details that explain it, and what is only a note.
// No I/O here: every function takes the measurements and returns findings.
import * as lighthouseTrace from "./lighthouse-trace"
import type { AxeResults } from "./axe"
import type { HtmlResult } from "./html"
import { type Findings, kib, type Miss, miss } from "./findings"
import { FLOOR_BUDGET_ENFORCED, type FloorEnforcement, type FloorRow, floorFindings, floorRow, missesFloorPaint } from "./floor-budgets"
import type { Measured, Measurement, Scores } from "./lighthouse-result"
import type { LinkResults } from "./links"
import type { AuditPage } from "./routes"
import { CATEGORIES, type Category, CONTROLS, FLOOR, medianOf, WIDTHS } from "./measures"
import { oneLine } from "./text"

export const BUDGET = {
  score: 100, // each Lighthouse category, ×100 as Lighthouse shows it
  lcpMs: 1500,
  /**
   * TBT against the floor: the median over the rounds of (the route's TBT minus
   * the floor's in the same round). An absolute 50 ms failed CI on hosts where
   * the bare Gatsby page itself is over it (docs/audit.md).
   */
  tbtOverFloorMs: 25,
  cls: 0.01,
  homeJsKiB: 95, // JavaScript on the home page, gzip, KiB (1024 bytes)
}
// the floor's budgets live in floor-budgets.ts; their constants are read from here too (docs/audit.md's tables)
export { FLOOR_BUDGET, FLOOR_BUDGET_ENFORCED, enforcingAll } from "./floor-budgets"
const CATEGORY_NAMES: Record<Category, string> = { performance: "Performance", accessibility: "Accessibility", "best-practices": "Best Practices", seo: "SEO" }
/** A row of the printed table (and of report.json's "table") */
export interface Row {
  route: string
  kind: AuditPage["kind"] | "control"
  lighthouse?: "error"
  scores?: Scores
  lcpMs?: number | null
  /** the median TBT, as measured (not a budget) */
  tbtMs?: number | null
  /** the median over the rounds of its TBT minus the floor's in the same round (BUDGET.tbtOverFloorMs) */
  tbtOverFloorMs?: number | null
  cls?: number | null
  jsGzipBytes?: number
  jsTransferBytes?: number
  axe?: Record<number, number | "err" | undefined>
  htmlErrors?: number
  broken?: number
}

/** value <= budget as the audit has always compared: a null median (no run reported the figure) passes, undefined or NaN misses */
const within = (value: number | null | undefined, budget: number): boolean => Number(value) <= budget

/** How many more rounds a route gets when the median of its first runs misses a timing budget (lighthouse.ts, MoreRuns) */
export const MORE_RUNS = 5

/**
 * Whether a route gets more rounds (MoreRuns): its medians miss a timing
 * budget, or its first or largest paint misses the floor's budget (a timing
 * figure too, whether the floor's budgets are enforced or notes, so that the
 * notes say what an enforced run would decide).
 */
export const moreRoundsNeeded = (result: Measured, floor: Measured | undefined): boolean => missesTiming(result, floor) || (floor !== undefined && missesFloorPaint(result, floor))

/** A round in which both the route and the floor reported a TBT */
export interface TbtPair {
  round: number
  ms: number
  floorMs: number
}

/**
 * A route's TBT against the floor's, round by round: each round in which both
 * reported one, and the median of the differences (not the difference of the
 * medians: a slow spell of the host lifts both figures of one round, and
 * pairing cancels it). null when no round has both.
 */
export function tbtOverFloor(result: Pick<Measured, "runs">, floor: Pick<Measured, "runs"> | undefined): { pairs: TbtPair[]; medianMs: number | null } {
  const floorByRound = new Map((floor?.runs ?? []).flatMap((run) => (run.round !== undefined && typeof run.tbtMs === "number" ? [[run.round, run.tbtMs] as const] : [])))
  const pairs = result.runs.flatMap((run) => {
    const floorMs = run.round === undefined ? undefined : floorByRound.get(run.round)
    return typeof run.tbtMs === "number" && floorMs !== undefined && run.round !== undefined ? [{ round: run.round, ms: run.tbtMs, floorMs }] : []
  })
  return { pairs, medianMs: medianOf(pairs.map((pair) => pair.ms - pair.floorMs)) }
}

/** The difference meets its budget; one that could not be worked out (no round with both figures) does not. */
const tbtWithin = (medianMs: number | null): boolean => medianMs !== null && medianMs <= BUDGET.tbtOverFloorMs

/** Whether a route's medians miss a timing budget: a Performance score, LCP or TBT against the floor (the figures a busy machine moves) */
export function missesTiming(result: Pick<Measured, "scores" | "lcpMs" | "runs">, floor: Pick<Measured, "runs"> | undefined): boolean {
  const performance = result.scores.performance
  return performance === null || performance < BUDGET.score || !within(result.lcpMs, BUDGET.lcpMs) || !tbtWithin(tbtOverFloor(result, floor).medianMs)
}

/**
 * A route's Lighthouse medians against the budgets, its TBT against the
 * floor's measured in the same rounds; `runs` is how many runs were asked for.
 */
export function lighthouseFindings(route: string, result: Measured, runs: number, origin: string, floor: Measured | undefined): Findings {
  const misses: Miss[] = []
  const notes: string[] = []
  const medianOfRuns = (values: string[]) => `median of runs ${values.join(", ")}`
  const detailsFrom = ` (details from run ${result.medianRun})`
  for (const id of CATEGORIES) {
    const score = result.scores[id]
    if (score !== null && score >= BUDGET.score) continue
    const detail = (result.failing[id] ?? []).map(
      (a) => `${a.id}: ${a.displayValue ? `${a.displayValue}, ` : ""}score ${a.score}, −${a.pointsLost} pts${a.element ? ` — ${a.element}` : ""}${id !== "performance" ? ` (${a.title})` : ""}`,
    )
    if (id === "performance") {
      for (const o of result.opportunities) {
        const savings = Object.entries(o.savings)
          .filter(([, v]) => v > 0)
          .map(([k, v]) => `saves ~${Math.round(v)}${k === "CLS" ? "" : " ms"} ${k}`)
        detail.push(`diagnostic ${o.id} (${o.title})${o.displayValue ? `: ${o.displayValue}` : ""}${savings.length ? ` — ${savings.join(", ")}` : ""}`)
      }
    }
    misses.push(miss(route, `${CATEGORY_NAMES[id]} ${score} < ${BUDGET.score}, ${medianOfRuns(result.runs.map((run) => String(run.scores[id])))}${detailsFrom}`, detail, id === "performance"))
  }
  const ms = (value: number | null | undefined) => `${Math.round(value ?? NaN)}`
  if (!within(result.lcpMs, BUDGET.lcpMs)) {
    const element = result.lcpElement ? `LCP element: ${result.lcpElement.selector} ${oneLine(result.lcpElement.snippet, 200)}` : "LCP element: not reported"
    const phases = result.lcpPhases.length ? `simulated phases: ${result.lcpPhases.map((p) => `${p.phase} ${p.ms} ms`).join(", ")}; FCP ${ms(result.fcpMs)} ms` : "phases: not reported"
    const o = result.observed
    const observed = `unthrottled trace: FCP ${ms(o.fcp)} ms, LCP ${ms(o.lcp)} ms, DOMContentLoaded ${ms(o.dcl)} ms, load ${ms(o.load)} ms`
    misses.push(miss(route, `LCP ${ms(result.lcpMs)} ms > ${BUDGET.lcpMs} ms, ${medianOfRuns(result.runs.map((run) => ms(run.lcpMs)))}${detailsFrom}`, [element, phases, observed], true))
  }
  const tbt = tbtOverFloor(result, floor)
  const pairs = tbt.pairs.map((pair) => `round ${pair.round}: ${ms(pair.ms)} − ${ms(pair.floorMs)}`).join(", ")
  if (!tbtWithin(tbt.medianMs)) {
    misses.push(
      miss(
        route,
        tbt.medianMs === null
          ? `TBT could not be compared with the floor's: no round in which both reported one (median TBT ${ms(result.tbtMs)} ms)`
          : `TBT ${ms(tbt.medianMs)} ms over the floor's > ${BUDGET.tbtOverFloorMs} ms, median of each round's difference (${pairs}); median TBT ${ms(result.tbtMs)} ms, the floor's ${ms(floor?.tbtMs)} ms${detailsFrom}`,
        [
          `long tasks (simulated start, duration): ${result.longTasks.map((t) => `${t.url.replace(origin, "")} @${t.startMs} ms ${t.ms} ms`).join("; ")}`,
          `main-thread time by script: ${result.bootup.map((b) => `${b.url.replace(origin, "")} ${b.totalMs} ms (${b.scriptingMs} ms scripting)`).join("; ")}`,
          `unthrottled trace, tasks of 12.5 ms or more: ${lighthouseTrace.formatObservedTasks(result.observedTasks)}`,
        ],
        true,
      ),
    )
  }
  if (!within(result.cls, BUDGET.cls)) {
    misses.push(
      miss(route, `CLS ${(result.cls ?? NaN).toFixed(3)} > ${BUDGET.cls}, ${medianOfRuns(result.runs.map((run) => (run.cls ?? NaN).toFixed(3)))}`, [
        `shifts: ${result.layoutShifts.map((s) => `${s.element} ${s.score.toFixed(3)}`).join("; ") || "not attributed"}`,
      ]),
    )
  }
  if (result.runs.length > runs) notes.push(`${route}: measured in ${result.runs.length} runs: the median of its first ${runs} missed a timing budget, so it and the controls had ${result.runs.length - runs} more rounds; each figure is the median of all ${result.runs.length}`)
  if (result.runs.length < runs) notes.push(`${route}: only ${result.runs.length} of ${runs} Lighthouse runs succeeded (${result.errors.join("; ")})`)
  const overFloor = tbt.pairs.filter((pair) => pair.ms - pair.floorMs > BUDGET.tbtOverFloorMs)
  if (tbtWithin(tbt.medianMs) && overFloor.length)
    notes.push(
      `${route}: TBT over the floor's met as the median, but ${overFloor.length} of ${tbt.pairs.length} rounds had ${overFloor.map((pair) => `${ms(pair.ms - pair.floorMs)} ms (round ${pair.round}: ${ms(pair.ms)} − ${ms(pair.floorMs)})`).join(", ")}`,
    )
  const metrics = [
    ["lcpMs", "LCP", BUDGET.lcpMs, (v: number) => `${Math.round(v)} ms`],
    ["cls", "CLS", BUDGET.cls, (v: number) => v.toFixed(3)],
  ] as const
  for (const [key, label, budget, format] of metrics) {
    const over = result.runs.filter((run) => (run[key] ?? NaN) > budget)
    if (within(result[key], budget) && over.length) notes.push(`${route}: ${label} met as the median, but ${over.length} of ${result.runs.length} runs had ${over.map((run) => format(run[key] ?? NaN)).join(", ")}`)
  }
  if (route === "/" && result.jsGzipError) misses.push(miss(route, `JavaScript size not measured: ${result.jsGzipError}`))
  else if (route === "/" && !within(kib(result.jsGzipBytes ?? NaN), BUDGET.homeJsKiB)) {
    const bytes = result.jsGzipBytes ?? NaN
    misses.push(
      miss(route, `JavaScript ${kib(bytes).toFixed(2)} KiB gzip (${bytes} bytes) > ${BUDGET.homeJsKiB} KiB (${BUDGET.homeJsKiB * 1024} bytes)`, [
        result.scripts
          .slice()
          .sort((a, b) => (b.gzipBytes ?? 0) - (a.gzipBytes ?? 0))
          .map((s) => `${s.url.replace(origin, "")} ${kib(s.gzipBytes ?? NaN).toFixed(1)}`)
          .join(", "),
      ]),
    )
  }
  return { misses, notes }
}

function axeMisses(route: string, results: AxeResults[string] | undefined): Miss[] {
  const misses: Miss[] = []
  for (const { width } of WIDTHS) {
    const result = results?.[width]
    if (result?.error) misses.push(miss(route, `axe @${width} px did not run: ${result.error}`))
    else if (result?.violations.length) {
      const count = result.violations.length
      misses.push(
        miss(
          route,
          `axe @${width} px: ${count} violation${count > 1 ? "s" : ""}`,
          result.violations.map(
            (v) =>
              `${v.id} (${v.impact}, ${v.nodes.length} element${v.nodes.length > 1 ? "s" : ""}): ${v.help} — ${v.nodes
                .slice(0, 4)
                .map((n) => n.target)
                .join(" | ")}${v.nodes.length > 4 ? " | …" : ""}`,
          ),
        ),
      )
    }
  }
  return misses
}

function htmlMisses(page: AuditPage, result: HtmlResult): Miss[] {
  if (result.errors === 0) return []
  const byRule = new Map<string, HtmlResult["messages"]>()
  for (const message of result.messages.filter((m) => m.severity === 2)) byRule.set(message.ruleId, [...(byRule.get(message.ruleId) ?? []), message])
  return [
    miss(
      page.route,
      `${result.errors} HTML error${result.errors > 1 ? "s" : ""} in the served HTML (${page.file})`,
      [...byRule].map(([rule, messages]) => {
        const first = messages[0] as HtmlResult["messages"][number]
        const where = first.selector ? ` at ${first.selector}` : ` at line ${first.line}:${first.column}`
        return `${rule} ×${messages.length}: ${first.message}${where}${messages.length > 1 ? " (first of these)" : ""}`
      }),
    ),
  ]
}

/** What the control rows say about the machine: a navigation's own cost, under every route's figures. */
function controlNote(route: string, siteHeaders: boolean, control: Measurement): string[] {
  if (control.error !== undefined) return [`${route} could not be measured: ${control.error}`]
  const notes = [
    `${route}: a bare page (scripts/audit/control-page.html: no stylesheet, script, font or image) ${siteHeaders ? `served with the headers / is sent with (${(control.headers ?? []).join(", ")})` : "served with no headers"}, measured the same way, in the same rounds as the routes: TBT ${control.runs.map((run) => Math.round(run.tbtMs ?? NaN)).join(", ")} ms, long tasks ${control.longTasks.map((t) => `${t.url.replace(/^http:\/\/127\.0\.0\.1:\d+\//, "") || "/"} ${t.ms} ms`).join("; ") || "none"}; in the unthrottled trace of the median run, tasks of 12.5 ms or more: ${lighthouseTrace.formatObservedTasks(control.observedTasks)}.`,
  ]
  return notes
}

export interface Measurements {
  origin: string
  pages: AuditPage[]
  /** Lighthouse runs asked for per route */
  runs: number
  html?: Record<string, HtmlResult>
  links?: LinkResults
  axe?: AxeResults
  lh?: Record<string, Measurement>
  /** which of FLOOR_BUDGET's misses fail the audit (FLOOR_BUDGET_ENFORCED, or all of them with --floor-budgets) */
  floorBudgets?: FloorEnforcement
}

/** The table's rows, the misses and the notes: every budget held against the measurements of the parts that ran. */
export function evaluate({ origin, pages, runs, html, links, axe, lh, floorBudgets = FLOOR_BUDGET_ENFORCED }: Measurements): { rows: Row[]; floorRows: FloorRow[] } & Findings {
  const misses: Miss[] = []
  const notes: string[] = []
  const rows: Row[] = []
  const floorRows: FloorRow[] = []
  const measuredFloor = lh?.[FLOOR]
  const floor = measuredFloor?.error === undefined ? measuredFloor : undefined
  if (lh && !floor) misses.push(miss(FLOOR, `the floor could not be measured: ${measuredFloor?.error ?? "no result"}`))
  if (floor) floorRows.push(floorRow(FLOOR, floor))
  const parentRoute = (url: string | undefined) => (url?.startsWith(origin) ? url.slice(origin.length) || "/" : url)

  for (const page of pages) {
    const { route, kind } = page
    const row: Row = { route, kind }
    rows.push(row)

    const result = lh?.[route]
    if (kind === "public" && lh) {
      if (!result || result.error !== undefined) {
        row.lighthouse = "error"
        misses.push(miss(route, `Lighthouse did not run: ${result?.error ?? "no result"}`))
      } else {
        Object.assign(row, {
          scores: result.scores,
          lcpMs: result.lcpMs,
          tbtMs: result.tbtMs,
          tbtOverFloorMs: tbtOverFloor(result, floor).medianMs,
          cls: result.cls,
          jsGzipBytes: result.jsGzipBytes,
          jsTransferBytes: result.jsTransferBytes,
        })
        const found = lighthouseFindings(route, result, runs, origin, floor)
        misses.push(...found.misses)
        notes.push(...found.notes)
        if (floor) {
          const against = floorFindings(route, result, floor, floorBudgets)
          floorRows.push(against.row)
          misses.push(...against.misses)
          notes.push(...against.notes)
        }
      }
    }
    if (axe) {
      row.axe = Object.fromEntries(WIDTHS.map(({ width }) => [width, axe[route]?.[width]?.error ? "err" : axe[route]?.[width]?.violations.length]))
      misses.push(...axeMisses(route, axe[route]))
    }
    const htmlResult = html?.[route]
    if (htmlResult) {
      row.htmlErrors = htmlResult.errors
      misses.push(...htmlMisses(page, htmlResult))
    }
    if (links) {
      const url = origin + route
      row.broken = links.broken.filter((entry) => entry.parents.includes(url) || (entry.url.split("#")[0] === url && entry.parents.length === 0)).length
    }
  }

  for (const { route, siteHeaders } of CONTROLS) {
    const control = lh?.[route]
    if (!control) continue
    const figures = control.error === undefined ? { scores: control.scores, lcpMs: control.lcpMs, tbtMs: control.tbtMs, tbtOverFloorMs: tbtOverFloor(control, floor).medianMs, cls: control.cls } : {}
    rows.push({ route, kind: "control", ...figures })
    notes.push(...controlNote(route, siteHeaders, control))
  }

  for (const entry of links?.broken ?? []) {
    misses.push(
      miss(parentRoute(entry.parents[0]) ?? parentRoute(entry.url) ?? entry.url, `broken: ${parentRoute(entry.url)} (${entry.reason})`, [
        `linked from: ${entry.parents.map(parentRoute).join(", ") || "(a start page)"}`,
      ]),
    )
  }
  return { rows, floorRows, misses, notes }
}
