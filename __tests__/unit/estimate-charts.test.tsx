/**
 * The estimate's charts (src/components/blocks/estimator): what a visitor
 * sees drawn (where each bar starts and how long it is, on which scale) and
 * what a screen reader or a printer gets (the table, with the same figures
 * as the props, formatted by the page's `figure`). No words live in the
 * components: every label here is the test's own.
 */
import * as React from "react"
import { render, screen, within } from "@testing-library/react"
import { RangeChart, type RangeChartProps } from "../../src/components/blocks/estimator/RangeChart"
import { Waterfall, type WaterfallProps } from "../../src/components/blocks/estimator/Waterfall"
import { position, scaleOver } from "../../src/components/blocks/estimator/chart-scale"
import { formatNumber } from "../../src/lib/estimate"

// a notation no component could produce by itself: a figure on screen came through the prop
const figure = (value: number) => `«${value}»`
const rangeWords = { measure: "Measure", low: "Low", typical: "Typical", high: "High", unit: "Unit" }
const stepWords = { step: "Step", value: "Value", unit: "Unit" }

const percentOf = (element: Element, attribute: string): number => {
  const value = element.getAttribute(attribute)
  expect(value).toMatch(/^-?[\d.]+%$/)
  return parseFloat(value!)
}

/** A drawn row: its label as shown, its low-high bar (x, end) and its typical marker's x, in percent of the track */
function drawnRows(container: HTMLElement) {
  return [...container.querySelectorAll(".chart__picture .chart__row")].map((row) => {
    const bar = row.querySelector(".chart__graph .chart__bar")
    const marker = row.querySelector(".chart__graph .chart__marker")
    const zero = row.querySelector(".chart__graph .chart__zero")
    return {
      label: row.querySelector(".chart__label")!.textContent,
      figures: row.querySelector(".chart__figure")!.textContent,
      bar: bar && { x: percentOf(bar, "x"), end: percentOf(bar, "x") + percentOf(bar, "width"), fill: (bar as SVGElement).style.fill },
      marker: marker && percentOf(marker, "x"),
      zero: zero && percentOf(zero, "x1"),
    }
  })
}

const tableRows = (name: string) =>
  within(screen.getByRole("table", { name }))
    .getAllByRole("row")
    .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent))

function rangeChart(rows: RangeChartProps["rows"], props: Partial<RangeChartProps> = {}) {
  return render(<RangeChart id="made" title="What it would make in a year" rows={rows} figure={figure} words={rangeWords} {...props} />)
}

function waterfall(steps: WaterfallProps["steps"], total: number, props: Partial<WaterfallProps> = {}) {
  return render(
    <Waterfall
      id="ghg"
      title="Greenhouse gas, a year"
      unit="t CO2e"
      steps={steps}
      total={{ label: "Net", value: total }}
      figure={figure}
      words={stepWords}
      {...props}
    />,
  )
}

const electricity = { label: "Electricity, net", unit: "MWh", range: { low: 7000, typical: 14000, high: 22000 } }
const heat = { label: "Heat", unit: "MWh", range: { low: 3000, typical: 5000, high: 11000 } }
const charcoal = { label: "Charcoal", unit: "t", range: { low: 1200, typical: 1500, high: 1900 } }

describe("RangeChart", () => {
  it("gives the figures of every row in a table captioned with the title, each through the page's notation", () => {
    rangeChart([electricity, heat, charcoal])
    expect(tableRows("What it would make in a year")).toEqual([
      ["Measure", "Low", "Typical", "High", "Unit"],
      ["Electricity, net", "«7000»", "«14000»", "«22000»", "MWh"],
      ["Heat", "«3000»", "«5000»", "«11000»", "MWh"],
      ["Charcoal", "«1200»", "«1500»", "«1900»", "t"],
    ])
  })

  it("writes low – high (typical) and the unit beside each bar, in the page's notation", () => {
    const { container } = rangeChart([electricity], { figure: (value) => formatNumber(value) })
    expect(drawnRows(container)[0]).toMatchObject({ label: "Electricity, net", figures: "7,000\u00a0\u2013 22,000 (14,000) MWh" })
  })

  it("hides the picture from screen readers, not the table, and shows the caption words under it", () => {
    const { container } = rangeChart([electricity, charcoal], { words: { ...rangeWords, caption: "From published factors" } })
    const graphics = container.querySelectorAll("svg")
    expect(graphics.length).toBeGreaterThan(2)
    for (const svg of graphics) expect(svg.closest('[aria-hidden="true"]')).not.toBeNull()
    expect(screen.getByRole("table").closest("[aria-hidden]")).toBeNull()
    expect(screen.getByText("From published factors").closest("[aria-hidden]")).toBeNull()
  })

  it("draws rows in the same unit on one scale, the largest high at the track's end, so they compare by length", () => {
    const { container } = rangeChart([electricity, heat])
    const [power, warmth] = drawnRows(container)
    expect(power!.bar!.x).toBeCloseTo((7000 / 22000) * 100, 2)
    expect(power!.bar!.end).toBeCloseTo(100, 2)
    expect(warmth!.bar!.x).toBeCloseTo((3000 / 22000) * 100, 2)
    expect(warmth!.bar!.end).toBeCloseTo((11000 / 22000) * 100, 2)
    expect(power!.marker).toBeCloseTo((14000 / 22000) * 100, 2)
    expect(warmth!.marker).toBeCloseTo((5000 / 22000) * 100, 2)
  })

  it("puts each typical marker between its bar's ends", () => {
    const { container } = rangeChart([electricity, heat, charcoal])
    for (const row of drawnRows(container)) {
      expect(row.marker).toBeGreaterThan(row.bar!.x)
      expect(row.marker).toBeLessThan(row.bar!.end)
    }
  })

  it("gives rows in different units scales of their own: 1,900 t fills its track, beside 11,000 MWh at half of one", () => {
    const { container } = rangeChart([electricity, heat, charcoal])
    const [, warmth, coal] = drawnRows(container)
    expect(coal!.bar!.end).toBeCloseTo(100, 2)
    expect(coal!.bar!.x).toBeCloseTo((1200 / 1900) * 100, 2)
    expect(warmth!.bar!.end).toBeCloseTo(50, 2)
    expect(container.querySelector('svg[data-unit="t"]')).not.toBeNull()
  })

  it("draws no bar and no marker for a row that makes nothing, and still writes its figures", () => {
    const none = { label: "Biochar", unit: "t", range: { low: 0, typical: 0, high: 0 } }
    const { container } = rangeChart([charcoal, none])
    const [coal, biochar] = drawnRows(container)
    expect(coal!.bar).not.toBeNull()
    expect(biochar).toMatchObject({ bar: null, marker: null, figures: "«0» t" })
    expect(tableRows("What it would make in a year")[2]).toEqual(["Biochar", "«0»", "«0»", "«0»", "t"])
  })

  it("draws nothing past the track when every row is zero (no division by a zero scale)", () => {
    const { container } = rangeChart([{ label: "Charcoal", unit: "t", range: { low: 0, typical: 0, high: 0 } }])
    expect(container.querySelector(".chart__row .chart__bar")).toBeNull()
    for (const element of container.querySelectorAll("[x], [width]")) {
      expect(element.getAttribute("x") ?? "").not.toMatch(/NaN|Infinity/)
      expect(element.getAttribute("width") ?? "").not.toMatch(/NaN|Infinity/)
    }
  })

  it("writes a single value once when low equals high, its marker where the value falls", () => {
    const { container } = rangeChart([electricity, { label: "Heat", unit: "MWh", range: { low: 5500, typical: 5500, high: 5500 } }])
    const single = drawnRows(container)[1]!
    expect(single.figures).toBe("«5500» MWh")
    expect(single.marker).toBeCloseTo(25, 2)
    expect(single.bar).toMatchObject({ x: single.marker, end: single.marker })
  })

  it("keeps the proportions of figures near the largest double, without overflowing to Infinity", () => {
    const huge = { label: "Heat", unit: "kWh", range: { low: -1e308, typical: 5e307, high: 1.7e308 } }
    const { container } = rangeChart([huge])
    const [row] = drawnRows(container)
    expect(row!.bar).toMatchObject({ x: 0 })
    expect(row!.bar!.end).toBeCloseTo(100, 2)
    expect(row!.zero).toBeCloseTo((1 / 2.7) * 100, 2)
    expect(row!.marker).toBeCloseTo((1.5 / 2.7) * 100, 2)
    expect(position(scaleOver([3e-320, 0]), 1.5e-320)).toBeCloseTo(50, 2)
  })

  it("draws a range that dips below zero from the left of a zero line", () => {
    const net = { label: "Greenhouse gas, net", unit: "t CO2e", range: { low: -3000, typical: 5000, high: 12000 } }
    const { container } = rangeChart([net])
    const [row] = drawnRows(container)
    expect(row!.zero).toBeCloseTo(20, 2)
    expect(row).toMatchObject({ bar: { x: 0, end: 100 } })
    expect(row!.marker).toBeCloseTo(((5000 + 3000) / 15000) * 100, 2)
  })

  it.each([
    [{ low: NaN, typical: 1, high: 2 }, /Chart "made": "Broken" has a low of NaN, not a finite number/],
    [{ low: 0, typical: Infinity, high: Infinity }, /"Broken" has a typical of Infinity/],
    [{ low: 3, typical: 1, high: 2 }, /"Broken" is not low <= typical <= high \(3, 1, 2\)/],
  ])("refuses a range it cannot draw (%o), naming the chart and the row", (range, message) => {
    jest.spyOn(console, "error").mockImplementation(() => undefined)
    expect(() => rangeChart([{ label: "Broken", unit: "t", range }])).toThrow(message)
    jest.restoreAllMocks()
  })
})

const balance = [
  { label: "Grid credit", value: 10785, sign: 1 as const },
  { label: "Landfill methane avoided", value: 13000, sign: 1 as const },
  { label: "Fossil CO2", value: 9185, sign: -1 as const },
]

describe("Waterfall", () => {
  it("gives every step with its sign and the net in a table captioned with the title, through the page's notation", () => {
    waterfall(balance, 14600)
    expect(tableRows("Greenhouse gas, a year")).toEqual([
      ["Step", "Value", "Unit"],
      ["Grid credit", "+«10785»", "t CO2e"],
      ["Landfill methane avoided", "+«13000»", "t CO2e"],
      ["Fossil CO2", "\u2212«9185»", "t CO2e"],
      ["Net", "«14600»", "t CO2e"],
    ])
  })

  it("writes plus and minus in the drawn labels and figures, and hatches a subtraction, so it reads without colour", () => {
    const { container } = waterfall(balance, 14600)
    const rows = drawnRows(container)
    expect(rows.map((row) => [row.label, row.figures])).toEqual([
      ["+ Grid credit", "+«10785»"],
      ["+ Landfill methane avoided", "+«13000»"],
      ["\u2212 Fossil CO2", "\u2212«9185»"],
      ["= Net", "«14600»"],
    ])
    expect(rows.map((row) => row.bar!.fill)).toEqual(["", "", "url(#ghg-minus)", ""])
    expect(container.querySelector("pattern#ghg-minus")).not.toBeNull()
  })

  it("floats each step from where the previous one ended, and draws the net from zero", () => {
    const { container } = waterfall(balance, 14600)
    const [grid, methane, fossil, total] = drawnRows(container).map((row) => row.bar!)
    const top = 10785 + 13000
    expect(grid).toMatchObject({ x: 0 })
    expect(grid!.end).toBeCloseTo((10785 / top) * 100, 2)
    expect(methane!.x).toBeCloseTo(grid!.end, 2)
    expect(methane!.end).toBeCloseTo(100, 2)
    // a subtraction runs back from the previous end
    expect(fossil!.end).toBeCloseTo(methane!.end, 2)
    expect(fossil!.x).toBeCloseTo((14600 / top) * 100, 2)
    expect(total).toMatchObject({ x: 0 })
    expect(total!.end).toBeCloseTo(fossil!.x, 2)
  })

  it("draws a net below zero left of the zero line, and a zero step as nothing, where the sum stands", () => {
    const { container } = waterfall(
      [
        { label: "Grid credit", value: 4200, sign: 1 },
        { label: "Landfill methane avoided", value: 0, sign: 1 },
        { label: "Fossil CO2", value: 11500, sign: -1 },
      ],
      -7300,
    )
    const rows = drawnRows(container)
    const zero = (7300 / 11500) * 100
    for (const row of rows) expect(row.zero).toBeCloseTo(zero, 2)
    const [grid, methane, fossil, total] = rows.map((row) => row.bar!)
    expect(grid!.x).toBeCloseTo(zero, 2)
    expect(grid!.end).toBeCloseTo(100, 2)
    expect(methane!.x).toBeCloseTo(100, 2)
    expect(methane!.end).toBeCloseTo(100, 2)
    expect(fossil).toMatchObject({ x: 0 })
    expect(fossil!.end).toBeCloseTo(100, 2)
    expect(total).toMatchObject({ x: 0 })
    expect(total!.end).toBeCloseTo(zero, 2)
    expect(rows.map((row) => row.figures)).toEqual(["+«4200»", "+«0»", "\u2212«11500»", "\u2212«7300»"])
    expect(tableRows("Greenhouse gas, a year")[4]).toEqual(["Net", "\u2212«7300»", "t CO2e"])
  })

  it("hides the picture from screen readers, not the table", () => {
    const { container } = waterfall(balance, 14600)
    for (const svg of container.querySelectorAll("svg")) expect(svg.closest('[aria-hidden="true"]')).not.toBeNull()
    expect(screen.getByRole("table").closest("[aria-hidden]")).toBeNull()
  })

  it("refuses a step it cannot draw, naming the chart and the step", () => {
    jest.spyOn(console, "error").mockImplementation(() => undefined)
    expect(() => waterfall([{ label: "Grid credit", value: NaN, sign: 1 }], 0)).toThrow(/Chart "ghg": "Grid credit" has a value of NaN/)
    jest.restoreAllMocks()
  })
})
