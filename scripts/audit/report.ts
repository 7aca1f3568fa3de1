// What the audit prints: the table, the notes under it, the budget summary
// and the verdict that decides the exit code. Pure: no I/O.
import { AXE_TAGS } from "./axe-tags"
import * as calibration from "./lighthouse-calibration"
import { BUDGET, type Row, MORE_RUNS } from "./budgets"
import { type Findings, kib, type Miss } from "./findings"
import { FLOOR_BUDGET, type FloorEnforcement, type FloorRow } from "./floor-budgets"
import { FLOOR, WIDTHS } from "./measures"
import type { LighthouseResults } from "./lighthouse-result"
import type { LinkResults } from "./links"
import { DEFAULT_RUNS, isPartial, type Options, skippedParts } from "./options"
import { type AuditPage, lighthousePages, routeLabel } from "./routes"
import { plural } from "./text"

/** Which parts ran (a part left out by --only, or that failed, shows "–") */
export interface PartsRun {
  lh: boolean
  axe: boolean
  html: boolean
  links: boolean
}

const pad = (value: string, width: number, right: boolean): string => (right ? value.padStart(width) : value.padEnd(width))

export function formatTable(rows: Row[], ran: PartsRun): string {
  const columns: [string, number][] = [
    ["Route", Math.max(5, ...rows.map((row) => routeLabel(row).length))],
    ["Perf", 5],
    ["A11y", 5],
    ["BP", 5],
    ["SEO", 5],
    ["LCP s", 6],
    ["TBT ms", 7],
    ["TBT-floor", 10],
    ["CLS", 6],
    ["JS KB gz", 9],
    ["axe 375/1440", 13],
    ["HTML err", 9],
    ["Broken", 7],
  ]
  const mark = (value: unknown, bad: boolean) => (value === undefined || value === null ? "–" : `${value}${bad ? "*" : ""}`)
  const line = (cells: string[]) => cells.map((cell, i) => pad(cell, columns[i]?.[1] ?? 0, i > 0)).join(" ")
  const lines = [line(columns.map(([name]) => name)), line(columns.map(([, width]) => "-".repeat(width)))]
  for (const row of rows) {
    const noLh = !["public", "control"].includes(row.kind) || !ran.lh
    const s = row.scores
    const score = (value: number | null | undefined) => (noLh ? "–" : mark(value, Number(value) < BUDGET.score))
    const figure = (value: number | null | undefined, shown: (v: number) => string | number, bad: (v: number) => boolean) =>
      noLh || value == null ? "–" : mark(shown(value), bad(value))
    lines.push(
      line([
        routeLabel(row),
        score(s?.performance),
        score(s?.accessibility),
        score(s?.["best-practices"]),
        score(s?.seo),
        figure(row.lcpMs, (v) => (v / 1000).toFixed(2), (v) => v > BUDGET.lcpMs),
        // TBT as measured, and the median over the rounds of TBT minus the floor's, which the budget holds
        figure(row.tbtMs, (v) => Math.round(v), () => false),
        row.kind === "public" && ran.lh && row.tbtMs != null && row.tbtOverFloorMs == null ? "–*" : figure(row.tbtOverFloorMs, (v) => Math.round(v), (v) => row.kind === "public" && v > BUDGET.tbtOverFloorMs),
        figure(row.cls, (v) => v.toFixed(3), (v) => v > BUDGET.cls),
        figure(row.jsGzipBytes, (v) => kib(v).toFixed(1), (v) => row.route === "/" && kib(v) > BUDGET.homeJsKiB),
        ran.axe ? WIDTHS.map(({ width }) => mark(row.axe?.[width], row.axe?.[width] !== 0)).join("/") : "–",
        ran.html ? mark(row.htmlErrors, Number(row.htmlErrors) > 0) : "–",
        ran.links ? mark(row.broken, Number(row.broken) > 0) : "–",
      ]),
    )
  }
  return lines.join("\n")
}

/** A route's parts fetched after start-up, each with its gzip bytes (* over FLOOR_BUDGET.partGzipBytes); "none" when it fetched none */
const partsCell = (parts: FloorRow["jsParts"]): string =>
  parts === undefined ? "–" : parts.length === 0 ? "none" : parts.map((part) => `${part.name} ${part.gzipBytes}${part.gzipBytes > FLOOR_BUDGET.partGzipBytes ? "*" : ""}`).join(", ")

/** The second table: each public route against the floor (floor-budgets.ts, FLOOR_BUDGET) */
export function formatFloorTable(rows: FloorRow[]): string {
  const columns: [string, number][] = [
    ["Against the floor", Math.max(17, ...rows.map((row) => row.route.length))],
    ["1st resp B", 10],
    ["paint budget", 12],
    ["FCP ms", 7],
    ["x floor", 8],
    ["LCP ms", 7],
    ["x floor", 8],
    ["JS start KB", 11],
    ["x floor", 8],
    ["JS all KB", 9],
    ["seen LCP-FCP ms", 16],
    [`parts B gz (each <= ${FLOOR_BUDGET.partGzipBytes})`, 0],
  ]
  const last = columns.length - 1
  const line = (cells: string[]) => cells.map((cell, i) => (i === last ? ` ${cell}` : pad(cell, columns[i]?.[1] ?? 0, i > 0))).join(" ").trimEnd()
  const shown = (value: number | null | undefined, format: (v: number) => string, over = false) => (value == null || !Number.isFinite(value) ? "–" : `${format(value)}${over ? "*" : ""}`)
  const lines = [line(columns.map(([name]) => name)), line(columns.map(([name, width]) => "-".repeat(width || name.length)))]
  for (const row of rows) {
    const floor = row.route === FLOOR
    const paintBudget = floor || row.paintAllowanceMs === undefined ? "–" : `${FLOOR_BUDGET.fcpRatio}x${row.paintAllowanceMs ? `+${row.paintAllowanceMs}ms` : ""}`
    lines.push(
      line([
        row.route,
        shown(row.firstResponseBytes, (v) => String(Math.round(v))),
        paintBudget,
        shown(row.fcpMs, (v) => String(Math.round(v))),
        shown(row.fcpRatio, (v) => v.toFixed(2), row.fcpWithin === false),
        shown(row.lcpMs, (v) => String(Math.round(v))),
        shown(row.lcpRatio, (v) => v.toFixed(2), row.lcpWithin === false),
        shown(row.jsStartupGzipBytes, (v) => kib(v).toFixed(1)),
        shown(row.jsRatio, (v) => v.toFixed(2), !floor && (row.jsRatio ?? 0) > FLOOR_BUDGET.jsRatio),
        shown(row.jsGzipBytes, (v) => kib(v).toFixed(1)),
        shown(row.observedLcpGapMs, (v) => String(Math.round(v))),
        partsCell(row.jsParts),
      ]),
    )
  }
  return lines.join("\n")
}

/** --timing-advisory: the timing misses are listed on their own and do not count */
export function verdict(misses: Miss[], options: Options): { failing: Miss[]; advisory: Miss[]; partial: boolean; passed: boolean; exitCode: 0 | 1 } {
  const advisory = options.timingAdvisory ? misses.filter((m) => m.timing) : []
  const failing = misses.filter((m) => !advisory.includes(m))
  const partial = isPartial(options)
  const passed = failing.length === 0 && !partial
  return { failing, advisory, partial, passed, exitCode: passed ? 0 : 1 }
}

export interface Printed extends Findings {
  origin: string
  now: Date
  pages: AuditPage[]
  rows: Row[]
  floorRows: FloorRow[]
  floorBudgets: FloorEnforcement
  options: Options
  lh?: LighthouseResults
  links?: LinkResults
  ran: PartsRun
  rebuilt: boolean
  durationMs: number
  timings: Record<string, number>
  reportPath: string
}

/** The whole text the audit prints on stdout. */
export function formatReport(p: Printed): string {
  const { options, lh, links } = p
  const publicPages = lighthousePages(p.pages)
  const measured = Object.values(lh ?? {}).flatMap((result) => (result.error === undefined ? [result] : []))
  const out = ["", `Site audit of the production build (${p.origin}), ${p.now.toISOString()}`, "", formatTable(p.rows, p.ran), ""]
  if (p.floorRows.length) {
    out.push(
      formatFloorTable(p.floorRows),
      "",
      `The floor: a bare Gatsby page (scripts/audit/floor/, the site's own Gatsby and React, no plugin, stylesheet, font or image), measured in the same rounds. Medians of the same runs as above; * over its budget. "1st resp B": the route's first response (its HTML) as Lighthouse's network records carry it, headers included; over ${FLOOR_BUDGET.firstWindowBytes} bytes (the first TCP window) and at most ${FLOOR_BUDGET.twoWindowsBytes} (two), Lantern's simulation charges one more round trip, so the paints are allowed ${FLOOR_BUDGET.roundTripMs} ms over ${FLOOR_BUDGET.fcpRatio}x the floor's ("paint budget"); otherwise first and largest paint at most ${FLOOR_BUDGET.fcpRatio}x and ${FLOOR_BUDGET.lcpRatio}x the floor's. "JS start": the scripts the page's HTML starts it with (gzip, KB = 1024 bytes), at most ${FLOOR_BUDGET.jsRatio}x the floor's; "JS all": with the parts fetched later, each of which is held to ${FLOOR_BUDGET.partGzipBytes} bytes gzip on its own. "seen LCP-FCP": the median, over the same runs, of how long after the first paint the largest paint came in the unthrottled load that Lighthouse simulates from (0: painted together); not a budget. Lighthouse's LCP also counts every request that ended before that paint, so a picture fetched after the HTML costs a simulated round trip even when it painted with the text. A route whose first or largest paint misses has ${MORE_RUNS} more rounds first, as a timing miss does. ${enforcementSentence(p.floorBudgets)}`,
      "",
    )
  }
  out.push(
    [
      "* misses its budget; – not measured.",
      lh
        ? `Lighthouse ${measured.find((r) => r.lighthouseVersion)?.lighthouseVersion ?? ""}: mobile, simulated throttling, ${options.runs} run${options.runs > 1 ? "s" : ""} per route, in rounds (every route and the control once per round, one run at a time), and ${MORE_RUNS} more rounds of a route and the controls where the median of its first ${options.runs} missed a Performance, LCP or TBT budget or the floor's first or largest paint budget; each score and LCP/TBT/CLS is the median of its runs; TBT-floor is the median over the rounds of the route's TBT minus the floor's in the same round, at most ${BUDGET.tbtOverFloorMs} ms (TBT itself is not held to a budget: on a slow host the bare Gatsby page misses 50 ms) (a miss's details come from the run Lighthouse's computeMedianRun picks, closest to the median FCP and TTI). This machine's Lighthouse benchmarkIndex, run by run: ${measured.flatMap((r) => r.runs.map((run) => run.benchmarkIndex)).filter((index): index is number => Boolean(index)).map(Math.round).join(", ") || "n/a"}.\n` +
          `CPU slowdown: Lighthouse's 4x assumes a host with a benchmarkIndex of ${calibration.CALIBRATION_INDEX} or more (its docs/throttling.md); each run below that is simulated with 4x × index / ${calibration.CALIBRATION_INDEX} (scripts/audit/lighthouse-calibration.ts), from the same page load. ` +
          `Median TBT at Lighthouse's own 4x, for comparison: ${Object.entries(lh ?? {}).flatMap(([route, r]) => (r.error === undefined && r.tbtMsAt4x != null ? [`${route} ${Math.round(r.tbtMsAt4x)} ms`] : [])).join(", ") || "n/a"}.`
        : "Lighthouse: not run.",
      `Lighthouse runs on the ${publicPages.length} public routes only: the noindex pages (${p.pages.filter((page) => page.kind === "noindex").map((page) => page.route).join(", ")}) and the 404 page fail is-crawlable (SEO) by design. axe, HTML validation and links cover all ${p.pages.length} pages.`,
      "JS KB gz: the page's scripts (Lighthouse's network requests) as the server sends them gzip-compressed, KB = 1024 bytes; budget on / only." +
        (home(lh)?.jsTransferBytes ? ` On the wire to Chromium (brotli, with headers) / took ${kib(home(lh)?.jsTransferBytes ?? 0).toFixed(1)} KB.` : ""),
      `axe: violations (rules) of ${AXE_TAGS.join(", ")} at 375 and 1440 px, after scrolling through the page once.`,
      links
        ? `Links: ${links.checked} URLs checked (${links.pagesCrawled.length} HTML pages crawled, ${links.fragmentLinks} fragment links verified), ${links.skipped.external.length} external links skipped (no internet), ${links.skipped.other.length} mailto:/tel:/data: skipped. Broken column: broken links found on that page.`
        : "Links: not checked.",
    ].join("\n"),
  )
  if (links) {
    const unlinked = publicPages.filter((page) => !links.linkedFrom.get(page.route)).map((page) => page.route)
    out.push(
      unlinked.length
        ? `Public routes no page links to: ${unlinked.join(", ")} (checked as start pages).`
        : `Every public route is linked from the site; the noindex pages and the 404 page are checked as start pages.`,
    )
  }
  const { failing, advisory, partial } = verdict(p.misses, options)
  const listMisses = (misses: Miss[]) => {
    for (const m of misses) {
      out.push(`- ${m.route}: ${m.what}`)
      for (const line of m.detail) out.push(`    ${line}`)
    }
  }
  out.push("")
  if (failing.length === 0 && !partial) {
    out.push(`Budget summary: every budget met${options.timingAdvisory ? ` except any listed below as advisory (--timing-advisory: Performance, LCP and TBT are reported, not enforced)` : ""}.`)
  } else {
    const skipped = skippedParts(options)
    const why = [skipped.length ? `skipped ${skipped.join(", ")}` : "", options.runs !== DEFAULT_RUNS ? `${options.runs} Lighthouse runs` : ""].filter(Boolean).join("; ")
    out.push(`Budget summary: ${plural(failing.length, "miss", "misses")}${partial ? ` (partial audit: ${why})` : ""}`)
    listMisses(failing)
  }
  if (advisory.length) {
    out.push("", `Advisory misses (--timing-advisory: measured and missed, but not failing this audit): ${advisory.length}`)
    listMisses(advisory)
  }
  if (p.notes.length) {
    out.push("", "Notes (not misses):")
    for (const note of p.notes) out.push(`- ${note}`)
  }
  if (p.rebuilt) out.push("\nNote: public/ was rebuilt while the audit ran; the figures may mix two builds. Run the audit again.")
  out.push("", `Runtime ${Math.round(p.durationMs / 1000)} s (${Object.entries(p.timings).map(([name, s]) => `${name} ${s} s`).join(", ")}). Report: ${p.reportPath}`)
  return out.join("\n")
}

const home = (lh: LighthouseResults | undefined) => {
  const result = lh?.["/"]
  return result?.error === undefined ? result : undefined
}

/** What the floor table says of which of its budgets fail the audit */
export function enforcementSentence({ javascript, paint }: FloorEnforcement): string {
  if (javascript && paint) return "Enforced."
  if (javascript) return "The JavaScript budgets are enforced; the paints' are not yet: each paint miss is a note (--floor-budgets enforces them)."
  if (paint) return "The paint budgets are enforced; the JavaScript's are not yet: each JavaScript miss is a note (--floor-budgets enforces them)."
  return "Not yet enforced: each miss is a note (--floor-budgets enforces them)."
}
