// What the audit measures, which the measuring modules (axe.ts, lighthouse.ts)
// and the judging ones (budgets.ts, report.ts) all name: the Lighthouse
// categories, axe's widths, the rows measured beside the routes and the
// median every figure is taken as. No imports: everything else in the audit
// may import this.

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const
export type Category = (typeof CATEGORIES)[number]

/** The widths axe runs at */
export const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
] as const

/** The control page's two rows (see startControlServer): with the headers the site sends, and with none */
export const CONTROLS = [
  { route: "(control: site headers)", siteHeaders: true },
  { route: "(control: no headers)", siteHeaders: false },
] as const

/** The floor's row (floor.ts): a bare Gatsby page, measured in the same rounds as the routes */
export const FLOOR = "(floor: bare Gatsby page)"

/** The median of the numbers among values (null when there are none). */
export function medianOf(values: (number | null | undefined)[]): number | null {
  const known = values.filter((value): value is number => typeof value === "number").sort((a, b) => a - b)
  if (known.length === 0) return null
  const middle = Math.floor(known.length / 2)
  return known.length % 2 ? (known[middle] as number) : ((known[middle - 1] as number) + (known[middle] as number)) / 2
}
