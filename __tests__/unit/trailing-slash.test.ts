/**
 * @jest-environment node
 */
/**
 * The trailing-slash rule on Netlify: the edge function answers as the
 * production server does (status, Location with the query, and the headers
 * routeHeaders gives the same path), from the table a Netlify build writes.
 */
import { redirectHeaderTable } from "../../src/build-time/adapters"
import { redirectHeaders } from "../../src/lib/trailing-slash"
import { headerRules } from "../../src/security/header-rules"
import { routeHeaders } from "../../src/server/route-headers"

const CMS = { connect: ["https://api.github.com"], images: ["https://raw.githubusercontent.com"] }
const rules = headerRules({ scriptHashes: ["'sha256-AAAA'"], cms: CMS })
const table = redirectHeaderTable(rules)

// what a Netlify build writes beside the function (the factory is hoisted: it builds its own)
jest.mock(
  "../../netlify/edge-functions/trailing-slash/redirect-headers.json",
  () => {
    const { headerRules: rulesOf } = jest.requireActual("../../src/security/header-rules")
    const cms = { connect: ["https://api.github.com"], images: ["https://raw.githubusercontent.com"] }
    return {
      __esModule: true,
      default: jest.requireActual("../../src/build-time/adapters").redirectHeaderTable(rulesOf({ scriptHashes: ["'sha256-AAAA'"], cms })),
    }
  },
  { virtual: true },
)
// after the mock: the function imports the table the build writes
import trailingSlash, { config } from "../../netlify/edge-functions/trailing-slash/index"

const PATHS = [
  "/product/",
  "/contact/",
  "/admin/",
  "/admin//",
  "/admin/config.yml/",
  "/administrator/",
  "/static/x/",
  "/sitemap-index.xml/",
  "//evil.example/",
  "/%2F%2Fevil.example/",
  "/%2Fadmin/",
  "/%zz/",
  "/api/contact/",
  "/a//b/",
]

describe("the edge function's headers", () => {
  it("are the production server's for the same path", () => {
    const server = routeHeaders(rules, { files: [] })
    for (const pathname of PATHS) expect([pathname, redirectHeaders(table, pathname)]).toEqual([pathname, server(pathname)])
  })

  it("include the CMS's own policy under /admin only", () => {
    expect(redirectHeaders(table, "/admin/")["content-security-policy"]).toContain("'unsafe-eval'")
    expect(redirectHeaders(table, "/administrator/")["content-security-policy"]).not.toContain("'unsafe-eval'")
  })
})

describe("the edge function", () => {
  const answer = (url: string, method = "GET") => trailingSlash(new Request(url, { method }))

  it("moves a slashed path as npm start does: 301 for GET and HEAD, 308 otherwise, the query kept", () => {
    for (const method of ["GET", "HEAD"]) expect(answer("http://site.example/contact/?from=menu", method)?.status).toBe(301)
    const post = answer("http://site.example/api/contact/", "POST")
    expect([post?.status, post?.headers.get("location")]).toEqual([308, "/api/contact"])
    expect(answer("http://site.example/contact/?from=menu")?.headers.get("location")).toBe("/contact?from=menu")
  })

  it("never names another host", () => {
    for (const url of ["http://site.example//evil.example/", "http://site.example/%2F%2Fevil.example/", "http://site.example/.//evil.example/"]) {
      const location = answer(url)?.headers.get("location") ?? ""
      expect([url, new URL(location, "https://site.example").host]).toEqual([url, "site.example"])
    }
  })

  it("sends the site's headers, and leaves the home page and slashless paths alone", () => {
    const headers = Object.fromEntries(answer("http://site.example/product//")!.headers)
    expect(headers).toMatchObject({ ...redirectHeaders(table, "/product/"), location: "/product" })
    expect(answer("http://site.example/")).toBeUndefined()
    expect(answer("http://site.example/product")).toBeUndefined()
    expect(new RegExp(config.pattern).test("/")).toBe(false)
    expect(new RegExp(config.pattern).test("/product/")).toBe(true)
  })
})
