/**
 * Pictures below the fold are `content-visibility: auto`: the browser does not
 * fetch them while the page's first paint is under way, only when they near
 * the viewport. Their boxes are sized from the image's own aspect ratio, so
 * skipping them moves nothing: the box the page reserves before the picture
 * renders is the box the picture fills once it has, at the same place in its
 * section.
 */
import type { Page } from "playwright-core"
import { closeAll, openPage, visit } from "../support/browser"
import { SOLUTION_ROUTES } from "../support/content"

jest.setTimeout(60_000)
afterAll(closeAll)

const fetched = (page: Page) => page.evaluate(() => performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname))

// Each picture's box, and where it sits in its section: sections below the
// fold are content-visibility: auto too, with an estimated height until they
// render, so page positions move by design. The reveal animation's transforms
// are switched off while measuring.
const boxes = (page: Page) =>
  page.evaluate(() => {
    const still = document.createElement("style")
    still.textContent = "*, *::before, *::after { transform: none !important; transition: none !important; }"
    document.head.append(still)
    const result = [...document.querySelectorAll<HTMLElement>(".picture--deferred")]
      // the carousels' own geometry is tested with them (react-slick re-renders their slides)
      .filter((picture) => !picture.closest(".hero, .gallery"))
      .map((picture) => {
        const rect = picture.getBoundingClientRect()
        const section = picture.closest("section")!.getBoundingClientRect()
        return {
          top: Math.round(rect.top - section.top),
          left: Math.round(rect.left - section.left),
          width: Math.round(rect.width * 100) / 100,
          height: Math.round(rect.height * 100) / 100,
        }
      })
    still.remove()
    return result
  })

describe("pictures below the fold", () => {
  it.each([375, 1440])("at %i px are fetched only once scrolled near, in boxes that do not change", async (width) => {
    const page = await openPage(width)
    await visit(page, "/")
    const services = page.locator(".service-card__image img").first()
    const source = await services.evaluate((image: HTMLImageElement) => image.currentSrc || image.src)
    // the services section is far below the first screen at both widths
    expect(await services.evaluate((image) => image.getBoundingClientRect().top - window.innerHeight)).toBeGreaterThan(1000)
    expect(
      await page
        .locator(".service-card__image")
        .first()
        .evaluate((picture) => getComputedStyle(picture).contentVisibility),
    ).toBe("auto")
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
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll<HTMLImageElement>(".picture--deferred img")]
          .filter((image) => !image.closest(".hero, .gallery"))
          .every((image) => image.complete && image.naturalWidth > 0),
      null,
      { timeout: 15_000 },
    )
    expect(await boxes(page)).toEqual(before)
    const images = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLImageElement>(".picture--deferred img")]
        .filter((image) => !image.closest(".hero, .gallery"))
        .map((image) => {
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

// main's sections, and those of a part whose code comes later (an island, a box-less element of main's: HydrateOnInteraction)
const SECTIONS = "main > section, main > [data-island] > section"

describe("sections below the fold", () => {
  // /estimate: its reference sections are in an island
  it.each<[number, string]>([[375, "/"], [1440, "/"], ...SOLUTION_ROUTES.slice(0, 2).map((route): [number, string] => [375, route]), [1440, "/estimate"]])(
    "at %i px on %s, and the footer, are skipped until they near the viewport, then render in full",
    async (width, route) => {
      const page = await openPage(width)
      await visit(page, route)
      const state = () =>
        page.evaluate(
          (sections) =>
            [...document.querySelectorAll<HTMLElement>(sections)].map((section) => ({
              deferred: getComputedStyle(section).contentVisibility === "auto",
              // false while the browser skips the section's contents
              rendered: (section.querySelector("h2, h3, p") as HTMLElement | null)?.checkVisibility({ contentVisibilityAuto: true }) ?? true,
              below: section.getBoundingClientRect().top > window.innerHeight * 1.5,
            })),
          SECTIONS,
        )
      const atTop = await state()
      // the first two sections (hero or banner, and the one after) are never deferred
      expect(atTop.slice(0, 2).map((section) => section.deferred)).toEqual([false, false])
      expect(atTop.slice(2).every((section) => section.deferred)).toBe(true)
      // the last section is far below on every page checked, and not rendered yet
      expect(atTop.at(-1)).toEqual({ deferred: true, rendered: false, below: true })
      // so is the footer, in a placeholder taller than itself
      const footerText = () => (document.querySelector(".site-footer p") as HTMLElement).checkVisibility({ contentVisibilityAuto: true })
      expect(await page.evaluate(footerText)).toBe(false)
      expect(await page.locator(".site-footer").evaluate((footer) => getComputedStyle(footer).contentVisibility)).toBe("auto")
      await page.locator(SECTIONS).last().scrollIntoViewIfNeeded()
      await page.waitForFunction(
        (sections) =>
          ([...document.querySelectorAll(sections)].at(-1)?.querySelector("h2, h3, p") as HTMLElement | null)?.checkVisibility({
            contentVisibilityAuto: true,
          }) ?? false,
        SECTIONS,
      )
      await page.locator(".site-footer").scrollIntoViewIfNeeded()
      await page.waitForFunction(footerText)
      const footerHeight = await page.locator(".site-footer").evaluate((footer) => footer.getBoundingClientRect().height)
      expect(footerHeight).toBeGreaterThan(300)
      expect(footerHeight).toBeLessThan(1600)
      await page.context().close()
    },
  )
})
