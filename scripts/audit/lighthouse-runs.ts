#!/usr/bin/env -S npx tsx
// `npm run lighthouse-runs -- <url> [runs]`: Lighthouse 13 (mobile, simulated
// throttling, performance only) run by run on one URL of a server that is
// already running, to look at how a metric spreads; `npm run audit` is the
// measurement against the budgets. Prints each run's score, FCP, LCP and TBT
// (simulated, ms), the long tasks behind TBT and Lighthouse's benchmarkIndex,
// the page's tasks in the unthrottled trace with wall and CPU time,
// then how many runs missed TBT <= 50 ms. Each run's CPU slowdown is
// calibrated by its benchmarkIndex as in the audit (lighthouse-calibration.ts),
// with its TBT at Lighthouse's own 4x beside it. One Chromium for all runs, as
// the audit has.
//
// The figures on TBT and Cross-Origin-Opener-Policy in docs/serving.md came from this,
// run with Lighthouse 12,
// e.g. `npm run lighthouse-runs -- http://127.0.0.1:9000/contact 10`.
//
// --slowdown=<x> simulates every run with that CPU slowdown instead. The
// calibration never goes above Lighthouse's 4x, so a fast host (index 3,500)
// simulates a faster phone than CI's hosts (1,050-2,000) do; 4 x index / 1500
// (about 9 on such a host) looks at the page as they would simulate it.
import * as lighthouseTrace from "./lighthouse-trace"
import { LIGHTHOUSE_SETTINGS, launchForLighthouse, runCalibrated } from "./lighthouse-settings"

const args = process.argv.slice(2)
const slowdownArg = args.find((arg) => arg.startsWith("--slowdown="))
const [url, runsArg = "5"] = args.filter((arg) => arg !== slowdownArg)
const runs = Number(runsArg)
const slowdownOverride = slowdownArg === undefined ? undefined : Number(slowdownArg.slice("--slowdown=".length))
if (!url || !/^https?:\/\//.test(url) || !Number.isInteger(runs) || runs < 1 || (slowdownOverride !== undefined && !(slowdownOverride >= 1))) {
  console.error("Usage: npm run lighthouse-runs -- <http(s) URL of a running server> [runs, default 5] [--slowdown=<x >= 1>]")
  process.exit(2)
}

const chrome = await launchForLighthouse()
const tbts: number[] = []
try {
  for (let run = 1; run <= runs; run += 1) {
    const { result, uncalibrated, slowdown } = await runCalibrated(url, { port: chrome.port, ...LIGHTHOUSE_SETTINGS, onlyCategories: ["performance"] }, slowdownOverride)
    const lhr = result?.lhr
    if (!lhr || lhr.runtimeError) {
      console.log(`run ${run}: error ${lhr?.runtimeError?.code ?? "no result"}`)
      continue
    }
    const metric = (id: string): number => Math.round(lhr.audits[id]?.numericValue ?? NaN)
    const tbt = metric("total-blocking-time")
    tbts.push(tbt)
    const tasks = ((lhr.audits["long-tasks"]?.details as { items?: { url: string; startTime: number; duration: number }[] } | undefined)?.items ?? []).map((task) => `${String(task.url).replace(new URL(url).origin, "")} @${Math.round(task.startTime)} ${Math.round(task.duration)} ms`)
    console.log(
      `run ${run}: performance ${Math.round((lhr.categories.performance?.score ?? NaN) * 100)}, FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, TBT ${tbt}, benchmarkIndex ${Math.round(lhr.environment.benchmarkIndex)}, CPU slowdown ${slowdown.toFixed(2)}x (at 4x: TBT ${Math.round(uncalibrated?.lhr.audits["total-blocking-time"]?.numericValue ?? NaN)})${tasks.length ? `; long tasks: ${tasks.join(", ")}` : ""}`,
    )
    console.log(`  unthrottled trace, tasks of 12.5 ms or more: ${lighthouseTrace.formatObservedTasks(lighthouseTrace.observedTasks(result?.artifacts?.Trace as { traceEvents?: unknown[] } | undefined))}`)
  }
} finally {
  await chrome.kill()
}
console.log(`TBT over 50 ms in ${tbts.filter((tbt) => tbt > 50).length} of ${tbts.length} runs: ${tbts.join(", ")}`)
