/**
 * The footer's newsletter form hydrates on first interaction
 * (hydrateOnInteraction): its code is not among the scripts a page loads at
 * start-up, reaching into the form fetches it, and React then takes over
 * the server's HTML in place: the same nodes, the same boxes, what was
 * typed kept. A submit before the code has arrived is the plain POST, once.
 */
import fs from "fs"
import path from "path"
import type { Page } from "playwright-core"
import { MIN_FILL_MS } from "../../src/lib/forms/fields"
import { closeAll, openPage, origin, pageErrors, stored, visit } from "../support/browser"
import { readContent, ROOT } from "../support/serve"

jest.setTimeout(60_000)
afterAll(closeAll)

interface Forms {
  status: { subscribeSent: string }
  pages: { id: string; path: string; title: string }[]
}
const forms = readContent<Forms>("forms/forms.en.json")
const pending = forms.pages.find((page) => page.id === "subscribe-pending")!

/** The scripts of the form's chunk group (webpackChunkName "subscribe-form" in Footer.tsx), as the build named them */
function formScripts(): string[] {
  const stats = JSON.parse(fs.readFileSync(path.join(ROOT, "public", "webpack.stats.json"), "utf8")) as {
    namedChunkGroups: Record<string, { assets: { name: string }[] }>
  }
  const group = stats.namedChunkGroups["subscribe-form"]
  if (!group) throw new Error("The build has no subscribe-form chunk: the form is in the start-up scripts again.")
  return group.assets.map((asset) => `/${asset.name}`).filter((name) => name.endsWith(".js"))
}
const isFormScript = (url: string) => formScripts().includes(new URL(url).pathname)

const unique = () => `${Date.now()}-${Math.round(Math.random() * 1e6)}`

interface Watched {
  page: Page
  /** Every console error, React's hydration errors among them */
  consoleErrors: string[]
  /** The form's scripts the page has requested so far */
  requested: string[]
  /** Stylesheets requested after the page's own HTML (its styles are inlined, the form's among them) */
  stylesheets: string[]
}

/** /privacy at 1440 px, its console and its requests watched, every layout shift kept (those right after input too) */
async function openPrivacy(): Promise<Watched> {
  const page = await openPage(1440)
  const consoleErrors: string[] = []
  const requested: string[] = []
  const stylesheets: string[] = []
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text())
  })
  page.on("request", (request) => {
    if (isFormScript(request.url())) requested.push(new URL(request.url()).pathname)
    if (request.resourceType() === "stylesheet") stylesheets.push(request.url())
  })
  await page.addInitScript(() => {
    const shifts: number[] = []
    ;(window as unknown as { __shifts: number[] }).__shifts = shifts
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => shifts.push((entry as PerformanceEntry & { value: number }).value))).observe({
      type: "layout-shift",
      buffered: true,
    })
  })
  await visit(page, "/privacy")
  return { page, consoleErrors, requested, stylesheets }
}

/** True once React owns the form's input: it marks the nodes it hydrates with its fiber (an internal, but the only outside sign) */
const inputHydrated = () => Object.keys(document.getElementById("subscribe-email") ?? {}).some((key) => key.startsWith("__reactFiber$"))
const hydrated = (page: Page) => page.evaluate(inputHydrated)
const untilHydrated = (page: Page) => page.waitForFunction(inputHydrated, undefined, { timeout: 5_000 })

/** Holds back the form's scripts until the returned function is called */
async function holdFormScripts(page: Page): Promise<() => void> {
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(
    (url) => isFormScript(url.href),
    async (route) => {
      await held
      // the page may have gone (a plain POST left it) by then
      await route.continue().catch(() => undefined)
    },
  )
  return () => release()
}

/** The form's parts compared before and after its code arrives */
const PARTS = ["#subscribe-email", ".subscribe__form button[type=submit]", ".subscribe", ".form-note"]

/** Marks the server's nodes, to tell afterwards whether React kept them or rendered new ones */
const markServerNodes = (page: Page) =>
  page.evaluate(
    (selectors) => selectors.forEach((selector) => ((document.querySelector(selector) as unknown as { __fromServer: boolean }).__fromServer = true)),
    PARTS,
  )

/** Each part's box on the page, to the pixel, and whether it is still the server's node */
const formParts = (page: Page) =>
  page.evaluate(
    (selectors) =>
      selectors.map((selector) => {
        const element = document.querySelector(selector)!
        const box = element.getBoundingClientRect()
        const fromServer = (element as unknown as { __fromServer?: boolean }).__fromServer ?? false
        return { selector, fromServer, box: [box.x + scrollX, box.y + scrollY, box.width, box.height].map(Math.round) }
      }),
    PARTS,
  )

const shifts = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)

async function expectSentInline(page: Page, email: string): Promise<void> {
  await page.waitForFunction(
    (text) => document.querySelector("#subscribe-status")?.textContent === text,
    forms.status.subscribeSent.replace("{email}", email),
    {
      timeout: 10_000,
    },
  )
  expect(page.url()).toBe(`${origin()}/privacy`)
  expect(stored("subscribe", { email })).toHaveLength(1)
}

describe("the footer's subscribe form on /privacy", () => {
  it("is not in the start-up scripts; focusing it fetches its code, which takes over the server's HTML in place and sends inline", async () => {
    const { page, consoleErrors, requested, stylesheets } = await openPrivacy()
    // the page has hydrated, React has had its idle time to try the form's boundary, the visitor has read for a while
    await page.waitForTimeout(MIN_FILL_MS)
    expect(formScripts().length).toBeGreaterThan(0)
    expect(requested).toEqual([])
    expect(await hydrated(page)).toBe(false)

    await page.locator(".subscribe").scrollIntoViewIfNeeded()
    await page.waitForTimeout(300)
    // in view is not reaching in: the code waits for the visitor
    expect(requested).toEqual([])
    await markServerNodes(page)
    const before = await formParts(page)
    expect(before.every((part) => part.fromServer)).toBe(true)
    const shiftsBefore = await shifts(page)

    const response = page.waitForResponse((candidate) => isFormScript(candidate.url()))
    await page.focus("#subscribe-email")
    await response
    await untilHydrated(page)
    expect(requested.length).toBeGreaterThan(0)
    expect(await formParts(page)).toEqual(before)
    expect(await shifts(page)).toEqual(shiftsBefore)
    expect(stylesheets).toEqual([])
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("subscribe-email")

    // sent at once: the form has been on screen since the page loaded, not since its code came
    const email = `lazy-${unique()}@example.com`
    await page.keyboard.type(email)
    await page.keyboard.press("Enter")
    await expectSentInline(page, email)
    expect(consoleErrors).toEqual([])
    expect(pageErrors(page)).toEqual([])
    await page.context().close()
  })

  it("keeps its server HTML through in-page links before its code comes (the skip link, #top), then hydrates and sends inline", async () => {
    const { page, consoleErrors, requested } = await openPrivacy()
    await page.waitForTimeout(MIN_FILL_MS)
    await markServerNodes(page)
    const before = await formParts(page)
    // each changes the router's location, which a boundary React had left dehydrated did not survive (React error #421)
    for (const hash of ["#main", "#top", "#subscribe-title"]) {
      await page.evaluate((to) => (window.location.hash = to), hash)
      await page.waitForTimeout(200)
      expect(await formParts(page)).toEqual(before)
    }
    expect(requested).toEqual([])
    expect(await hydrated(page)).toBe(false)
    await page.focus("#subscribe-email")
    await untilHydrated(page)
    expect(await formParts(page)).toEqual(before)
    const email = `hash-${unique()}@example.com`
    await page.keyboard.type(email)
    await page.keyboard.press("Enter")
    const sent = forms.status.subscribeSent.replace("{email}", email)
    await page.waitForFunction((text) => document.querySelector("#subscribe-status")?.textContent === text, sent, { timeout: 10_000 })
    // inline: still this page, at the last link's place
    expect(page.url()).toBe(`${origin()}/privacy#subscribe-title`)
    expect(stored("subscribe", { email })).toHaveLength(1)
    // and after: a link still leaves the hydrated form as it is
    await page.evaluate(() => (window.location.hash = "#main"))
    await page.waitForTimeout(200)
    expect(await page.locator("#subscribe-status").textContent()).toBe(sent)
    expect(consoleErrors).toEqual([])
    expect(pageErrors(page)).toEqual([])
    await page.context().close()
  })

  it("keeps what was typed while its code was on the way, and then sends inline", async () => {
    const { page, consoleErrors, requested } = await openPrivacy()
    const release = await holdFormScripts(page)
    await page.waitForTimeout(MIN_FILL_MS)
    await markServerNodes(page)
    const before = await formParts(page)
    expect(before.every((part) => part.fromServer)).toBe(true)

    const email = `early-${unique()}@example.com`
    await page.click("#subscribe-email")
    await page.keyboard.type(email)
    expect(requested.length).toBeGreaterThan(0)
    expect(await hydrated(page)).toBe(false)
    expect(await page.inputValue("#subscribe-email")).toBe(email)

    release()
    await untilHydrated(page)
    expect(await page.inputValue("#subscribe-email")).toBe(email)
    expect(await formParts(page)).toEqual(before)
    await page.click(".subscribe__form button[type=submit]")
    await expectSentInline(page, email)
    expect(consoleErrors).toEqual([])
    expect(pageErrors(page)).toEqual([])
    await page.context().close()
  })

  it("posts plainly, once, when submitted before its code has arrived", async () => {
    const { page, consoleErrors, requested } = await openPrivacy()
    const release = await holdFormScripts(page)
    const email = `plain-early-${unique()}@example.com`
    await page.click("#subscribe-email")
    await page.keyboard.type(email)
    expect(requested.length).toBeGreaterThan(0)
    await Promise.all([page.waitForURL(`${origin()}${pending.path}`), page.keyboard.press("Enter")])
    release()
    expect(await page.textContent("h1")).toBe(pending.title)
    expect(stored("subscribe", { email })).toHaveLength(1)
    expect(consoleErrors).toEqual([])
    await page.context().close()
  })

  it("comes with its code at once on a page reached by a link inside the site, and sends inline there", async () => {
    const { page, consoleErrors } = await openPrivacy()
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true))
    await page.click('.main-nav a[href="/product"]')
    await page.waitForURL(`${origin()}/product`)
    await page.waitForSelector("#subscribe-email", { state: "visible", timeout: 5_000 })
    // a page change inside the app, not a new document
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true)
    await page.waitForTimeout(MIN_FILL_MS)
    const email = `moved-${unique()}@example.com`
    await page.fill("#subscribe-email", email)
    await page.click(".subscribe__form button[type=submit]")
    await page.waitForFunction(
      (text) => document.querySelector("#subscribe-status")?.textContent === text,
      forms.status.subscribeSent.replace("{email}", email),
      {
        timeout: 10_000,
      },
    )
    expect(stored("subscribe", { email })).toHaveLength(1)
    expect(consoleErrors).toEqual([])
    expect(pageErrors(page)).toEqual([])
    await page.context().close()
  })
})
