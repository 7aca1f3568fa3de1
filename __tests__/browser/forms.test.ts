/**
 * Both forms in a real browser, against the production server and its real
 * store: inline with JavaScript (live region, errors beside fields, input
 * kept) and as plain posts without it (thank-you page, or the form again
 * with errors and input), and the quote links that fill in the subject.
 */
import fs from "fs"
import type { Page } from "playwright-core"
import { confirmedSubscriber, openPage, origin, pageErrors, stored, visit } from "../support/browser"
import { readContent } from "../support/serve"

interface Forms {
  status: { contactSent: string; subscribeSent: string; failed: string }
  errors: Record<string, string>
  errorPage: { title: string }
  unsubscribePage: { button: string }
  pages: { id: string; path: string; title: string }[]
}
interface Contact {
  form: { fields: Record<string, { label: string }>; estimate: { note: string } }
}

/** A page load, a form post and a navigation each: more than Jest's 5 s when the machine is busy */
jest.setTimeout(30_000)

const forms = readContent<Forms>("forms/forms.en.json")
const contact = readContent<Contact>("contact/contact.en.json")
const products = readContent<{ items: { title: string }[] }>("products/products.en.json")
const cta = readContent<{ quote: { label: string; subject: string } }>("call-to-action/call-to-action.en.json")
const notice = (id: string) => forms.pages.find((page) => page.id === id)!

const unique = () => `${Date.now()}-${Math.round(Math.random() * 1e6)}`

async function fillContact(page: Page, values: Record<string, string>): Promise<void> {
  for (const [field, value] of Object.entries(values)) await page.fill(`#contact-${field}`, value)
}

const MIN_FILL_MS = 3000

describe("contact form with JavaScript", () => {
  let page: Page
  beforeEach(async () => {
    page = await openPage(1440)
    await visit(page, "/contact")
  })
  afterEach(async () => {
    expect(pageErrors(page)).toEqual([])
    await page.context().close()
  })

  it("sends inline, announces the outcome in the live region and stores the message", async () => {
    const subject = `Inline ${unique()}`
    const values = { username: "Ada Lovelace", email: "ada@example.com", phone: "+1 555 010 0100", subject, message: "Two tonnes a day\nof garden waste." }
    await fillContact(page, values)
    await page.waitForTimeout(MIN_FILL_MS)
    await page.click('#contact button[type="submit"]')
    const status = page.locator("#contact-status")
    await page.waitForFunction((text) => document.querySelector("#contact-status")?.textContent === text, forms.status.contactSent, { timeout: 10_000 })
    expect(await status.getAttribute("role")).toBe("status")
    expect(page.url()).toBe(`${origin()}/contact`)
    expect(await page.inputValue("#contact-subject")).toBe("")
    expect(stored("contact", { ...values, message: values.message })).toHaveLength(1)
  })

  it("shows the server's errors beside the fields and in the error summary, which takes focus, and keeps the input", async () => {
    const subject = `Bad email ${unique()}`
    // The page checks what the server checks, so only a post changed on its way gets a field error from the
    // server (a rule the server gains before the page does): the e-mail is spoiled in transit
    await page.route("**/api/contact", (route) =>
      route.continue({ postData: JSON.stringify({ ...(route.request().postDataJSON() as object), email: "ada@example" }) }),
    )
    await fillContact(page, { username: "Ada", email: "ada@example.com", phone: "+1 555 010 0100", subject, message: "Keep me" })
    await page.waitForTimeout(MIN_FILL_MS)
    await page.click('#contact button[type="submit"]')
    await page.waitForSelector("#contact-email[aria-invalid=true]", { timeout: 10_000 })
    const label = contact.form.fields.email!.label
    const text = forms.errors.invalid_email!.replace("{label}", label)
    expect(await page.textContent("#contact-email-error")).toBe(text)
    expect(await page.getAttribute("#contact-email", "aria-describedby")).toBe("contact-email-error")
    expect(await page.textContent("#contact-status")).toBe(forms.status.failed)
    // the same summary as the page's own check: the server's error, a link to its field, focused
    expect(await page.$$eval("#contact .error-summary a", (links) => links.map((link) => [link.getAttribute("href"), link.textContent]))).toEqual([
      ["#contact-email", text],
    ])
    expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("alert")
    expect(await page.inputValue("#contact-message")).toBe("Keep me")
    expect(await page.inputValue("#contact-subject")).toBe(subject)
    expect(stored("contact", { subject })).toHaveLength(0)
  })

  it("refuses a form sent faster than a person can fill it in, and keeps the input", async () => {
    const subject = `Too fast ${unique()}`
    await fillContact(page, { username: "Bot", email: "bot@example.com", phone: "5550100100", subject })
    await page.click('#contact button[type="submit"]')
    await page.waitForFunction(() => document.querySelector("#contact-status")?.className.includes("failed"), undefined, { timeout: 10_000 })
    expect(await page.textContent("#contact-status")).toContain(forms.errors.too_fast)
    expect(await page.inputValue("#contact-subject")).toBe(subject)
    expect(stored("contact", { subject })).toHaveLength(0)
  })
})

describe("contact form without JavaScript", () => {
  let page: Page
  beforeEach(async () => {
    page = await openPage(375, { javaScriptEnabled: false })
    await page.goto(`${origin()}/contact`)
  })
  afterEach(async () => {
    await page.context().close()
  })

  it("posts normally and ends on the thank-you page", async () => {
    const subject = `No JS ${unique()}`
    await fillContact(page, { username: "Grace Hopper", email: "grace@example.com", phone: "+1 555 010 0101", subject })
    await Promise.all([page.waitForURL(`${origin()}${notice("contact-sent").path}`), page.click('#contact button[type="submit"]')])
    expect(await page.textContent("h1")).toBe(notice("contact-sent").title)
    expect(stored("contact", { username: "Grace Hopper", subject })).toHaveLength(1)
  })

  it("shows the form again with the errors and what was typed", async () => {
    const subject = `No JS bad ${unique()}`
    await fillContact(page, { username: "Grace", email: "grace@example", phone: "+1 555 010 0101", subject, message: "Still here" })
    const [response] = await Promise.all([page.waitForNavigation(), page.click('#contact button[type="submit"]')])
    expect(response?.status()).toBe(422)
    expect(await page.textContent("h1")).toBe(forms.errorPage.title)
    expect(await page.textContent('[role="alert"]')).toContain(forms.errors.invalid_email!.replace("{label}", contact.form.fields.email!.label))
    expect(await page.inputValue("#contact-subject")).toBe(subject)
    expect(await page.inputValue("#contact-message")).toBe("Still here")
    expect(await page.getAttribute("#contact-email", "aria-invalid")).toBe("true")
    // Corrected and sent again from that page, it is stored
    await page.fill("#contact-email", "grace@example.com")
    await Promise.all([page.waitForURL(`${origin()}${notice("contact-sent").path}`), page.click('button[type="submit"]')])
    expect(stored("contact", { subject, message: "Still here", email: "grace@example.com" })).toHaveLength(1)
  })
})

describe("the Hindi forms", () => {
  const hindi = readContent<Forms>("forms/forms.hi.json")
  const hindiContact = readContent<Contact>("contact/contact.hi.json")
  /** The notice page in Hindi: the same path under /hi */
  const hindiNotice = (id: string) => {
    const page = hindi.pages.find((notice) => notice.id === id)!
    return { ...page, path: `/hi${page.path}` }
  }

  it("send inline with JavaScript and are answered in Hindi: the errors beside the fields, then the live region", async () => {
    const page = await openPage(1440)
    await visit(page, "/hi/contact")
    const subject = `Hindi inline ${unique()}`
    await fillContact(page, { username: "सावित्री", email: "savitri@example", phone: "+91 98765 43210", subject, message: "दो टन प्रतिदिन" })
    await page.waitForTimeout(MIN_FILL_MS)
    await page.click('#contact button[type="submit"]')
    await page.waitForSelector("#contact-email[aria-invalid=true]", { timeout: 10_000 })
    expect(await page.textContent("#contact-email-error")).toBe(hindi.errors.invalid_email!.replace("{label}", hindiContact.form.fields.email!.label))
    expect(await page.textContent("#contact-status")).toBe(hindi.status.failed)
    await page.fill("#contact-email", "savitri@example.com")
    await page.click('#contact button[type="submit"]')
    await page.waitForFunction((text) => document.querySelector("#contact-status")?.textContent === text, hindi.status.contactSent, { timeout: 10_000 })
    expect(stored("contact", { subject })).toEqual([expect.objectContaining({ language: "hi" })])
    expect(pageErrors(page)).toEqual([])
    await page.context().close()
  })

  it("post without JavaScript, show the form again in Hindi, and end on the Hindi notice pages", async () => {
    const page = await openPage(375, { javaScriptEnabled: false })
    await page.goto(`${origin()}/hi/contact`)
    const subject = `Hindi plain ${unique()}`
    await fillContact(page, { username: "ज्योतिराव", email: "jyoti@example", phone: "+91 98765 43211", subject, message: "फिर भी यहाँ" })
    const [response] = await Promise.all([page.waitForNavigation(), page.click('#contact button[type="submit"]')])
    expect(response?.status()).toBe(422)
    expect(await page.getAttribute("html", "lang")).toBe("hi-IN")
    expect(await page.textContent("h1")).toBe(hindi.errorPage.title)
    expect(await page.textContent('[role="alert"]')).toContain(hindi.errors.invalid_email!.replace("{label}", hindiContact.form.fields.email!.label))
    expect(await page.inputValue("#contact-message")).toBe("फिर भी यहाँ")
    // corrected and sent again from that page: still Hindi, so the Hindi thank-you page
    await page.fill("#contact-email", "jyoti@example.com")
    await Promise.all([page.waitForURL(`${origin()}${hindiNotice("contact-sent").path}`), page.click('button[type="submit"]')])
    expect(await page.textContent("h1")).toBe(hindiNotice("contact-sent").title)
    expect(stored("contact", { subject, email: "jyoti@example.com" })).toEqual([expect.objectContaining({ language: "hi" })])

    await page.goto(`${origin()}/hi`)
    const email = `hindi-${unique()}@example.com`
    await page.fill("#subscribe-email", email)
    await Promise.all([page.waitForURL(`${origin()}${hindiNotice("subscribe-pending").path}`), page.click('.subscribe__form button[type="submit"]')])
    expect(await page.textContent("h1")).toBe(hindiNotice("subscribe-pending").title)
    expect(stored("subscribe", { email })).toEqual([expect.objectContaining({ language: "hi" })])
    await page.context().close()
  })
})

describe("subscribe form", () => {
  it("subscribes inline with JavaScript and says a confirmation link is on its way", async () => {
    const page = await openPage(375)
    await visit(page, "/")
    const email = `news-${unique()}@example.com`
    await page.fill("#subscribe-email", email)
    await page.waitForTimeout(MIN_FILL_MS)
    await page.click('.subscribe__form button[type="submit"]')
    await page.waitForFunction(
      (text) => document.querySelector("#subscribe-status")?.textContent === text,
      forms.status.subscribeSent.replace("{email}", email),
      { timeout: 10_000 },
    )
    expect(stored("subscribe", { email })).toHaveLength(1)
    expect(pageErrors(page)).toEqual([])
    await page.context().close()
  })

  it("subscribes without JavaScript and ends on the check-your-inbox page", async () => {
    const page = await openPage(1440, { javaScriptEnabled: false })
    await page.goto(`${origin()}/product`)
    const email = `plain-${unique()}@example.com`
    await page.fill("#subscribe-email", email)
    await Promise.all([page.waitForURL(`${origin()}${notice("subscribe-pending").path}`), page.click('.subscribe__form button[type="submit"]')])
    expect(await page.textContent("h1")).toBe(notice("subscribe-pending").title)
    expect(stored("subscribe", { email })).toHaveLength(1)
    await page.context().close()
  })
})

describe("unsubscribe without JavaScript", () => {
  it("shows a button on the link's page, changes nothing until it is pressed, then ends on the unsubscribed page", async () => {
    const email = `leaving-${unique()}@example.com`
    const { link, file } = confirmedSubscriber(email)
    const page = await openPage(375, { javaScriptEnabled: false })
    await page.goto(`${origin()}${link}`)
    expect(await page.getByRole("button", { name: forms.unsubscribePage.button }).isVisible()).toBe(true)
    expect(await page.textContent("p")).toContain(email)
    expect(JSON.parse(fs.readFileSync(file, "utf8")).status).toBe("confirmed")
    await Promise.all([page.waitForURL(`${origin()}${notice("unsubscribed").path}`), page.getByRole("button", { name: forms.unsubscribePage.button }).click()])
    expect(await page.textContent("h1")).toBe(notice("unsubscribed").title)
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toMatchObject({ status: "unsubscribed", unsubscribedAt: expect.any(String) })
    // the same link again: harmless
    await page.goto(`${origin()}${link}`)
    await Promise.all([page.waitForURL(`${origin()}${notice("unsubscribed").path}`), page.getByRole("button", { name: forms.unsubscribePage.button }).click()])
    expect(JSON.parse(fs.readFileSync(file, "utf8")).status).toBe("unsubscribed")
    await page.context().close()
  })
})

describe("quote links", () => {
  it("Get a Quote on the home page opens the contact form with the subject filled in", async () => {
    const page = await openPage(1440)
    await visit(page, "/")
    await Promise.all([page.waitForURL(/\/contact\?/), page.getByRole("link", { name: cta.quote.label }).first().click()])
    await page.waitForFunction((subject) => (document.querySelector("#contact-subject") as HTMLInputElement | null)?.value === subject, cta.quote.subject, {
      timeout: 10_000,
    })
    await page.context().close()
  })

  it("the estimator's quote link opens the contact form with the estimate attached, whose rules are fetched for it; a plain visit fetches none", async () => {
    const chunks = (requested: string[]) => requested.filter((file) => /\/estimate-payload-[0-9a-f]+\.js$/.test(file))
    const plain = await openPage(375)
    const plainRequests: string[] = []
    plain.on("request", (request) => plainRequests.push(new URL(request.url()).pathname))
    await visit(plain, "/contact")
    await plain.waitForLoadState("networkidle")
    expect(chunks(plainRequests)).toEqual([])
    expect(await plain.$(".contact-form__estimate")).toBeNull()
    await plain.context().close()

    const page = await openPage(375)
    const requested: string[] = []
    page.on("request", (request) => requested.push(new URL(request.url()).pathname))
    await visit(page, "/estimate")
    const quote = page.locator(".estimator__actions a.button")
    await quote.waitFor({ timeout: 10_000 })
    await Promise.all([page.waitForURL(/\/contact\?.*estimate=/), quote.click()])
    await page.waitForSelector(".contact-form__estimate", { timeout: 10_000 })
    expect(await page.textContent(".contact-form__estimate")).toContain(contact.form.estimate.note)
    expect(await page.inputValue("#contact-message")).toContain("\n")
    expect(JSON.parse(await page.inputValue('.contact-form__estimate input[name="estimate"]'))).toMatchObject({ stream: expect.any(String) })
    expect(chunks(requested)).toHaveLength(1)
    expect(pageErrors(page)).toEqual([])
    await page.context().close()
  })

  it("each machine on /product opens the contact form with its name as the subject", async () => {
    const page = await openPage(375)
    await visit(page, "/product")
    const machine = products.items[products.items.length - 1]!.title
    const link = page.locator(`a[href*="/contact?"][href*="${encodeURIComponent(machine).replace(/%20/g, "+")}"]`).first()
    await link.scrollIntoViewIfNeeded()
    await Promise.all([page.waitForURL(/\/contact\?/), link.click()])
    await page.waitForFunction((subject) => (document.querySelector("#contact-subject") as HTMLInputElement | null)?.value === subject, machine, {
      timeout: 10_000,
    })
    // sent from there, the message records where the lead came from: the machine link on /product
    const username = `Lead ${unique()}`
    await fillContact(page, { username, email: "lead@example.com", phone: "+1 555 010 0100" })
    await page.waitForTimeout(MIN_FILL_MS)
    await page.locator('#contact button[type="submit"]').click()
    await page.waitForFunction((text) => document.querySelector("#contact-status")?.textContent === text, forms.status.contactSent, { timeout: 10_000 })
    expect(stored("contact", { username, subject: machine })).toEqual([expect.objectContaining({ source: { cta: "product", page: "/product" } })])
    await page.context().close()
  })
})
