/**
 * The server's reading of an estimate posted with a contact message
 * (src/forms/estimate-figures.ts): what the page makes is accepted as it is,
 * and figures the site did not compute from the inputs are refused. On the
 * site's own content, whatever its factors say: no figure is written here.
 */
import { createElement } from "react"
import { render, screen } from "@testing-library/react"
import content from "../../content/estimate/estimate.en.json"
import { Estimator, type EstimatorCopy } from "../../src/components/blocks/Estimator"
import { readEstimate } from "../../src/forms/estimate-figures"
import { validateSubmission } from "../../src/forms/submission-checks"
import { readInputs, type EstimateModel } from "../../src/lib/estimate"
import { quoteEstimate, type Estimate } from "../../src/lib/estimate-quote"

const model: EstimateModel = content
const made = (stream: string, raw: Record<string, string> = {}): Estimate =>
  quoteEstimate(model, content, readInputs(model, { stream, amount: "20", ...raw }, 20).inputs)
const person = { username: "Ada", email: "ada@example.com", phone: "+44 20 7946 0958", subject: "Quote", message: "" }

describe("readEstimate", () => {
  it.each(model.streams.map((stream) => stream.id))("accepts what the page makes for %s, and gives back the site's own making", (stream) => {
    for (const estimate of [made(stream), made(stream, { per: "year", amount: "12345.5", days: "300" }), made(stream, { amount: "1e-102" })]) {
      expect(readEstimate(JSON.stringify(estimate))).toEqual({ ok: true, estimate })
    }
  })

  it("accepts what the page makes with the visitor's own grid, naming it in the grid credit's label", () => {
    const estimate = made("municipal-waste", { grid: "0.45" })
    expect(estimate.link).toMatch(/&grid=0\.45$/)
    const grid = estimate.results.find((row) => row.label.includes(content.results.gridOwn.replace("{factor}", "0.45")))
    expect(grid).toBeDefined()
    expect(made("municipal-waste").results.some((row) => row.label.includes(content.results.gridDefault))).toBe(true)
    expect(readEstimate(JSON.stringify(estimate))).toEqual({ ok: true, estimate })
  })

  it.each(["0.12345678901234567", "1.9999999999999998", "1e-7", "0"])(
    "accepts what the page makes with a grid factor of %s, however many digits it was typed with",
    (grid) => {
      for (const stream of model.streams.map((candidate) => candidate.id)) {
        const estimate = made(stream, { grid })
        expect([stream, readEstimate(JSON.stringify(estimate))]).toEqual([stream, { ok: true, estimate }])
      }
    },
  )

  it("accepts the estimate in the link the calculator's quote button makes", () => {
    window.history.replaceState(null, "", "/estimate?stream=municipal-waste&amount=1e-102&per=year&days=300")
    render(createElement(Estimator, { data: content as unknown as EstimatorCopy, model, products: "/product" }))
    const link = screen.getByRole("link", { name: content.results.quote })
    const json = new URL(link.getAttribute("href")!, "http://localhost").searchParams.get("estimate")!
    expect(readEstimate(json)).toMatchObject({ ok: true, estimate: { stream: model.streams[0]!.name, amount: 1e-102, per: "year", days: 300 } })
    window.history.replaceState(null, "", "/")
  })

  const base = made("municipal-waste")
  const forged: [string, (estimate: Estimate) => void][] = [
    [
      "24 rows of 1e308",
      (e) => (e.results = Array.from({ length: 24 }, (_, index) => ({ label: `Row ${index}`, low: 1e308, typical: 1e308, high: 1e308, unit: "t" }))),
    ],
    ["every figure 1e308 in the site's own rows", (e) => e.results.forEach((row) => Object.assign(row, { low: 1e308, typical: 1e308, high: 1e308 }))],
    ["a typical figure one higher", (e) => (e.results[0]!.typical += 1)],
    ["a row left out", (e) => e.results.pop()],
    ["a label reworded", (e) => (e.results[0]!.label = "Free electricity")],
    ["another stream's name", (e) => (e.stream = model.streams[1]!.name)],
    ["an amount the link does not carry", (e) => (e.amount = 40)],
    ["a link that names no stream", (e) => (e.link = e.link.replace("stream=municipal-waste", "stream=gold"))],
    ["a link for other inputs", (e) => (e.link = e.link.replace("amount=20", "amount=21"))],
    [
      "a moisture a stream without one cannot take",
      (e) => Object.assign(e, made("hospital-waste"), { moisture: 50, link: made("hospital-waste").link.replace(/moisture=[^&]*/, "moisture=50") }),
    ],
    ["an amount over the calculator's limit", (e) => Object.assign(e, { amount: 1e7 + 1 })],
    ["India's figures under a link with the visitor's own grid", (e) => (e.link += "&grid=0.45")],
    ["the visitor's grid's label with India's figures", (e) => Object.assign(e, { results: made("municipal-waste", { grid: "0.45" }).results })],
    [
      "a grid factor out of range",
      (e) => Object.assign(e, made("municipal-waste", { grid: "2" }), { link: made("municipal-waste", { grid: "2" }).link.replace("grid=2", "grid=3") }),
    ],
  ]
  it.each(forged)("refuses %s, saying where", (_, change) => {
    const estimate = JSON.parse(JSON.stringify(base)) as Estimate
    change(estimate)
    expect(readEstimate(JSON.stringify(estimate))).toEqual({ ok: false, reason: expect.stringMatching(/^(results|stream|amount|link|moisture|grid|the link)/) })
  })

  it("follows the factors in content: figures made with other factors are refused, and those factors' own accepted", () => {
    // as a later edit might: a new grid emission factor and a better heating value
    const changed = [model.shared.gridEmission, model.streams[0]!.heatingValue]
    const other: EstimateModel = {
      ...model,
      factors: model.factors.map((factor) =>
        changed.includes(factor.id) ? { ...factor, low: factor.low * 1.5, typical: factor.typical * 1.5, high: factor.high * 1.5 } : factor,
      ),
    }
    const inputs = readInputs(other, { stream: "municipal-waste", amount: "20" }, 20).inputs
    const theirs = quoteEstimate(other, content, inputs)
    expect(readEstimate(JSON.stringify(theirs))).toMatchObject({ ok: false })
    expect(readEstimate(JSON.stringify(theirs), other, content)).toEqual({ ok: true, estimate: theirs })
  })

  it("is the contact form's check: a forged estimate is refused naming the field, as one that cannot be read", () => {
    const forgedJson = JSON.stringify({ ...base, results: base.results.map((row) => ({ ...row, high: 1e308 })) })
    const result = validateSubmission("contact", { ...person, estimate: forgedJson })
    expect(result).toEqual({ ok: false, errors: [{ field: "estimate", code: "invalid_estimate", message: expect.stringContaining("results[0].high") }] })
    expect(validateSubmission("contact", { ...person, estimate: JSON.stringify(base) })).toEqual({ ok: true, values: person, estimate: base })
  })
})
