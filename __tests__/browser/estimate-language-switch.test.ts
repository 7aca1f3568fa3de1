/**
 * A visitor who makes an estimate in one language, opens the contact form
 * with it, switches the page to the other language there and sends: the
 * switch carries the estimate across, the server accepts it (before issue
 * 48 it answered 400 "Your estimate could not be read", 4 of 4), and the
 * team's e-mail quotes it in English. The production server with a real
 * SMTP server on loopback behind it; nothing is mocked.
 */
import type { Page } from "playwright-core"
import { cleanUpAll, startFormServer, startSmtp, waitUntil, type FormServer, type SmtpSink } from "../support/form-server"
import { MAIL_FROM, MAIL_TO, readJson, SITE_URL } from "../support/form-requests"
import { openPage, pageErrors } from "../support/browser"
import { readInputs, type EstimateModel } from "../../src/lib/estimate"
import { quoteEstimate, type QuoteWords } from "../../src/lib/estimate-quote"
import { formatEstimate, type EstimateCopy } from "../../src/lib/forms/estimate-payload"

/** Two page loads, a language switch, a post and a mail: more than Jest's 5 s on a busy machine */
jest.setTimeout(90_000)

interface Forms {
  status: { contactSent: string }
  mail: { estimateTitle: string }
}
const forms = { en: readJson<Forms>("content/forms/forms.en.json"), hi: readJson<Forms>("content/forms/forms.hi.json") }
const languageName = {
  en: readJson<{ languageName: string }>("content/site/site.en.json").languageName,
  hi: readJson<{ languageName: string }>("content/site/site.hi.json").languageName,
}
const estimateFile = {
  en: readJson<EstimateModel & QuoteWords>("content/estimate/estimate.en.json"),
  hi: readJson<EstimateModel & QuoteWords>("content/estimate/estimate.hi.json"),
}
const englishLines = readJson<{ form: { estimate: EstimateCopy } }>("content/contact/contact.en.json").form.estimate
const MIN_FILL_MS = 3000

let smtp: SmtpSink
let server: FormServer
beforeAll(async () => {
  smtp = await startSmtp()
  server = await startFormServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_TO, MAIL_FROM, SITE_URL, FORMS_RATE_LIMIT: "100000" })
}, 60_000)
afterAll(async () => {
  await server?.stop()
  await smtp?.close()
  await cleanUpAll()
}, 30_000)

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${server.url}${path}`)
  await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 15_000 })
}

describe.each([
  ["hi", "en"],
  ["en", "hi"],
] as const)("an estimate made in %s, sent after switching the contact page to %s", (made, sent) => {
  it("is sent (201), and the team reads it in English", async () => {
    const page = await openPage(1440)
    const home = made === "en" ? "" : `/${made}`
    await open(page, `${home}/estimate`)
    // the link carries the estimate once the calculator's code has come (EstimateActions): until then it carries none,
    // and on a busy machine /hi/estimate's code came after the click
    const quote = page.locator(".estimator__actions a.button[href*='estimate=']")
    await quote.waitFor({ timeout: 15_000 })
    await Promise.all([page.waitForURL(/\/contact\?.*estimate=/), quote.click()])
    await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 15_000 })
    await page.waitForSelector(".contact-form__estimate input[name='estimate']", { state: "attached", timeout: 15_000 })

    // the header's switch to the other language, which carries the address's query along: in the top bar,
    // which the header hides once the page has scrolled (to the form, #contact) and shows again at the top
    await page.evaluate(() => window.scrollTo(0, 0))
    const switchLink = page.locator(`nav.language-switch a`, { hasText: languageName[sent] })
    await switchLink.first().waitFor({ state: "visible", timeout: 10_000 })
    await Promise.all([page.waitForURL(new RegExp(`^${server.url}${sent === "en" ? "" : `/${sent}`}/contact\\?.*estimate=`)), switchLink.first().click()])
    await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 15_000 })
    await page.waitForSelector(".contact-form__estimate input[name='estimate']", { state: "attached", timeout: 15_000 })
    const attached = await page.inputValue(".contact-form__estimate input[name='estimate']")
    // what the other language's estimator made, carried unchanged
    expect(JSON.parse(attached)).toMatchObject({ stream: estimateFile[made].streams[0]!.name })

    // its words are the other language's: the form does not write its lines into the message, where they would mix two languages
    // (the subject is the address's own ?subject=, as the estimator's link wrote it)
    expect(await page.inputValue("#contact-message")).toBe("")

    const email = `switch.${made}-${sent}.${Date.now()}@example.com`
    const values = { username: "Asha Rao", email, phone: "+91 11 4000 0000", subject: "Quote" }
    for (const [field, value] of Object.entries(values)) await page.fill(`#contact-${field}`, value)
    await page.waitForTimeout(MIN_FILL_MS)
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/contact")
    await page.click('#contact button[type="submit"]')
    expect((await answered).status()).toBe(201)
    await page.waitForFunction((text) => document.querySelector("#contact-status")?.textContent === text, forms[sent].status.contactSent, { timeout: 15_000 })

    const mail = await waitUntil(() => smtp.messages.find((message) => message.parsed.text?.includes(email)), 15_000, `no e-mail for ${email}`)
    const text = mail.parsed.text ?? ""
    // the same inputs (its link's) quoted in English words
    const link = (JSON.parse(attached) as { link: string }).link
    const inEnglish = quoteEstimate(
      estimateFile.en,
      estimateFile.en,
      readInputs(estimateFile.en, Object.fromEntries(new URLSearchParams(link.split("?")[1])), 0).inputs,
    )
    expect(text).toContain(forms.en.mail.estimateTitle)
    for (const line of formatEstimate(inEnglish, englishLines).slice(1)) expect(text).toContain(line)
    expect(text).not.toContain(estimateFile.hi.streams[0]!.name)
    expect(pageErrors(page)).toEqual([])
    await page.context().close()
  })
})
