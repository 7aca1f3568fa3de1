/**
 * The post-build pipeline on a small public/ of its own: every step runs, in
 * order, on one context, and its work is on disk afterwards.
 */
import fs from "fs"
import os from "os"
import path from "path"
import { pageFiles, runPostbuild, STEPS } from "../../src/build-time/postbuild"
import { LANGUAGES } from "../../src/lib/languages"
import { COMPILE_HINT } from "../../src/build-time/postbuild/compile-hints"
import { GLOBALS_ID, pageLoader } from "../../src/build-time/postbuild/loader"

// Each full run of the steps (the CMS's files, then brotli and gzip copies) took
// 6.0-6.2 s here with the other core building: past jest's 5 s default
jest.setTimeout(30_000)

let root: string
let publicDir: string
let contentDir: string
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "postbuild-"))
  publicDir = path.join(root, "public")
  contentDir = path.join(root, "content")
  fs.mkdirSync(path.join(publicDir, "product"), { recursive: true })
  fs.mkdirSync(path.join(publicDir, "page-data"), { recursive: true })
  fs.mkdirSync(path.join(contentDir, "site"), { recursive: true })
  fs.mkdirSync(path.join(contentDir, "company"), { recursive: true })
  // a manifest per language of the site's (a copy with a third language has three)
  const descriptions: Record<string, string> = { en: "Waste into power", hi: "कचरे से बिजली" }
  for (const { code, tag } of LANGUAGES) {
    const description = descriptions[code] ?? `Waste into power (${code})`
    const manifest = { shortName: "Plant", themeColor: "#112233", backgroundColor: "#ffffff" }
    fs.writeFileSync(
      path.join(contentDir, `site/site.${code}.json`),
      JSON.stringify({ siteUrl: "https://plant.example", description, language: tag, manifest }),
    )
    fs.writeFileSync(path.join(contentDir, `company/company.${code}.json`), JSON.stringify({ name: "Plant Ltd" }))
  }
  fs.writeFileSync(
    path.join(publicDir, "webpack.stats.json"),
    JSON.stringify({ namedChunkGroups: { app: { assets: [{ name: "app-1.js" }] } }, assetsByChunkName: { app: ["app-1.js", "styles.4e.css"] } }),
  )
  fs.writeFileSync(path.join(publicDir, "app-1.js"), `console.log(${JSON.stringify("x".repeat(2000))})`)
  fs.writeFileSync(path.join(publicDir, "styles.4e.css"), "a{color:green}")
  fs.writeFileSync(path.join(publicDir, "sitemap-index.xml"), "<sitemapindex/>")
  const page =
    `<html><head><style data-href="/styles.01d.css" data-identity="gatsby-global-css">a{color:red}</style></head><body>${"<p>text</p>".repeat(200)}` +
    `<script>window.pagePath="/product";</script><script src="/app-1.js" async></script></body></html>`
  fs.writeFileSync(path.join(publicDir, "product/index.html"), page)
  fs.writeFileSync(path.join(publicDir, "page-data/not-a-page.html"), page)
})
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

const read = (file: string) => fs.readFileSync(path.join(publicDir, file), "utf8")

it("runs its steps in order, compression last", () => {
  expect(STEPS.map((step) => step.name)).toEqual([
    "robots.txt and /sitemap.xml",
    "a web manifest per language",
    "compile hints in the first scripts",
    "the current stylesheets inline in every page",
    "each page's icons, and the whole set in one file",
    "inline scripts under the Content-Security-Policy",
    "the CMS at /admin",
    "brotli and gzip copies",
  ])
})

it("finds the pages, not page-data, static files or slices", async () => {
  fs.mkdirSync(path.join(publicDir, "_gatsby/slices"), { recursive: true })
  fs.writeFileSync(path.join(publicDir, "_gatsby/slices/a.html"), "")
  expect((await pageFiles(publicDir)).map((file) => path.relative(publicDir, file))).toEqual(["product/index.html"])
})

it("leaves every step's work on disk", async () => {
  const reporter = { info: jest.fn(), panicOnBuild: jest.fn() }
  await runPostbuild(publicDir, contentDir, reporter)
  expect(reporter.panicOnBuild).not.toHaveBeenCalled()
  expect(read("robots.txt")).toContain("Sitemap: https://plant.example/sitemap-index.xml")
  expect(read("sitemap.xml")).toBe("<sitemapindex/>")
  expect(JSON.parse(read("manifest.webmanifest"))).toMatchObject({
    name: "Plant Ltd",
    short_name: "Plant",
    lang: "en-IN",
    start_url: "/",
    theme_color: "#112233",
  })
  expect(JSON.parse(read("hi/manifest.webmanifest"))).toMatchObject({ description: "कचरे से बिजली", lang: "hi-IN", start_url: "/hi" })
  expect(read("app-1.js").startsWith(COMPILE_HINT)).toBe(true)
  const html = read("product/index.html")
  expect(html).toContain('<style data-href="/styles.4e.css" data-identity="gatsby-global-css">a{color:green}</style>')
  expect(html).toContain(`<script type="application/json" id="${GLOBALS_ID}">{"pagePath":"/product"}</script>`)
  expect(html).toContain(`<script>${pageLoader()}</script>`)
  expect(read("page-data/not-a-page.html")).toContain("a{color:red}")
  // compressed after the rewrites: the copy holds the final page
  expect(fs.existsSync(path.join(publicDir, "product/index.html.br"))).toBe(true)
  expect(
    require("zlib")
      .gunzipSync(fs.readFileSync(path.join(publicDir, "product/index.html.gz")))
      .toString(),
  ).toBe(html)
  expect(reporter.info).toHaveBeenCalledWith(expect.stringMatching(/^Precompressed \d+ files/))
  // the CMS, with the production configuration, left as the CMS needs it (no page rewrite)
  expect(read("admin/index.html")).toContain("<title>Content manager · Plant Ltd</title>")
  expect(read("admin/index.html")).not.toContain(pageLoader())
  expect(JSON.parse(read("admin/config.yml")).publish_mode).toBe("editorial_workflow")
  expect(fs.existsSync(path.join(publicDir, "admin/decap-cms.js.br"))).toBe(true)
})

it("stops the build on an inline script the policy does not allow, naming the page", async () => {
  fs.writeFileSync(path.join(publicDir, "product/index.html"), "<html><body><script>alert(1)</script></body></html>")
  const reporter = { info: jest.fn(), panicOnBuild: jest.fn() }
  await runPostbuild(publicDir, contentDir, reporter)
  expect(reporter.panicOnBuild).toHaveBeenCalledWith(expect.stringMatching(/'sha256-[^']+' in product\/index\.html/))
})

it("on a rebuild, keeps the CMS's unchanged files' compressed copies and removes what the CMS no longer has", async () => {
  const reporter = { info: jest.fn(), panicOnBuild: jest.fn() }
  await runPostbuild(publicDir, contentDir, reporter)
  const bundle = path.join(publicDir, "admin/decap-cms.js.br")
  const made = fs.statSync(bundle).mtimeMs
  fs.writeFileSync(path.join(publicDir, "admin/retired.js"), "x".repeat(5000))
  fs.writeFileSync(path.join(publicDir, "admin/retired.js.br"), "stale")
  await runPostbuild(publicDir, contentDir, reporter)
  expect(fs.statSync(bundle).mtimeMs).toBe(made)
  expect(reporter.info).toHaveBeenLastCalledWith(expect.stringMatching(/unchanged since the last build/))
  for (const name of ["retired.js", "retired.js.br"]) expect(fs.existsSync(path.join(publicDir, "admin", name))).toBe(false)
})
