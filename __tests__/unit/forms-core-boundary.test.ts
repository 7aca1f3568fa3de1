/**
 * The forms' core (src/forms/) is "independent of any framework", as the
 * README says: nothing it imports, directly or through the modules it
 * imports (src/lib/ included), comes from Gatsby, Netlify, React, the
 * browser's code or the hosts that run it (src/forms-hosts/). A host package
 * added to the core fails here, naming the chain of files that reached it.
 *
 * @jest-environment node
 */
import fs from "fs"
import path from "path"
import ts from "typescript"

const ROOT = path.join(__dirname, "..", "..")

/** Packages a host or the browser brings: the core may not import them, nor their subpaths */
const HOST_PACKAGES =
  /^(gatsby|gatsby-[^/]+|@gatsbyjs\/.+|react|react-dom|react\/.+|react-dom\/.+|@netlify\/.+|netlify|netlify-[^/]+|@testing-library\/.+)(\/.*)?$/
/** Folders of the hosts and of the browser's code, relative to the project */
const HOST_FOLDERS = ["src/forms-hosts/", "src/api/", "src/server/", "src/components/", "src/hooks/", "src/pages/", "src/templates/", "netlify/", "gatsby-"]

type Read = (file: string) => string | undefined

/** The file a relative import names, as the bundlers resolve it */
function resolve(from: string, specifier: string, read: Read): string | undefined {
  const base = path.posix.join(path.posix.dirname(from), specifier)
  return [base, `${base}.ts`, `${base}.tsx`, `${base}.mts`, `${base}/index.ts`].find((file) => read(file) !== undefined)
}

/**
 * Every import reached from the entry files that leaves the core's bounds,
 * as the chain of files that leads to it; [] when there is none.
 */
function crossings(entries: string[], read: Read): string[] {
  const found: string[] = []
  const seen = new Set<string>()
  const visit = (file: string, chain: string[]) => {
    if (seen.has(file)) return
    seen.add(file)
    const text = read(file)
    if (text === undefined || !/\.(ts|tsx|mts)$/.test(file)) return
    for (const { fileName: specifier } of ts.preProcessFile(text, true, true).importedFiles) {
      const via = [...chain, file]
      if (!specifier.startsWith(".")) {
        if (HOST_PACKAGES.test(specifier)) found.push(`${via.join(" -> ")} -> ${specifier}`)
        continue
      }
      const target = resolve(file, specifier, read)
      if (target === undefined) continue
      if (HOST_FOLDERS.some((folder) => target.startsWith(folder))) found.push(`${via.join(" -> ")} -> ${target}`)
      else visit(target, via)
    }
  }
  for (const entry of entries) visit(entry, [])
  return found
}

const readProject: Read = (file) => {
  const full = path.join(ROOT, file)
  return fs.existsSync(full) && fs.statSync(full).isFile() ? fs.readFileSync(full, "utf8") : undefined
}

const coreFiles = () =>
  fs
    .readdirSync(path.join(ROOT, "src", "forms"), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith(".d.ts"))
    .map((name) => path.posix.join("src/forms", name.split(path.sep).join("/")))

describe("the forms' core", () => {
  it("has its modules where this test looks", () => {
    expect(coreFiles()).toEqual(expect.arrayContaining(["src/forms/service.ts", "src/forms/outbox.ts", "src/forms/fallback-pages.ts"]))
  })

  it("imports nothing from Gatsby, Netlify, React, the browser's code or the hosts, however indirectly", () => {
    expect(crossings(coreFiles(), readProject)).toEqual([])
  })

  it("is caught importing a host package or a host's module, directly or through another module", () => {
    const files: Record<string, string> = {
      "src/forms/a.ts": 'import { b } from "./b"\nimport fs from "fs"\nimport nodemailer from "nodemailer"',
      "src/forms/b.ts": 'import { c } from "../lib/c"\nexport const b = 1',
      "src/lib/c.ts": 'import { useState } from "react"\nexport const c = await import("@netlify/blobs")',
      "src/forms/d.ts": 'export { answer } from "../forms-hosts/gatsby-functions"\nconst g = require("gatsby/graphql")',
      "src/forms-hosts/gatsby-functions.ts": "export const answer = 1",
    }
    expect(crossings(["src/forms/a.ts", "src/forms/d.ts"], (file) => files[file])).toEqual([
      "src/forms/a.ts -> src/forms/b.ts -> src/lib/c.ts -> react",
      "src/forms/a.ts -> src/forms/b.ts -> src/lib/c.ts -> @netlify/blobs",
      "src/forms/d.ts -> src/forms-hosts/gatsby-functions.ts",
      "src/forms/d.ts -> gatsby/graphql",
    ])
  })
})
