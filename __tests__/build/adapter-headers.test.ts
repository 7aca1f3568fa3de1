/**
 * gatsby-config's `headers` as Gatsby's adapters read them. Adapters (such
 * as gatsby-adapter-netlify) apply the rules with Gatsby's own matcher,
 * `createHeadersMatcher`, over Gatsby's defaults for each kind of file; its
 * wildcards stand for whole path segments and its rules are ranked, so a rule
 * that looks right as a glob can mean something else there (`/*.js` is `/*`).
 * These tests run that matcher over every file of the build, check what the
 * production-server adapter wrote down from it, and check that `npm start`
 * sends exactly that.
 */
import fs from "fs"
import http from "http"
import path from "path"
import { MUST_REVALIDATE_HEADERS, PERMAMENT_CACHING_HEADERS, BASE_HEADERS } from "gatsby/dist/utils/adapter/constants"
import { createHeadersMatcher } from "gatsby/dist/utils/adapter/create-headers"
import gatsbyConfig from "../../gatsby-config"
import { IMMUTABLE, REVALIDATE } from "../../src/security/header-rules"
import { adminContentSecurityPolicy } from "../../src/build-time/site-headers"
import { readSiteRoutes, ROUTES_FILE, type SiteRoutes } from "../../src/server/route-headers"
import { ROOT, serveBuild, type Served } from "../support/serve"
import { basePathOf, LANGUAGES, localizedPath } from "../../src/lib/languages"
import { HASH_DIGITS } from "../../src/webpack/webpack-config"

jest.setTimeout(120_000)

const PUBLIC = path.join(ROOT, "public")
type Header = { key: string; value: string }

/** Every file of the build as a request path (/product/index.html is asked for as /product, as trailingSlash "never" has it) */
function builtFiles(): string[] {
  return (fs.readdirSync(PUBLIC, { recursive: true }) as string[])
    .filter((name) => fs.statSync(path.join(PUBLIC, name)).isFile())
    .map((name) => `/${name.split(path.sep).join("/")}`)
}
const asPagePath = (file: string) => (file === "/index.html" ? "/" : file.replace(/\/index\.html$/, ""))

/**
 * A path that carries webpack's content hash (a script or stylesheet named
 * with HASH_DIGITS hex digits, src/webpack/webpack-config.ts, with its map and
 * licence file) or Gatsby's
 * (20 or more, in /static/)
 */
const HASHED = new RegExp(`[-.][0-9a-f]{${HASH_DIGITS}}\\.(js|css)(\\.map|\\.LICENSE\\.txt)?$|[0-9a-f]{20,}`)
const cacheControl = (headers: readonly Header[]) => headers.filter(({ key }) => key.toLowerCase() === "cache-control").map(({ value }) => value)
const isImmutable = (headers: readonly Header[]) => cacheControl(headers).some((value) => /immutable|max-age=[1-9]/.test(value))

/** The site's pages: not Gatsby's slices, nor the CMS at /admin (its own headers: __tests__/build/admin.test.ts) */
const pages = () =>
  builtFiles()
    .filter((file) => file.endsWith(".html") && !file.startsWith("/_gatsby/") && !file.startsWith("/admin/"))
    .map(asPagePath)
const REVALIDATED = () => [
  ...pages(),
  ...builtFiles().filter((file) => /^\/page-data\/.*\.json$/.test(file)),
  "/page-data/app-data.json",
  "/404",
  "/404.html",
  "/robots.txt",
  ...LANGUAGES.map(({ code }) => localizedPath("/manifest.webmanifest", code)),
  "/icon-sprite.svg",
  ...builtFiles().filter((file) => /^\/sitemap[^/]*\.xml$/.test(file)),
]

describe("Gatsby's own matcher over gatsby-config's headers", () => {
  const match = createHeadersMatcher(gatsbyConfig.headers, "")

  it("never makes a page, page data or a file without a content hash immutable, whatever defaults an adapter starts from", () => {
    const files = builtFiles()
    expect(files.length).toBeGreaterThan(100)
    for (const file of files) {
      const requested = asPagePath(file)
      // an adapter starts a page from revalidation and a bundle from a year; the rules must not turn the first into the second
      for (const defaults of [MUST_REVALIDATE_HEADERS, BASE_HEADERS]) {
        const headers = match(requested, defaults)
        if (isImmutable(headers))
          expect([requested, "carries a content hash"]).toEqual([requested, HASHED.test(requested) ? "carries a content hash" : "has none"])
      }
    }
    for (const requested of REVALIDATED()) expect([requested, cacheControl(match(requested, MUST_REVALIDATE_HEADERS))]).toEqual([requested, [REVALIDATE]])
  })

  it("keeps a year for the files whose names carry a content hash", () => {
    const stats = JSON.parse(fs.readFileSync(path.join(PUBLIC, "webpack.stats.json"), "utf8")) as { assetsByChunkName: Record<string, string[]> }
    const bundles = [...new Set(Object.values(stats.assetsByChunkName).flat())].map((name) => `/${name}`)
    expect(bundles.length).toBeGreaterThan(5)
    for (const bundle of bundles) expect([bundle, cacheControl(match(bundle, PERMAMENT_CACHING_HEADERS))]).toEqual([bundle, [IMMUTABLE]])
    const statics = builtFiles().filter((file) => file.startsWith("/static/"))
    expect(statics.length).toBeGreaterThan(50)
    for (const file of statics) {
      expect([file, HASHED.test(file)]).toEqual([file, true])
      expect([file, cacheControl(match(file, BASE_HEADERS))]).toEqual([file, [IMMUTABLE]])
    }
  })

  it("puts the security headers on every path, each key once, and no Cross-Origin-Opener-Policy", () => {
    const declared = gatsbyConfig.headers!.find((rule) => rule.source === "/*")!.headers
    for (const requested of [...builtFiles().map(asPagePath), "/no-such-page", "/api/contact"]) {
      const headers = match(requested, MUST_REVALIDATE_HEADERS)
      const keys = headers.map(({ key }) => key.toLowerCase())
      expect([requested, keys.length]).toEqual([requested, new Set(keys).size])
      // the CMS at /admin has a CSP of its own, and only it
      const expected = (key: string, value: string) =>
        key === "content-security-policy" && /^\/admin(\/|$)/.test(requested) ? adminContentSecurityPolicy() : value
      for (const { key, value } of declared)
        expect([requested, key, headers.find((header) => header.key.toLowerCase() === key)?.value]).toEqual([requested, key, expected(key, value)])
      expect(keys).not.toContain("cross-origin-opener-policy")
    }
  })

  it("would have caught the rules that made pages immutable (the test can fail)", () => {
    const globRules = [
      { source: "/*", headers: [{ key: "Cache-Control", value: REVALIDATE }] },
      { source: "/*.js", headers: [{ key: "Cache-Control", value: IMMUTABLE }] },
    ]
    expect(isImmutable(createHeadersMatcher(globRules, "")("/product", MUST_REVALIDATE_HEADERS))).toBe(true)
  })
})

describe("the production-server adapter and npm start", () => {
  let routes: SiteRoutes
  let server: Served
  beforeAll(async () => {
    routes = readSiteRoutes(path.join(ROOT, ROUTES_FILE))
    server = await serveBuild()
  }, 60_000)
  afterAll(async () => {
    await server?.stop()
  })

  it("has the headers Gatsby computed for every file of this build", () => {
    const written = fs.statSync(path.join(ROOT, ROUTES_FILE)).mtimeMs
    expect(written).toBeGreaterThanOrEqual(fs.statSync(path.join(PUBLIC, "index.html")).mtimeMs)
    const paths = new Set(routes.files.map((file) => file.path))
    for (const file of builtFiles()) {
      // page files are routes under their page path
      const requested = file.endsWith("/index.html") || file === "/index.html" ? asPagePath(file) : file
      expect([requested, paths.has(requested) || paths.has(file)]).toEqual([requested, true])
    }
    for (const requested of REVALIDATED()) {
      const route = routes.files.find((file) => file.path === requested)
      // none means Gatsby's site-wide route /* applies, which revalidates (and so
      // does the server): so Gatsby files page data an earlier build left behind
      expect([requested, route && cacheControl(route.headers)]).toEqual([requested, route && cacheControl(route.headers).length === 0 ? [] : [REVALIDATE]])
    }
    for (const route of routes.files) if (isImmutable(route.headers)) expect([route.path, HASHED.test(route.path)]).toEqual([route.path, true])
  })

  it("sends for every file exactly the headers the adapter has for it", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 })
    const headersOf = (pathname: string) =>
      new Promise<{ status?: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
        http
          .get(`${server.origin}${encodeURI(pathname)}`, { agent, headers: { "accept-encoding": "identity" } }, (response) => {
            response.resume()
            response.on("end", () => resolve({ status: response.statusCode, headers: response.headers }))
          })
          .on("error", reject)
      })
    for (const route of routes.files) {
      const { status, headers: sent } = await headersOf(route.path)
      // the 404 page is the answer to what does not exist, never a page of its own
      expect([route.path, status]).toEqual([route.path, ["/404", "/404.html"].includes(basePathOf(route.path)) ? 404 : 200])
      for (const { key, value } of route.headers) expect([route.path, key, sent[key.toLowerCase()]]).toEqual([route.path, key, value])
      // where Gatsby gives no Cache-Control, its site-wide route /* gives revalidation, and so does the server
      if (cacheControl(route.headers).length === 0) expect([route.path, sent["cache-control"]]).toEqual([route.path, REVALIDATE])
      expect(sent["cross-origin-opener-policy"]).toBeUndefined()
    }
    agent.destroy()
  })
})
