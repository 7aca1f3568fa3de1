/**
 * The estimator's model on the page, in a real browser (issue 49): the
 * visitor's own heating value (MJ/kg or kcal/kg) with and without
 * JavaScript, waste that does not burn, the landfill's choices carried in
 * the address, and the charts' tables equal to the cards' figures.
 */
import type { Page } from "playwright-core"
import { estimate, formatNumber, readInputs, type EstimateModel } from "../../src/lib/estimate"
import { fill } from "../../src/lib/text"
import { openPage, origin, pageErrors, visit } from "../support/browser"
import { readContent } from "../support/serve"

interface Content extends EstimateModel {
  form: { heat: string; heatHint: string; heatUnitMJ: string; heatUnitKcal: string; heatError: string }
  results: { range: string; noBurn: string; plantTooLarge: string; plantBetween: string; plantName: string }
  charts: { electricity: string; ghg: string }
}
jest.setTimeout(60_000)

const content = readContent<Content>("estimate/estimate.en.json")
const cardValues = (page: Page, solution: string) =>
  page.$eval(`.estimator__card[data-solution="${solution}"]`, (card) =>
    [...card.querySelectorAll("dt")].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
  )
const notes = (page: Page) => page.$$eval('.estimator__card[data-solution="electricity"] .estimator__note', (items) => items.map((item) => item.textContent))

describe("the visitor's own heating value, with JavaScript", () => {
  let page: Page
  afterEach(async () => {
    expect(pageErrors(page)).toEqual([])
    await page.context().close()
  })

  it("typed in kcal/kg replaces the default, is carried in the address, and the figures follow", async () => {
    page = await openPage(1440)
    await visit(page, "/estimate?stream=municipal-waste&amount=1000&per=day")
    await page.waitForSelector("#estimate-heat")
    // the default is the placeholder, in the unit chosen, with the waste's own note on whose waste it is
    expect(await page.getAttribute("#estimate-heat", "placeholder")).toBe("3.8")
    await page.selectOption("#estimate-heatUnit", "kcal")
    expect(await page.getAttribute("#estimate-heat", "placeholder")).toBe(formatNumber(3.8 / 0.0041868))
    await page.fill("#estimate-heat", "2500")
    await page.waitForFunction(() => window.location.search.includes("heat=2500"))
    expect(new URLSearchParams(await page.evaluate(() => window.location.search)).get("heatUnit")).toBe("kcal")
    const inputs = readInputs(content, { stream: "municipal-waste", amount: "1000", per: "day", heat: "2500", heatUnit: "kcal" }, 1).inputs
    const electricity = estimate(content, inputs).find((result) => result.solution === "electricity")!
    if (electricity.solution !== "electricity") throw new Error("no electricity")
    const shown = (range: { low: number; typical: number; high: number }) =>
      fill(content.results.range, { low: formatNumber(range.low), typical: formatNumber(range.typical), high: formatNumber(range.high) })
    const values = await cardValues(page, "electricity")
    expect(values[0]![1]).toBe(shown(electricity.heatingValue))
    expect(values.find(([label]) => label?.startsWith("Net output while running"))![1]).toBe(
      shown({ low: electricity.kW.low / 1000, typical: electricity.kW.typical / 1000, high: electricity.kW.high / 1000 }),
    )
    // a shared link reads the same: reload it
    await page.reload()
    await page.waitForFunction(() => (document.querySelector("#estimate-heat") as HTMLInputElement | null)?.value === "2500")
    expect(await page.inputValue("#estimate-heatUnit")).toBe("kcal")
  })

  it("waste at Timarpur's 775 kcal/kg makes no electricity on its own, and says so; nonsense gets its error beside the field", async () => {
    page = await openPage(375)
    await visit(page, "/estimate?stream=municipal-waste&amount=300&per=day&heat=775&heatUnit=kcal")
    await page.waitForSelector("#estimate-heat")
    await page.waitForFunction(() => document.querySelector(".estimator__card .estimator__note")?.textContent?.includes("3.2"))
    // the card's own note first (the line's notes follow it)
    expect((await notes(page))[0]).toBe(fill(content.results.noBurn, { typical: "3.2", minimum: "3.4" }))
    await page.fill("#estimate-heat", "0")
    expect(await page.textContent("#estimate-heat-error")).toBe(fill(content.form.heatError, { max: formatNumber(11942), unit: content.form.heatUnitKcal }))
    expect(await page.getAttribute("#estimate-heat", "aria-invalid")).toBe("true")
    expect((await page.getAttribute("#estimate-heat", "aria-describedby"))?.split(" ")).toContain("estimate-heat-error")
  })

  it("the landfill's kind and climate are choices carried in the address; the charts' tables hold the cards' figures", async () => {
    page = await openPage(1440)
    await visit(page, "/estimate?stream=municipal-waste&amount=2000&per=day")
    await page.waitForSelector("#estimate-site")
    await page.selectOption("#estimate-site", "dump-deep")
    await page.selectOption("#estimate-climate", "tropical-wet")
    await page.waitForFunction(() => window.location.search.includes("site=dump-deep") && window.location.search.includes("climate=tropical-wet"))
    const values = new Map((await cardValues(page, "electricity")).map(([label, value]) => [label!.replace(/, [^,]*$/, ""), value]))
    // the range chart's table: gross and net while running, as the card shows them
    const table = await page.$$eval("#estimate-chart-output table tbody tr", (rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent)))
    const [gross, net] = table
    expect(values.get("Gross output while running (nameplate)")).toBe(fill(content.results.range, { low: gross![1]!, high: gross![3]!, typical: gross![2]! }))
    expect(values.get("Net output while running")).toBe(fill(content.results.range, { low: net![1]!, high: net![3]!, typical: net![2]! }))
    // the waterfall's table: each step's typical figure as the card's rows give it, and the net
    const steps = await page.$$eval("#estimate-chart-ghg table tbody tr, #estimate-chart-ghg table tfoot tr", (rows) =>
      rows.map((row) => [...row.children].map((cell) => cell.textContent)),
    )
    const typical = (label: string) => /typical ([^)]+)\)/.exec(values.get(label) ?? "")![1]
    expect(steps.map((row) => row[1]!.replace(/^[+−=]\s?/, ""))).toEqual([
      typical("Grid electricity displaced (India grid)"),
      typical("Landfill methane avoided, 10-year average"),
      typical("Fossil CO2 emitted by burning"),
      typical("Net greenhouse gas avoided"),
    ])
    // the pictures are hidden from screen readers, which read the tables
    expect(await page.$$eval(".estimator__charts [aria-hidden='true']", (items) => items.length)).toBeGreaterThanOrEqual(2)
  })
})

describe("the heating value without JavaScript", () => {
  it("shows the field's box with the default, the hint and whose waste it is, and the default estimate", async () => {
    const page = await openPage(375, { javaScriptEnabled: false })
    try {
      // no script, no hydration to wait for
      await page.goto(`${origin()}/estimate?stream=municipal-waste&amount=100&heat=2500&heatUnit=kcal`)
      const text = await page.textContent(".estimator__form")
      expect(text).toContain(content.form.heat)
      expect(text).toContain(fill(content.form.heatHint, { default: "3.8", unit: content.form.heatUnitMJ }))
      expect(text).toContain(content.streams[0]!.heatingValueNote!)
      // without the script the address is not read: the box shows the default, not the link's 2500
      const boxes = await page.$$eval(".estimator__form .field__control", (items) => items.map((box) => box.textContent))
      expect(boxes).toContain("3.8")
      expect(boxes).not.toContain("2500")
    } finally {
      await page.context().close()
    }
  })
})
