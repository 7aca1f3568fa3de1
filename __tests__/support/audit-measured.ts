// A route's Lighthouse measurement as the audit keeps it (lighthouse-result.ts,
// Measured), for the unit tests of the audit's budgets.
import type { Measured } from "../../scripts/audit/lighthouse-result"

export const ORIGIN = "http://127.0.0.1:9000"
export const perfect = { performance: 100, accessibility: 100, "best-practices": 100, seo: 100 }

/** A route's Lighthouse medians that meet every budget (a first response of 10,000 bytes, under the first TCP window; no part fetched later), with five runs (rounds 1 to 5) that do too */
export function measured(overrides: Partial<Measured> = {}): Measured {
  const run = (round: number) => ({ scores: perfect, lcpMs: 1200, tbtMs: 10, cls: 0, fcpMs: 1100, benchmarkIndex: 1500, round })
  return {
    scores: perfect,
    lcpMs: 1200,
    tbtMs: 10,
    cls: 0,
    fcpMs: 1100,
    observedLcpGapMs: 0,
    scripts: [{ url: `${ORIGIN}/app.js`, gzipBytes: 90 * 1024 }],
    jsTransferBytes: 80_000,
    jsGzipBytes: 90 * 1024,
    jsStartupGzipBytes: 70 * 1024, // 1.09x the floor's: within
    jsParts: [],
    firstResponseBytes: 10_000,
    lcpPhases: [],
    longTasks: [],
    bootup: [],
    layoutShifts: [],
    failing: {},
    opportunities: [],
    warnings: [],
    observed: {},
    observedTasks: [],
    medianRun: 3,
    runs: [1, 2, 3, 4, 5].map(run),
    errors: [],
    lighthouseVersion: "13.5.0",
    ...overrides,
  }
}

/** Runs of the given TBTs, one per round from round 1 on (or in the rounds given) */
export const tbtRuns = (tbts: number[], rounds = tbts.map((_, index) => index + 1)) =>
  tbts.map((tbtMs, index) => ({ scores: perfect, lcpMs: 1200, tbtMs, cls: 0, fcpMs: 1100, benchmarkIndex: 1500, round: rounds[index] }))

/** The floor as measured: first paint 1000 ms, largest 1100 ms, 64 KiB of gzip JavaScript, all of it at start-up, TBT 0 in rounds 1 to 5 */
export const floorMeasured = measured({
  fcpMs: 1000,
  lcpMs: 1100,
  jsGzipBytes: 64 * 1024,
  jsStartupGzipBytes: 64 * 1024,
  tbtMs: 0,
  runs: tbtRuns([0, 0, 0, 0, 0]),
})
