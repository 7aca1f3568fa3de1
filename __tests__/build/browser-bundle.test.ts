/**
 * The scripts every page loads first (webpack's "app" chunk group) carry no
 * development-only code: Gatsby's partytown plugin, which only does anything
 * under `gatsby develop`, and Partytown's snippet builder it pulled in, are
 * left out (src/webpack/stand-ins/no-partytown.js).
 * react-slick is loaded only when a gallery needs it.
 */
import fs from "fs"
import path from "path"
import { ROOT, assertBuilt } from "../support/serve"

it("has no Partytown snippet builder in the scripts every page loads", () => {
  assertBuilt()
  const stats = JSON.parse(fs.readFileSync(path.join(ROOT, "public", "webpack.stats.json"), "utf8")) as { assetsByChunkName: Record<string, string[]> }
  const scripts = stats.assetsByChunkName.app!.filter((name) => name.endsWith(".js"))
  expect(scripts.some((name) => name.startsWith("app-"))).toBe(true)
  for (const name of scripts) {
    const source = fs.readFileSync(path.join(ROOT, "public", name), "utf8")
    // the snippet's sandbox path, and the attribute inject-partytown-snippet looks for
    expect([name, source.includes("~partytown/"), source.includes("data-partytown")]).toEqual([name, false, false])
  }
})

/** A string of react-slick's own code (the class its slider root gets), found in no other library. */
const REACT_SLICK = "slick-initialized"

it("keeps react-slick out of every page's first scripts: it comes in a chunk of its own when a gallery nears the viewport", () => {
  assertBuilt()
  const stats = JSON.parse(fs.readFileSync(path.join(ROOT, "public", "webpack.stats.json"), "utf8")) as {
    namedChunkGroups: Record<string, { assets: (string | { name: string })[] }>
  }
  const scriptsOf = (group: string) =>
    stats.namedChunkGroups[group]!.assets.map((asset) => (typeof asset === "string" ? asset : asset.name)).filter((name) => name.endsWith(".js"))
  const read = (name: string) => fs.readFileSync(path.join(ROOT, "public", name), "utf8")
  const pages = Object.keys(stats.namedChunkGroups).filter((group) => group.startsWith("component---"))
  expect(pages).toEqual(expect.arrayContaining(["component---src-pages-index-tsx", "component---src-templates-solution-tsx"]))
  const first = new Set(["app", ...pages].flatMap(scriptsOf))
  for (const name of first) expect([name, read(name).includes(REACT_SLICK)]).toEqual([name, false])
  const lazy = fs.readdirSync(path.join(ROOT, "public")).filter((name) => name.endsWith(".js") && !first.has(name) && read(name).includes(REACT_SLICK))
  expect(lazy.length).toBeGreaterThan(0)
})
