/**
 * The hero without JavaScript: nothing can change slides, so every slide's
 * kicker, heading, text and link must be readable (opaque, visible, not
 * covered or clipped once the page is scrolled to it) and every link reachable
 * with the Tab key, at 375 and 1440 px. With JavaScript the carousel stays
 * as it was: one slide shown, the others hidden and inert, all in one place,
 * with its controls.
 */
import type { Page } from "playwright-core"
import { closeAll, openPage, origin, pageErrors, visit } from "../support/browser"
import { heroSlides } from "../support/content"

jest.setTimeout(90_000)
afterAll(closeAll)

const slides = heroSlides()
const PARTS = [".hero-slide__kicker", ".hero-slide__title", ".hero-slide__text", "a.button"] as const

/** Headings and paragraphs within `scope` a visitor cannot see however they scroll: transparent, hidden, inert or not rendered. */
const unseenText = (page: Page, scope: string) =>
  page.evaluate(
    (scope) =>
      [...document.querySelectorAll<HTMLElement>(`${scope} :is(h1, h2, h3, h4, h5, h6, p)`)]
        .filter((element) => {
          if (element.closest("[inert], [aria-hidden='true']")) return true
          if (getComputedStyle(element).visibility !== "visible" || element.getClientRects().length === 0) return true
          for (let node: Element | null = element; node; node = node.parentElement) if (Number(getComputedStyle(node).opacity) === 0) return true
          return false
        })
        .map((element) => element.textContent?.trim().slice(0, 40)),
    scope,
  )

/**
 * What keeps an element of the page from being seen where it is now: the
 * product of its opacities, its visibility, its box outside the screen or
 * outside an ancestor that clips, and another element drawn over its centre.
 */
const obstacles = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const found: string[] = []
    const box = element.getBoundingClientRect()
    if (box.width < 1 || box.height < 1) found.push("no box")
    let opacity = 1
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node)
      opacity *= Number(style.opacity)
      if (node !== element && node !== document.documentElement && style.overflowX !== "visible") {
        const clip = node.getBoundingClientRect()
        if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5) found.push(`clipped sideways by ${node.className}`)
        if (style.overflowY !== "visible" && (box.top < clip.top - 0.5 || box.bottom > clip.bottom + 0.5)) found.push(`clipped by ${node.className}`)
      }
    }
    if (opacity < 1) found.push(`opacity ${opacity}`)
    if (getComputedStyle(element).visibility !== "visible") found.push("visibility hidden")
    if (element.closest("[inert]")) found.push("inert")
    if (element.closest("[aria-hidden='true']")) found.push("aria-hidden")
    if (box.left < 0 || box.right > innerWidth || box.top < 0 || box.bottom > innerHeight)
      found.push(`off screen (${Math.round(box.left)}, ${Math.round(box.top)})`)
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
    if (!hit || !(element === hit || element.contains(hit))) found.push(`covered by ${hit?.className}`)
    return found
  })

describe.each([375, 1440])("the hero without JavaScript at %i px", (width) => {
  it("shows every slide's kicker, heading, text and link once its slide is scrolled to", async () => {
    const page = await openPage(width, { javaScriptEnabled: false })
    await page.goto(`${origin()}/`)
    await page.evaluate(() => document.fonts.ready)
    expect(await page.evaluate(() => matchMedia("(scripting: none)").matches)).toBe(true)
    expect(await page.locator(".hero .hero__slide").count()).toBe(slides.length)
    expect(await unseenText(page, ".hero")).toEqual([])

    for (const [index, slide] of slides.entries()) {
      const scope = `.hero .hero__slide[data-index='${index}']`
      // as a visitor would: scroll until the slide is in view
      await page.locator(scope).evaluate((element) => element.scrollIntoView({ block: "nearest", inline: "nearest", behavior: "instant" }))
      await page.waitForTimeout(100)
      expect(await page.locator(`${scope} .hero-slide__kicker`).textContent()).toBe(slide.smallHeading)
      expect(await page.locator(`${scope} .hero-slide__title`).textContent()).toBe(slide.mainHeading)
      expect(await page.locator(`${scope} a.button`).textContent()).toBe(slide.buttonText)
      for (const part of PARTS)
        expect({ slide: index + 1, part, obstacles: await obstacles(page, `${scope} ${part}`) }).toEqual({ slide: index + 1, part, obstacles: [] })
    }
    await page.context().close()
  })

  it("reaches every slide's link with the Tab key, in order, each scrolled into view when it has focus", async () => {
    const page = await openPage(width, { javaScriptEnabled: false })
    await page.goto(`${origin()}/`)
    const reached: string[] = []
    for (let press = 0; press < 60 && reached.length < slides.length; press += 1) {
      await page.keyboard.press("Tab")
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null
        const slide = element?.closest(".hero__slide")
        return slide ? { inSlide: true, href: element?.getAttribute("href"), index: slide.getAttribute("data-index") } : { inSlide: false }
      })
      if (!focused.inSlide) continue
      expect(focused.index).toBe(String(reached.length))
      // the page scrolls the focused link into view smoothly: give it a moment to get there
      let found = await obstacles(page, ":focus")
      for (let waited = 0; found.length && waited < 2000; waited += 100) {
        await page.waitForTimeout(100)
        found = await obstacles(page, ":focus")
      }
      expect(found).toEqual([])
      reached.push(focused.href ?? "")
    }
    expect(reached).toEqual(slides.map((slide) => slide.buttonLink))
    await page.context().close()
  })
})

describe.each([375, 1440])("the hero with JavaScript at %i px", (width) => {
  it("is the carousel as before: one slide shown, the others hidden and inert in the same place, with its controls", async () => {
    const page = await openPage(width)
    await visit(page, "/")
    expect(await page.evaluate(() => matchMedia("(scripting: none)").matches)).toBe(false)
    const state = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>(".hero .hero__slide")].map((slide) => {
        const box = slide.getBoundingClientRect()
        const style = getComputedStyle(slide)
        return {
          shown: style.opacity === "1" && style.visibility === "visible",
          inert: slide.hasAttribute("inert"),
          ariaHidden: slide.getAttribute("aria-hidden"),
          box: [box.left, box.top, box.width, box.height].map(Math.round).join(","),
        }
      }),
    )
    expect(state.map((slide) => slide.shown)).toEqual(slides.map((_, index) => index === 0))
    expect(state.map((slide) => slide.inert)).toEqual(slides.map((_, index) => index !== 0))
    expect(state.map((slide) => slide.ariaHidden)).toEqual(slides.map((_, index) => (index === 0 ? null : "true")))
    expect(new Set(state.map((slide) => slide.box)).size).toBe(1)
    expect(state[0]?.box.split(",")[2]).toBe(String(width))
    expect(await page.evaluate(() => getComputedStyle(document.querySelector(".hero__slides") as Element).display)).toBe("grid")
    for (const control of [".hero .carousel-arrow--previous", ".hero .carousel-arrow--next", ".hero .hero__dots", ".hero .hero__toggle"]) {
      expect({ control, visible: await page.locator(control).isVisible() }).toEqual({ control, visible: true })
    }
    // the hidden slides' kickers, headings and texts are out of sight
    expect(await unseenText(page, ".hero")).toHaveLength((slides.length - 1) * 3)
    expect(pageErrors(page)).toEqual([])
    await page.context().close()
  })
})
