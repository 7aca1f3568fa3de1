/**
 * The scripts every page loads first (webpack's "app" chunk group) carry no
 * development-only code: Gatsby's partytown plugin, which only does anything
 * under `gatsby develop`, and Partytown's snippet builder it pulled in, are
 * left out (src/webpack/stand-ins/no-partytown.js).
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
