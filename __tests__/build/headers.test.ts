/**
 * The production server's headers, on every kind of response: security
 * headers and a strict Content-Security-Policy, caching by kind of file,
 * compression, no X-Powered-By, and the MDN HTTP Observatory's rules graded
 * A+. The policy is gatsby-config's: the test reads it from there.
 */
import fs from "fs"
import http from "http"
import path from "path"
import zlib from "zlib"
import gatsbyConfig from "../../gatsby-config"
import { COMPRESSIBLE, MIN_BYTES } from "../../src/build-time/postbuild/precompress"
import { inlineScriptHashes } from "../../src/build-time/postbuild/loader"
import { scriptHash } from "../../src/security/header-rules"
import { grade, parseCsp } from "../support/observatory"
import { FIRST_SOLUTION, NOT_FOUND_PROBE, PAGE_ROUTES } from "../support/content"
import { ROOT, serveBuild, type Served } from "../support/serve"

let server: Served
beforeAll(async () => {
  server = await serveBuild()
}, 60_000)
afterAll(async () => {
  await server?.stop()
})

/** This build's app bundle (an incremental build leaves earlier ones in public/, which Gatsby no longer counts as its bundles) */
const hashedScript = () =>
  (JSON.parse(fs.readFileSync(path.join(ROOT, "public", "webpack.stats.json"), "utf8")) as { assetsByChunkName: { app: string[] } }).assetsByChunkName.app.find(
    (name) => /^app-[0-9a-f]{8}\.js$/.test(name),
  )!
const staticFile = () => {
  const dir = fs.readdirSync(path.join(ROOT, "public", "static"))[0]!
  const inner = fs.readdirSync(path.join(ROOT, "public", "static", dir))
  return `/static/${dir}/${inner[0]}`
}

/** Every page that answers 200: home, solutions, the other pages and the notices */
const ROUTES = PAGE_ROUTES
/** A page file in public/ for an address, as Gatsby writes it */
const pageFile = (route: string) => (route === "/" ? "index.html" : `${route.slice(1)}/index.html`)
const get = (pathname: string, init: RequestInit = {}) => fetch(`${server.origin}${pathname}`, { redirect: "manual", ...init })
/** Through http, not fetch: the body as sent (fetch decodes it), and no Cache-Control: no-cache added to a conditional request */
const undecoded = (pathname: string, headers: Record<string, string>) =>
  new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
    http
      .get(`${server.origin}${pathname}`, { headers }, (response) => {
        const chunks: Buffer[] = []
        response.on("data", (chunk: Buffer) => chunks.push(chunk))
        response.on("end", () => resolve({ status: response.statusCode!, body: Buffer.concat(chunks) }))
      })
      .on("error", reject)
  })

describe("security headers", () => {
  const kinds = () => [...ROUTES, NOT_FOUND_PROBE, `/${hashedScript()}`, staticFile(), "/page-data/app-data.json", "/api/contact"]

  it("are on every response: pages, 404, scripts, images, page data and the form endpoints", async () => {
    for (const pathname of kinds()) {
      const response = await get(pathname)
      const headers = response.headers
      const where = `${pathname} (${response.status})`
      expect([where, headers.get("strict-transport-security")]).toEqual([where, expect.stringMatching(/max-age=(\d{8,})/)])
      expect([where, headers.get("x-content-type-options")]).toEqual([where, "nosniff"])
      expect([where, headers.get("referrer-policy")]).toEqual([where, "strict-origin-when-cross-origin"])
      // left out on purpose: it cost every entry navigation a renderer swap (src/security/header-rules.ts)
      expect([where, headers.get("cross-origin-opener-policy")]).toEqual([where, null])
      expect([where, headers.get("x-powered-by")]).toEqual([where, null])
      const policy = parseCsp(headers.get("content-security-policy"))!
      expect([where, policy.get("frame-ancestors")]).toEqual([where, ["'none'"]])
      expect(policy.get("script-src")).not.toContain("'unsafe-inline'")
      expect(policy.get("script-src")).not.toContain("'unsafe-eval'")
      expect(policy.get("default-src")).toEqual(["'none'"])
    }
  })

  it("are the ones declared in gatsby-config's headers", async () => {
    const declared = gatsbyConfig.headers!.find((rule) => rule.source === "/*")!.headers
    const response = await get("/product")
    for (const { key, value } of declared) expect([key, response.headers.get(key)]).toEqual([key, value])
  })

  it("allow exactly the inline scripts the built pages hold, by hash", async () => {
    const allowed = parseCsp((await get("/")).headers.get("content-security-policy"))!.get("script-src")!
    expect(allowed.filter((value) => value.startsWith("'sha256-")).sort()).toEqual([...inlineScriptHashes()].sort())
    for (const pathname of ROUTES) {
      const html = await (await get(pathname)).text()
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attributes, source]) => !/\ssrc=|type="application\/(ld\+)?json"/.test(attributes!) && source!.trim(),
      )
      expect(inline.length).toBeGreaterThan(0)
      for (const [, , source] of inline) expect([pathname, allowed]).toEqual([pathname, expect.arrayContaining([scriptHash(source!)])])
      // Gatsby's per-page globals travel as data, not as script
      expect(html).toContain('<script type="application/json" id="gatsby-globals">')
      expect(html).not.toMatch(/<script[^>]*>\s*(\/\*<!\[CDATA\[\*\/)?window\.pagePath=/)
    }
  })

  it("grade A+ by the HTTP Observatory's rules on every route", async () => {
    for (const pathname of ROUTES) {
      const response = await get(pathname)
      const result = grade(response.headers, await response.text(), server.origin)
      expect([pathname, result.grade, result.modifiers.filter((modifier) => modifier.points < 0)]).toEqual([pathname, "A+", []])
      expect(result.score).toBeGreaterThanOrEqual(100)
    }
  })

  it("would not grade A+ without them (the grading can fail)", () => {
    const bare = grade(new Headers({ "content-type": "text/html" }), "<p>hi</p>", server.origin)
    // 100 - 25 (no CSP) - 20 (no HSTS) - 5 (no nosniff) - 20 (no framing protection)
    expect([bare.score, bare.grade]).toEqual([30, "D"])
    const unsafe = grade(
      new Headers({
        "content-security-policy": "default-src 'self'; script-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
        "strict-transport-security": "max-age=63072000",
        "x-content-type-options": "nosniff",
      }),
      "",
      server.origin,
    )
    expect(unsafe.grade).not.toBe("A+")
  })
})

describe("caching", () => {
  it("keeps files with a content hash for a year and makes pages and page data revalidate", async () => {
    for (const pathname of [`/${hashedScript()}`, staticFile()]) {
      expect([pathname, (await get(pathname)).headers.get("cache-control")]).toEqual([pathname, "public, max-age=31536000, immutable"])
    }
    for (const pathname of [...ROUTES, "/page-data/app-data.json", "/page-data/index/page-data.json"]) {
      expect([pathname, (await get(pathname)).headers.get("cache-control")]).toEqual([pathname, "public, max-age=0, must-revalidate"])
    }
    expect((await get("/api/contact")).headers.get("cache-control")).toBe("no-store")
  })

  it("answers a repeat request with 304 when nothing changed, per encoding", async () => {
    // each encoding is its own file with its own ETag
    const etags = new Map<string, string>()
    for (const encoding of ["br", "gzip", "identity"]) {
      const etag = (await get("/product", { headers: { "Accept-Encoding": encoding } })).headers.get("etag")
      expect(etag).toBeTruthy()
      etags.set(encoding, etag!)
    }
    expect(new Set(etags.values()).size).toBe(3)
    const status = async (encoding: string, etag: string) => (await undecoded("/product", { "Accept-Encoding": encoding, "If-None-Match": etag })).status
    for (const [encoding, etag] of etags) expect([encoding, await status(encoding, etag)]).toEqual([encoding, 304])
    expect(await status("br", etags.get("identity")!)).toBe(200)
  })
})

describe("compression and routing", () => {
  it("compresses pages and scripts with brotli or gzip, as the client accepts", async () => {
    const br = await get("/", { headers: { "Accept-Encoding": "br" } })
    expect(br.headers.get("content-encoding")).toBe("br")
    const gzip = await get(`/${hashedScript()}`, { headers: { "Accept-Encoding": "gzip" } })
    expect(gzip.headers.get("content-encoding")).toBe("gzip")
    expect(gzip.headers.get("vary")).toMatch(/accept-encoding/i)
  })

  it("sends the build's precompressed copies byte for byte, and the file itself to a client that accepts neither", async () => {
    const file = (name: string) => fs.readFileSync(path.join(ROOT, "public", name))
    const body = async (response: Response) => Buffer.from(await response.arrayBuffer())
    const br = await get(FIRST_SOLUTION, { headers: { "Accept-Encoding": "br" } })
    expect(br.headers.get("vary")).toMatch(/accept-encoding/i)
    expect(br.headers.get("content-type")).toMatch(/^text\/html/)
    // fetch decodes: compare the decoded body, then the raw bytes through http
    expect((await body(br)).equals(file(pageFile(FIRST_SOLUTION)))).toBe(true)
    const raw = async (pathname: string, encoding: string) => (await undecoded(pathname, { "Accept-Encoding": encoding })).body
    expect((await raw(FIRST_SOLUTION, "br")).equals(file(`${pageFile(FIRST_SOLUTION)}.br`))).toBe(true)
    expect((await raw(`/${hashedScript()}`, "gzip")).equals(file(`${hashedScript()}.gz`))).toBe(true)
    expect((await raw(NOT_FOUND_PROBE, "br")).equals(file("404.html.br"))).toBe(true)
    expect((await raw("/product", "identity")).equals(file("product/index.html"))).toBe(true)
  })

  it("has a current brotli and gzip copy of every page, script, stylesheet and data file", () => {
    const publicDir = path.join(ROOT, "public")
    const names = (fs.readdirSync(publicDir, { recursive: true }) as string[]).filter((name) => COMPRESSIBLE.some((extension) => name.endsWith(extension)))
    const large = names.filter((name) => {
      const stat = fs.statSync(path.join(publicDir, name))
      return stat.isFile() && stat.size >= MIN_BYTES
    })
    expect(large.length).toBeGreaterThan(30)
    for (const name of large) {
      const content = fs.readFileSync(path.join(publicDir, name))
      expect([name, zlib.brotliDecompressSync(fs.readFileSync(path.join(publicDir, `${name}.br`))).equals(content)]).toEqual([name, true])
      expect([name, zlib.gunzipSync(fs.readFileSync(path.join(publicDir, `${name}.gz`))).equals(content)]).toEqual([name, true])
    }
  })

  it("redirects a trailing slash to the canonical path (trailingSlash: never)", async () => {
    const response = await get("/product/?ref=x")
    expect(response.status).toBe(301)
    expect(response.headers.get("location")).toBe("/product?ref=x")
  })
})
