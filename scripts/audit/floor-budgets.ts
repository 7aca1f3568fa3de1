// Each public route against the floor (floor.ts: a bare Gatsby page measured
// in the same rounds), docs/audit.md "The floor and the paint gap": the paints
// at most 1.15x the floor's (plus one simulated round trip for a first
// response past the first TCP window), the JavaScript at start-up at most
// 1.15x the floor's, and each part fetched after start-up within a budget of
// its own. No I/O here.
import { type Findings, kib, type Miss, miss } from "./findings"
import type { JsPart, Measured } from "./lighthouse-result"

export const FLOOR_BUDGET = {
  fcpRatio: 1.15,
  lcpRatio: 1.15,
  /** the scripts the page starts with (those its HTML names), against the floor's */
  jsRatio: 1.15,
  /**
   * Lantern's first TCP congestion window (10 segments of 1,460 bytes): a
   * first response over it, headers included, costs one more simulated round
   * trip before the paint, which a real Chromium, painting as the HTML
   * streams, does not make the visitor wait for (issue 51, decision 1).
   */
  firstWindowBytes: 14600,
  /** the first two windows: a first response up to here is allowed that one round trip, and no more */
  twoWindowsBytes: 43800,
  /** one round trip on Lighthouse's mobile profile: the paints' allowance */
  roundTripMs: 150,
  /** each part fetched after start-up, gzip -9 bytes (the estimator's build test holds its parts to the same 12,000) */
  partGzipBytes: 12000,
}
/** Which of FLOOR_BUDGET's misses fail the audit: the JavaScript's (start-up and each later part), the paints' */
export interface FloorEnforcement {
  javascript: boolean
  paint: boolean
}

/**
 * Which misses of FLOOR_BUDGET fail the audit. The JavaScript's: a size, the
 * same in every run, and every route within since issue 51. The paints' not
 * yet: the owner turns them on once two CI runs show every route within
 * (docs/audit.md, "The floor and the paint gap", says what they miss by and
 * why); until then a plain audit lists each paint miss as a note, and
 * `--floor-budgets` enforces every floor budget for a run.
 */
export const FLOOR_BUDGET_ENFORCED: FloorEnforcement = { javascript: true, paint: false }

/** Every floor budget enforced (`--floor-budgets`), or none */
export const enforcingAll = (all: boolean): FloorEnforcement => ({ javascript: all, paint: all })

/** A route's figures against the floor, for the second table */
export interface FloorRow {
  route: string
  /** the document's transfer size in Lighthouse's network records: body as sent plus headers */
  firstResponseBytes?: number | null
  /** the paints' allowance: one round trip for a first response in the second window, else 0 */
  paintAllowanceMs?: number
  fcpMs?: number | null
  fcpRatio?: number
  fcpWithin?: boolean
  lcpMs?: number | null
  lcpRatio?: number
  lcpWithin?: boolean
  /** the scripts the page starts with, gzip */
  jsStartupGzipBytes?: number
  jsRatio?: number
  /** every script the load fetched, start-up and parts, gzip */
  jsGzipBytes?: number
  jsParts?: JsPart[]
  /** unthrottled, as the browser painted it: the largest paint's delay after the first (not a budget; Lighthouse's LCP is simulated from this load) */
  observedLcpGapMs?: number | null
}

/** One round trip for a first response over the first window and within the first two; none under it (nothing to pay) or over them (too big to excuse). */
export function paintAllowanceMs(firstResponseBytes: number | null | undefined): number {
  if (firstResponseBytes == null) return 0
  return firstResponseBytes > FLOOR_BUDGET.firstWindowBytes && firstResponseBytes <= FLOOR_BUDGET.twoWindowsBytes ? FLOOR_BUDGET.roundTripMs : 0
}

const ratio = (value: number | null | undefined, base: number | null | undefined): number | undefined =>
  value != null && base != null && base > 0 && Number.isFinite(value) ? value / base : undefined

/** A paint within ratio x the floor's plus the allowance (judged as a ratio, so that a paint at exactly 1.15x is within); undefined when a figure is missing */
function paintWithin(ms: number | null | undefined, floorMs: number | null | undefined, budget: number, allowanceMs: number): boolean | undefined {
  const over = ratio(ms == null ? ms : ms - allowanceMs, floorMs)
  return over === undefined ? undefined : over <= budget
}

/** Whether a route's median first or largest paint misses its floor budget: a timing figure, which more rounds may settle (MoreRuns) */
export function missesFloorPaint(result: Pick<Measured, "fcpMs" | "lcpMs" | "firstResponseBytes">, floor: Pick<Measured, "fcpMs" | "lcpMs">): boolean {
  const allowance = paintAllowanceMs(result.firstResponseBytes)
  return paintWithin(result.fcpMs, floor.fcpMs, FLOOR_BUDGET.fcpRatio, allowance) !== true || paintWithin(result.lcpMs, floor.lcpMs, FLOOR_BUDGET.lcpRatio, allowance) !== true
}

/** The floor's own row: every ratio 1 */
export function floorRow(route: string, floor: Measured): FloorRow {
  const { firstResponseBytes, fcpMs, lcpMs, jsStartupGzipBytes, jsGzipBytes, jsParts, observedLcpGapMs } = floor
  return { route, firstResponseBytes, fcpMs, fcpRatio: 1, lcpMs, lcpRatio: 1, jsStartupGzipBytes, jsRatio: 1, jsGzipBytes, jsParts, observedLcpGapMs }
}

/**
 * A route against the floor (FLOOR_BUDGET): its row of the second table, and
 * a miss for each budget it misses (a note instead when not enforced). The
 * paints are timing figures (advisory under --timing-advisory); the
 * JavaScript is not.
 */
export function floorFindings(route: string, result: Measured, floor: Measured, enforced: FloorEnforcement): { row: FloorRow } & Findings {
  const allowance = paintAllowanceMs(result.firstResponseBytes)
  const row: FloorRow = {
    ...floorRow(route, result),
    paintAllowanceMs: allowance,
    fcpRatio: ratio(result.fcpMs, floor.fcpMs),
    fcpWithin: paintWithin(result.fcpMs, floor.fcpMs, FLOOR_BUDGET.fcpRatio, allowance),
    lcpRatio: ratio(result.lcpMs, floor.lcpMs),
    lcpWithin: paintWithin(result.lcpMs, floor.lcpMs, FLOOR_BUDGET.lcpRatio, allowance),
    jsRatio: ratio(result.jsStartupGzipBytes, floor.jsStartupGzipBytes),
  }
  const ms = (value: number | null | undefined) => `${Math.round(value ?? NaN)} ms`
  const plus = allowance ? ` + ${allowance} ms` : ""
  const window = allowance ? `; first response ${result.firstResponseBytes} B, in the second TCP window` : ""
  const shownRatio = (value: number | undefined) => (value === undefined ? "could not be compared" : `${value.toFixed(2)}x`)
  const checks = [
    { name: "first paint", value: row.fcpRatio, within: row.fcpWithin, budget: `${FLOOR_BUDGET.fcpRatio}x${plus}`, timing: true, figures: `${ms(result.fcpMs)} against the floor's ${ms(floor.fcpMs)}${window}` },
    { name: "largest paint", value: row.lcpRatio, within: row.lcpWithin, budget: `${FLOOR_BUDGET.lcpRatio}x${plus}`, timing: true, figures: `${ms(result.lcpMs)} against the floor's ${ms(floor.lcpMs)}${window}` },
    {
      name: "JavaScript at start-up",
      value: row.jsRatio,
      within: row.jsRatio === undefined ? undefined : row.jsRatio <= FLOOR_BUDGET.jsRatio,
      budget: `${FLOOR_BUDGET.jsRatio}x`,
      timing: false,
      figures: `${kib(result.jsStartupGzipBytes ?? NaN).toFixed(1)} KB gz against the floor's ${kib(floor.jsStartupGzipBytes ?? NaN).toFixed(1)} KB`,
    },
  ]
  const found: Miss[] = []
  // a figure that cannot be worked out (missing) misses: it was not shown to be within
  for (const { name, value, within, budget, timing, figures } of checks) if (within !== true) found.push(miss(route, `${name} ${shownRatio(value)} > ${budget} (${figures})`, [], timing))
  for (const part of result.jsParts ?? [])
    if (part.gzipBytes > FLOOR_BUDGET.partGzipBytes) found.push(miss(route, `part "${part.name}", fetched after start-up, ${part.gzipBytes} B gz > ${FLOOR_BUDGET.partGzipBytes} B (${new URL(part.url).pathname})`))
  // the paints are the timing misses; the JavaScript's (start-up and parts) are sizes
  const isEnforced = (found: Miss) => (found.timing ? enforced.paint : enforced.javascript)
  return {
    row,
    misses: found.filter(isEnforced),
    notes: found.filter((found) => !isEnforced(found)).map((m) => `${route}: ${m.what}; a floor budget, not yet enforced`),
  }
}
