/**
 * A form's errors speak the page's language, whatever the browser's: in a
 * Chromium whose interface is English (--lang=en-US, locale en-US), a
 * mistake on /hi/contact is answered in Hindi, beside the field and in an
 * error summary on top (an alert, each error a link to its field), and
 * nothing is sent while one remains; without JavaScript the browser shows
 * none of its own bubbles (novalidate), the post reaches the server and its
 * page answers in the page's language. Screen readers' view: the summary is
 * an alert holding the errors, each field's description is its message.
 */
import { chromium, type Browser, type Page } from "playwright-core"
import { CHROMIUM_ARGS, chromiumPath } from "../../scripts/lib/chromium"
import { FORMS } from "../../src/lib/forms/fields"
import { languageByCode } from "../../src/lib/languages"
import { origin } from "../support/browser"
import { readContent } from "../support/serve"

jest.setTimeout(60_000)

interface Forms {
  errors: Record<string, string>
  errorPage: { title: string }
}
const LANGUAGES = [
  { code: "hi", prefix: "/hi", lang: languageByCode("hi").tag },
  { code: "en", prefix: "", lang: languageByCode("en").tag },
]
const words = (code: string) => ({
  forms: readContent<Forms>(`forms/forms.${code}.json`),
  fields: readContent<{ form: { fields: Record<string, { label: string }> } }>(`contact/contact.${code}.json`).form.fields,
  emailLabel: readContent<{ footer: { subscribe: { emailLabel: string } } }>(`site/site.${code}.json`).footer.subscribe.emailLabel,
})
const say = (template: string, label: string, max = 0) => template.replace("{label}", label).replace("{max}", String(max))

let browser: Browser
beforeAll(async () => {
  // a browser of its own: the shared one's interface language is the machine's
  browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, "--lang=en-US"] })
})
afterAll(async () => {
  await browser?.close()
})

/** A page in an English-speaking browser, and the paths of every POST it makes */
async function open(javaScriptEnabled: boolean, width = 1440): Promise<{ page: Page; posts: string[] }> {
  const context = await browser.newContext({ locale: "en-US", javaScriptEnabled, viewport: { width, height: 900 } })
  const page = await context.newPage()
  const posts: string[] = []
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(new URL(request.url()).pathname)
  })
  return { page, posts }
}

/** What a screen reader is told of an element: Chromium's accessibility tree (role, name, description) */
async function accessible(page: Page, selector: string): Promise<{ role?: string; name?: string; description?: string }> {
  const cdp = await page.context().newCDPSession(page)
  const { root } = (await cdp.send("DOM.getDocument")) as { root: { nodeId: number } }
  const { nodeId } = (await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector })) as { nodeId: number }
  const { nodes } = (await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: false })) as {
    nodes: { role?: { value: string }; name?: { value: string }; description?: { value: string } }[]
  }
  await cdp.detach()
  return { role: nodes[0]?.role?.value, name: nodes[0]?.name?.value, description: nodes[0]?.description?.value }
}

/** The summary's links as [href, text], in order */
const summaryLinks = (page: Page, form: string) =>
  page.$$eval(`${form} .error-summary a`, (links) => links.map((link) => [link.getAttribute("href"), link.textContent]))

const isSummaryFocused = (page: Page) => page.evaluate(() => document.activeElement?.classList.contains("error-summary") ?? false)

describe.each(LANGUAGES)("the contact form on $prefix/contact in an English browser ($code)", ({ code, prefix, lang }) => {
  const { forms, fields } = words(code)
  const expected = [
    ["#contact-username", say(forms.errors.required!, fields.username!.label)],
    ["#contact-email", say(forms.errors.invalid_email!, fields.email!.label)],
    ["#contact-phone", say(forms.errors.required!, fields.phone!.label)],
    ["#contact-subject", say(forms.errors.too_long!, fields.subject!.label, FORMS.contact.subject.max)],
  ]

  it("with JavaScript: the page's own messages beside each field and in a summary of links, announced; nothing is sent", async () => {
    const { page, posts } = await open(true)
    await page.goto(`${origin()}${prefix}/contact`)
    await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 15_000 })
    expect(await page.evaluate(() => navigator.language)).toBe("en-US")
    // no @: the browser's own check would say "Please include an '@' in the email address", in English
    await page.fill("#contact-email", "savitri.example.com")
    // longer than the field's limit (maxLength stops typing, not a value set by a script or an autofill)
    await page.$eval("#contact-subject", (input, max) => ((input as HTMLInputElement).value = "x".repeat(max + 1)), FORMS.contact.subject.max)
    await page.click('#contact button[type="submit"]')
    await page.waitForSelector("#contact .error-summary", { timeout: 5_000 })

    expect(await summaryLinks(page, "#contact")).toEqual(expected)
    expect(await page.textContent("#contact .error-summary h3")).toBe(forms.errorPage.title)
    expect(await isSummaryFocused(page)).toBe(true)
    for (const [href, text] of expected) {
      const id = href!.slice(1)
      expect([id, await page.textContent(`#${id}-error`)]).toEqual([id, text])
      expect([id, await page.getAttribute(`#${id}`, "aria-invalid")]).toEqual([id, "true"])
      // a screen reader hears the message with the field
      expect([id, (await accessible(page, `#${id}`)).description]).toEqual([id, text])
    }
    expect(await page.locator("#contact .error-summary").ariaSnapshot()).toMatch(/^- alert:/)
    expect(await accessible(page, "#contact .error-summary")).toMatchObject({ role: "alert" })
    // the message is optional: no error
    expect(await page.$("#contact-message-error")).toBeNull()

    // each link takes focus to its field
    await page.click(`#contact .error-summary a[href="#contact-email"]`)
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("contact-email")
    // corrected, its message goes, from beside it and from the summary; the others stay
    await page.fill("#contact-email", "savitri@example.com")
    expect(await page.$("#contact-email-error")).toBeNull()
    expect(await page.getAttribute("#contact-email", "aria-invalid")).toBeNull()
    expect((await summaryLinks(page, "#contact")).map(([href]) => href)).toEqual(["#contact-username", "#contact-phone", "#contact-subject"])
    expect(posts).toEqual([])
    expect(await page.getAttribute("html", "lang")).toBe(lang)
    await page.context().close()
  })

  it("without JavaScript: no bubble of the browser's, the post reaches the server, whose page answers in the page's language", async () => {
    const { page, posts } = await open(false, 375)
    await page.goto(`${origin()}${prefix}/contact`)
    const noValidate = await page.$eval("#contact", (form) => (form as HTMLFormElement).noValidate)
    // the hints for keyboards and assistive technology stay
    expect(await page.$eval("#contact-email", (input) => [(input as HTMLInputElement).type, (input as HTMLInputElement).required])).toEqual(["email", true])
    await page.fill("#contact-email", "savitri.example.com")
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.url().endsWith("/api/contact"), { timeout: 5_000 }).catch(() => null),
      page.click('#contact button[type="submit"]'),
    ])
    // a bubble of the browser's would have stopped the post
    expect(posts).toEqual(["/api/contact"])
    expect(noValidate).toBe(true)
    expect(response?.status()).toBe(422)
    await page.waitForLoadState()
    expect(await page.getAttribute("html", "lang")).toBe(lang)
    expect(await page.textContent("h1")).toBe(forms.errorPage.title)
    const alert = await page.textContent('[role="alert"]')
    for (const [, text] of expected.slice(0, 3)) expect(alert).toContain(text)
    expect(await page.textContent("#contact-email-error")).toBe(expected[1]![1])
    await page.context().close()
  })
})

describe.each(LANGUAGES)("the footer's subscribe form on $prefix/ in an English browser ($code)", ({ code, prefix }) => {
  const { forms, emailLabel } = words(code)
  const message = say(forms.errors.invalid_email!, emailLabel)

  it("with JavaScript: its message beside the field and in a summary that is announced and focused; nothing is sent", async () => {
    const { page, posts } = await open(true, 375)
    await page.goto(`${origin()}${prefix}/`)
    await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 15_000 })
    // reaching into the form brings its code (hydrateOnInteraction); typing waits for React to own the field
    await page.focus("#subscribe-email")
    await page.waitForFunction(() => Object.keys(document.getElementById("subscribe-email") ?? {}).some((key) => key.startsWith("__reactFiber$")), undefined, {
      timeout: 10_000,
    })
    await page.fill("#subscribe-email", "news.example.com")
    await page.click('.subscribe__form button[type="submit"]')
    await page.waitForSelector(".subscribe .error-summary", { timeout: 5_000 })
    expect(await summaryLinks(page, ".subscribe")).toEqual([["#subscribe-email", message]])
    expect(await page.textContent("#subscribe-email-error")).toBe(message)
    expect(await accessible(page, "#subscribe-email")).toMatchObject({ description: message })
    expect(await accessible(page, ".subscribe .error-summary")).toMatchObject({ role: "alert" })
    expect(await isSummaryFocused(page)).toBe(true)
    expect(posts).toEqual([])
    await page.context().close()
  })

  it("without JavaScript: no bubble of the browser's; the server's page answers in the page's language", async () => {
    const { page, posts } = await open(false)
    await page.goto(`${origin()}${prefix}/`)
    const noValidate = await page.$eval(".subscribe__form", (form) => (form as HTMLFormElement).noValidate)
    await page.fill("#subscribe-email", "news.example.com")
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.url().endsWith("/api/subscribe"), { timeout: 5_000 }).catch(() => null),
      page.click('.subscribe__form button[type="submit"]'),
    ])
    expect(posts).toEqual(["/api/subscribe"])
    expect(noValidate).toBe(true)
    expect(response?.status()).toBe(422)
    await page.waitForLoadState()
    expect(await page.textContent("h1")).toBe(forms.errorPage.title)
    expect(await page.textContent('[role="alert"]')).toContain(message)
    await page.context().close()
  })
})
