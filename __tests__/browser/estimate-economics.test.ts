/**
 * The estimator's second step, cost and earnings, in a real browser: its
 * figures are the page's arithmetic written in lakh and crore with their
 * working and sources beside them, the tipping fee typed goes into the
 * address and the quote, a fee that cannot be read is named beside its
 * field without losing the estimate, the Hindi page writes the same money
 * in Hindi words, and a quote with the step's rows is accepted by the forms'
 * server and stored as made.
 */
import type { Page } from "playwright-core"
import { economics, estimate, readInputs, type EstimateModel } from "../../src/lib/estimate"
import { economicsRows, type QuoteWords } from "../../src/lib/estimate-quote"
import { dollarRange, rupeeRange, rupees } from "../../src/lib/money"
import { fill } from "../../src/lib/text"
import { openPage, origin, pageErrors, sendContactForm, stored, visit } from "../support/browser"
import { readContent } from "../support/serve"

type Content = EstimateModel &
  QuoteWords & { results: { quote: string }; economics: QuoteWords["economics"] & Record<string, unknown> & { money: Parameters<typeof rupees>[1] } }
const english = readContent<Content>("estimate/estimate.en.json")
const hindi = readContent<Content>("estimate/estimate.hi.json")

/** What the step must show for these inputs: each row's label and its amount, as the page writes them */
function expectedRows(content: Content, raw: Record<string, string>) {
  const { inputs } = readInputs(content, raw, 20)
  const figures = economics(content, inputs, estimate(content, inputs))
  const money = content.economics.money
  return economicsRows(content.economics, figures).map((row) => {
    const range = figures[row.key]!
    const shown = row.key === "credit" ? dollarRange(range, money) : rupeeRange(range, money)
    const typical = row.key === "credit" ? dollarRange({ low: range.typical, high: range.typical }, money) : rupees(range.typical, money)
    return [row.label, shown === typical ? shown : fill(content.economics.range as string, { range: shown, typical })]
  })
}

/** The step's rows as shown: label and the bold amount */
const shownRows = (page: Page) =>
  page.$$eval(".estimator__economics-figures > div", (rows) =>
    rows.map((row) => [row.querySelector("dt")?.textContent ?? "", row.querySelector("dd strong")?.textContent ?? ""]),
  )

const hydrated = (page: Page, stream: string) =>
  page.waitForFunction((id) => (document.querySelector("#estimate-stream") as HTMLSelectElement | null)?.value === id, stream)

describe("the second step: what it would cost and earn", () => {
  let page: Page
  afterEach(async () => {
    expect(pageErrors(page)).toEqual([])
    await page.context().close()
  })

  it("shows municipal waste's cost, earnings and credits with their sources; a typed fee joins them, the address and the quote", async () => {
    page = await openPage(375)
    await visit(page, "/estimate?stream=municipal-waste&amount=1000&per=day")
    await hydrated(page, "municipal-waste")
    await page.waitForSelector("#estimate-fee")
    expect(await shownRows(page)).toEqual(expectedRows(english, { stream: "municipal-waste", amount: "1000", per: "day" }))
    // every figure cites its factor's source beside it, with the year and how sure it is
    const cites = await page.$$eval(".estimator__economics-figures .estimator__cite a", (links) => links.map((link) => link.getAttribute("href")))
    const capital = english.factors.find((factor) => factor.id === "msw-capital-cost")!
    const tariff = english.factors.find((factor) => factor.id === "msw-tariff")!
    expect(cites).toEqual(expect.arrayContaining([capital.source.url, tariff.source.url]))
    // what the scheme excludes, said for this stream
    const notes = await page.$$eval(".estimator__economics-notes li", (items) => items.map((item) => item.textContent ?? ""))
    const exclusion = english.economics.notes as unknown as { id: string; text: string }[]
    expect(notes.some((text) => text.startsWith(exclusion.find((note) => note.id === "msw-no-support")!.text))).toBe(true)

    await page.fill("#estimate-fee", "225")
    await page.waitForFunction(() => window.location.search.includes("fee=225"))
    const withFee = expectedRows(english, { stream: "municipal-waste", amount: "1000", per: "day", fee: "225" })
    expect(withFee.map(([label]) => label)).toContain(english.economics.fee)
    await page.waitForFunction((count) => document.querySelectorAll(".estimator__economics-figures > div").length === count, withFee.length)
    expect(await shownRows(page)).toEqual(withFee)
    const href = await page.getAttribute(".estimator__actions a.button", "href")
    const sent = JSON.parse(new URL(href!, origin()).searchParams.get("estimate")!) as {
      link: string
      results: { label: string; typical: number; unit: string }[]
    }
    expect(sent.link).toContain("&fee=225")
    // ₹225 × 1,000 t × 334 days = ₹7.5 crore a year
    expect(sent.results).toContainEqual(
      expect.objectContaining({ label: `${english.economics.heading}: ${english.economics.fee}`, typical: 7.5, unit: "₹ crore" }),
    )

    // a fee that cannot be read: named beside its field; the estimate and the rest of the step stay
    await page.fill("#estimate-fee", "abc")
    await page.waitForSelector("#estimate-fee-error")
    expect(await page.locator("#estimate-fee-error").textContent()).toBe(fill(english.economics.feeError as string, { max: "100,000" }))
    expect(await page.getAttribute("#estimate-fee", "aria-invalid")).toBe("true")
    expect(await page.$$(".estimator__card")).not.toHaveLength(0)
    expect(await shownRows(page)).toEqual(expectedRows(english, { stream: "municipal-waste", amount: "1000", per: "day" }))
  })

  it("on /hi/estimate, 520 t a day of rice husk: the support held to the scheme's cap, written in करोड़, no tipping fee asked", async () => {
    page = await openPage(1440)
    await visit(page, "/hi/estimate?stream=rice-husk&amount=520&per=day")
    await hydrated(page, "rice-husk")
    await page.waitForSelector(".estimator__economics-figures")
    const rows = await shownRows(page)
    expect(rows).toEqual(expectedRows(hindi, { stream: "rice-husk", amount: "520", per: "day" }))
    expect(rows).toContainEqual([hindi.economics.support, "₹5 करोड़"])
    expect(await page.$("#estimate-fee")).toBeNull()
    const how = await page.locator(".estimator__economics-figures [data-economics='support'] .estimator__how").textContent()
    expect(how).toContain(fill(hindi.economics.supportCapped as string, { cap: "5" }))
  })

  it("a quote with the step's rows is accepted by the forms' server and stored as the page made it", async () => {
    page = await openPage(375)
    await visit(page, "/estimate?stream=municipal-waste&amount=1000&per=day&fee=300")
    await hydrated(page, "municipal-waste")
    await page.waitForFunction(() => (document.querySelector("#estimate-fee") as HTMLInputElement | null)?.value === "300")
    await Promise.all([page.waitForURL(/\/contact\?/), page.click(`text=${english.results.quote}`)])
    await page.waitForSelector("html[data-hydrated]", { state: "attached" })
    const hidden = JSON.parse((await page.getAttribute('input[type="hidden"][name="estimate"]', "value")) ?? "{}") as {
      link: string
      results: { label: string }[]
    }
    expect(hidden.link).toContain("&fee=300")
    expect(hidden.results.filter((row) => row.label.startsWith(`${english.economics.heading}: `)).length).toBeGreaterThanOrEqual(4)
    const subject = `Economics ${Date.now()}`
    await sendContactForm(page, { subject, username: "Municipal Corporation", email: "engineer@example.com", phone: "+91 712 000 0000" })
    const records = stored("contact", { subject }) as { estimate?: { results: unknown[] } }[]
    expect(records).toHaveLength(1)
    expect(records[0]!.estimate!.results).toEqual(hidden.results)
  })
})
