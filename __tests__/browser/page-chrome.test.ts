/**
 * Header, scroll progress, go-to-top and the mobile menu, with their states
 * (sticky past the content's offset, 100 px in the sample; go-to-top likewise;
 * the menu open and closed), in headless Chromium against the production build.
 */
import type { Page } from "playwright-core"
import { closeAll, openPage, pageErrors, visit } from "../support/browser"
import { FIRST_SOLUTION, siteLabels } from "../support/content"

jest.setTimeout(60_000)
afterAll(closeAll)

async function scrollTo(page: Page, y: number): Promise<void> {
  await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y)
  // the scroll hook reads the position once per animation frame
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
}

const headerState = (page: Page) =>
  page.evaluate(() => {
    const header = document.querySelector(".site-header") as HTMLElement
    const topBar = document.querySelector(".top-bar") as HTMLElement
    const mainBar = document.querySelector(".main-bar") as HTMLElement
    return {
      sticky: header.classList.contains("is-sticky"),
      hidden: header.classList.contains("is-hidden"),
      topBarVisible: topBar.getBoundingClientRect().bottom > 0,
      mainBarTop: Math.round(mainBar.getBoundingClientRect().top),
      mainBarBottom: Math.round(mainBar.getBoundingClientRect().bottom),
    }
  })

describe("scroll progress line", () => {
  it("is as wide as the share of the page scrolled, and never more than 100%", async () => {
    const page = await openPage(1440)
    await visit(page, "/product")
    const bar = page.locator(".scroll-progress__bar")
    const share = async () => (((await bar.boundingBox())?.width ?? 0) / 1440) * 100
    expect(await share()).toBeCloseTo(0, 0)
    const max = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)
    await scrollTo(page, max / 2)
    expect(Math.abs((await share()) - 50)).toBeLessThan(1)
    await scrollTo(page, max + 500)
    expect(await share()).toBeCloseTo(100, 1)
    expect(Number(await bar.getAttribute("data-progress"))).toBe(100)
    await page.context().close()
  })
})

describe("header", () => {
  it("turns sticky past 100 px, hides while scrolling down, returns on scrolling up, and resets under 100 px", async () => {
    const page = await openPage(1440)
    await visit(page, "/")
    expect(await headerState(page)).toMatchObject({ sticky: false, hidden: false, topBarVisible: true })
    await scrollTo(page, 100)
    expect(await headerState(page)).toMatchObject({ sticky: false })
    await scrollTo(page, 400)
    await page.waitForTimeout(400)
    const down = await headerState(page)
    expect(down).toMatchObject({ sticky: true, hidden: true })
    expect(down.mainBarBottom).toBeLessThanOrEqual(0)
    await scrollTo(page, 300)
    await page.waitForTimeout(350)
    const up = await headerState(page)
    expect(up).toMatchObject({ sticky: true, hidden: false, topBarVisible: false, mainBarTop: 0 })
    await scrollTo(page, 60)
    await page.waitForTimeout(350)
    expect(await headerState(page)).toMatchObject({ sticky: false, hidden: false, topBarVisible: true })
    await page.context().close()
  })

  it("feeds every scroll-driven part from one passive scroll listener", async () => {
    const page = await openPage(1440)
    await page.addInitScript(() => {
      const calls: { passive: boolean }[] = []
      ;(window as unknown as { __scrollListeners: typeof calls }).__scrollListeners = calls
      const add = window.addEventListener.bind(window)
      window.addEventListener = ((type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) => {
        if (type === "scroll") calls.push({ passive: typeof options === "object" && options.passive === true })
        return add(type, listener, options)
      }) as typeof window.addEventListener
    })
    await visit(page, "/")
    await scrollTo(page, 600)
    const listeners = await page.evaluate(() => (window as unknown as { __scrollListeners: { passive: boolean }[] }).__scrollListeners)
    // Gatsby's own scroll restoration adds one non-passive listener; ours is the only passive one.
    expect(listeners.filter((listener) => listener.passive)).toHaveLength(1)
    expect(await page.locator(".go-to-top.is-visible").count()).toBe(1)
    expect(await page.locator(".site-header.is-sticky").count()).toBe(1)
    await page.context().close()
  })

  it("never covers the element that has keyboard focus", async () => {
    const page = await openPage(1440)
    await visit(page, "/product")
    const links = page.locator(".product-card__link")
    const count = await links.count()
    // Walk the machine links backwards with Shift+Tab, which scrolls up and brings the sticky header back.
    await scrollTo(page, await page.evaluate(() => document.documentElement.scrollHeight))
    await links.nth(count - 1).focus()
    for (let i = 0; i < count - 1; i += 1) {
      await page.keyboard.press("Shift+Tab")
      await page.waitForTimeout(400) // the header's 300 ms slide back in
      const overlap = await page.evaluate(() => {
        const focused = document.activeElement as HTMLElement
        const header = document.querySelector(".site-header") as HTMLElement
        const bar = (document.querySelector(".main-bar") as HTMLElement).getBoundingClientRect()
        const covered = !header.classList.contains("is-hidden") && bar.bottom > focused.getBoundingClientRect().top
        return { covered, text: focused.textContent, top: focused.getBoundingClientRect().top, barBottom: bar.bottom }
      })
      expect(overlap).toMatchObject({ covered: false })
    }
    await page.context().close()
  })
})

describe("go-to-top button", () => {
  it("appears past 100 px and scrolls smoothly back to the top", async () => {
    const page = await openPage(1440)
    await visit(page, "/")
    const button = page.locator(".go-to-top")
    await scrollTo(page, 90)
    await page.waitForTimeout(400)
    expect(await button.evaluate((element) => getComputedStyle(element).visibility)).toBe("hidden")
    await scrollTo(page, 2000)
    await page.waitForTimeout(400)
    expect(await button.evaluate((element) => getComputedStyle(element).visibility)).toBe("visible")
    await button.click()
    await page.waitForTimeout(60)
    const midway = await page.evaluate(() => window.scrollY)
    expect(midway).toBeGreaterThan(0)
    expect(midway).toBeLessThan(2000)
    await page.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 3000 })
    expect(pageErrors(page)).toEqual([])
    await page.context().close()
  })

  it("jumps to the top at once under prefers-reduced-motion", async () => {
    const page = await openPage(1440, { reducedMotion: "reduce" })
    await visit(page, "/")
    await scrollTo(page, 2000)
    await page.locator(".go-to-top").click()
    await page.waitForTimeout(30)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    await page.context().close()
  })
})

describe("mobile menu", () => {
  it("opens from the toggler, marks the body, traps focus, and closes with Escape, the backdrop and the close button, returning focus", async () => {
    const page = await openPage(375)
    await visit(page, "/")
    const toggler = page.locator("button.menu-toggler")
    const panel = page.locator(".mobile-menu__panel")
    const bodyMarked = () => page.evaluate(() => document.body.classList.contains("mobile-menu-visible"))
    const focusInPanel = () => page.evaluate(() => Boolean(document.activeElement?.closest(".mobile-menu__panel")))

    await toggler.click()
    await expect(panel.getAttribute("role")).resolves.toBe("dialog")
    expect(await bodyMarked()).toBe(true)
    expect(await page.evaluate(() => document.activeElement?.classList.contains("mobile-menu__close"))).toBe(true)
    const focusable = await panel.locator("a:visible, button:visible").count()
    for (let i = 0; i < focusable + 2; i += 1) {
      await page.keyboard.press("Tab")
      expect(await focusInPanel()).toBe(true)
    }
    await page.keyboard.press("Shift+Tab")
    expect(await focusInPanel()).toBe(true)

    await page.keyboard.press("Escape")
    expect(await bodyMarked()).toBe(false)
    expect(await page.evaluate(() => document.activeElement?.classList.contains("menu-toggler"))).toBe(true)

    await toggler.click()
    await page.mouse.click(10, 400) // the backdrop, left of the panel
    expect(await bodyMarked()).toBe(false)

    await toggler.click()
    await page.locator(".mobile-menu__close").click()
    expect(await bodyMarked()).toBe(false)
    expect(await page.evaluate(() => document.activeElement?.classList.contains("menu-toggler"))).toBe(true)
    await page.context().close()
  })

  it("comes after the page: a phone fetches it once the page has loaded, before any tap; a desktop, whose toggler is hidden, never does", async () => {
    const fetchedMenu = (page: Page) => {
      const seen: string[] = []
      page.on("response", (response) => {
        if (response.request().resourceType() !== "script") return
        void response
          .text()
          .then((body) => body.includes("mobile-menu__panel") && seen.push(new URL(response.url()).pathname))
          .catch(() => undefined)
      })
      return seen
    }
    const phone = await openPage(375)
    const phoneScripts = fetchedMenu(phone)
    let spriteFetched = false
    phone.on("request", (request) => {
      if (new URL(request.url()).pathname === "/icon-sprite.svg") spriteFetched = true
    })
    await visit(phone, "/product")
    // closed, in the page, with no tap: the first one opens it at once
    await phone.waitForSelector("#mobile-menu:not(.is-open)", { state: "attached", timeout: 10_000 })
    expect(await phone.getAttribute("button.menu-toggler", "aria-controls")).toBe("mobile-menu")
    expect(phoneScripts.length).toBe(1)
    // its close button's icon is in the page's own sprite (LATER_PART_ICONS): drawn without fetching the whole set
    expect(await phone.evaluate(() => Boolean(document.getElementById("icon-close")?.querySelector("path")))).toBe(true)
    expect(spriteFetched).toBe(false)
    expect(pageErrors(phone)).toEqual([])
    await phone.context().close()

    const desktop = await openPage(1440)
    const desktopScripts = fetchedMenu(desktop)
    await visit(desktop, "/product")
    await desktop.waitForTimeout(2500) // past the 2 s the idle wait allows
    expect(await desktop.locator("#mobile-menu").count()).toBe(0)
    expect(desktopScripts).toEqual([])
    await desktop.context().close()
  })

  it("expands the Solutions sub-menu and collapses it when selected again", async () => {
    const page = await openPage(375)
    await visit(page, "/")
    await page.locator("button.menu-toggler").click()
    const parent = page.locator(".mobile-menu .menu__parent")
    const solutionLink = page.locator(`.mobile-menu .submenu a[href="${FIRST_SOLUTION}"]`)
    await expect(parent.getAttribute("aria-expanded")).resolves.toBe("false")
    expect(await solutionLink.isVisible()).toBe(false)
    await parent.click()
    await expect(parent.getAttribute("aria-expanded")).resolves.toBe("true")
    expect(await solutionLink.isVisible()).toBe(true)
    await parent.click()
    await expect(parent.getAttribute("aria-expanded")).resolves.toBe("false")
    expect(await solutionLink.isVisible()).toBe(false)
    await page.context().close()
  })
})

describe("desktop Solutions dropdown", () => {
  it("opens on hover, on keyboard focus and with Enter, and Escape closes it", async () => {
    const page = await openPage(1440)
    await visit(page, "/product")
    const parent = page.locator(".main-nav .menu__parent")
    const link = page.locator(`.main-nav .submenu a[href="${FIRST_SOLUTION}"]`)
    const shown = () => link.evaluate((element) => getComputedStyle(element.closest(".submenu") as Element).visibility === "visible")
    await page.waitForTimeout(300)
    expect(await shown()).toBe(false)
    await parent.hover()
    await page.waitForTimeout(300)
    expect(await shown()).toBe(true)
    await page.mouse.move(700, 600)
    await page.waitForTimeout(300)
    expect(await shown()).toBe(false)

    // the menu entry before Solutions, from where Tab reaches the Solutions parent
    const { menu } = siteLabels()
    const before = menu[menu.findIndex((item) => item.listsSolutions) - 1]
    expect(before?.to).toBeTruthy()
    await page.locator(`.main-nav .menu--desktop > li > a[href="${before!.to}"]`).focus()
    await page.keyboard.press("Tab")
    await page.waitForTimeout(300)
    expect(await page.evaluate(() => document.activeElement?.classList.contains("menu__parent"))).toBe(true)
    expect(await shown()).toBe(true)
    await page.keyboard.press("Enter")
    await expect(parent.getAttribute("aria-expanded")).resolves.toBe("true")
    await page.keyboard.press("Tab")
    expect(await page.evaluate(() => document.activeElement?.getAttribute("href"))).toBe(FIRST_SOLUTION)
    await page.keyboard.press("Escape")
    await expect(parent.getAttribute("aria-expanded")).resolves.toBe("false")
    expect(await page.evaluate(() => document.activeElement?.classList.contains("menu__parent"))).toBe(true)
    await page.context().close()
  })
})
