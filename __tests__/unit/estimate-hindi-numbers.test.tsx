/**
 * The estimator on the Hindi page (/hi/estimate): figures in lakhs and
 * crores in Latin digits, what a Hindi visitor types (Devanagari digits, a
 * lakh's commas) read as the number it is, the address in plain numbers,
 * and the estimate handed to the contact form carrying the same numbers as
 * the English page's, which the forms' server makes again with the Hindi
 * words. On the site's own content: no figure is written here.
 */
import { createElement } from "react"
import { fireEvent, render, screen } from "@testing-library/react"
import english from "../../content/estimate/estimate.en.json"
import hindi from "../../content/estimate/estimate.hi.json"
import { Estimator, type EstimatorCopy } from "../../src/components/blocks/Estimator"
import { readEstimate } from "../../src/forms/estimate-figures"
import { LanguageContext } from "../../src/hooks/use-language"
import { estimate, formatNumber, MAX_GRID, readInputs, type EstimateModel } from "../../src/lib/estimate"
import { quoteEstimate, type Estimate } from "../../src/lib/estimate-quote"
import { numberLocale } from "../../src/lib/language-notation"
import { mulberry32 } from "../support/random"

const HI = numberLocale("hi")
const englishModel: EstimateModel = english
const hindiModel: EstimateModel = hindi
const STREAM = "municipal-waste"

afterEach(() => window.history.replaceState(null, "", "/"))

/** The Estimator as the Hindi page renders it, at this address */
function renderHindi(address: string) {
  window.history.replaceState(null, "", address)
  return render(
    createElement(
      LanguageContext.Provider,
      { value: "hi" },
      createElement(Estimator, { data: hindi as unknown as EstimatorCopy, model: hindiModel, products: "/product" }),
    ),
  )
}

/** The ranges each result card shows, in order */
const shownRanges = () => [...document.querySelectorAll(".estimator__card dd")].map((dd) => dd.textContent)

/** The estimate the quote link carries */
const carried = (): Estimate => {
  const href = screen.getByRole("link", { name: hindi.results.quote }).getAttribute("href")!
  expect(href.startsWith("/hi/contact?")).toBe(true)
  return JSON.parse(new URL(href, "https://example.org").searchParams.get("estimate")!) as Estimate
}

describe("the estimator on /hi/estimate", () => {
  it("shows every range in lakhs and crores, in Latin digits, in the Hindi copy's order", () => {
    renderHindi(`/hi/estimate?stream=${STREAM}&amount=100000&per=day`)
    const inputs = readInputs(hindiModel, { stream: STREAM, amount: "100000", per: "day" }, 20).inputs
    const electricity = estimate(hindiModel, inputs)[0]!
    if (electricity.solution !== "electricity") throw new Error("unexpected results")
    const range = (low: number, high: number, typical: number) =>
      hindi.results.range.replace("{low}", formatNumber(low, HI)).replace("{high}", formatNumber(high, HI)).replace("{typical}", formatNumber(typical, HI))
    const shown = shownRanges()
    // the card's row of a day's electricity (the card opens with the heating value and the plant)
    const day = `${hindi.results.electricityDay.label}, ${hindi.results.electricityDay.unit}`
    const rows = [...document.querySelectorAll(".estimator__card dt")].map((dt) => dt.textContent)
    expect(rows).toContain(day)
    const perDay = shown[rows.indexOf(day)]
    expect(perDay).toBe(range(electricity.kWhPerDay.low, electricity.kWhPerDay.high, electricity.kWhPerDay.typical))
    // a day's electricity from a lakh tonnes is crores of kWh: grouped in twos above the thousands
    expect(perDay).toMatch(/\d,\d\d,\d\d,\d{3}/)
    for (const text of shown) expect(text).not.toMatch(/[\u0966-\u096f]|\d{4}/)
    // the amount as the page read it, in its notation too
    expect(document.querySelector("#estimate-amount-hint")).toBeNull()
  })

  it.each(["१,००,०००", "1,00,000", "१०००००", "100000"])("reads %p typed in as a lakh, keeps it in the address as 100000 and says how it read it", (typed) => {
    renderHindi(`/hi/estimate?stream=${STREAM}&amount=20&per=day`)
    fireEvent.change(document.querySelector("#estimate-amount")!, { target: { value: typed } })
    expect(new URLSearchParams(window.location.search).get("amount")).toBe("100000")
    expect(document.querySelector("#estimate-amount-error")).toBeNull()
    if (typed !== "100000") expect(document.querySelector("#estimate-amount-hint")?.textContent).toContain("1,00,000")
    const typedRanges = shownRanges()
    const typedQuote = carried()
    renderHindi(`/hi/estimate?stream=${STREAM}&amount=100000&per=day`)
    expect(shownRanges().slice(-typedRanges.length)).toEqual(typedRanges)
    expect(typedQuote).toEqual(quoteEstimate(hindiModel, hindi, readInputs(hindiModel, { stream: STREAM, amount: "100000", per: "day" }, 20).inputs, HI))
  })

  it("hands the contact form the English page's numbers in Hindi words, which the server makes again from the Hindi content", () => {
    const address = `?stream=garden-waste&amount=123456.5&per=year&moisture=40&days=300&grid=0.45`
    renderHindi(`/hi/estimate${address}`)
    const fromHindi = carried()
    const raw = Object.fromEntries(new URLSearchParams(address))
    const fromEnglish = quoteEstimate(englishModel, english, readInputs(englishModel, raw, 20).inputs)
    const numbers = (made: Estimate) => ({ ...made, stream: undefined, results: made.results.map(({ low, typical, high }) => ({ low, typical, high })) })
    expect(numbers(fromHindi)).toEqual(numbers(fromEnglish))
    expect(fromHindi.link).toBe(`/estimate${address}`)
    expect(fromHindi.stream).toBe(hindiModel.streams.find((stream) => stream.id === "garden-waste")!.name)
    expect(readEstimate(JSON.stringify(fromHindi), hindiModel, hindi)).toEqual({ ok: true, estimate: fromHindi })
  })

  it("names any grid factor the page takes (0 to 2) alike in the Hindi notation and the default one the forms' server writes", () => {
    const random = mulberry32(40)
    for (let i = 0; i < 200; i++) {
      const grid = String(i === 0 ? MAX_GRID : random() * MAX_GRID)
      const inputs = readInputs(hindiModel, { stream: "garden-waste", amount: "20", grid }, 20).inputs
      expect([grid, quoteEstimate(hindiModel, hindi, inputs, HI)]).toEqual([grid, quoteEstimate(hindiModel, hindi, inputs)])
    }
  })

  it("lists a line's machines as Hindi joins a list (A, B और C: no comma before और), with no English full stop, and the solution's link after them", () => {
    renderHindi(`/hi/estimate?stream=${STREAM}`)
    const solution = hindi.solutions.find((entry) => entry.id === "electricity")!
    const machines = [...document.querySelectorAll(".estimator__card[data-solution='electricity'] .estimator__machines")]
    expect(machines).toHaveLength(1)
    const names = solution.machines
    const joined = `${names.slice(0, -1).join(", ")} और ${names.at(-1)}`
    expect(names.length).toBeGreaterThan(2)
    expect(machines[0]!.textContent).toBe(`${hindi.results.machines}: ${joined}`)
    expect([...machines[0]!.querySelectorAll("a")].map((link) => link.textContent)).toEqual(names)
    const link = document.querySelector(".estimator__card[data-solution='electricity'] .estimator__solution a")
    expect(link?.textContent).toBe(solution.link.label)
  })
})
