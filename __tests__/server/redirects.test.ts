/**
 * The production server's trailing-slash redirects under attack: a path of
 * thousands of slashes answered at once, and no path that sends a visitor off
 * the site. A real server process on loopback.
 */
import { startFormServer, cleanUpAll, type FormServer } from "../support/form-server"
import { request } from "../support/http"

jest.setTimeout(120_000)
afterAll(() => cleanUpAll())

describe("the trailing-slash redirect", () => {
  let server: FormServer
  beforeAll(async () => {
    server = await startFormServer()
  })
  afterAll(async () => {
    await server?.stop()
  })

  it("redirects a path of 15,000 slashes at once, to a path on the site", async () => {
    // a run of slashes inside the path and one at its end: /\/+$/ backs off through the run from every start in it
    const started = performance.now()
    const reply = await request(server.url, `/a${"/".repeat(15_000)}b/`)
    const elapsed = performance.now() - started
    expect([reply.status, reply.headers.location]).toEqual([301, `/a${"/".repeat(15_000)}b`])
    // the same run in a path with no trailing slash: no redirect, the 404 page, as fast
    const notFoundStarted = performance.now()
    expect((await request(server.url, `/a${"/".repeat(15_000)}b`)).status).toBe(404)
    const notFoundElapsed = performance.now() - notFoundStarted
    console.log(`FORMS-SLASHES 15000 slashes answered in ${elapsed.toFixed(1)} ms (redirect), ${notFoundElapsed.toFixed(1)} ms (404)`)
    expect(elapsed).toBeLessThan(50)
    expect(notFoundElapsed).toBeLessThan(50)
  })

  it("keeps every redirect on the site", async () => {
    for (const [method, status] of [
      ["GET", 301],
      ["POST", 308],
    ] as const) {
      for (const attack of ["/.//evil.com/", "/%2e//evil.com/", "/a/..//evil.com/", "//evil.com/", "/\\evil.com/"]) {
        const reply = await request(server.url, attack, { method })
        const location = reply.headers.location
        if (reply.status === status) {
          expect([attack, location?.startsWith("/") && !location.startsWith("//") && !location.startsWith("/\\")]).toEqual([attack, true])
          expect(new URL(location!, "https://site.example").host).toBe("site.example")
        } else {
          // not a redirect at all: an answer on the site, with no Location
          expect([attack, reply.status, location]).toEqual([attack, expect.any(Number), undefined])
        }
      }
    }
  })
})
