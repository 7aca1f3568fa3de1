/**
 * /estimate never goes blank: the calculator takes any number a shared link
 * or the visitor gives it, and should it fail all the same, its section
 * says so and leads to the contact form while the rest of the page stays.
 */
import { createElement, type ReactNode } from "react"
import { fireEvent, render, screen } from "@testing-library/react"
import content from "../../content/estimate/estimate.en.json"
import { Estimator, type EstimatorCopy } from "../../src/components/blocks/Estimator"
import { EstimatorFailed } from "../../src/components/blocks/EstimatorFailed"
import { ErrorBoundary } from "../../src/components/primitives/ErrorBoundary"
import type { EstimateModel } from "../../src/lib/estimate"

const data = content as unknown as EstimatorCopy
const model: EstimateModel = content

afterEach(() => {
  window.history.replaceState(null, "", "/")
  jest.restoreAllMocks()
})

describe("the calculator with numbers nobody foresaw", () => {
  it.each(["1e-102", "5e-324", "1e-120", "9999999.999999999"])("shows results for ?amount=%s, with the way to the contact form", (amount) => {
    window.history.replaceState(null, "", `/estimate?stream=rice-husk&amount=${amount}&per=day`)
    render(createElement(Estimator, { data, model, products: "/product" }))
    expect(screen.getAllByRole("article").length).toBeGreaterThan(0)
    expect(screen.getByRole("link", { name: content.results.quote })).toHaveAttribute("href", expect.stringMatching(/^\/contact\?/))
  })

  it("shows results for a typed 1e-120", () => {
    window.history.replaceState(null, "", "/estimate")
    render(createElement(Estimator, { data, model, products: "/product" }))
    fireEvent.change(screen.getByLabelText(content.form.amount), { target: { value: "1e-120" } })
    expect(screen.getByLabelText(content.form.amount)).not.toHaveAttribute("aria-invalid")
    expect(screen.getAllByRole("article").length).toBeGreaterThan(0)
  })
})

describe("ErrorBoundary around the calculator", () => {
  function Broken(): ReactNode {
    throw new Error("a failure nobody foresaw")
  }
  const page = (calculator: ReactNode) =>
    render(
      createElement(
        "main",
        null,
        createElement(ErrorBoundary, { fallback: createElement(EstimatorFailed, { data }), children: calculator }),
        createElement("table", { "aria-label": "Outputs per tonne" }),
      ),
    )

  it("shows the content's words and the link to the contact form in the calculator's place; the rest of the page stays", () => {
    // React reports the error it caught on the console; the test needs no copy of that
    jest.spyOn(console, "error").mockImplementation(() => undefined)
    page(createElement(Broken))
    expect(screen.getByRole("alert")).toHaveTextContent(content.failure.text)
    expect(screen.getByRole("heading", { name: content.heading })).toBeInTheDocument()
    const link = screen.getByRole("link", { name: content.failure.contact })
    const href = new URL(link.getAttribute("href")!, "http://localhost")
    expect([href.pathname, href.searchParams.get("subject"), href.searchParams.get("from"), href.hash]).toEqual([
      "/contact",
      content.failure.subject,
      "estimate",
      "#contact",
    ])
    expect(screen.getByRole("table", { name: "Outputs per tonne" })).toBeInTheDocument()
  })

  it("shows the calculator itself while it works", () => {
    page(createElement(Estimator, { data, model, products: "/product" }))
    expect(screen.queryByRole("alert")).toBeNull()
    expect(screen.getByRole("link", { name: content.results.quote })).toBeInTheDocument()
  })
})
