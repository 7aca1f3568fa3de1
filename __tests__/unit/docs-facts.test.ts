/**
 * Facts the docs state about the code, read from the code: the audit's
 * budgets (docs/audit.md), the content model's directives (README.md) and
 * how `gatsby serve` differs from `npm start` (docs/serving.md).
 * A constant changed without its line of the docs fails here, naming both.
 */
import fs from "node:fs"
import http from "node:http"
import path from "node:path"
import { Kind, parse } from "graphql"
import { BUDGET, FLOOR_BUDGET, FLOOR_BUDGET_ENFORCED } from "../../scripts/audit/budgets"
import { SITE_DIRECTIVES } from "../../src/content/schema"
import { readServerConfig } from "../../src/server/server-config"

const ROOT = path.join(__dirname, "..", "..")
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8")

/** The text of a docs section, from its heading to the next heading of the same or a higher level */
function section(markdown: string, heading: string): string {
  const level = /^#+/.exec(heading)?.[0].length ?? 0
  const lines = markdown.split("\n")
  const start = lines.indexOf(heading)
  if (start < 0) throw new Error(`no heading "${heading}"`)
  const end = lines.findIndex((line, i) => i > start && new RegExp(`^#{1,${level}} `).test(line))
  return lines.slice(start + 1, end < 0 ? undefined : end).join("\n")
}

/** Every "`GROUP.key` = value" a docs section states */
const statedConstants = (text: string) =>
  [...text.matchAll(/`((?:FLOOR_)?BUDGET)\.(\w+)` = ([\d.]+)/g)].map(([, group, key, value]) => [`${group}.${key}`, Number(value)] as const)

describe("docs/audit.md, The budgets", () => {
  const audit = read("docs/audit.md")
  const enforced = section(audit, "### Enforced: a miss fails the audit (exit 1)")
  const reported = section(audit, "### Reported only: printed, never failing a plain run")
  const budget = Object.entries(BUDGET).map(([key, value]) => [`BUDGET.${key}`, value] as const)
  const floor = Object.entries(FLOOR_BUDGET).map(([key, value]) => [`FLOOR_BUDGET.${key}`, value] as const)

  it("lists every enforced budget with its value, and nothing else as enforced", () => {
    expect(statedConstants(enforced).sort()).toEqual([...budget, ...(FLOOR_BUDGET_ENFORCED ? floor : [])].sort())
  })

  it("lists the floor's budgets as reported only while they are not enforced", () => {
    expect(statedConstants(reported).sort()).toEqual(FLOOR_BUDGET_ENFORCED ? [] : [...floor].sort())
    expect(reported).toContain(`\`FLOOR_BUDGET_ENFORCED = ${FLOOR_BUDGET_ENFORCED}\``)
  })

  it("names the routes each enforced budget of BUDGET holds on, the JavaScript budget on the home page only", () => {
    const rows = enforced.split("\n").filter((line) => line.startsWith("| ") && /`BUDGET\./.test(line))
    const routes = Object.fromEntries(rows.map((row) => [/`BUDGET\.(\w+)`/.exec(row)?.[1], row.split("|").at(-2)?.trim()]))
    expect(routes).toEqual({
      score: "every public route (Lighthouse's routes: the 404 and form pages are left out)",
      lcpMs: "every public route",
      tbtOverFloorMs: "every public route",
      cls: "every public route",
      homeJsKiB: "`/` only",
    })
  })
})

describe("README.md, the content model's directives", () => {
  const defined = parse(read("src/content/directives.graphql"))
    .definitions.flatMap((definition) => (definition.kind === Kind.DIRECTIVE_DEFINITION ? [definition.name.value] : []))
    .sort()

  it("names every directive the model's SDL may use", () => {
    const readme = read("README.md")
    const entry = /^ {2}directives\.graphql .*\n(?: {22}.*\n)*/m.exec(readme)?.[0] ?? ""
    expect([...entry.matchAll(/@(\w+)/g)].map(([, name]) => name).sort()).toEqual(defined)
  })

  it("defines every directive the site's own code reads and takes out of Gatsby's SDL", () => {
    expect(defined).toEqual(expect.arrayContaining(SITE_DIRECTIVES))
  })
})

describe("docs/serving.md, what `gatsby serve` is", () => {
  // the paragraph that says so, from its bold lead to the next blank line, its lines joined
  const paragraph =
    /^\*\*`gatsby serve` is a local preview, not for the public\.\*\*[^]*?(?=\n\n)/m.exec(read("docs/serving.md"))?.[0].replace(/\s+/g, " ") ?? ""

  it("says plainly that it is not for the public, and what a visitor would meet there", () => {
    expect(paragraph).toMatch(/malformed multipart body gets Express's bare `500/)
    expect(paragraph).toMatch(/`npm start` refuses it with a 4xx and the site's own page/)
  })

  it("gives the limits on a slow sender that each server has: npm start's defaults, and Node's own under gatsby serve", () => {
    const server = readServerConfig({})
    const node = http.createServer()
    expect(paragraph).toContain(`its headers within ${node.headersTimeout / 1000} s, the whole request within ${node.requestTimeout / 60_000} minutes`)
    expect(paragraph).toContain(`not \`npm start\`'s ${server.headersTimeoutMs / 1000} s and ${server.requestTimeoutMs / 1000} s`)
  })
})
