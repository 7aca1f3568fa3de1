/**
 * Gatsby's scripts wait for the page: the loader adds them after the load
 * event (so the first paint and the largest image get the connection and the
 * main thread), sooner when the visitor presses a key, and the page then
 * hydrates. A page that never loads its scripts would still pass every
 * server-side test, so this is checked in the browser.
 */
import { SCRIPTS_FALLBACK_MS } from "../../src/build-time/postbuild/loader"
import { closeAll, openPage, origin, pageErrors } from "../support/browser"
import { siteLabels } from "../support/content"

jest.setTimeout(60_000)
afterAll(closeAll)

describe("Gatsby's scripts", () => {
  it.each(["/", "/product", "/contact"])("on %s start loading only after the load event and the first paint, then hydrate the page", async (route) => {
    const page = await openPage(375)
    await page.goto(`${origin()}${route}`)
    await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 15_000 })
    const { loadEnd, firstPaint, chunks, listed, added } = await page.evaluate(() => {
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming
      return {
        loadEnd: navigation.loadEventEnd,
        firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity,
        // Gatsby's chunks: name-<content hash>.js
        chunks: performance
          .getEntriesByType("resource")
          .filter((entry) => /\/[\w-]+-[0-9a-f]{8,}\.js$/.test(new URL(entry.name).pathname))
          .map((entry) => ({ name: new URL(entry.name).pathname, start: entry.startTime })),
        listed: JSON.parse(document.getElementById("gatsby-scripts")?.textContent ?? "[]") as string[],
        // the loader's script elements: run in order, each in its own task
        added: [...document.querySelectorAll<HTMLScriptElement>("body > script[src]")].map((script) => ({
          src: new URL(script.src).pathname,
          async: script.async,
        })),
      }
    })
    expect(listed.length).toBeGreaterThanOrEqual(3)
    expect(added.slice(0, listed.length)).toEqual(listed.map((src) => ({ src, async: false })))
    // every listed script was fetched, none before the load event had finished
    for (const name of listed) expect(chunks.map((chunk) => chunk.name)).toContain(name)
    // nor before the first contentful paint, which can come after the load event
    expect(firstPaint).toBeLessThan(Infinity)
    for (const chunk of chunks) expect(chunk.start).toBeGreaterThanOrEqual(Math.max(loadEnd, firstPaint))
    expect(pageErrors(page)).toEqual([])
    await page.context().close()
  })

  it("load at once when the visitor presses a key before the page has loaded", async () => {
    const page = await openPage(375)
    // hold the page's largest image back, so the load event cannot come
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/static\/.*\/hero-1\.(avif|webp|jpg)$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto(`${origin()}/`, { waitUntil: "domcontentloaded" })
    expect(await page.evaluate(() => document.readyState)).not.toBe("complete")
    await page.keyboard.press("Shift")
    // well before the loader's own fallback would add the scripts anyway
    await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: SCRIPTS_FALLBACK_MS - 2000 })
    expect(await page.evaluate(() => document.readyState)).not.toBe("complete")
    release()
    await page.context().close()
  })

  describe("a tap on a button before the page has hydrated", () => {
    /** The page at 375 px with Gatsby's chunks held back until release() */
    async function openHeld(route: string) {
      const page = await openPage(375)
      let release: () => void = () => undefined
      const held = new Promise<void>((resolve) => (release = resolve))
      await page.route(/\/[\w-]+-[0-9a-f]{8,}\.js$/, async (route) => {
        await held
        await route.continue()
      })
      await page.goto(`${origin()}${route}`)
      return { page, release }
    }

    it("opens the mobile menu once the page has hydrated", async () => {
      const { page, release } = await openHeld("/")
      await page.click(".menu-toggler")
      // the tap only started loading the scripts: nothing can open the menu yet
      await page.waitForTimeout(300)
      expect(await page.evaluate(() => [document.documentElement.dataset.hydrated ?? null, document.querySelectorAll(".mobile-menu.is-open").length])).toEqual([
        null,
        0,
      ])
      release()
      await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 15_000 })
      await page.waitForSelector(".mobile-menu.is-open .mobile-menu__close", { state: "visible", timeout: 5_000 })
      expect(
        await page.evaluate(() => [document.body.classList.contains("mobile-menu-visible"), document.activeElement?.classList.contains("mobile-menu__close")]),
      ).toEqual([true, true])
      expect(pageErrors(page)).toEqual([])
      await page.context().close()
    })

    it("does not open the menu when the visitor clicked elsewhere after the tap", async () => {
      const { page, release } = await openHeld("/")
      await page.click(".menu-toggler")
      await page.click("h1")
      release()
      await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 15_000 })
      await page.waitForTimeout(300)
      expect(await page.locator(".mobile-menu.is-open").count()).toBe(0)
      await page.context().close()
    })

    it("leaves the hero's play button alone: the slideshow starts by itself once the page knows the visitor's motion preference", async () => {
      const { page, release } = await openHeld("/")
      const label = () => page.getAttribute(".hero__toggle", "aria-label")
      // the server's HTML offers to play; a replayed click would pause the slideshow that then starts
      const offered = await label()
      await page.click(".hero__toggle")
      release()
      await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 15_000 })
      await page.waitForTimeout(300)
      const { play, pause } = siteLabels().hero
      expect([offered, await label()]).toEqual([play, pause])
      await page.context().close()
    })
  })
})

describe("the web manifest", () => {
  it.each([
    ["/privacy", "/manifest.webmanifest"],
    ["/hi/product", "/hi/manifest.webmanifest"],
  ])("on %s is linked only once the page has loaded and hydrated, and is then the language's (%s)", async (route, href) => {
    const page = await openPage(375)
    const early: string[] = []
    page.on("request", (request) => {
      if (/manifest|icon-192/.test(request.url())) early.push(new URL(request.url()).pathname)
    })
    // how many manifest links the parsed page has, before any script of the site has run
    await page.addInitScript(() =>
      document.addEventListener("DOMContentLoaded", () => {
        ;(window as unknown as { __manifestLinks: number }).__manifestLinks = document.querySelectorAll('link[rel="manifest"]').length
      }),
    )
    await page.goto(`${origin()}${route}`)
    expect(await page.evaluate(() => (window as unknown as { __manifestLinks?: number }).__manifestLinks)).toBe(0)
    // in the server's HTML it is only inside <noscript>, for a browser without JavaScript
    expect(await page.evaluate(() => document.querySelector("noscript[data-manifest]")?.textContent)).toContain(`href="${href}"`)
    await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 15_000 })
    expect(await page.evaluate(() => [...document.querySelectorAll('link[rel="manifest"]')].map((link) => link.getAttribute("href")))).toEqual([href])
    // nothing fetched it (nor its icon) with the page
    expect(early).toEqual([])
    // and Chromium reads it as the page's manifest
    const session = await page.context().newCDPSession(page)
    const manifest = await session.send("Page.getAppManifest")
    expect([new URL(manifest.url).pathname, manifest.errors]).toEqual([href, []])
    expect(JSON.parse(manifest.data ?? "{}").start_url).toBe(href.replace("/manifest.webmanifest", "") || "/")
    expect(pageErrors(page)).toEqual([])
    await page.context().close()
  })
})
