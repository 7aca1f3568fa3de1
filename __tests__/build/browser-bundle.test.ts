/**
 * The scripts every page loads first (webpack's "app" chunk group) carry no
 * development-only code: Gatsby's partytown plugin, which only does anything
 * under `gatsby develop`, and Partytown's snippet builder it pulled in, are
 * left out (src/webpack/stand-ins/no-partytown.js).
 * react-slick is loaded only when a gallery needs it. No script carries a
 * translation (a page's words come with its own page data) or an icon's
 * shapes (they are in the page's sprite).
 */
import fs from "fs"
import path from "path"
import { TRANSLATED } from "../../src/lib/languages"
import { CHUNK_GLOBAL, HASH_DIGITS } from "../../src/webpack/webpack-config"
import { ROOT, assertBuilt } from "../support/serve"

const read = (name: string) => fs.readFileSync(path.join(ROOT, "public", name), "utf8")

/**
 * This build's scripts (public/ keeps older builds' too): the ones every page
 * loads first, and every chunk webpack's runtime can load, by its maps of a
 * chunk's name and content hash (`({245:"component---…"}[e]||e)+"-"+{245:"10d8…"}[e]+".js"`).
 */
function scriptFiles(): string[] {
  const stats = JSON.parse(read("webpack.stats.json")) as { assetsByChunkName: Record<string, string[]> }
  const first = stats.assetsByChunkName.app!.filter((name) => name.endsWith(".js"))
  const runtime = read(first.find((name) => name.startsWith("webpack-runtime-"))!)
  const maps = /\(\{([^}]*)\}\[e\]\|\|e\)\+"-"\+\{([^}]*)\}\[e\]\+"\.js"/.exec(runtime)
  if (!maps) throw new Error("webpack's runtime no longer names its chunks as this test reads them")
  const entries = (map: string) => new Map([...map.matchAll(/(\d+):"([^"]+)"/g)].map(([, id, value]) => [id!, value!]))
  const names = entries(maps[1]!)
  const chunks = [...entries(maps[2]!)].map(([id, hash]) => `${names.get(id) ?? id}-${hash}.js`)
  return [...first, ...chunks]
}

/** Every text of a content file, at any depth */
const texts = (value: unknown): string[] =>
  typeof value === "string" ? [value] : value && typeof value === "object" ? Object.values(value).flatMap(texts) : []

it("carries no translated text in any script: an English page's JavaScript does not grow by another language's words", () => {
  assertBuilt()
  const contentDir = path.join(ROOT, "content")
  for (const { code } of TRANSLATED) {
    const translated = new Set<string>()
    for (const folder of fs.readdirSync(contentDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()))
      for (const file of fs.readdirSync(path.join(contentDir, folder.name)).filter((name) => name.endsWith(`.${code}.json`))) {
        const own = new Set(texts(JSON.parse(fs.readFileSync(path.join(contentDir, folder.name, file.replace(`.${code}.json`, ".en.json")), "utf8"))))
        // a text of at least two words that the English file does not have too (names and figures are shared)
        for (const text of texts(JSON.parse(fs.readFileSync(path.join(contentDir, folder.name, file), "utf8"))))
          if (!own.has(text) && /\S+\s+\S+/.test(text)) translated.add(text)
      }
    expect(translated.size).toBeGreaterThan(100)
    const scripts = scriptFiles()
    expect(scripts.length).toBeGreaterThan(5)
    for (const name of scripts) {
      const source = read(name)
      // as written, or as a minifier escapes it ("\u0939")
      const found = [...translated].filter(
        (text) => source.includes(text) || source.includes(JSON.stringify(text).slice(1, -1)) || source.includes(asciiEscaped(text)),
      )
      expect([name, found.slice(0, 3)]).toEqual([name, []])
    }
  }
  // and no word in Hindi's script at all, written or escaped (the estimator's reading of Devanagari digits names their range, /[\u0966-\u096f]/)
  for (const name of scriptFiles()) expect([name, /[\u0900-\u097f]|(\\u09[0-7][0-9a-f]){2}/i.test(read(name))]).toEqual([name, false])
})

const asciiEscaped = (text: string) => text.replace(/[^ -~]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`)

it("carries no icon's shapes in any script: pages draw their icons from the sprite in their HTML", () => {
  assertBuilt()
  // the start of the path of Phosphor's regular phone icon, and the package's per-weight map
  for (const name of scriptFiles()) expect([name, read(name).includes("M222.37,158.46"), read(name).includes('"duotone"')]).toEqual([name, false, false])
})

it("carries no page metadata that only the server's HTML has (canonical, Open Graph, JSON-LD): the browser renders a page's title and description only", () => {
  assertBuilt()
  for (const name of scriptFiles()) {
    const source = read(name)
    expect([
      name,
      ["og:title", "twitter:card", "application/ld+json", "BreadcrumbList", "og:locale:alternate"].filter((text) => source.includes(text)),
    ]).toEqual([name, []])
  }
  // what the browser's head still renders is there: the stand-in replaced PageMetadata, not Seo
  const pages = scriptFiles().filter((name) => name.startsWith("app-") || name.startsWith("component---"))
  expect(pages.some((name) => read(name).includes("theme-color"))).toBe(true)
})

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
  const pages = Object.keys(stats.namedChunkGroups).filter((group) => group.startsWith("component---"))
  expect(pages).toEqual(expect.arrayContaining(["component---src-pages-index-tsx", "component---src-templates-solution-tsx"]))
  const first = new Set(["app", ...pages].flatMap(scriptsOf))
  for (const name of first) expect([name, read(name).includes(REACT_SLICK)]).toEqual([name, false])
  const lazy = scriptFiles().filter((name) => !first.has(name) && read(name).includes(REACT_SLICK))
  expect(lazy.length).toBeGreaterThan(0)
})

it("has a stylesheet for each page component and the app, and none for a part loaded after the page (drawn from the server's HTML before its code comes)", () => {
  assertBuilt()
  const stats = JSON.parse(read("webpack.stats.json")) as { assetsByChunkName: Record<string, string[]> }
  const runtime = read(stats.assetsByChunkName.app!.find((name) => name.startsWith("webpack-runtime-"))!)
  // webpack's CSS runtime names every chunk that has a sheet: ({245:"component---src-pages-index-tsx",…}[e]+"."+{…}[e]+".css")
  const map = /miniCssF=function\(e\)\{return\{([^}]*)\}\[e\]/.exec(runtime)
  if (!map) throw new Error("webpack's CSS runtime no longer names its chunks as this test reads them")
  const chunks = [...map[1]!.matchAll(/\d+:"([^"]+)"/g)].map(([, name]) => name!)
  expect(chunks).toContain("styles")
  expect(chunks.filter((name) => name.startsWith("component---")).length).toBeGreaterThanOrEqual(8)
  expect(chunks.filter((name) => name !== "styles" && !name.startsWith("component---"))).toEqual([])
  // the footer's form, hydrated on interaction, is styled by the app's sheet
  const app = read(stats.assetsByChunkName.app!.find((name) => /^styles\.[0-9a-f]+\.css$/.test(name))!)
  expect(app).toContain(".subscribe__form")
  // and no part a page draws in its server HTML: a sheet imported only by code that comes later (the gallery's
  // arrows, the estimator's, the home page's sections) would be inlined into every page; the page imports it too
  for (const part of [".carousel-arrow", ".estimator", ".gallery__", ".hero", ".contact-form"]) expect([part, app.includes(part)]).toEqual([part, false])
})

/**
 * What only some pages or only development need, out of the scripts the home
 * page loads before it is interactive (webpack's "app" group and the page's
 * own, commons included): issue 51 brings `/` and `/hi` to 1.15x the floor's
 * start-up JavaScript. Each marker is a string of that code's own.
 */
const NOT_AT_START_UP = [
  // listJoiner (src/lib/language-notation.ts): the estimator's lists, with the language's figures' notation
  ["the estimator's list joining", "ListFormat"],
  // prop-types' production shims and their message: React ignores propTypes in production (stand-ins/prop-types.js)
  ["prop-types' shims", "Calling PropTypes validators directly"],
  // invariant's fallback text, which the router's calls never reach (stand-ins/invariant.js)
  ["invariant's formatting", "Minified exception occurred"],
  // the chunks' global array named after the package, twice in every script (src/webpack/webpack-config.ts: CHUNK_GLOBAL)
  ["the package's name as the chunks' global", "webpackChunkwaste_to_energy_site"],
  // the mobile menu's panel (MobileMenu.tsx), a part fetched once a phone's page has loaded or the toggler is touched
  ["the mobile menu", "mobile-menu__panel"],
] as const

it("keeps code that only the estimator or development needs, and the package's long name, out of the home page's start-up scripts", () => {
  assertBuilt()
  const stats = JSON.parse(read("webpack.stats.json")) as { namedChunkGroups: Record<string, { assets: (string | { name: string })[] }> }
  const scriptsOf = (group: string) =>
    stats.namedChunkGroups[group]!.assets.map((asset) => (typeof asset === "string" ? asset : asset.name)).filter((name) => name.endsWith(".js"))
  const startUp = [...new Set(["app", "component---src-pages-index-tsx"].flatMap(scriptsOf))]
  // the chrome every page renders is in the app's own script (gatsby-browser.ts), not in a commons chunk beside it
  expect(startUp.filter((name) => name.startsWith("commons-"))).toEqual([])
  expect(read(startUp.find((name) => name.startsWith("app-"))!)).toContain("site-footer__grid")
  const found = startUp.flatMap((name) => NOT_AT_START_UP.filter(([, marker]) => read(name).includes(marker)).map(([what]) => `${what} in ${name}`))
  expect(found).toEqual([])
  expect(startUp.filter((name) => read(name).includes(`self.${CHUNK_GLOBAL}`)).length).toBeGreaterThanOrEqual(3)
  // the list joining and the mobile menu are still there, in scripts of their own
  expect(scriptFiles().filter((name) => !startUp.includes(name) && read(name).includes("ListFormat")).length).toBeGreaterThan(0)
  expect(scriptFiles().filter((name) => !startUp.includes(name) && read(name).includes("mobile-menu__panel")).length).toBe(1)
})

it(`names every script and stylesheet with ${HASH_DIGITS} hex digits of its content hash (webpack's runtime lists them all, and every page loads it)`, () => {
  assertBuilt()
  const stats = JSON.parse(read("webpack.stats.json")) as { assetsByChunkName: Record<string, string[]> }
  const files = [...new Set([...Object.values(stats.assetsByChunkName).flat(), ...scriptFiles()])].filter((name) => /\.(js|css)$/.test(name))
  expect(files.length).toBeGreaterThan(10)
  const hashed = new RegExp(`^[\\w-]+[.-][0-9a-f]{${HASH_DIGITS}}\\.(js|css)$`)
  expect(files.filter((name) => !hashed.test(name))).toEqual([])
})
