// The audit's command-line options (for working on one part; a run with
// --only or --runs is not a full audit):
//   --no-build        use public/ as it is, even when it is older than the sources
//   --runs=N          Lighthouse runs per route (default 5)
//   --only=a,b        run only some of: html, links, axe, lighthouse
//   --timing-advisory report misses of the Performance score, LCP and TBT but
//                     do not fail on them; every other budget still fails the
//                     audit. For a machine busy with other work, where timings
//                     say little; CI runs the audit without it.
//   --floor-budgets   fail on every one of the floor's budgets (floor-budgets.ts,
//                     FLOOR_BUDGET), the paints too, which FLOOR_BUDGET_ENFORCED
//                     leaves as notes.

export const PARTS = ["html", "links", "axe", "lighthouse"] as const
export type Part = (typeof PARTS)[number]
export const DEFAULT_RUNS = 5

export interface Options {
  runs: number
  only: string[]
  noBuild: boolean
  timingAdvisory: boolean
  floorBudgets: boolean
}

/** The options of args, or the message to exit 2 with. */
export function parseOptions(args: string[]): Options | { error: string } {
  const option = (name: string): string | undefined =>
    args.find((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`))?.split("=")[1] ?? (args.includes(`--${name}`) ? "" : undefined)
  for (const arg of args) {
    if (!/^--(no-build|timing-advisory|floor-budgets|runs=\d+|only=[a-z,]+)$/.test(arg)) {
      return { error: `Unknown option ${arg}. Options: --no-build, --timing-advisory, --floor-budgets, --runs=N, --only=html,links,axe,lighthouse` }
    }
  }
  const runs = Number(option("runs") ?? DEFAULT_RUNS)
  if (!Number.isInteger(runs) || runs < 1) return { error: "--runs must be a positive whole number" }
  const only = option("only")?.split(",").filter(Boolean) ?? [...PARTS]
  for (const part of only) if (!(PARTS as readonly string[]).includes(part)) return { error: `--only: unknown part "${part}"` }
  return { runs, only, noBuild: option("no-build") !== undefined, timingAdvisory: option("timing-advisory") !== undefined, floorBudgets: option("floor-budgets") !== undefined }
}

/** The parts left out and a --runs other than the default: such an audit is partial and cannot pass. */
export function skippedParts(options: Options): Part[] {
  return PARTS.filter((part) => !options.only.includes(part))
}
export const isPartial = (options: Options): boolean => skippedParts(options).length > 0 || options.runs !== DEFAULT_RUNS
