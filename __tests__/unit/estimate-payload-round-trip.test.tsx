/**
 * The estimate payload's two ends, side by side in src/lib/forms/estimate-payload.ts:
 * what stringifyEstimate writes for any estimate the page computes,
 * parseEstimate reads back as it was; and the page's "Request a quote" link
 * carries exactly that text.
 */
import { createElement } from "react"
import { render, screen } from "@testing-library/react"
import content from "../../content/estimate/estimate.en.json"
import { Estimator, type EstimatorCopy } from "../../src/components/blocks/Estimator"
import { readInputs, type EstimateModel } from "../../src/lib/estimate"
import { quoteEstimate } from "../../src/lib/estimate-quote"
import { parseEstimate, stringifyEstimate } from "../../src/lib/forms/estimate-payload"
import { ESTIMATE } from "../../src/lib/forms/fields"

const model: EstimateModel = content
const data = content as unknown as EstimatorCopy

afterEach(() => window.history.replaceState(null, "", "/"))

describe("the estimate payload", () => {
  const cases = model.streams.flatMap((stream) => [
    [stream.id, { amount: "20", per: "day" }],
    [stream.id, { amount: "12345.678", per: "year", moisture: "40", days: "300", grid: "0.123456789" }],
  ]) as [string, Record<string, string>][]

  it.each(cases)("reads back what it wrote for %s %j", (stream, raw) => {
    const estimate = quoteEstimate(model, content, readInputs(model, { stream, ...raw }, 20).inputs)
    expect(estimate.results.length).toBeGreaterThan(0)
    expect(parseEstimate(stringifyEstimate(estimate))).toEqual({ ok: true, estimate })
  })

  it("is what the page's quote link carries to the contact form", () => {
    const stream = model.streams[0]!.id
    window.history.replaceState(null, "", `/estimate?stream=${stream}&amount=20&per=day`)
    render(createElement(Estimator, { data, model, products: "/product" }))
    const href = screen.getByRole("link", { name: content.results.quote }).getAttribute("href")!
    const carried = new URL(href, "https://example.org").searchParams.get(ESTIMATE)
    const expected = stringifyEstimate(quoteEstimate(model, content, readInputs(model, { stream, amount: "20", per: "day" }, 20).inputs))
    expect(carried).toBe(expected)
    expect(parseEstimate(carried!).ok).toBe(true)
  })
})
