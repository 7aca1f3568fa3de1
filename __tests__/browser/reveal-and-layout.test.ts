/**
 * Reveal-on-scroll (900 ms, once, per-item delays from content) that never
 * hides content from visitors without JavaScript or with reduced motion, and
 * no layout shift on the home page (CLS ≤ 0.01) at 375 and 1440 px.
 */
import { closeAll, layoutShifts, openPage, origin, recordLayoutShifts, visit } from "../support/browser"
import { FIRST_SOLUTION } from "../support/content"
import { readContent } from "../support/serve"

jest.setTimeout(90_000)
afterAll(closeAll)

const hiddenReveals = () => [...document.querySelectorAll<HTMLElement>(".reveal")].filter((element) => Number(getComputedStyle(element).opacity) < 1).length

describe("reveal animations", () => {
  it("fade in below-the-fold items once, over 900 ms, after their delay from content", async () => {
    const page = await openPage(1440)
    await visit(page, "/")
    const cards = page.locator(".services .service-card")
    // armed from an IntersectionObserver's first report, a frame or two after hydration
    await page.waitForFunction(() => document.querySelector(".services .service-card")?.classList.contains("is-armed"))
    expect(await cards.first().evaluate((element) => getComputedStyle(element).opacity)).toBe("0")
    await cards.first().scrollIntoViewIfNeeded()
    await page.waitForFunction(() => document.querySelector(".services .service-card")?.classList.contains("is-shown"))
    const timing = await cards.nth(1).evaluate((element) => {
      const style = getComputedStyle(element)
      return { duration: style.transitionDuration, delay: style.transitionDelay, attribute: element.getAttribute("data-reveal-delay") }
    })
    expect(timing.duration.split(", ")).toEqual(["0.9s", "0.9s"])
    expect(timing.delay.split(", ")[0]).toBe(`${Number(timing.attribute) / 1000}s`)
    await page.waitForTimeout(1400)
    expect(await cards.nth(3).evaluate((element) => getComputedStyle(element).opacity)).toBe("1")
    // once only: scrolling away and back does not hide it again
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }))
    await page.waitForTimeout(300)
    await cards.first().scrollIntoViewIfNeeded()
    expect(await cards.first().getAttribute("class")).toContain("is-shown")
    expect(await cards.first().evaluate((element) => getComputedStyle(element).opacity)).toBe("1")
    await page.context().close()
  })

  it("keep products' per-item delays from content", async () => {
    const page = await openPage(1440)
    await visit(page, "/product")
    const delays = await page.locator(".product-card").evaluateAll((cards) => cards.map((card) => card.getAttribute("data-reveal-delay")))
    const { items } = readContent<{ items: { delay: number }[] }>("products/products.en.json")
    expect(delays).toEqual(items.map((item) => String(item.delay)))
    await page.context().close()
  })

  it.each(["/", "/product", FIRST_SOLUTION])("never hide content on %s without JavaScript", async (route) => {
    const page = await openPage(375, { javaScriptEnabled: false })
    await page.goto(`${origin()}${route}`)
    expect(await page.locator(".reveal").count()).toBeGreaterThan(0)
    expect(await page.evaluate(hiddenReveals)).toBe(0)
    await page.context().close()
  })

  it("never hide content under prefers-reduced-motion", async () => {
    const page = await openPage(375, { reducedMotion: "reduce" })
    await visit(page, "/")
    await page.waitForTimeout(300)
    expect(await page.evaluate(hiddenReveals)).toBe(0)
    expect(await page.locator(".reveal.is-armed").count()).toBe(0)
    await page.context().close()
  })
})

describe.each([375, 1440])("layout stability at %i px", (width) => {
  it("keeps the home page's cumulative layout shift at or under 0.01, through hydration and a full scroll", async () => {
    const page = await openPage(width)
    await recordLayoutShifts(page)
    await visit(page, "/")
    await page.waitForTimeout(1000)
    const height = await page.evaluate(() => document.documentElement.scrollHeight)
    for (let y = 0; y < height; y += 500) {
      await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y)
      await page.waitForTimeout(120)
    }
    const cls = await layoutShifts(page)
    console.log(`CLS at ${width} px: ${cls.total.toFixed(4)}${cls.entries.length ? `\n${cls.entries.join("\n")}` : ""}`)
    expect(cls.total).toBeLessThanOrEqual(0.01)
    await page.context().close()
  })
})
