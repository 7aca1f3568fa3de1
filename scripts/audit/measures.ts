// What the audit measures, which the measuring modules (axe.ts, lighthouse.ts)
// and the judging ones (budgets.ts, report.ts) all name: the Lighthouse
// categories, axe's widths and the rows measured beside the routes. No
// imports: everything else in the audit may import this.

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
