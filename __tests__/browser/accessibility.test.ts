/**
 * axe-core with the WCAG 2.0, 2.1 and 2.2 A/AA rules on every route at 375
 * and 1440 px, and in the states a visitor reaches: mobile menu open,
 * Solutions sub-menu open, hero on slide 2, the contact and footer forms
 * with their errors shown (error summaries on the white card and on the
 * footer's dark green). Every route also hydrates
 * without an uncaught error (a hydration mismatch shows up as one).
 */
import fs from "fs"
import type { Page } from "playwright-core"
import { AXE_TAGS } from "../../scripts/audit/axe-tags"
import { closeAll, confirmedSubscriber, openPage, origin, pageErrors, visit } from "../support/browser"
import { routesOf, translatedRoutesOf } from "../support/content"

jest.setTimeout(120_000)
afterAll(closeAll)

const AXE_SOURCE = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8")

interface Violation {
  id: string
  impact: string
  help: string
  nodes: { target: string[] }[]
}

async function axe(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: a <script> tag would be refused by the page's CSP
  await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(
    async (tags) =>
      (
        await (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe.run(document, {
          runOnly: { type: "tag", values: tags },
        })
      ).violations,
    [...AXE_TAGS],
  )
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`)
}

/** The public pages and the 404 page, in every language */
const ROUTES = [...routesOf("home", "solution", "page", "not-found"), ...translatedRoutesOf("home", "solution", "page", "not-found")]
/** The home page in every language: where the menus and the hero are checked open */
const HOMES = [...routesOf("home"), ...translatedRoutesOf("home")]

describe.each([375, 1440])("at %i px", (width) => {
  it.each(ROUTES)("%s has no WCAG A/AA violation and hydrates without errors", async (route) => {
    const page = await openPage(width)
    await visit(page, route)
    await page.waitForTimeout(300)
    expect(await axe(page)).toEqual([])
    expect(pageErrors(page)).toEqual([])
    await page.context().close()
  })
})

describe("the pages the subscriber's links open", () => {
  it.each([375, 1440])("the unsubscribe page and the unsubscribed page at %i px", async (width) => {
    const { link } = confirmedSubscriber(`axe-${width}-${Date.now()}@example.com`)
    const page = await openPage(width)
    await page.goto(`${origin()}${link}`)
    expect(await page.locator("form[action='/api/unsubscribe'] button").count()).toBe(1)
    expect(await axe(page)).toEqual([])
    await Promise.all([page.waitForURL(/\/subscribe\/unsubscribed$/), page.locator("form[action='/api/unsubscribe'] button").click()])
    await page.waitForTimeout(300)
    expect(await axe(page)).toEqual([])
    expect(pageErrors(page)).toEqual([])
    await page.context().close()
  })
})

describe("states", () => {
  it.each(HOMES)("the mobile menu open, with the Solutions sub-menu open, on %s", async (home) => {
    const page = await openPage(375)
    await visit(page, home)
    await page.locator("button.menu-toggler").click()
    await page.waitForTimeout(400)
    expect(await axe(page)).toEqual([])
    await page.locator(".mobile-menu .menu__parent").click()
    await page.waitForTimeout(200)
    expect(await axe(page)).toEqual([])
    await page.context().close()
  })

  it.each(HOMES)("the desktop Solutions sub-menu open on %s", async (home) => {
    const page = await openPage(1440)
    await visit(page, home)
    await page.locator(".main-nav .menu__parent").click()
    await page.waitForTimeout(300)
    expect(await page.locator(".main-nav .menu__parent").getAttribute("aria-expanded")).toBe("true")
    expect(await axe(page)).toEqual([])
    await page.context().close()
  })

  it.each([375, 1440])("the hero on slide 2 at %i px", async (width) => {
    const page = await openPage(width)
    await visit(page, "/")
    await page.locator(".hero .hero__dots li button").nth(1).click()
    await page.waitForTimeout(1000)
    expect(await page.locator(".hero .hero__slide--active").getAttribute("data-index")).toBe("1")
    expect(await axe(page)).toEqual([])
    await page.context().close()
  })

  it.each(["/contact", "/hi/contact"].flatMap((route) => [375, 1440].map((width) => [route, width] as const)))(
    "both forms with their errors shown on %s at %i px",
    async (route, width) => {
      const page = await openPage(width)
      await visit(page, route)
      await page.locator('#contact button[type="submit"]').click()
      await page.waitForSelector("#contact .error-summary")
      // the footer's form hydrates when reached into (hydrateOnInteraction)
      await page.focus("#subscribe-email")
      await page.waitForFunction(() => Object.keys(document.getElementById("subscribe-email") ?? {}).some((key) => key.startsWith("__reactFiber$")))
      await page.locator('.subscribe__form button[type="submit"]').click()
      await page.waitForSelector(".subscribe .error-summary")
      await page.waitForTimeout(300)
      expect(await axe(page)).toEqual([])
      expect(pageErrors(page)).toEqual([])
      await page.context().close()
    },
  )
})
