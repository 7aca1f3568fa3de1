/**
 * The hero and gallery carousels (their screens, states and timing constants:
 * 8000 ms rotation, 800 ms transitions, 4/3/2/1 visible) in headless Chromium:
 * timings under a controlled clock, visible counts per width, hidden slides
 * out of the tab order, and the same geometry before and after hydration.
 */
import type { Page } from "playwright-core"
import { closeAll, openPage, origin, pageErrors, visit } from "../support/browser"
import { FIRST_SOLUTION, heroSlides, siteLabels } from "../support/content"
import { readContent } from "../support/serve"

jest.setTimeout(90_000)
afterAll(closeAll)

const slides = heroSlides()
const { pause, play } = siteLabels().hero
const tabLabels = readContent<{ tabs: { label: string }[] }>("overview/overview.en.json").tabs.map((tab) => tab.label)

const activeHeroSlide = (page: Page) => page.evaluate(() => Number(document.querySelector(".hero .hero__slide--active")?.getAttribute("data-index")))
const heroVideos = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll(".hero video")].map((video) => ({
      slide: Number(video.closest(".hero__slide")?.getAttribute("data-index")),
      muted: (video as HTMLVideoElement).muted,
      loop: (video as HTMLVideoElement).loop,
      playsInline: video.hasAttribute("playsinline"),
    })),
  )

describe("hero carousel", () => {
  it("advances every 8000 ms with an 800 ms fade, and plays only the active slide's muted loop", async () => {
    const page = await openPage(1440)
    await page.clock.install()
    await visit(page, "/")
    await page.waitForFunction(() => document.readyState === "complete")
    await page.mouse.move(5, 5)
    expect(await page.locator(".hero .hero__slide").count()).toBe(slides.length)
    expect(await page.evaluate(() => getComputedStyle(document.querySelector(".hero .hero__slide--active") as Element).transitionDuration)).toContain("0.8s")
    expect(await heroVideos(page)).toEqual([{ slide: 0, muted: true, loop: true, playsInline: true }])
    // Stop the clock, wait for the next change, then time one whole interval.
    await page.clock.pauseAt(Date.now() + 500)
    for (let waited = 0; (await activeHeroSlide(page)) === 0 && waited < 9000; waited += 100) await page.clock.runFor(100)
    const first = await activeHeroSlide(page)
    expect(first).toBe(1)
    await page.clock.runFor(7850)
    expect(await activeHeroSlide(page)).toBe(first)
    await page.clock.runFor(300)
    expect(await activeHeroSlide(page)).toBe(first + 1)
    await page.clock.runFor(900)
    expect(await heroVideos(page)).toEqual([{ slide: first + 1, muted: true, loop: true, playsInline: true }])
    expect(pageErrors(page)).toEqual([])
    await page.context().close()
  })

  it("moves with the arrows and the dots", async () => {
    const page = await openPage(375)
    await visit(page, "/")
    await page.locator(".hero .carousel-arrow--next").click()
    await page.waitForTimeout(900)
    expect(await activeHeroSlide(page)).toBe(1)
    await page.locator(".hero .carousel-arrow--previous").click()
    await page.waitForTimeout(900)
    expect(await activeHeroSlide(page)).toBe(0)
    await page
      .locator(".hero .hero__dots li button")
      .nth(slides.length - 1)
      .click()
    await page.waitForTimeout(900)
    expect(await activeHeroSlide(page)).toBe(slides.length - 1)
    expect(await page.locator(".hero .hero__dots li button[aria-current='true']").count()).toBe(1)
    // it wraps around both ends
    await page.locator(".hero .carousel-arrow--next").click()
    expect(await activeHeroSlide(page)).toBe(0)
    await page.locator(".hero .carousel-arrow--previous").click()
    expect(await activeHeroSlide(page)).toBe(slides.length - 1)
    await page.context().close()
  })

  it("moves with a sideways swipe and with the arrow keys, and a vertical drag leaves it alone", async () => {
    const page = await openPage(375)
    await visit(page, "/")
    const box = (await page.locator(".hero .hero__slides").boundingBox())!
    const y = box.y + box.height / 3
    const drag = async (fromX: number, toX: number, toY = y) => {
      await page.mouse.move(fromX, y)
      await page.mouse.down()
      await page.mouse.move(toX, toY, { steps: 5 })
      await page.mouse.up()
    }
    await drag(box.x + 300, box.x + 80)
    expect(await activeHeroSlide(page)).toBe(1)
    await drag(box.x + 80, box.x + 300)
    expect(await activeHeroSlide(page)).toBe(0)
    await drag(box.x + 150, box.x + 160, y + 200)
    expect(await activeHeroSlide(page)).toBe(0)
    await page.locator(".hero .hero__toggle").focus()
    await page.keyboard.press("ArrowRight")
    expect(await activeHeroSlide(page)).toBe(1)
    await page.keyboard.press("ArrowLeft")
    await page.keyboard.press("ArrowLeft")
    expect(await activeHeroSlide(page)).toBe(slides.length - 1)
    expect(pageErrors(page)).toEqual([])
    await page.context().close()
  })

  it("starts the first video only after the page has loaded, and the first poster is the eager, high-priority image", async () => {
    const page = await openPage(1440)
    await visit(page, "/")
    await page.waitForFunction(() => performance.getEntriesByType("resource").some((entry) => /\.(webm|mp4)$/.test(entry.name)))
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming
      const video = performance.getEntriesByType("resource").find((entry) => /\.(webm|mp4)$/.test(entry.name)) as PerformanceResourceTiming
      return { loadEnd: navigation.loadEventEnd, videoStart: video.startTime }
    })
    expect(timing.videoStart).toBeGreaterThanOrEqual(timing.loadEnd)
    const poster = page.locator(".hero .hero__slide[data-index='0'] picture img")
    expect(await poster.getAttribute("loading")).toBe("eager")
    expect(await poster.getAttribute("fetchpriority")).toBe("high")
    const lcp = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as (PerformanceEntry & { element?: Element })[]
            const last = entries[entries.length - 1]
            resolve(last?.element?.closest(".hero-slide") ? "hero poster" : String(last?.element?.className))
          }).observe({ type: "largest-contentful-paint", buffered: true })
        }),
    )
    expect(lcp).toBe("hero poster")
    await page.context().close()
  })

  it("has a pause/play control first in its tab order that stops rotation and video", async () => {
    const page = await openPage(1440)
    await page.clock.install()
    await visit(page, "/")
    await page.waitForFunction(() => document.readyState === "complete")
    const firstFocusable = await page.evaluate(() => {
      const hero = document.querySelector(".hero") as HTMLElement
      const focusable = [...hero.querySelectorAll<HTMLElement>("a[href], button")].filter((element) => !element.closest("[inert]"))
      return focusable[0]?.className
    })
    expect(firstFocusable).toContain("hero__toggle")
    const toggle = page.locator(".hero__toggle")
    expect(await toggle.getAttribute("aria-label")).toBe(pause)
    await toggle.click()
    expect(await toggle.getAttribute("aria-label")).toBe(play)
    await page.mouse.move(5, 5) // pointer away, so only the control decides
    await page.clock.runFor(20_000)
    expect(await activeHeroSlide(page)).toBe(0)
    expect(await heroVideos(page)).toEqual([])
    await toggle.click()
    expect(await toggle.getAttribute("aria-label")).toBe(pause)
    // rotation resumes although pointer and focus are still on the control
    await page.clock.runFor(9000)
    expect(await activeHeroSlide(page)).toBe(1)
    await page.context().close()
  })

  it("stops rotating while the pointer or keyboard focus is inside", async () => {
    const page = await openPage(1440)
    await page.clock.install()
    await visit(page, "/")
    await page.locator(".hero .hero-slide__title").first().hover()
    await page.clock.runFor(20_000)
    expect(await activeHeroSlide(page)).toBe(0)
    await page.mouse.move(5, 5)
    await page.locator(".hero .hero__slide[data-index='0'] a.button").focus()
    await page.clock.runFor(20_000)
    expect(await activeHeroSlide(page)).toBe(0)
    await page.context().close()
  })

  it("under prefers-reduced-motion neither rotates nor loads any video", async () => {
    const page = await openPage(375, { reducedMotion: "reduce" })
    await page.clock.install()
    const videoRequests: string[] = []
    page.on("request", (request) => {
      if (/\.(webm|mp4)$/.test(request.url())) videoRequests.push(request.url())
    })
    await visit(page, "/")
    await page.waitForFunction(() => document.readyState === "complete")
    await page.clock.runFor(20_000)
    expect(await activeHeroSlide(page)).toBe(0)
    expect(await heroVideos(page)).toEqual([])
    expect(videoRequests).toEqual([])
    await page.context().close()
  })
})

const visibleGalleryItems = (page: Page) =>
  page.evaluate(() => {
    const list = (document.querySelector(".gallery .slick-list") ?? document.querySelector(".gallery__row")) as HTMLElement
    const box = list.getBoundingClientRect()
    return [...document.querySelectorAll<HTMLElement>(".gallery .gallery__item")]
      .map((item) => {
        const rect = item.getBoundingClientRect()
        const centre = rect.left + rect.width / 2
        return {
          left: Math.round(rect.left),
          width: Math.round(rect.width),
          height: Math.round(rect.height),
          caption: item.querySelector("figcaption")?.textContent,
          shown: rect.width > 0 && centre > box.left && centre < box.right,
        }
      })
      .filter((item) => item.shown)
      .map(({ shown, ...item }) => item)
  })

/** react-slick takes the gallery's static row over once the gallery nears the viewport. */
async function takeOverGallery(page: Page): Promise<void> {
  await page.locator(".gallery").scrollIntoViewIfNeeded()
  await page.waitForSelector(".gallery .slick-initialized")
}

describe.each([
  [1440, 4],
  [1025, 4],
  [1024, 3],
  [769, 3],
  [768, 2],
  [481, 2],
  [480, 1],
  [375, 1],
])("gallery at %i px", (width, visible) => {
  it(`shows ${visible} item(s), the same ones, in the same place, before and after hydration`, async () => {
    const staticPage = await openPage(width, { javaScriptEnabled: false })
    await staticPage.goto(`${origin()}/`)
    await staticPage.evaluate(() => document.fonts.ready)
    const before = await visibleGalleryItems(staticPage)
    await staticPage.context().close()

    const page = await openPage(width)
    await visit(page, "/")
    await takeOverGallery(page)
    await page.evaluate(() => document.fonts.ready)
    const after = await visibleGalleryItems(page)
    expect(after).toHaveLength(visible)
    expect(after.map((item) => item.caption)).toEqual(before.map((item) => item.caption))
    // react-slick rounds item widths to whole pixels; nothing may move by more than that
    after.forEach((item, index) => {
      const was = before[index]!
      expect(Math.abs(item.left - was.left)).toBeLessThanOrEqual(2)
      expect(Math.abs(item.width - was.width)).toBeLessThanOrEqual(1)
      expect(Math.abs(item.height - was.height)).toBeLessThanOrEqual(1)
    })
    await page.context().close()
  })
})

describe("gallery behaviour", () => {
  it("stays a static row after hydration until it nears the viewport, then becomes the carousel", async () => {
    const page = await openPage(375)
    await visit(page, "/")
    await page.waitForTimeout(500)
    expect(await page.locator(".gallery .slick-initialized").count()).toBe(0)
    expect(await page.locator(".gallery .gallery__row .gallery__item").count()).toBeGreaterThan(0)
    await takeOverGallery(page)
    expect(await page.locator(".gallery .gallery__row").count()).toBe(0)
    expect(pageErrors(page)).toEqual([])
    await page.context().close()
  })

  it("moves one item per arrow click in 800 ms, wraps around, and never moves by itself", async () => {
    const page = await openPage(1440)
    await page.clock.install()
    await visit(page, FIRST_SOLUTION)
    await takeOverGallery(page)
    // react-slick's timers run on the page clock; the CSS slide itself runs on real time
    const settle = async () => {
      await page.clock.runFor(900)
      await page.waitForTimeout(900)
    }
    const captions = async () => (await visibleGalleryItems(page)).map((item) => item.caption)
    const start = await captions()
    expect(start).toHaveLength(4)
    await page.clock.runFor(30_000)
    expect(await captions()).toEqual(start)
    await page.locator(".gallery .carousel-arrow--next").click()
    await settle()
    const next = await captions()
    expect(next.slice(0, 3)).toEqual(start.slice(1))
    await page.locator(".gallery .carousel-arrow--previous").click()
    await settle()
    await page.locator(".gallery .carousel-arrow--previous").click()
    await settle()
    const wrapped = await captions()
    expect(wrapped.slice(1)).toEqual(start.slice(0, 3))
    expect(wrapped[0]).not.toBe(start[0])
    // react-slick writes the slide's transition inline while it moves: 800 ms
    await page.locator(".gallery .carousel-arrow--next").click()
    const transition = await page.evaluate(() => (document.querySelector(".gallery .slick-track") as HTMLElement).style.transition)
    expect(transition).toContain("800ms")
    await page.context().close()
  })
})

describe("hidden slides", () => {
  it.each(["/", FIRST_SOLUTION])("on %s hold nothing focusable and clones are hidden from assistive technology", async (route) => {
    const page = await openPage(1440)
    await visit(page, route)
    await takeOverGallery(page)
    await page.evaluate(() => window.scrollTo(0, 0))
    const report = await page.evaluate(() => {
      const slides = [...document.querySelectorAll<HTMLElement>(".slick-slide, .hero__slide")]
      const hidden = slides.filter((slide) => slide.getAttribute("aria-hidden") === "true")
      return {
        hidden: hidden.length,
        hiddenNotInert: hidden.filter((slide) => !slide.hasAttribute("inert")).length,
        clonesNotHidden: slides.filter((slide) => slide.classList.contains("slick-cloned") && slide.getAttribute("aria-hidden") !== "true").length,
      }
    })
    expect(report.hidden).toBeGreaterThan(0)
    expect(report).toMatchObject({ hiddenNotInert: 0, clonesNotHidden: 0 })
    // Tab through the whole page: focus never lands inside a hidden slide.
    for (let i = 0; i < 80; i += 1) {
      await page.keyboard.press("Tab")
      const inHidden = await page.evaluate(() =>
        Boolean(document.activeElement?.closest('.slick-slide[aria-hidden="true"], .hero__slide[aria-hidden="true"], [inert]')),
      )
      expect(inHidden).toBe(false)
    }
    await page.context().close()
  })
})

describe("overview tabs", () => {
  it("follow the WAI-ARIA tabs pattern in the browser", async () => {
    const page = await openPage(1440)
    await visit(page, "/")
    const tabs = page.locator('.overview [role="tab"]')
    await tabs.first().focus()
    await page.keyboard.press("ArrowRight")
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(tabLabels[1])
    expect(await page.locator('.overview [role="tabpanel"]:visible').count()).toBe(1)
    expect(await page.locator('.overview [role="tabpanel"]:visible').getAttribute("aria-labelledby")).toBe(await tabs.nth(1).getAttribute("id"))
    await page.keyboard.press("End")
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(tabLabels.at(-1))
    await page.keyboard.press("Home")
    expect(await tabs.first().getAttribute("aria-selected")).toBe("true")
    await page.context().close()
  })
})
