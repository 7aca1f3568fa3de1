/**
 * @jest-environment node
 */
/**
 * The production server's pure parts: where a trailing-slash redirect goes,
 * and how TRUST_PROXY is read.
 */
import { canonicalTarget } from "../../src/lib/trailing-slash"
import { parseTrustProxy, readServerConfig } from "../../src/server/server-config"
import { growth, GROWTH_LIMIT } from "../support/growth"

describe("canonicalTarget (trailingSlash never)", () => {
  it("drops the trailing slashes of a path on the site", () => {
    expect(canonicalTarget("/product/")).toBe("/product")
    expect(canonicalTarget("/product///")).toBe("/product")
    expect(canonicalTarget("/subscribe/confirmed/")).toBe("/subscribe/confirmed")
    expect(canonicalTarget("/")).toBe("/")
    expect(canonicalTarget("//")).toBe("/")
  })

  it("never names another host: every target starts with exactly one slash", () => {
    for (const attack of [
      "//evil.com/",
      "/.//evil.com/",
      "/%2e//evil.com/",
      "/a/..//evil.com/",
      "/\\\\evil.com/",
      "/./\\\\evil.com/",
      "///evil.com//",
      "/..//..//evil.com/",
    ]) {
      const target = canonicalTarget(attack)
      expect([attack, target.startsWith("/") && !target.startsWith("//") && !target.startsWith("/\\\\")]).toEqual([attack, true])
      expect(new URL(target, "https://site.example").host).toBe("site.example")
    }
  })

  it("takes linear time on a long run of slashes", () => {
    // the worst case for /\/+$/: a run of slashes that is not the end, so
    // every start in it scans to the letter and backs off (quadratic)
    const slashes = (n: number) => `/a${"/".repeat(n)}b/`
    const regex = (path: string) => path.replace(/\/+$/, "")
    // 4 times the slashes: the regex costs about 16 times as much, canonicalTarget about 4
    const quadratic = growth(slashes, regex, 2_500, 3)
    const linear = growth(slashes, canonicalTarget, 2_500)
    expect(quadratic.ratio).toBeGreaterThan(GROWTH_LIMIT)
    expect(linear.ratio).toBeLessThan(GROWTH_LIMIT)
    expect(canonicalTarget(slashes(15_000))).toBe(`/a${"/".repeat(15_000)}b`)
  }, 60_000)
})

describe("TRUST_PROXY", () => {
  it("trusts nothing by default", () => {
    for (const value of [undefined, "", "false", "0"]) expect(parseTrustProxy(value)).toBe(false)
  })

  it("reads a number of hops and a list of proxy addresses and ranges", () => {
    expect(parseTrustProxy("1")).toBe(1)
    expect(parseTrustProxy("2")).toBe(2)
    expect(parseTrustProxy("10.0.0.5")).toEqual(["10.0.0.5"])
    expect(parseTrustProxy("10.0.0.0/8, 192.168.1.1,::1, fd00::/8")).toEqual(["10.0.0.0/8", "192.168.1.1", "::1", "fd00::/8"])
  })

  it("refuses to trust every hop, and says what to set instead", () => {
    expect(() => parseTrustProxy("true")).toThrow(/every X-Forwarded-For hop.*number of proxies/)
  })

  it("refuses what is neither", () => {
    expect(() => parseTrustProxy("yes")).toThrow(/"yes" is not an IP address or range/)
    expect(() => parseTrustProxy("10.0.0.0/33")).toThrow(/not an IP address or range/)
    expect(() => parseTrustProxy("11")).toThrow(/from 1 to 10/)
  })

  it("is part of the server's configuration, with the timeouts", () => {
    expect(readServerConfig({})).toMatchObject({
      port: 9000,
      host: "127.0.0.1",
      trustProxy: false,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      shutdownTimeoutMs: 10_000,
    })
    expect(() => readServerConfig({ SERVER_REQUEST_TIMEOUT_MS: "soon" })).toThrow(/SERVER_REQUEST_TIMEOUT_MS/)
  })
})
