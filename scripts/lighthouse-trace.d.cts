/** A main-thread task of the measured page in a Lighthouse run's unthrottled trace. */
export interface ObservedTask {
  kind: "navigation commit" | "script" | "style and layout" | "HTML parsing" | "paint" | "other"
  /** from the navigation's start */
  startMs: number
  wallMs: number
  cpuMs: number | undefined
}
/** The measured page's main-thread tasks of 12.5 ms or more (up to 8), with wall and CPU time. */
export declare function observedTasks(trace: { traceEvents?: unknown[] } | undefined): ObservedTask[]
/** "navigation commit @35 ms 41.3 ms wall / 12.4 ms CPU; …", or "none" */
export declare function formatObservedTasks(tasks: ObservedTask[] | undefined): string
