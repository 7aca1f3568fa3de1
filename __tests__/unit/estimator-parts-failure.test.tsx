/**
 * The calculator's later parts, the charts and the second step (cost and
 * earnings), are fetched after its own code (Estimator.tsx): when those
 * fetches fail (the network gone after the page loaded), the calculator
 * keeps its cards, its quote link and its sources, and leaves the parts
 * out. A file of its own: its module registry has the parts fail.
 */
import { createElement } from "react"
import { render, screen } from "@testing-library/react"
import content from "../../content/estimate/estimate.en.json"
import { Estimator, type EstimatorCopy } from "../../src/components/blocks/Estimator"
import type { EstimateModel } from "../../src/lib/estimate"

jest.mock("../../src/components/blocks/estimator/EstimateCharts", () => {
  throw new Error("the network is gone")
})
jest.mock("../../src/components/blocks/estimator/EconomicsStep", () => {
  throw new Error("the network is gone")
})

it("keeps the cards, the quote and the sources when the charts' and the second step's code cannot be fetched", async () => {
  window.history.replaceState(null, "", "/estimate?stream=municipal-waste&amount=1000&per=day")
  jest.spyOn(console, "error").mockImplementation(() => {})
  const { container } = render(createElement(Estimator, { data: content as unknown as EstimatorCopy, model: content as EstimateModel, products: "/product" }))
  expect(await screen.findByRole("link", { name: content.results.quote })).toHaveAttribute("href", expect.stringMatching(/^\/contact\?/))
  expect(screen.getAllByRole("article").length).toBeGreaterThan(0)
  // the parts' failures have come (each a rejected import) and are left out, not the calculator
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(container.querySelector(".estimator__economics")).toBeNull()
  expect(container.querySelector(".estimator__charts")).toBeNull()
  expect(screen.getAllByRole("article").length).toBeGreaterThan(0)
  expect(container.querySelector(".estimator__print-sources")).not.toBeNull()
})
