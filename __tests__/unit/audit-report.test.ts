import { type Row } from "../../scripts/audit/budgets"
import { type Miss } from "../../scripts/audit/findings"
import { FLOOR } from "../../scripts/audit/measures"
import { parseOptions, type Options } from "../../scripts/audit/options"
import { enforcementSentence, formatFloorTable, formatTable, verdict } from "../../scripts/audit/report"
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
  it("prints each route's first response and paint budget, each ratio to two places, * on a figure over its budget, the start-up JavaScript, the total and each part", () => {
    const part = (name: string, gzipBytes: number) => ({ name, url: `http://127.0.0.1:9000/${name}-0123456789abcdef0123.js`, gzipBytes })
    const lines = formatFloorTable([
      {
        route: FLOOR,
        firstResponseBytes: 1_912,
        fcpMs: 637.4,
        fcpRatio: 1,
        lcpMs: 770,
        lcpRatio: 1,
        jsStartupGzipBytes: 66_662,
        jsRatio: 1,
        jsGzipBytes: 66_662,
        jsParts: [],
        observedLcpGapMs: 0,
      },
      {
        route: "/",
        firstResponseBytes: 12_280,
        paintAllowanceMs: 0,
        fcpMs: 801,
        fcpRatio: 1.2567,
        fcpWithin: false,
        lcpMs: 1357,
        lcpRatio: 1.7623,
        lcpWithin: false,
        jsStartupGzipBytes: 83_251,
        jsRatio: 1.2489,
        jsGzipBytes: 90_400,
        jsParts: [part("gallery-slider", 7_149)],
        observedLcpGapMs: 74.6,
      },
      {
        route: "/estimate",
        firstResponseBytes: 21_304,
        paintAllowanceMs: 150,
        fcpMs: 840,
        fcpRatio: 1.3187,
        fcpWithin: true,
        lcpMs: 1020,
        lcpRatio: 1.3247,
        lcpWithin: true,
        jsStartupGzipBytes: 68_000,
        jsRatio: 1.0201,
        jsGzipBytes: 87_450,
        jsParts: [part("estimator", 12_000), part("estimate-charts", 12_001)],
        observedLcpGapMs: 0,
      },
      {
        route: "/privacy",
        firstResponseBytes: null,
        paintAllowanceMs: 0,
        fcpMs: 640,
        fcpRatio: 1.004,
        fcpWithin: true,
        lcpMs: 700,
        lcpRatio: 0.9091,
        lcpWithin: true,
        observedLcpGapMs: null,
      },
    ]).split("\n")
    expect(lines).toEqual([
      "Against the floor         1st resp B paint budget  FCP ms  x floor  LCP ms  x floor JS start KB  x floor JS all KB  seen LCP-FCP ms  parts B gz (each <= 12000)",
      "------------------------- ---------- ------------ ------- -------- ------- -------- ----------- -------- --------- ----------------  --------------------------",
      "(floor: bare Gatsby page)       1912            –     637     1.00     770     1.00        65.1     1.00      65.1                0  none",
      "/                              12280        1.15x     801    1.26*    1357    1.76*        81.3    1.25*      88.3               75  gallery-slider 7149",
      "/estimate                      21304  1.15x+150ms     840     1.32    1020     1.32        66.4     1.02      85.4                0  estimator 12000, estimate-charts 12001*",
      "/privacy                           –        1.15x     640     1.00     700     0.91           –        –         –                –  –",
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

describe("the floor table's word on enforcement", () => {
  it("says which of the floor's budgets fail the audit", () => {
    expect(enforcementSentence({ javascript: true, paint: true })).toBe("Enforced.")
    expect(enforcementSentence({ javascript: true, paint: false })).toMatch(/^The JavaScript budgets are enforced; the paints' are not yet/)
    expect(enforcementSentence({ javascript: false, paint: false })).toMatch(/^Not yet enforced/)
  })
})
