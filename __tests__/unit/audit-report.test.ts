import { type Miss, type Row } from "../../scripts/audit/budgets"
import { FLOOR } from "../../scripts/audit/measures"
import { parseOptions, type Options } from "../../scripts/audit/options"
import { formatFloorTable, formatTable, verdict } from "../../scripts/audit/report"
import * as calibration from "../../scripts/audit/lighthouse-calibration"

const { calibratedSlowdown } = calibration

const perfect = { performance: 100, accessibility: 100, "best-practices": 100, seo: 100 }
const all = { lh: true, axe: true, html: true, links: true }

describe("the audit's table", () => {
  const rows: Row[] = [
    {
      route: "/",
      kind: "public",
      scores: { ...perfect, performance: 98 },
      lcpMs: 1280,
      tbtMs: 120,
      tbtOverFloorMs: 10,
      cls: 0,
      jsGzipBytes: 97_226,
      axe: { 375: 0, 1440: 0 },
      htmlErrors: 0,
      broken: 0,
    },
    {
      route: "/product",
      kind: "public",
      scores: perfect,
      lcpMs: 1620,
      tbtMs: 51.4,
      tbtOverFloorMs: 25.6,
      cls: 0.012,
      jsGzipBytes: 98_000,
      axe: { 375: 2, 1440: "err" },
      htmlErrors: 3,
      broken: 1,
    },
    {
      route: "/privacy",
      kind: "public",
      scores: perfect,
      lcpMs: 900,
      tbtMs: 12,
      tbtOverFloorMs: null,
      cls: 0,
      jsGzipBytes: 80_000,
      axe: { 375: 0, 1440: 0 },
      htmlErrors: 0,
      broken: 0,
    },
    { route: "/thank-you", kind: "noindex", axe: { 375: 0, 1440: 0 }, htmlErrors: 0, broken: 0 },
    { route: "/no-such-page", kind: "404", axe: { 375: 0, 1440: 0 }, htmlErrors: 0, broken: 0 },
    { route: "(control: no headers)", kind: "control", scores: perfect, lcpMs: 630, tbtMs: 0, tbtOverFloorMs: -40, cls: 0 },
  ]

  it("prints every column at its width, marks each miss with * and what was not measured with –", () => {
    // TBT as measured is never marked; TBT-floor (the median of the rounds' differences) is, over 25 ms or not worked out on a public route
    expect(formatTable(rows, all).split("\n")).toEqual([
      "Route                  Perf  A11y    BP   SEO  LCP s  TBT ms  TBT-floor    CLS  JS KB gz  axe 375/1440  HTML err  Broken",
      "--------------------- ----- ----- ----- ----- ------ ------- ---------- ------ --------- ------------- --------- -------",
      "/                       98*   100   100   100   1.28     120         10  0.000      94.9           0/0         0       0",
      "/product                100   100   100   100  1.62*      51        26* 0.012*      95.7       2*/err*        3*      1*",
      "/privacy                100   100   100   100   0.90      12         –*  0.000      78.1           0/0         0       0",
      "/thank-you (noindex)      –     –     –     –      –       –          –      –         –           0/0         0       0",
      "/no-such-page (404)       –     –     –     –      –       –          –      –         –           0/0         0       0",
      "(control: no headers)   100   100   100   100   0.63       0        -40  0.000         –           –/–         –       –",
    ])
  })

  it("shows – in the columns of a part that did not run", () => {
    const [, , home] = formatTable(rows.slice(0, 1), { lh: false, axe: false, html: true, links: false }).split("\n")
    expect(home).toBe("/         –     –     –     –      –       –          –      –         –             –         0       –")
  })
})

describe("the table against the floor", () => {
  it("prints the floor first, each ratio to two places, * on a ratio over its budget and – on a figure missing", () => {
    const lines = formatFloorTable([
      { route: FLOOR, fcpMs: 637.4, fcpRatio: 1, lcpMs: 770, lcpRatio: 1, jsGzipBytes: 66_662, jsRatio: 1, observedLcpGapMs: 0 },
      { route: "/", fcpMs: 801, fcpRatio: 1.2567, lcpMs: 1357, lcpRatio: 1.7623, jsGzipBytes: 83_251, jsRatio: 1.2489, observedLcpGapMs: 74.6 },
      { route: "/privacy", fcpMs: 640, fcpRatio: 1.004, lcpMs: 700, lcpRatio: 0.9091, jsGzipBytes: undefined, jsRatio: undefined, observedLcpGapMs: null },
    ]).split("\n")
    expect(lines).toEqual([
      "Against the floor          FCP ms  x floor  LCP ms  x floor  JS KB gz  x floor  seen LCP-FCP ms",
      "------------------------- ------- -------- ------- -------- --------- -------- ----------------",
      "(floor: bare Gatsby page)     637     1.00     770     1.00      65.1     1.00                0",
      "/                             801    1.26*    1357    1.76*      81.3    1.25*               75",
      "/privacy                      640     1.00     700     0.91         –        –                –",
    ])
  })
})

describe("the verdict and the exit code", () => {
  const options = (args: string[]) => parseOptions(args) as Options
  const timing: Miss = { route: "/", what: "LCP 1600 ms > 1500 ms", detail: [], timing: true }
  const other: Miss = { route: "/", what: "axe @375 px: 1 violation", detail: [], timing: false }

  it("passes (exit 0) only a full audit with no miss", () => {
    expect(verdict([], options([])).exitCode).toBe(0)
    expect(verdict([timing], options([])).exitCode).toBe(1)
    expect(verdict([], options(["--runs=3"]))).toMatchObject({ partial: true, exitCode: 1 })
    expect(verdict([], options(["--only=html,links"]))).toMatchObject({ partial: true, exitCode: 1 })
  })

  it("--timing-advisory lists the Performance, LCP and TBT misses apart and does not fail on them alone", () => {
    expect(verdict([timing], options(["--timing-advisory"]))).toMatchObject({ failing: [], advisory: [timing], exitCode: 0 })
    expect(verdict([timing, other], options(["--timing-advisory"]))).toMatchObject({ failing: [other], advisory: [timing], exitCode: 1 })
  })

  it("takes the old command line and refuses anything else", () => {
    expect(parseOptions(["--no-build", "--timing-advisory", "--runs=2", "--only=axe,lighthouse"])).toEqual({
      runs: 2,
      only: ["axe", "lighthouse"],
      noBuild: true,
      timingAdvisory: true,
      floorBudgets: false,
    })
    expect(parseOptions([])).toEqual({ runs: 5, only: ["html", "links", "axe", "lighthouse"], noBuild: false, timingAdvisory: false, floorBudgets: false })
    expect(parseOptions(["--floor-budgets"])).toMatchObject({ floorBudgets: true })
    expect(parseOptions(["--runs=0"])).toEqual({ error: "--runs must be a positive whole number" })
    expect(parseOptions(["--only=css"])).toEqual({ error: '--only: unknown part "css"' })
    expect(parseOptions(["--fast"])).toHaveProperty("error", expect.stringMatching(/^Unknown option --fast\./))
  })
})

describe("the CPU slowdown calibration (scripts/audit/lighthouse-settings.ts)", () => {
  it("keeps Lighthouse's 4x from a benchmarkIndex of 1500 up, and never goes above it", () => {
    expect(calibratedSlowdown(1500)).toBe(4)
    expect(calibratedSlowdown(2019)).toBe(4)
    expect(calibratedSlowdown(5000)).toBe(4)
  })
  it("scales 4x by the index below 1500, so a slower host simulates the same phone", () => {
    expect(calibratedSlowdown(1125)).toBeCloseTo(3, 10)
    expect(calibratedSlowdown(750)).toBeCloseTo(2, 10)
    // a run's simulated CPU time is its observed time × slowdown: the same work on a host half as fast gives the same figure
    expect(10 * calibratedSlowdown(1500)).toBeCloseTo(20 * calibratedSlowdown(750), 10)
  })
  it("never simulates a CPU faster than the host, and falls back to 4x without an index", () => {
    expect(calibratedSlowdown(200)).toBe(1)
    expect(calibratedSlowdown(undefined)).toBe(4)
    expect(calibratedSlowdown(Number.NaN)).toBe(4)
    expect(calibratedSlowdown(0)).toBe(4)
  })
})
