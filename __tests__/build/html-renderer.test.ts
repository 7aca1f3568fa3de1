/**
 * The build's HTML renderer loads nothing deprecated: node-fetch 2, which
 * Gatsby provides as `fetch` to it, pulls in Node's `punycode` module, whose
 * deprecation warning Gatsby 5 printed as " ERROR  UNKNOWN" on Node 22 and
 * later (src/webpack/node-fetch.ts).
 */
import fs from "fs"
import path from "path"
import { ROOT } from "../support/serve"

it("bundles no node-fetch and requires no punycode in the page renderer", () => {
  const dir = path.join(ROOT, ".cache", "page-ssr", "routes")
  const bundles = fs.readdirSync(dir).filter((name) => name.endsWith(".js"))
  expect(bundles).toContain("render-page.js")
  for (const name of bundles) {
    const source = fs.readFileSync(path.join(dir, name), "utf8")
    expect([name, /require\(["']punycode["']\)/.test(source), source.includes("node-fetch/lib/index")]).toEqual([name, false, false])
  }
})
