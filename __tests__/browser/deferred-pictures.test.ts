/**
 * Pictures below the fold are `content-visibility: auto`: the browser does not
 * fetch them while the page's first paint is under way, only when they near
 * the viewport. Their boxes are sized from the image's own aspect ratio, so
 * skipping them moves nothing: the box the page reserves before the picture
 * renders is the box the picture fills once it has.
 */
import type { Page } from "playwright-core"
import { closeAll, openPage, visit } from "../support/browser"

jest.setTimeout(60_000)
afterAll(closeAll)

const fetched = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname))

const boxes = (page: Page) =>
  page.evaluate(() =>
    // the carousels' own geometry is tested with them (react-slick re-renders their slides)
    [...document.querySelectorAll<HTMLElement>(".picture--deferred")].filter((picture) => !picture.closest(".hero, .gallery")).map((picture) => {
      // the layout position (offsets ignore the reveal animation's transforms)
      let top = 0
      for (let element: HTMLElement | null = picture; element; element = element.offsetParent as HTMLElement | null) top += element.offsetTop
      const rect = picture.getBoundingClientRect()
      return { top, width: Math.round(rect.width), height: Math.round(rect.height) }
    }),
  )

describe("pictures below the fold", () => {
  it.each([375, 1440])("at %i px are fetched only once scrolled near, in boxes that do not change", async (width) => {
    const page = await openPage(width)
    await visit(page, "/")
    const services = page.locator(".service-card__image img").first()
    const source = await services.evaluate((image: HTMLImageElement) => image.currentSrc || image.src)
    // the services section is far below the first screen at both widths
    expect(await services.evaluate((image) => image.getBoundingClientRect().top - window.innerHeight)).toBeGreaterThan(1000)
    expect(await page.locator(".service-card__image").first().evaluate((picture) => getComputedStyle(picture).contentVisibility)).toBe("auto")
    const before = await boxes(page)
    expect(before.length).toBeGreaterThan(5)
    const servicePictures = await fetched(page)
    expect(servicePictures.some((path) => /\/(msw|horticulture|agro)\.(avif|webp|jpg)$/.test(path))).toBe(false)

    // scroll through the page: every deferred picture renders, loads and keeps its box
    const height = await page.evaluate(() => document.documentElement.scrollHeight)
    for (let y = 0; y <= height; y += 400) {
      await page.evaluate((top) => window.scrollTo(0, top), y)
      await page.waitForTimeout(50)
    }
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>(".picture--deferred img")].filter((image) => !image.closest(".hero, .gallery")).every((image) => image.complete && image.naturalWidth > 0), null, { timeout: 15_000 })
    const after = await boxes(page)
    expect(after.map(({ width, height }) => ({ width, height }))).toEqual(before.map(({ width, height }) => ({ width, height })))
    // positions to the pixel (the gallery's take-over above some of them may round a sub-pixel differently)
    after.forEach((box, index) => expect(Math.abs(box.top - before[index]!.top)).toBeLessThanOrEqual(1))
    const images = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLImageElement>(".picture--deferred img")].filter((image) => !image.closest(".hero, .gallery")).map((image) => {
        const picture = image.parentElement!.getBoundingClientRect()
        const box = image.getBoundingClientRect()
        return { dx: Math.abs(picture.width - box.width), dy: Math.abs(picture.height - box.height) }
      }),
    )
    for (const image of images) {
      expect(image.dx).toBeLessThanOrEqual(1)
      expect(image.dy).toBeLessThanOrEqual(1)
    }
    expect(source).toBeTruthy()
    await page.context().close()
  })
})
