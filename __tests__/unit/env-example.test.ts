/**
 * .env.example lists every environment variable the site and its tools read:
 * the code of src/, scripts/, netlify/, the test rigs npm scripts run (__tests__/rigs/) and gatsby-*.ts is scanned for reads,
 * and a variable read but not listed, or listed but no longer read, fails
 * here by name.
 */
import fs from "node:fs"
import path from "node:path"

const ROOT = path.join(__dirname, "..", "..")
const SCANNED = ["src", "scripts", "netlify", "__tests__/rigs"]
const CODE = /\.(?:[cm]?[jt]s|tsx)$/
/** Generated, or no code of ours */
const SKIPPED = new Set(["src/gatsby-types.d.ts"])
/** Set by the system or by npm, never by someone running the site */
const NOT_OURS = new Set(["PATH", "npm_lifecycle_event"])

function codeFiles(): string[] {
  const top = fs.readdirSync(ROOT).filter((name) => /^gatsby-.*\.tsx?$/.test(name))
  const walk = (dir: string): string[] =>
    fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
      const file = `${dir}/${entry.name}`
      if (entry.isDirectory()) return ["node_modules", ".cache", "public"].includes(entry.name) ? [] : walk(file) // installed and built files (the audit builds its floor in scripts/audit/floor/)
      return CODE.test(entry.name) && !SKIPPED.has(file) ? [file] : []
    })
  return [...top, ...SCANNED.flatMap(walk)]
}

/** The source without its comments (a `//` after a colon or a quote is part of a string: http://…) */
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1")

/** An environment object: process.env (also as globalThis.process.env) or a parameter named env */
const ENV = String.raw`(?<![\w.$"'])(?:(?:globalThis\.)?process\.env|env)`
const NAME = String.raw`([A-Za-z_][A-Za-z0-9_]*)`
const MEMBER = new RegExp(String.raw`(delete\s+)?${ENV}\??\.${NAME}(\s*=(?!=))?`, "g")
const INDEXED = new RegExp(String.raw`(delete\s+)?${ENV}\??\.?\[\s*["'\x60]${NAME}["'\x60]\s*\](\s*=(?!=))?`, "g")
/** A helper that reads env[name] for the name it is given: its definition, the nearest before the read */
const HELPER = /(?:function\s+(\w+)\s*\(|const\s+(\w+)\s*=\s*\()/g

interface Use {
  name: string
  where: string
}

/** Every read of a variable, and every variable the code sets itself (for a tool or a build it starts) */
function scan(): { reads: Use[]; sets: Set<string> } {
  const reads: Use[] = []
  const sets = new Set<string>()
  for (const file of codeFiles()) {
    const code = withoutComments(fs.readFileSync(path.join(ROOT, file), "utf8"))
    const where = (index: number) => `${file}:${code.slice(0, index).split("\n").length}`
    for (const pattern of [MEMBER, INDEXED]) {
      for (const match of code.matchAll(pattern)) {
        const [, removed, name, assigned] = match
        // a delete (the audit's server sends no mail) neither reads nor sets
        if (!name || removed) continue
        if (assigned) sets.add(name)
        else reads.push({ name, where: where(match.index) })
      }
    }
    // helpers such as whole(env, "PORT", …) or days("FORMS_RETAIN_KEY_DAYS", …): read env[name] for a name passed to them
    for (const read of code.matchAll(new RegExp(String.raw`${ENV}\[\s*[a-z]\w*\s*\]`, "g"))) {
      const helper = [...code.slice(0, read.index).matchAll(HELPER)].at(-1)
      const helperName = helper?.[1] ?? helper?.[2]
      if (!helperName) continue
      for (const call of code.matchAll(new RegExp(String.raw`\b${helperName}\(\s*(?:env\s*,\s*)?["'](\w+)["']`, "g"))) {
        if (call[1]) reads.push({ name: call[1], where: where(call.index) })
      }
    }
  }
  return { reads, sets }
}

/** The names .env.example lists: `NAME=value` or, unset by default, `#NAME=value` */
function listed(): { names: string[]; lines: string[] } {
  const lines = fs.readFileSync(path.join(ROOT, ".env.example"), "utf8").split("\n")
  return { names: lines.flatMap((line) => /^#?([A-Za-z_][A-Za-z0-9_]*)=/.exec(line)?.[1] ?? []), lines }
}

const { reads, sets } = scan()
/** Variables someone running the site may set: read by the code, not set by it, not the system's */
const configurable = new Map<string, string[]>()
for (const { name, where } of reads) if (!sets.has(name) && !NOT_OURS.has(name)) configurable.set(name, [...(configurable.get(name) ?? []), where])

it("finds the reads the scan is meant to find (a member, a helper with env, a helper without, a CMS setting)", () => {
  expect([...configurable.keys()]).toEqual(
    expect.arrayContaining(["PORT", "TRUST_PROXY", "FORMS_RATE_LIMIT", "FORMS_RETAIN_KEY_DAYS", "SMTP_URL", "CMS_APP_ID", "CHROME_PATH"]),
  )
  // set by the build for the functions it builds, so no one sets it by hand
  expect(sets).toContain("SITE_FUNCTION_HEADERS")
})

it("lists every variable the code reads", () => {
  const names = new Set(listed().names)
  const missing = [...configurable].filter(([name]) => !names.has(name)).map(([name, where]) => `${name} (read at ${where.join(", ")})`)
  expect(missing).toEqual([])
})

it("lists no variable the code no longer reads, and each once", () => {
  const { names } = listed()
  expect(names.filter((name) => !configurable.has(name))).toEqual([])
  expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([])
})

it("says in a comment line above each variable what it does", () => {
  const { lines } = listed()
  const bare = lines.filter((line, i) => /^#?[A-Za-z_]\w*=/.test(line) && !/^# \S/.test(lines[i - 1] ?? "")).map((line) => line.split("=")[0])
  expect(bare).toEqual([])
})
