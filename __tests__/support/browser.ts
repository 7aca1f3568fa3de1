import { randomBytes } from "crypto"
import fs from "fs"
import path from "path"
import { subscriberKey, unsubscribeToken, type Subscriber } from "../../src/forms/store"
import { chromium, type Browser, type BrowserContextOptions, type Page } from "playwright-core"

let browser: Browser | undefined

/** The Chromium started by the global setup. */
export async function connect(): Promise<Browser> {
  const ws = process.env.TEST_BROWSER_WS
  if (!ws) throw new Error("The browser tests run through jest's browser project (npm run test:browser).")
  browser ??= await chromium.connect(ws)
  return browser
}

export function origin(): string {
  const value = process.env.TEST_ORIGIN
  if (!value) throw new Error("TEST_ORIGIN is not set: run the browser tests through jest's browser project.")
  return value
}

/** A fresh page (own context: cookies, storage, media settings) at a viewport width. */
export async function openPage(width: number, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await (await connect()).newContext({ viewport: { width, height: width < 768 ? 800 : 900 }, ...options })
  // Content-Security-Policy violations, as the page reports them (the init script runs outside the policy)
  await context.addInitScript(() => {
    const log: string[] = []
    ;(window as unknown as { __cspViolations: string[] }).__cspViolations = log
    document.addEventListener("securitypolicyviolation", (event) =>
      log.push(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`),
    )
  })
  const page = await context.newPage()
  const errors: string[] = []
  page.on("pageerror", (error) => errors.push(error.message))
  page.on("console", (message) => {
    if (message.type() === "error" && /Content.Security.Policy|Refused to/i.test(message.text())) errors.push(message.text())
  })
  pageErrorLog.set(page, errors)
  return page
}

/** The Content-Security-Policy violations the page has reported so far. */
export async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])
}

const pageErrorLog = new WeakMap<Page, string[]>()

/** Uncaught errors the page has thrown so far, and console errors about the Content-Security-Policy. */
export function pageErrors(page: Page): string[] {
  return pageErrorLog.get(page) ?? []
}

/** Opens a path of the site and waits until React has hydrated it (gatsby-browser marks <html>). */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(`${origin()}${path}`)
  await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 15_000 })
}

export async function closeAll(): Promise<void> {
  await browser?.close()
  browser = undefined
}

/**
 * A confirmed subscriber written straight into the served site's store
 * (TEST_FORMS_DIR), as a confirmation would leave it; returns the address's
 * unsubscribe link, as its e-mails carry it.
 */
export function confirmedSubscriber(email: string): { link: string; file: string } {
  const dir = process.env.TEST_FORMS_DIR
  if (!dir) throw new Error("TEST_FORMS_DIR is not set: run through jest's browser project.")
  const key = subscriberKey(email)
  const secret = randomBytes(32).toString("base64url")
  const at = new Date().toISOString()
  const file = path.join(dir, "subscribe", "addresses", `${key}.json`)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const record: Subscriber = {
    email,
    status: "confirmed",
    secret,
    firstRequestedAt: at,
    lastRequestedAt: at,
    confirmedAt: at,
    confirmationsRequested: 1,
    mailDue: false,
    mailAttempts: 1,
  }
  fs.writeFileSync(file, JSON.stringify(record))
  return { link: `/api/unsubscribe?token=${encodeURIComponent(unsubscribeToken(key, secret))}`, file }
}

/**
 * Fills the contact form's fields (by their names: subject, username, email,
 * phone), waits out the form's minimum time a person takes, sends it and
 * waits until the page says it was sent.
 */
export async function sendContactForm(page: Page, values: Record<string, string>): Promise<void> {
  for (const [field, value] of Object.entries(values)) await page.fill(`#contact-${field}`, value)
  await page.waitForTimeout(3000)
  await page.click('#contact button[type="submit"]')
  await page.waitForFunction(() => document.querySelector("#contact-status")?.className.includes("sent"), undefined, { timeout: 10_000 })
}

/** The served site's stored form submissions (TEST_FORMS_DIR) whose values include every given field. */
export function stored(kind: "contact" | "subscribe", values: Record<string, string>): unknown[] {
  const store = process.env.TEST_FORMS_DIR
  if (!store) throw new Error("TEST_FORMS_DIR is not set: run through jest's browser project.")
  const dir = path.join(store, kind, "submissions")
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) as { values: Record<string, string> })
    .filter((record) => Object.entries(values).every(([field, value]) => record.values[field] === value))
}

/** The layout shifts a page records from its first byte (window.__cls): their sum and each with its time and the elements that moved */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log = { total: 0, entries: [] as string[] }
    ;(window as unknown as { __cls: typeof log }).__cls = log
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
        if (entry.hadRecentInput) continue
        log.total += entry.value
        log.entries.push(
          `${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${(entry.sources ?? []).map((s) => (s.node as Element | undefined)?.className ?? s.node?.nodeName).join(",")}`,
        )
      }
    }).observe({ type: "layout-shift", buffered: true })
  })
}

/** What recordLayoutShifts has recorded so far */
export async function layoutShifts(page: Page): Promise<{ total: number; entries: string[] }> {
  return page.evaluate(() => (window as unknown as { __cls: { total: number; entries: string[] } }).__cls)
}
