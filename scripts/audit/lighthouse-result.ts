// What the audit reads of a Lighthouse result and what it keeps of a run and
// of a route's runs: the shapes of the audits it reads by id, and
// summarizeRun, which turns one result into the figures and causes a miss
// needs (lighthouse.ts runs Lighthouse; budgets.ts judges these figures).
import type { Result } from "lighthouse"
import type { ObservedTask } from "./lighthouse-trace"
import { CATEGORIES, type Category } from "./measures"
import { oneLine } from "./text"

// ---- the pieces of a Lighthouse result the audit reads

interface NodeDetails {
  selector?: string
  snippet?: string
  nodeLabel?: string
}
/** A row of an audit's details table; rows may nest (items) */
interface DetailsItem {
  node?: NodeDetails
  items?: DetailsItem[]
}
interface LhAudit<Item = DetailsItem> {
  title: string
  score: number | null
  scoreDisplayMode?: string
  displayValue?: string
  numericValue?: number
  metricSavings?: Record<string, number>
  details?: { items?: Item[] }
}
interface LhCategory {
  score: number | null
  auditRefs: { id: string; weight: number }[]
}
/** The audits read by id, with the shape of their details rows */
interface KnownAudits {
  "network-requests": LhAudit<{ url: string; resourceType?: string; transferSize?: number; resourceSize?: number }>
  "lcp-breakdown-insight": LhAudit<{ type: string; selector?: string; snippet?: string; nodeLabel?: string; items?: { subpart: string; duration: number }[] }>
  "long-tasks": LhAudit<{ url: string; duration: number; startTime: number }>
  "bootup-time": LhAudit<{ url: string; total: number; scripting: number }>
  "layout-shifts": LhAudit<{ node?: NodeDetails; score: number }>
  metrics: LhAudit<{ observedFirstContentfulPaint?: number; observedLargestContentfulPaint?: number; observedDomContentLoaded?: number; observedLoad?: number }>
}
interface LhResult {
  audits: Record<string, LhAudit | undefined>
  categories: Partial<Record<Category, LhCategory>>
  runWarnings?: string[]
  environment?: { benchmarkIndex?: number; hostUserAgent?: string }
  lighthouseVersion: string
}
export const view = (lhr: Result): LhResult => lhr as unknown as LhResult

// ---- what the audit keeps of a run, and of a route's runs

export type Scores = Record<Category, number | null>

export interface FailingAudit {
  id: string
  title: string
  score: number | null
  displayValue?: string
  pointsLost: number
  element?: string
}

export interface RunSummary {
  scores: Scores
  lcpMs?: number
  tbtMs?: number
  cls?: number
  fcpMs?: number
  ttiMs?: number
  /** startup: named in the page's HTML (lighthouse.ts, addGzipBytes); a script it does not name is a part fetched later */
  scripts: { url: string; transferSize?: number; resourceSize?: number; gzipBytes?: number; gzipEncoding?: string; startup?: boolean }[]
  jsTransferBytes: number
  /** the document's transferSize in the network records: what Lantern's simulated TCP carries, headers included */
  firstResponseBytes?: number
  lcpElement?: { selector?: string; snippet?: string; label?: string }
  lcpPhases: { phase: string; ms: number }[]
  longTasks: { url: string; ms: number; startMs: number }[]
  bootup: { url: string; totalMs: number; scriptingMs: number }[]
  layoutShifts: { element: string; score: number }[]
  failing: Partial<Record<Category, FailingAudit[]>>
  opportunities: { id: string; title: string; displayValue?: string; savings: Record<string, number> }[]
  warnings: string[]
  benchmarkIndex?: number
  /** the unthrottled trace the simulation starts from */
  observed: { fcp?: number; lcp?: number; dcl?: number; load?: number }
}

/** A script fetched after start-up (not named in the page's HTML), with its own budget (floor-budgets.ts) */
export interface JsPart {
  name: string
  url: string
  gzipBytes: number
}

/** A run's CPU slowdown (calibrated by its benchmarkIndex) and what Lighthouse's own 4x gave for the same load */
export interface Calibration {
  slowdown: number
  tbtMsAt4x?: number
  performanceAt4x?: number
}

/** A route's measurement: the median run's details with each budget figure's median over the valid runs */
export interface Measured extends Omit<RunSummary, "lcpMs" | "tbtMs" | "cls" | "fcpMs" | "firstResponseBytes"> {
  /** the median over the valid runs (the headers' bytes, e.g. the date, may differ by one or two) */
  firstResponseBytes: number | null
  lcpMs: number | null
  tbtMs: number | null
  cls: number | null
  fcpMs: number | null
  /** the median over the valid runs of the unthrottled trace's LCP minus its FCP: how long the largest paint came after the first in the load the simulation starts from */
  observedLcpGapMs: number | null
  observedTasks: ObservedTask[] | undefined
  /** 1-based */
  medianRun: number
  /** every run's figures, with the round it ran in (1-based, counted across the extra rounds too): the floor's run of the same round is its pair */
  runs: (Pick<RunSummary, "scores" | "lcpMs" | "tbtMs" | "cls" | "fcpMs" | "benchmarkIndex"> & Partial<Calibration> & { round?: number })[]
  /** the median TBT over the valid runs at Lighthouse's own 4x CPU slowdown, uncalibrated */
  tbtMsAt4x?: number | null
  errors: string[]
  lighthouseVersion: string
  userAgent?: string
  jsGzipBytes?: number
  /** the scripts named in the page's HTML, gzip (FLOOR_BUDGET.jsRatio) */
  jsStartupGzipBytes?: number
  /** the scripts fetched after start-up, each with its own budget (FLOOR_BUDGET.partGzipBytes) */
  jsParts?: JsPart[]
  jsGzipError?: string
  /** control rows: the headers it was served with */
  headers?: string[]
  error?: undefined
}
export type Measurement = Measured | { error: string; headers?: string[] }
export type LighthouseResults = Record<string, Measurement>
export const isMeasured = (measurement: Measurement | undefined): measurement is Measured => measurement !== undefined && measurement.error === undefined

const METRIC_AUDITS = new Set(["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index", "interactive", "max-potential-fid"])

function firstNode(audit: LhAudit | undefined): NodeDetails | undefined {
  const find = (items: DetailsItem[] = []): NodeDetails | undefined => {
    for (const item of items) {
      if (item?.node?.selector) return item.node
      const node = item?.items && find(item.items)
      if (node) return node
    }
    return undefined
  }
  return find(audit?.details?.items)
}

/** What a miss needs from a Lighthouse result: metrics, scores and their causes. */
export function summarizeRun(lhr: LhResult): RunSummary {
  const audit = <Id extends keyof KnownAudits>(id: Id) => lhr.audits[id] as KnownAudits[Id] | undefined
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, lhr.categories[id]?.score == null ? null : Math.round((lhr.categories[id]?.score ?? 0) * 100)])) as Scores
  const requests = audit("network-requests")?.details?.items ?? []
  const scripts = requests.filter((item) => item.resourceType === "Script")
  // Lighthouse 13: the LCP element and its subparts (TTFB, load delay, load
  // duration, render delay) come from the LCP breakdown insight, which
  // replaced the largest-contentful-paint-element audit
  const lcpBreakdown = audit("lcp-breakdown-insight")?.details?.items ?? []
  const lcpNode = lcpBreakdown.find((item) => item.type === "node")
  const lcpPhases = (lcpBreakdown.find((item) => item.type === "table")?.items ?? []).map((item) => ({ phase: item.subpart, ms: Math.round(item.duration) }))

  const failing: RunSummary["failing"] = {}
  for (const id of CATEGORIES) {
    const category = lhr.categories[id]
    if (!category) continue
    const totalWeight = category.auditRefs.reduce((sum, ref) => sum + ref.weight, 0)
    failing[id] = category.auditRefs
      .map((ref) => ({ ref, a: lhr.audits[ref.id] as LhAudit }))
      .filter(({ ref, a }) => ref.weight > 0 && a.score !== null && a.score < 1)
      .map(({ ref, a }) => {
        const node = firstNode(a)
        return {
          id: ref.id,
          title: a.title,
          score: a.score,
          displayValue: a.displayValue,
          pointsLost: Math.round(((ref.weight * (1 - (a.score ?? 0))) / totalWeight) * 1000) / 10,
          element: node ? `${node.selector}${node.snippet ? ` ${oneLine(node.snippet)}` : ""}` : undefined,
        }
      })
      .sort((a, b) => b.pointsLost - a.pointsLost)
  }
  // performance diagnostics and insights that name savings, largest first
  const opportunities = (lhr.categories.performance?.auditRefs ?? [])
    .filter((ref) => ref.weight === 0)
    .map((ref) => ({ id: ref.id, a: lhr.audits[ref.id] as LhAudit }))
    .filter(({ id, a }) => !METRIC_AUDITS.has(id) && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable")
    .map(({ id, a }) => ({ id, title: a.title, displayValue: a.displayValue, savings: a.metricSavings ?? {} }))
    .sort((a, b) => (b.savings.TBT ?? 0) + (b.savings.LCP ?? 0) - (a.savings.TBT ?? 0) - (a.savings.LCP ?? 0))
  const metrics = audit("metrics")?.details?.items?.[0]
  return {
    scores,
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue,
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue,
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue,
    fcpMs: lhr.audits["first-contentful-paint"]?.numericValue,
    ttiMs: lhr.audits.interactive?.numericValue,
    scripts: scripts.map((item) => ({ url: item.url, transferSize: item.transferSize, resourceSize: item.resourceSize })),
    jsTransferBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    firstResponseBytes: requests.find((item) => item.resourceType === "Document")?.transferSize,
    lcpElement: lcpNode ? { selector: lcpNode.selector, snippet: lcpNode.snippet, label: lcpNode.nodeLabel } : undefined,
    lcpPhases,
    longTasks: (audit("long-tasks")?.details?.items ?? []).slice(0, 5).map((item) => ({ url: item.url, ms: Math.round(item.duration), startMs: Math.round(item.startTime) })),
    bootup: (audit("bootup-time")?.details?.items ?? []).slice(0, 4).map((item) => ({ url: item.url, totalMs: Math.round(item.total), scriptingMs: Math.round(item.scripting) })),
    layoutShifts: (audit("layout-shifts")?.details?.items ?? []).slice(0, 5).map((item) => ({ element: item.node?.selector ?? item.node?.nodeLabel ?? "(unknown)", score: item.score })),
    failing,
    opportunities: opportunities.slice(0, 6),
    warnings: lhr.runWarnings ?? [],
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    observed: { fcp: metrics?.observedFirstContentfulPaint, lcp: metrics?.observedLargestContentfulPaint, dcl: metrics?.observedDomContentLoaded, load: metrics?.observedLoad },
  }
}
