// What a budget check returns: a miss (with the details that explain it) or a
// note. Shared by budgets.ts and floor-budgets.ts, and printed by report.ts.

export const kib = (bytes: number): number => bytes / 1024

export interface Miss {
  route: string
  what: string
  detail: string[]
  /** a Performance, LCP, TBT or floor paint miss: advisory under --timing-advisory */
  timing: boolean
}

export interface Findings {
  misses: Miss[]
  /** not misses (the budget is on the median of the runs), but worth knowing */
  notes: string[]
}

export const miss = (route: string, what: string, detail: string[] = [], timing = false): Miss => ({ route, what, detail, timing })
