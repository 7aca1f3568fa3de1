/**
 * The hero's light text must keep WCAG AA contrast (4.5:1) over every frame of
 * every slide's loop, as the visitor sees it: the video under the page's shade.
 * For each slide the loop is paused at evenly spaced times, the text is made
 * transparent, and the lightest pixel behind each text block is compared with
 * the text colour. Without JavaScript there is no loop: each slide is
 * scrolled to and measured over what it shows (the first slide's poster, the
 * others' ground).
 */
import type { Page } from "playwright-core"
import { closeAll, openPage, origin, pageErrors } from "../support/browser"
import { heroSlides } from "../support/content"
import { contrast, cssColorLuminance, luminanceRange } from "../support/pixels"

jest.setTimeout(180_000)

const SAMPLES = 12
const TEXT = [".hero-slide__title", ".hero-slide__text", ".hero-slide__kicker"]

afterAll(closeAll)

async function activeSlideVideo(page: Page) {
  const video = page.locator(".hero__slide--active video")
  await video.waitFor({ state: "attached", timeout: 15_000 })
  await video.evaluate(async (element: HTMLVideoElement) => {
    element.pause()
    if (element.readyState < 2) await new Promise((resolve) => element.addEventListener("loadeddata", resolve, { once: true }))
  })
  return video
}

describe.each([375, 1440])("hero text contrast at %i px", (width) => {
  it("stays at least 4.5:1 over every sampled frame of every slide", async () => {
    const page = await openPage(width)
    await page.goto(`${origin()}/`, { waitUntil: "load" })
    const slides = await page.locator(".hero .hero__dots li").count()
    expect(slides).toBe(heroSlides().length)
    const worst: { slide: number; selector: string; time: number; ratio: number }[] = []

    for (let slide = 0; slide < slides; slide += 1) {
      await page.locator(".hero .hero__dots li button").nth(slide).click()
      await page.waitForTimeout(1000)
      const video = await activeSlideVideo(page)
      const duration = await video.evaluate((element: HTMLVideoElement) => element.duration)
      expect(duration).toBeGreaterThanOrEqual(6)

      const active = page.locator(".hero__slide--active")
      const blocks = await Promise.all(
        TEXT.map(async (selector) => {
          const element = active.locator(selector)
          const box = await element.boundingBox()
          const colour = await element.evaluate((node) => getComputedStyle(node).color)
          return { selector, box, text: cssColorLuminance(colour) }
        }),
      )
      // Hide the text (and nothing else) so only what lies behind it is measured.
      const style = await page.addStyleTag({ content: TEXT.map((s) => `${s}{color:transparent!important;text-shadow:none!important}`).join("") })

      for (let sample = 0; sample < SAMPLES; sample += 1) {
        const time = (duration * sample) / SAMPLES
        await video.evaluate(
          (element: HTMLVideoElement, t: number) =>
            new Promise<void>((resolve) => {
              element.addEventListener("seeked", () => resolve(), { once: true })
              element.currentTime = t
            }),
          time,
        )
        for (const block of blocks) {
          if (!block.box) throw new Error(`${block.selector} has no box on slide ${slide + 1}`)
          const png = await page.screenshot({ clip: block.box })
          const { max } = await luminanceRange(png)
          const ratio = contrast(block.text, max)
          const current = worst.find((entry) => entry.slide === slide && entry.selector === block.selector)
          if (!current) worst.push({ slide, selector: block.selector, time, ratio })
          else if (ratio < current.ratio) Object.assign(current, { time, ratio })
        }
      }
      await style.evaluate((node) => (node as Element).remove())
    }

    const report = worst.map((w) => `slide ${w.slide + 1} ${w.selector}: ${w.ratio.toFixed(2)}:1 (worst at ${w.time.toFixed(2)} s)`)
    console.log(`hero contrast at ${width} px\n${report.join("\n")}`)
    for (const entry of worst) expect({ ...entry, pass: entry.ratio >= 4.5 }).toMatchObject({ pass: true })
    expect(pageErrors(page)).toEqual([])
    await page.context().close()
  })
})

describe.each([375, 1440])("hero text contrast without JavaScript at %i px", (width) => {
  it("stays at least 4.5:1 on every slide", async () => {
    const page = await openPage(width, { javaScriptEnabled: false })
    await page.goto(`${origin()}/`, { waitUntil: "load" })
    const slides = await page.locator(".hero .hero__slide").count()
    expect(slides).toBe(heroSlides().length)
    const results: { slide: number; selector: string; ratio: number }[] = []
    for (let slide = 0; slide < slides; slide += 1) {
      const scope = page.locator(`.hero .hero__slide[data-index='${slide}']`)
      await scope.evaluate((element) => element.scrollIntoView({ block: "nearest", behavior: "instant" }))
      await page.waitForTimeout(100)
      const blocks = await Promise.all(
        TEXT.map(async (selector) => {
          const element = scope.locator(selector)
          return { selector, box: await element.boundingBox(), text: cssColorLuminance(await element.evaluate((node) => getComputedStyle(node).color)) }
        }),
      )
      // a <style> put in by hand: addStyleTag waits for a load event that never comes without JavaScript
      const hide = TEXT.map((s) => `${s}{color:transparent!important;text-shadow:none!important}`).join("")
      await page.evaluate((css) => document.head.append(Object.assign(document.createElement("style"), { id: "hide-text", textContent: css })), hide)
      for (const block of blocks) {
        if (!block.box) throw new Error(`${block.selector} has no box on slide ${slide + 1}`)
        const { max } = await luminanceRange(await page.screenshot({ clip: block.box }))
        results.push({ slide, selector: block.selector, ratio: contrast(block.text, max) })
      }
      await page.evaluate(() => document.getElementById("hide-text")?.remove())
    }
    console.log(
      `hero contrast without JavaScript at ${width} px\n${results.map((r) => `slide ${r.slide + 1} ${r.selector}: ${r.ratio.toFixed(2)}:1`).join("\n")}`,
    )
    for (const entry of results) expect({ ...entry, pass: entry.ratio >= 4.5 }).toMatchObject({ pass: true })
    await page.context().close()
  })
})
