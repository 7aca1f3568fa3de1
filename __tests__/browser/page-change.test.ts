/**
 * A page reached inside the site, without a page load: each page inlines only
 * its own stylesheet and the icons it draws (src/webpack/webpack-config.ts,
 * src/build-time/postbuild/icon-sprite.ts), so the next page's sheet comes
 * with its chunk and its missing icons from the sprite file. The page must
 * then look exactly as when it is loaded directly.
 */
import type { Page } from "playwright-core"
import { closeAll, cspViolations, openPage, pageErrors, visit } from "../support/browser"

jest.setTimeout(90_000)
afterAll(closeAll)

/** What a visitor sees of a few of the page's parts: their boxes and some computed styles */
const looks = (page: Page, selectors: string[]) =>
  page.evaluate((list) => {
    window.scrollTo({ top: 0, behavior: "instant" })
    return list.map((selector) => {
      const element = document.querySelector(selector)
      if (!element) return `${selector}: missing`
      const box = element.getBoundingClientRect()
      const style = getComputedStyle(element)
      return `${selector}: ${Math.round(box.width)}x${Math.round(box.height)} ${style.display} ${style.fontSize} ${style.color} ${style.backgroundColor} ${style.gridTemplateColumns}`
    })
  }, selectors)

/** Every <use> on the page whose symbol is missing or has no shapes */
const undrawnIcons = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("use")]
      .map((use) => use.getAttribute("href") ?? "")
      .filter((href) => !document.getElementById(href.slice(1))?.querySelector("path")),
  )

async function moveTo(page: Page, path: string, ready: string): Promise<void> {
  await page.evaluate((to) => (window as unknown as { ___navigate: (to: string) => void }).___navigate(to), path)
  await page.waitForURL((url) => url.pathname === path)
  await page.waitForSelector(ready)
  // the sprite's missing symbols arrive after the page has rendered
  await page.waitForFunction(
    () => [...document.querySelectorAll("use")].every((use) => document.getElementById(use.getAttribute("href")!.slice(1))),
    undefined,
    {
      timeout: 10_000,
    },
  )
}

for (const [path, ready, parts] of [
  ["/", ".hero__toggle", [".hero", ".hero-slide__title", ".hero__toggle", ".hero__dots", ".section-heading", ".site-footer"]],
  ["/estimate", ".estimator__form", [".estimator__form", ".estimator__card", ".estimator__machines", ".page-banner"]],
] as const)
  it(`draws ${path}, reached from /privacy without a page load, as it does when loaded`, async () => {
    const direct = await openPage(1440)
    await visit(direct, path)
    const expected = await looks(direct, [...parts])
    expect(expected.filter((line) => line.endsWith("missing"))).toEqual([])
    await direct.context().close()

    const page = await openPage(1440)
    const requested: string[] = []
    page.on("request", (request) => requested.push(new URL(request.url()).pathname))
    await visit(page, "/privacy")
    // the first page's sheets and icons are in its HTML: no request for either
    expect(requested.filter((file) => file.endsWith(".css") || file === "/icon-sprite.svg")).toEqual([])
    expect(await undrawnIcons(page)).toEqual([])
    await moveTo(page, path, ready)
    expect(await looks(page, [...parts])).toEqual(expected)
    expect(await undrawnIcons(page)).toEqual([])
    // the page's own sheet came with its chunk, and the icons /privacy does not draw from the sprite file
    expect(requested.filter((file) => file.endsWith(".css"))).toHaveLength(1)
    if (path === "/") expect(requested).toContain("/icon-sprite.svg")
    expect(await cspViolations(page)).toEqual([])
    expect(pageErrors(page)).toEqual([])
    await page.context().close()
  })

it("has every icon a page shows from its own sprite, before and after the hero's play button changes: no request for the sprite file", async () => {
  const page = await openPage(1440)
  const requested: string[] = []
  page.on("request", (request) => requested.push(new URL(request.url()).pathname))
  await visit(page, "/")
  const shown = () =>
    page.evaluate(() =>
      [...document.querySelectorAll(".hero__toggle svg")].filter((svg) => getComputedStyle(svg).display !== "none").map((svg) => svg.innerHTML),
    )
  expect(await shown()).toEqual(['<use href="#icon-pause"></use>'])
  const label = await page.getAttribute(".hero__toggle", "aria-label")
  await page.click(".hero__toggle")
  await page.waitForFunction((before) => document.querySelector(".hero__toggle")?.getAttribute("aria-label") !== before, label)
  expect(await shown()).toEqual(['<use href="#icon-play"></use>'])
  expect(await undrawnIcons(page)).toEqual([])
  expect(requested).not.toContain("/icon-sprite.svg")
  expect(pageErrors(page)).toEqual([])
  await page.context().close()
})

it("keeps the search and sharing tags through hydration, and after a page change has the new page's title and description and none of the last page's tags", async () => {
  const head = (page: Page) =>
    page.evaluate(() => ({
      title: document.title,
      description: document.querySelector('meta[name="description"]')?.getAttribute("content"),
      themeColor: document.querySelector('meta[name="theme-color"]')?.getAttribute("content"),
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null,
      serverOnly: document.querySelectorAll("head [data-server-head]").length,
      jsonLd: document.querySelectorAll('script[type="application/ld+json"]').length,
    }))
  const direct = await openPage(375)
  await visit(direct, "/product")
  const product = await head(direct)
  await direct.context().close()

  const page = await openPage(375)
  await visit(page, "/privacy")
  const privacy = await head(page)
  // hydrated (visit waits for it), and Gatsby's Head in the browser left what only the server renders
  expect(privacy.canonical).toMatch(/\/privacy$/)
  expect(privacy.jsonLd).toBeGreaterThanOrEqual(2)
  expect(privacy.serverOnly).toBeGreaterThan(10)
  await moveTo(page, "/product", ".site-footer")
  await page.waitForFunction((title) => document.title === title, product.title)
  expect(await head(page)).toEqual({
    title: product.title,
    description: product.description,
    themeColor: product.themeColor,
    canonical: null,
    serverOnly: 0,
    jsonLd: 0,
  })
  expect(product.description).not.toBe(privacy.description)
  expect(pageErrors(page)).toEqual([])
  await page.context().close()
})
