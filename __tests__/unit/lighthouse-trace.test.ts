import { formatObservedTasks, observedTasks } from "../../scripts/audit/lighthouse-trace"

// A made-up trace in Chromium's format: ts, dur and tdur (thread CPU time) in microseconds.
const PAGE = { pid: 7, tid: 1 }
const NAV_TS = 1_000_000
const x = (name: string, at: number, dur: number, tdur?: number, where = PAGE) => ({
  ...where,
  ph: "X",
  name,
  ts: NAV_TS + at * 1000,
  dur: dur * 1000,
  ...(tdur === undefined ? {} : { tdur: tdur * 1000 }),
})

const trace = {
  traceEvents: [
    // the about:blank Lighthouse starts from, in another renderer
    { pid: 3, tid: 1, ph: "R", name: "navigationStart", ts: NAV_TS - 400_000, args: { data: { documentLoaderURL: "about:blank" } } },
    { ...PAGE, ph: "R", name: "navigationStart", ts: NAV_TS, args: { data: { documentLoaderURL: "http://127.0.0.1:9000/contact" } } },
    x("RunTask", -5, 30, 20), // before the navigation: not the page's
    x("RunTask", 30, 40, 12), // the commit: mostly waiting for a core
    x("DocumentLoader::CommitNavigation", 31, 36, 11),
    x("ParseHTML", 60, 5, 5), // inside the commit, but the commit took longer
    x("RunTask", 80, 12, 12), // short: under 12.5 ms
    x("ParseHTML", 80, 11, 11),
    x("RunTask", 100, 30, 25), // style and layout, with a little script
    x("EvaluateScript", 101, 2, 2),
    x("UpdateLayoutTree", 104, 6, 6),
    x("Layout", 111, 15, 14),
    x("Layout", 112, 3, 3), // nested in the Layout above: counted once
    x("RunTask", 105, 20, 20), // nested in the task above: not a task of its own
    x("RunTask", 140, 20), // no CPU time recorded, nothing known inside
    x("RunTask", 100, 60, 60, { pid: 7, tid: 2 }), // another thread
    x("RunTask", 100, 60, 60, { pid: 3, tid: 1 }), // another process
  ],
}

describe("observedTasks", () => {
  it("lists the page's main-thread tasks of 12.5 ms or more after its navigation, with wall and CPU time and what took most of each", () => {
    expect(observedTasks(trace)).toEqual([
      { kind: "navigation commit", startMs: 30, wallMs: 40, cpuMs: 12 },
      { kind: "style and layout", startMs: 100, wallMs: 30, cpuMs: 25 },
      { kind: "other", startMs: 140, wallMs: 20, cpuMs: undefined },
    ])
  })

  it("finds nothing in a trace without the page's navigation", () => {
    expect(observedTasks({ traceEvents: trace.traceEvents.filter((e) => e.name !== "navigationStart" || e.pid !== PAGE.pid) })).toEqual([])
    expect(observedTasks(undefined)).toEqual([])
  })

  it("prints them in one line", () => {
    expect(formatObservedTasks(observedTasks(trace))).toBe(
      "navigation commit @30 ms 40 ms wall / 12 ms CPU; style and layout @100 ms 30 ms wall / 25 ms CPU; other @140 ms 20 ms wall / ? ms CPU",
    )
    expect(formatObservedTasks([])).toBe("none")
  })
})
