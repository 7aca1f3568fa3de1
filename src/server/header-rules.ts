import type { GatsbyConfig } from "gatsby"

type HeaderRule = NonNullable<GatsbyConfig["headers"]>[number]

export interface CompiledRule {
  test: RegExp
  headers: [string, string][]
}

/**
 * Turns gatsby-config's `headers` sources into matchers, with the pattern
 * syntax Gatsby documents for them: `*` matches anything (including "/"),
 * `:name` one path segment; everything else literally.
 */
export function compileHeaderRules(rules: readonly HeaderRule[]): CompiledRule[] {
  return rules.map((rule) => {
    const pattern = rule.source
      .split(/(\*|:[A-Za-z_][\w]*)/)
      .map((part) => (part === "*" ? ".*" : part.startsWith(":") ? "[^/]+" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
      .join("")
    return { test: new RegExp(`^${pattern}$`), headers: rule.headers.map(({ key, value }) => [key, value] as [string, string]) }
  })
}

/** The headers for a path: every matching rule in order, a later rule's header replacing an earlier one's. */
export function headersFor(rules: readonly CompiledRule[], pathname: string): Record<string, string> {
  const result: Record<string, string> = {}
  for (const rule of rules) {
    if (!rule.test.test(pathname)) continue
    for (const [key, value] of rule.headers) {
      const existing = Object.keys(result).find((name) => name.toLowerCase() === key.toLowerCase())
      if (existing) delete result[existing]
      result[key] = value
    }
  }
  return result
}
