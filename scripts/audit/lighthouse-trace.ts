// What `npm run audit` and `npm run lighthouse-runs` read from the unthrottled
// trace of a Lighthouse run, next to Lighthouse's simulated figures.

/** Trace events that say what a task was busy with */
const KINDS: Record<string, ObservedTask["kind"]> = {
  "DocumentLoader::CommitNavigation": "navigation commit",
  ParseHTML: "HTML parsing",
  UpdateLayoutTree: "style and layout",
  Layout: "style and layout",
  EvaluateScript: "script",
  FunctionCall: "script",
  "v8.callFunction": "script",
  RunMicrotasks: "script",
  TimerFire: "script",
  Paint: "paint",
}

/** A main-thread task of the measured page in a Lighthouse run's unthrottled trace. */
export interface ObservedTask {
  kind: "navigation commit" | "script" | "style and layout" | "HTML parsing" | "paint" | "other"
  /** from the navigation's start */
  startMs: number
  wallMs: number
  cpuMs: number | undefined
}

/** A complete ("X") trace event, as far as this reads it */
interface TraceEvent {
  name: string
  ph?: string
  pid?: number
  tid?: number
  ts: number
  dur: number
  tdur?: number
  args?: { data?: { documentLoaderURL?: string } }
}

/**
 * The measured page's main-thread tasks of 12.5 ms or more in the unthrottled
 * trace Lighthouse simulates from: those are the ones its 4x slower simulated
 * CPU turns into long tasks (50 ms or more). Each with its wall time, which the
 * simulation uses, and the thread's own CPU time: where the two differ the
 * main thread was waiting for one of the machine's cores, busy with Chromium's
 * other processes (the browser process, a renderer starting up). Up to 8
 * tasks, in order; each task's kind is the kind of work that took most of it.
 */
export function observedTasks(trace: { traceEvents?: unknown[] } | undefined): ObservedTask[] {
  const events = (trace?.traceEvents ?? []) as TraceEvent[]
  const navigation = events.find((e) => e.name === "navigationStart" && String(e.args?.data?.documentLoaderURL ?? "").startsWith("http"))
  if (!navigation) return []
  const thread = events.filter((e) => e.pid === navigation.pid && e.tid === navigation.tid && e.ph === "X" && e.dur > 0).sort((a, b) => a.ts - b.ts || b.dur - a.dur)
  const tasks: TraceEvent[] = []
  let end = -Infinity
  for (const e of thread) {
    if (e.name !== "RunTask" || e.ts < end) continue
    end = e.ts + e.dur
    if (e.ts >= navigation.ts && e.dur >= 12_500) tasks.push(e)
  }
  return tasks.slice(0, 8).map((task) => {
    const inside = thread.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur)
    // time per kind of work, counting an event only when no event of the same kind holds it
    const time = new Map<ObservedTask["kind"], number>()
    const openUntil = new Map<ObservedTask["kind"], number>()
    for (const e of inside) {
      const kind = KINDS[e.name]
      if (!kind || e.ts < (openUntil.get(kind) ?? -Infinity)) continue
      openUntil.set(kind, e.ts + e.dur)
      time.set(kind, (time.get(kind) ?? 0) + e.dur)
    }
    const kind = [...time].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "other"
    return { kind, startMs: Math.round((task.ts - navigation.ts) / 1000), wallMs: Math.round(task.dur / 100) / 10, cpuMs: task.tdur == null ? undefined : Math.round(task.tdur / 100) / 10 }
  })
}

/** "navigation commit @35 ms 41.3 ms wall / 12.4 ms CPU; …" */
export function formatObservedTasks(tasks: ObservedTask[] | undefined): string {
  if (!tasks?.length) return "none"
  return tasks.map((t) => `${t.kind} @${t.startMs} ms ${t.wallMs} ms wall / ${t.cpuMs ?? "?"} ms CPU`).join("; ")
}
