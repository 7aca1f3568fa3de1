/**
 * The production server's answers when a request goes wrong, each with the
 * site's headers and its own error page: what Fastify or Node's own parser
 * refuses, a missing page (never cached for a year, never in part), a
 * dot-file in public/, and the URLs that once ended the process. Real server
 * processes on loopback.
 */
import fs from "fs"
import path from "path"
import { cleanUpAll, ROOT, startFormServer, type FormServer } from "../support/form-server"
import { expectSiteHeaders, rawRequest, request } from "../support/http"

jest.setTimeout(180_000)
afterAll(() => cleanUpAll())

const REVALIDATE = "public, max-age=0, must-revalidate"
const titleOf = (html: string) => /<title[^>]*>([^<]+)<\/title>/.exec(html)![1]!
const notFoundTitle = (file = "404.html") => titleOf(fs.readFileSync(path.join(ROOT, "public", file), "utf8"))
const alive = (server: FormServer) => server.child.exitCode === null && server.child.signalCode === null

describe("what the router refuses, missing pages and dot-files", () => {
  let server: FormServer
  beforeAll(async () => {
    server = await startFormServer()
  })
  afterAll(async () => {
    await server?.stop()
  })

  it("answers what Fastify refuses with the site's headers and the site's own error page", async () => {
    const title = notFoundTitle()
    for (const [rawPath, status] of [
      ["/%zz", 400],
      ["/%00", 400],
      ["/../package.json", 404],
      ["/static/../../package.json", 404],
      ["/%2e%2e/package.json", 404],
    ] as const) {
      const reply = await request(server.url, rawPath)
      expectSiteHeaders(rawPath, reply.headers)
      expect([rawPath, reply.status >= 400 && reply.status < 500, reply.headers["content-type"]]).toEqual([rawPath, true, expect.stringMatching(/^text\/html/)])
      expect([rawPath, reply.status]).toEqual([rawPath, status === 400 && reply.status === 404 ? 404 : status])
      expect(reply.text).toContain(title)
      expect(reply.text).not.toContain('"name": "waste-to-energy-site"')
    }
    // the form endpoints keep their own words
    const malformed = await request(server.url, "/api/contact", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: "{not json",
    })
    expect(malformed.status).toBe(400)
    expectSiteHeaders("/api/contact", malformed.headers)
  })

  it("never lets a 404 be cached for a year, and answers /404 with 404", async () => {
    for (const rawPath of ["/nope.js", "/static/nope.png", "/app-0000000000000000000a.js", "/404", "/404.html", "/no-such-page"]) {
      const reply = await request(server.url, rawPath)
      expect([rawPath, reply.status, reply.headers["cache-control"]]).toEqual([rawPath, 404, REVALIDATE])
      expectSiteHeaders(rawPath, reply.headers)
    }
  })

  it("answers a missing page under a language's prefix with that language's 404 page, and every other with the default's", async () => {
    const hindi = notFoundTitle("hi/404.html")
    expect(hindi).not.toBe(notFoundTitle())
    for (const rawPath of ["/hi/no-such-page", "/hi/nope/deeper", "/hi/404", "/hi/404.html"]) {
      const reply = await request(server.url, rawPath)
      expect([rawPath, reply.status, titleOf(reply.text), reply.headers["cache-control"]]).toEqual([rawPath, 404, hindi, REVALIDATE])
      expect(reply.text).toContain('<html lang="hi-IN"')
    }
    for (const rawPath of ["/history-of-waste", "/no-such-page"]) {
      const reply = await request(server.url, rawPath)
      expect([rawPath, reply.status, titleOf(reply.text)]).toEqual([rawPath, 404, notFoundTitle()])
    }
  })

  it("serves no dot-file from public/", async () => {
    const file = path.join(ROOT, "public", ".error-pages-test-secret")
    fs.writeFileSync(file, "secret")
    try {
      const reply = await request(server.url, "/.error-pages-test-secret")
      expect(reply.status).toBe(404)
      expect(reply.text).not.toContain("secret\n")
      expect(reply.text).not.toBe("secret")
    } finally {
      fs.rmSync(file)
    }
  })
})

describe("answers written before a route runs", () => {
  let server: FormServer
  beforeAll(async () => {
    server = await startFormServer()
  })
  afterAll(() => server?.stop())

  it("carry the site's headers and its error page when Node's parser refuses a request (400, 431, 417)", async () => {
    const title = notFoundTitle()
    const cases: [string, string, number][] = [
      ["a malformed request line", "NOT A REQUEST\r\n\r\n", 400],
      ["headers over the limit", `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`, 431],
      ["an expectation the server does not meet", "POST /api/contact HTTP/1.1\r\nHost: x\r\nExpect: the-moon\r\nContent-Length: 2\r\n\r\n", 417],
    ]
    for (const [what, bytes, status] of cases) {
      const reply = await rawRequest(server.url, bytes)
      expect([what, reply.status]).toEqual([what, status])
      expectSiteHeaders(what, reply.headers)
      expect([what, reply.headers["content-type"]]).toEqual([what, expect.stringMatching(/^text\/html/)])
      expect([what, reply.text.includes(title)]).toEqual([what, true])
    }
    expect(alive(server)).toBe(true)
  })

  it("never answers a Range request on a missing page with part of the 404 page", async () => {
    const reply = await request(server.url, "/no-such-page", { headers: { range: "bytes=0-10" } })
    expect([reply.status, reply.headers["content-range"]]).toEqual([404, undefined])
    expect(reply.text).toContain(notFoundTitle())
  })
})

describe("no request ends the server", () => {
  let server: FormServer
  beforeAll(async () => {
    // no rate limit in the way of a thousand requests from one address
    server = await startFormServer({ FORMS_RATE_LIMIT: "100000" })
  })
  afterAll(() => server?.stop())

  it("answers the requests that stopped it, in the forms' words and with the site's headers", async () => {
    for (const rawPath of ["/api/%zz", "/api/contact%zz", "/api/%E0%A4%A"]) {
      for (const accept of ["application/json", "text/html"]) {
        const reply = await request(server.url, rawPath, { headers: { accept } })
        expect([rawPath, accept, reply.status]).toEqual([rawPath, accept, 400])
        expectSiteHeaders(rawPath, reply.headers)
        expect([rawPath, reply.headers["content-type"]]).toEqual([rawPath, expect.stringContaining(accept)])
        expect(alive(server)).toBe(true)
      }
    }
  })

  it("survives a fuzz over the URL: bad escapes, overlong UTF-8, surrogates, raw bytes, every method", async () => {
    const methods = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "PROPFIND", "BREW"]
    const prefixes = [
      "/",
      "/api/",
      "/api/contact",
      "/api/subscribe",
      "/api/subscribe-confirm",
      "/api/unsubscribe",
      "/product",
      "/static/",
      "/page-data/index/",
      "/admin/",
    ]
    const suffixes = [
      "%zz",
      "%",
      "%E0%A4%A",
      "%C0%AF",
      "%C3%28",
      "%ED%A0%80",
      "%F4%90%80%80",
      "%FF%FE",
      "%00",
      "%2e%2e%2f%2e%2e%2fpackage.json",
      "?%zz=1",
      "?token=%E0%A4%A",
      "/%zz/",
      "%u0041",
      "\xC0\xAF",
      "\xFF\xFE",
      "?token=\xED\xA0\x80",
    ]
    const failures: string[] = []
    const statuses: Record<string, number> = {}
    const cases = methods.flatMap((method) => prefixes.flatMap((prefix) => suffixes.map((suffix) => ({ method, target: `${prefix}${suffix}` }))))
    const started = Date.now()
    // eight connections at a time
    for (let index = 0; index < cases.length; index += 8) {
      await Promise.all(
        cases.slice(index, index + 8).map(async ({ method, target }) => {
          const body = method === "POST" || method === "PUT" || method === "PATCH" ? '{"email":"a@example.com"}' : ""
          const head = `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\nConnection: close\r\n${body ? `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n` : ""}\r\n`
          const reply = await rawRequest(server.url, Buffer.from(head + body, "latin1"))
          statuses[reply.status] = (statuses[reply.status] ?? 0) + 1
          const where = `${method} ${JSON.stringify(target)}`
          if (reply.status < 200 || reply.status >= 500) failures.push(`${where}: ${reply.status}`)
          else if (!String(reply.headers["content-security-policy"] ?? "").includes("frame-ancestors 'none'"))
            failures.push(`${where}: ${reply.status} without the site's headers`)
        }),
      )
      if (!alive(server)) throw new Error(`the server ended at request ${index}:\n${server.output().slice(-2000)}`)
    }
    console.log(
      `FORMS-URL-FUZZ ${cases.length} requests in ${Date.now() - started} ms, statuses ${JSON.stringify(statuses)}; the server is alive: ${alive(server)}`,
    )
    expect(failures).toEqual([])
    expect(alive(server)).toBe(true)
    expect((await request(server.url, "/")).status).toBe(200)
  })
})
