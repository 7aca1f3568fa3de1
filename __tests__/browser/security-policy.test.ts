/**
 * The Content-Security-Policy the server sends blocks nothing the site needs:
 * on every route, with JavaScript, the page hydrates, plays its hero, loads
 * every image and font, sends a form, and reports no violation.
 */
import type { Page } from "playwright-core"
import { cspViolations, openPage, origin, pageErrors, visit } from "../support/browser"
import { routesOf, translatedRoutesOf } from "../support/content"

/** Every route: home, solutions, the other pages, the notices and the 404 page, in every language */
const ROUTES = [...routesOf(), ...translatedRoutesOf()]

async function scrollThrough(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  for (let y = 0; y <= height; y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y)
    await page.waitForTimeout(60)
  }
}

describe("Content-Security-Policy in the browser", () => {
  it.each(ROUTES)(
    "blocks nothing on %s",
    async (route) => {
      const page = await openPage(1440)
      const response = await page.goto(`${origin()}${route}`)
      expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self'/)
      await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 15_000 })
      await scrollThrough(page)
      await page.waitForLoadState("networkidle")
      const broken = await page.evaluate(() =>
        [...document.images]
          .filter((image) => image.complete && image.naturalWidth === 0 && image.loading !== "lazy")
          .map((image) => image.currentSrc || image.src),
      )
      expect(broken).toEqual([])
      expect(await page.evaluate(() => document.fonts.status)).toBe("loaded")
      expect(await cspViolations(page)).toEqual([])
      expect(pageErrors(page)).toEqual([])
      await page.context().close()
    },
    60_000,
  )

  it("lets the page's script post a form and navigate between pages without a reload", async () => {
    const page = await openPage(375)
    await visit(page, "/")
    await page.fill("#subscribe-email", `csp-${Date.now()}@example.com`)
    await page.waitForTimeout(3000)
    await page.click('.subscribe__form button[type="submit"]')
    await page.waitForFunction(() => document.querySelector("#subscribe-status")?.className.includes("sent"), undefined, { timeout: 10_000 })
    // Client-side navigation fetches page data (connect-src) and component chunks (script-src)
    await page.evaluate(() => (window as unknown as { ___navigate: (to: string) => void }).___navigate("/product"))
    await page.waitForURL(`${origin()}/product`)
    await page.waitForSelector(".product-card")
    expect(await cspViolations(page)).toEqual([])
    expect(pageErrors(page)).toEqual([])
    // And the policy really holds: an injected inline script is refused and reported
    await page.evaluate(() => document.body.appendChild(Object.assign(document.createElement("script"), { textContent: "window.__injected = true" })))
    await page.waitForFunction(() => ((window as unknown as { __cspViolations: string[] }).__cspViolations ?? []).length > 0, undefined, { timeout: 5_000 })
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined()
    expect((await cspViolations(page))[0]).toMatch(/^script-src(-elem)? blocked inline/)
    await page.context().close()
  }, 60_000)
})
