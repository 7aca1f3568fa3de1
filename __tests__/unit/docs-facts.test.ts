/**
 * Facts the docs state about the code, read from the code: the audit's
 * budgets (docs/audit.md), the content model's directives (docs/code-tree.md),
 * how `gatsby serve` differs from `npm start` (docs/serving.md), and that
 * every path the docs quote and every file the code tree names exists.
 * A constant changed without its line of the docs fails here, naming both.
 */
import fs from "node:fs"
import http from "node:http"
import path from "node:path"
import { Kind, parse } from "graphql"
import { BUDGET, FLOOR_BUDGET, FLOOR_BUDGET_ENFORCED } from "../../scripts/audit/budgets"
import { SITE_DIRECTIVES } from "../../src/content/schema"
import { LANGUAGES } from "../../src/lib/languages"
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

  // the floor's budgets in the two halves FLOOR_BUDGET_ENFORCED turns on: the JavaScript's sizes, the paints
  const JAVASCRIPT_KEYS = ["FLOOR_BUDGET.jsRatio", "FLOOR_BUDGET.partGzipBytes"]
  const floorJs = floor.filter(([key]) => JAVASCRIPT_KEYS.includes(key))
  const floorPaint = floor.filter(([key]) => !JAVASCRIPT_KEYS.includes(key))
  const enforcedFloor = [...(FLOOR_BUDGET_ENFORCED.javascript ? floorJs : []), ...(FLOOR_BUDGET_ENFORCED.paint ? floorPaint : [])]
  const reportedFloor = floor.filter((entry) => !enforcedFloor.includes(entry))

  it("lists every enforced budget with its value, and nothing else as enforced", () => {
    expect(floorJs).toHaveLength(2)
    expect(statedConstants(enforced).sort()).toEqual([...budget, ...enforcedFloor].sort())
  })

  it("lists the floor's budgets that are not enforced as reported only, and says which half is", () => {
    expect(statedConstants(reported).sort()).toEqual([...reportedFloor].sort())
    expect(reported).toContain(`\`FLOOR_BUDGET_ENFORCED = { javascript: ${FLOOR_BUDGET_ENFORCED.javascript}, paint: ${FLOOR_BUDGET_ENFORCED.paint} }\``)
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

describe("docs/code-tree.md, the content model's directives", () => {
  const defined = parse(read("src/content/directives.graphql"))
    .definitions.flatMap((definition) => (definition.kind === Kind.DIRECTIVE_DEFINITION ? [definition.name.value] : []))
    .sort()

  it("names every directive the model's SDL may use", () => {
    const tree = read("docs/code-tree.md")
    const entry = /^ {2}directives\.graphql .*\n(?: {22}.*\n)*/m.exec(tree)?.[0] ?? ""
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

/**
 * The docs a newcomer reads: README.md, docs/*.md and the editors' content/README.md.
 *
 * Paths. Every path a doc quotes in a link (and the heading its #anchor
 * names in a Markdown file), or in backticks as a word with a
 * slash or a top-level file's name, names something in the checkout. A word
 * is read from the repository's top level when its first part is there
 * (`src/…`, `gatsby-node.ts`), else from content/ or __tests__/ where the
 * editors' guide and docs/testing.md speak from (`solutions/…`, `unit/…`);
 * any other word (`/contact`, `var/forms`) is not a file of the checkout.
 * A path the build or a tool writes is allowed when .gitignore names it
 * (`public/…`, `src/gatsby-types.d.ts`). An example that is not a real file
 * says so in the path itself: a placeholder in angle brackets or a glob
 * (`content/<folder>/<name>.<code>.json`, `src/content/model/*.graphql`), and
 * then its folder before the placeholder must exist. A worked example's
 * files that the reader is to create (docs/content.md's testimonials) are
 * listed in the doc, in a comment the page does not show:
 * `<!-- docs-facts: files to create: content/testimonials/, … -->`; each
 * needs its folder to exist. Any other path that is not there fails.
 *
 * Content files. Every content file a doc names anywhere, code blocks
 * included (`content/<folder>/<name>…json`, `<folder>/<name>…json` or
 * `<folder>.json` for a folder of content/), carries a language code of
 * src/lib/languages.ts or a placeholder for one (`.en.json`, `.<code>.json`),
 * since the build refuses a content file whose name says no language.
 */
describe("the docs' paths and content files", () => {
  const docs = [
    "README.md",
    "content/README.md",
    ...fs
      .readdirSync(path.join(ROOT, "docs"))
      .filter((name) => name.endsWith(".md"))
      .map((name) => `docs/${name}`),
  ]
  const ignored = fs
    .readFileSync(path.join(ROOT, ".gitignore"), "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#") && !line.startsWith("!"))
  /** Whether .gitignore names the path (its patterns here: a name, a path from the top, `*` within a part) */
  const isIgnored = (file: string) =>
    ignored.some((pattern) => {
      const anchored = pattern.startsWith("/") || pattern.replace(/\/$/, "").includes("/")
      const parts = pattern.replace(/^\/|\/$/g, "").split("/")
      const matches = (part: string, name: string) => new RegExp(`^${part.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*")}$`).test(name)
      const segments = file.split("/")
      const starts = anchored ? [0] : segments.map((_, i) => i)
      return starts.some((start) => parts.every((part, i) => matches(part, segments[start + i] ?? "")))
    })
  const exists = (file: string) => fs.existsSync(path.join(ROOT, file))
  const PLACEHOLDER = /[<*{]|…|\.\.\./
  // Paths in another project that a doc quotes as such, by doc: Lighthouse's own docs/throttling.md
  const ELSEWHERE: Record<string, string[]> = { "docs/audit.md": ["docs/throttling.md"] }
  const bases = ["", "content/", "__tests__/"]

  /** The problem with one quoted word, or undefined when it names a real file or is not a path of the checkout */
  function checkWord(word: string): string | undefined {
    const clean = word.replace(/^["'(]+|["'),.:;]+$/g, "").replace(/#.*$/, "")
    if (!clean || clean.startsWith("/") || /^\w+:/.test(clean) || clean.startsWith("../")) return undefined
    const first = clean.split("/")[0]
    if (!clean.includes("/") && !/\.\w+$/.test(clean)) return undefined
    const from = bases.filter((folder) => first && !PLACEHOLDER.test(first) && exists(folder + first) && (folder === "" || clean.includes("/")))
    if (from.length === 0) return undefined
    const files = from.map((folder) => folder + clean.replace(/\/$/, ""))
    if (PLACEHOLDER.test(clean)) {
      // the folder before the first placeholder
      const folders = files.map((file) =>
        file
          .split("/")
          .filter((_, i, parts) => !parts.slice(0, i + 1).some((part) => PLACEHOLDER.test(part)))
          .join("/"),
      )
      // a generated folder (.gitignore names it) need not exist before a build
      return folders.some((folder) => exists(folder) || isIgnored(folder)) ? undefined : `${word}: its folder ${folders.join(" or ")} is not in the checkout`
    }
    if (files.some((file) => exists(file) || isIgnored(file))) return undefined
    return `${word}: no such file or folder (read as ${files.join(" or ")})`
  }

  /** A Markdown text without its fenced blocks (indented ones in lists too) and comments */
  const prose = (markdown: string) => markdown.replace(/^ *```[^]*?^ *```/gm, "").replace(/<!--[^]*?-->/g, "")
  /** The inline code spans of a Markdown text outside its fenced blocks; a span may run over a line break */
  const codeSpans = (markdown: string) => [...prose(markdown).matchAll(/`([^`]+)`/g)].map(([, span]) => span)
  /** The targets of its links that are files of the checkout, from the doc's folder, with their #anchor if any */
  const links = (markdown: string, doc: string) =>
    [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)]
      .map(([, target]) => /^([^#]*)(?:#(.*))?$/.exec(target!)!)
      .filter(([, file]) => !/^\w+:/.test(file!))
      .map(([, file, anchor]) => ({ file: file ? path.posix.normalize(path.posix.join(path.posix.dirname(doc), file)) : doc, anchor }))
  /** The anchors a Markdown file's headings get on GitHub: lower case, punctuation dropped, spaces as hyphens */
  const anchors = (markdown: string) =>
    [...prose(markdown).matchAll(/^#+ (.*)$/gm)].map(([, heading]) =>
      heading!
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, "")
        .replace(/\s/g, "-"),
    )

  it.each(docs)("%s quotes only paths that exist", (doc) => {
    const markdown = read(doc)
    const toCreate = [...markdown.matchAll(/<!-- docs-facts: files to create: ([^]*?) -->/g)].flatMap(([, list]) => list!.split(/,\s*/))
    const created = (word: string) => toCreate.find((file) => word === file || (file.endsWith("/") && word.startsWith(file)))
    const problems = [
      ...toCreate.flatMap((file) => (exists(path.posix.dirname(file.replace(/\/$/, ""))) ? [] : [`${file} (to create): its folder is not in the checkout`])),
      ...codeSpans(markdown).flatMap((span) =>
        span!.split(/\s+/).flatMap((word) => (ELSEWHERE[doc]?.includes(word) || created(word) ? [] : (checkWord(word) ?? []))),
      ),
      ...links(markdown, doc).flatMap(({ file, anchor }) => {
        if (!exists(file)) return [`link to ${file}: no such file or folder`]
        if (anchor && file.endsWith(".md") && !anchors(read(file)).includes(anchor)) return [`link to ${file}#${anchor}: no such heading`]
        return []
      }),
    ]
    expect(problems).toEqual([])
  })

  /**
   * docs/code-tree.md: each entry of the tree (its first column; an indented
   * one is inside the folder above it) exists, and so does every file its
   * description names with an extension: a path from the top or the entry's
   * folder, a bare name anywhere in the project (`start.mjs`), a glob
   * (`cms-backend-*.ts`) at least once. Name files with their extension there.
   */
  it("docs/code-tree.md names only files and folders that exist", () => {
    const tree = /^```\n([^]*?)^```/m.exec(read("docs/code-tree.md"))?.[1] ?? ""
    // what is not the project's own: dependencies, git, and what the build, tests and tools write at the top
    const skipped = new Set(["node_modules", ".git", ".cache", "public", "var", "audit", "screenshots", "test-results"])
    const walk = (dir: string): string[] =>
      fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
        if (entry.name === "node_modules" || (dir === "" && skipped.has(entry.name))) return []
        const file = path.posix.join(dir, entry.name)
        return entry.isDirectory() ? walk(file) : [file]
      })
    const names = new Set(walk("").map((file) => path.posix.basename(file)))
    const glob = (name: string) => new RegExp(`^${name.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`)
    const problems: string[] = []
    let parent = ""
    let entry = ""
    for (const line of tree.split("\n").filter(Boolean)) {
      let description = line
      if (!line.startsWith(" ".repeat(22))) {
        const [, indent = "", name = "", rest = ""] = /^( *)(\S+)(.*)$/.exec(line)!
        entry = indent ? parent + name : name
        if (!indent) parent = name.endsWith("/") ? name : ""
        description = rest
        if (!exists(entry)) problems.push(`${entry}: no such file or folder`)
      }
      const folder = entry.endsWith("/") ? entry : path.posix.dirname(entry) + "/"
      for (const [file] of description.matchAll(/[\w.*<>-]+(?:\/[\w.*<>-]+)*\.(?:tsx?|mjs|cjs|js|css|graphql|json|md|toml|html)\b/g)) {
        if (file.includes("<")) continue
        const found = file.includes("/")
          ? [file, folder + file, parent + file].some((candidate) => exists(candidate) || isIgnored(candidate))
          : [...names].some((name) => glob(file).test(name))
        if (!found) problems.push(`${file} (in the entry of ${entry}): no such file`)
      }
    }
    expect(problems).toEqual([])
  })

  const folders = fs.readdirSync(path.join(ROOT, "content")).filter((name) => fs.statSync(path.join(ROOT, "content", name)).isDirectory())
  // a language's code, a placeholder for one, or a glob for every language (forms.*.json)
  const coded = new RegExp(`\\.(?:${LANGUAGES.map((language) => language.code).join("|")}|<\\w+>|\\*)\\.json$`)

  it.each(docs)("%s names every content file with its language", (doc) => {
    const names = [...read(doc).matchAll(/[\w<>*.-]*(?:\/[\w<>*.-]+)*\.json\b/g)].map(([name]) => name)
    const content = names.filter((name) => {
      const parts = name.replace(/^content\//, "").split("/")
      if (name.startsWith("content/")) return true
      // a content file sits in its folder, never deeper (contact/submissions/<id>.json is the forms' store)
      return parts.length === 2 ? folders.includes(parts[0]!) : parts.length === 1 && folders.includes(name.split(".")[0]!)
    })
    expect(content.filter((name) => !coded.test(name))).toEqual([])
  })
})
