/**
 * The estimator's second step, cost and earnings (src/lib/estimate/economics.ts):
 * worked by hand on the fixture's factors (every number written out there),
 * then on the site's own factors for municipal waste, rice husk and wood at
 * two sizes each, with the factors' published values written out here (so an
 * editor's change to one is seen and reviewed here too); the schemes'
 * exclusions; money in lakh and crore; the fee's round trip through the
 * address; and the forms' server refusing a forged figure.
 */
import fs from "fs"
import path from "path"
import content from "../../content/estimate/estimate.en.json"
import { economicsTables } from "../../scripts/estimator/economics-table"
import hindi from "../../content/estimate/estimate.hi.json"
import { readEstimate } from "../../src/forms/estimate-figures"
import { economics, estimate, MAX_FEE, readInputs, toQuery, type ElectricityResult, type EstimateModel, type Inputs, type Range } from "../../src/lib/estimate"
import { economicsRows, quoteEstimate, type Estimate } from "../../src/lib/estimate-quote"
import { dollarRange, rupeeRange, rupees } from "../../src/lib/money"
import { CHOICES, MODEL, pick } from "../fixtures/estimate-model"

const model: EstimateModel = content
const CRORE = 1e7

const close = (value: Range | undefined, expected: Range, digits = 0) =>
  expect(value).toEqual({
    low: expect.closeTo(expected.low, digits),
    typical: expect.closeTo(expected.typical, digits),
    high: expect.closeTo(expected.high, digits),
  })

describe("the second step, worked by hand on the fixture", () => {
  const HUSK = { stream: "husk", amount: 20, per: "day", moisture: 10, days: 330, ...CHOICES } as const

  it("20 t a day of husk: capital, support and biochar; no tariff is sourced for it, so no earnings from power", () => {
    const results = estimate(MODEL, HUSK)
    // the first step (estimate.test.ts, by hand): 3,068.52 kW of fuel × 0.144807 = 444.344 kW gross while running
    expect(pick(results, "electricity").grossKW.typical).toBeCloseTo(444.344, 2)
    const made = economics(MODEL, HUSK, results)
    // capital: the plant built for the typical fuel, 0.444344 MW × ₹4 / 5 / 6 crore per MW = ₹1.77738 / 2.22172 / 2.66606 crore
    close(made.capital, { low: 1.777376 * CRORE, typical: 2.22172 * CRORE, high: 2.666064 * CRORE }, -2)
    // support: 0.444344 MW × ₹0.4 crore = ₹0.177738 crore = ₹17.77 lakh, far below the ₹5 crore cap
    close(made.support, { low: 0.1777376 * CRORE, typical: 0.1777376 * CRORE, high: 0.1777376 * CRORE }, -2)
    expect(made.supportCapped).toBe(false)
    // biochar: 5.4 / 6.3 / 7.2 t a day × 330 days = 1,782 / 2,079 / 2,376 t a year × ₹5 / 9 / 13 a kg × 1,000 kg
    close(made.biochar, { low: 1782 * 5 * 1000, typical: 2079 * 9 * 1000, high: 2376 * 13 * 1000 })
    // no tariff for husk, no landfill (no credit), and no tipping fee for husk even when one is given
    expect(made.power).toBeUndefined()
    expect(made.credit).toBeUndefined()
    expect(economics(MODEL, { ...HUSK, fee: 500 }, results).fee).toBeUndefined()
  })

  it("3,300 t a year of municipal waste: power at the tariff's ends, the tipping fee, landfill methane credits; no support", () => {
    const inputs: Inputs = { stream: "msw", amount: 3300, per: "year", moisture: 50, days: 330, ...CHOICES, fee: 300 }
    const results = estimate(MODEL, inputs)
    const power = pick(results, "electricity")
    const made = economics(MODEL, inputs, results)
    // each end of the net MWh a year times the same end of ₹7 / 7.5 / 8 a kWh, 1,000 kWh a MWh
    close(made.power, { low: power.mWhPerYear.low * 7000, typical: power.mWhPerYear.typical * 7500, high: power.mWhPerYear.high * 8000 }, 3)
    // ₹300 a tonne × 3,300 t a year = ₹9,90,000
    close(made.fee, { low: 990000, typical: 990000, high: 990000 })
    // the landfill methane avoided × US$2 / 5 / 8 a tonne
    close(made.credit, { low: power.methane.period.low * 2, typical: power.methane.period.typical * 5, high: power.methane.period.high * 8 }, 6)
    // the typical plant × ₹10 / 20 / 30 crore per MW
    const mw = power.grossKW.typical / 1000
    close(made.capital, { low: mw * 10 * CRORE, typical: mw * 20 * CRORE, high: mw * 30 * CRORE }, 0)
    expect(made.support).toBeUndefined()
  })

  it("holds the support to the scheme's cap", () => {
    const big = { ...HUSK, amount: 20000 }
    const results = estimate(MODEL, big)
    // 1,000 times the husk: about 444 MW gross × ₹0.4 crore = ₹178 crore uncapped, held to ₹5 crore
    expect(pick(results, "electricity").grossKW.typical / 1000).toBeGreaterThan(12.5)
    const made = economics(MODEL, big, results)
    expect(made.support).toEqual({ low: 5 * CRORE, typical: 5 * CRORE, high: 5 * CRORE })
    expect(made.supportCapped).toBe(true)
  })
})

/** The site's own estimate of a stream and amount, and its figures */
function site(stream: string, amount: number, fee?: number) {
  const { inputs, errors } = readInputs(model, { stream, amount: String(amount), fee: fee === undefined ? undefined : String(fee) }, 20)
  expect(errors).toEqual({})
  const results = estimate(model, inputs)
  const power = results.find((result): result is ElectricityResult => result.solution === "electricity")!
  return { inputs, results, power, made: economics(model, inputs, results), mw: power.grossKW.typical / 1000 }
}

describe("the second step on the site's own factors", () => {
  // the published values, as docs/estimator.md lists them
  const MSW_CAPITAL = { low: 12.5, typical: 22.1, high: 27 } // ₹ crore per MW gross: eight Indian plants, 2011-2025
  const MSW_TARIFF = { low: 7.03, typical: 7.38, high: 7.9 } // ₹ per kWh: Narela-Bawana 2017, New Narela bid 2022, CERC RDF 2015-16
  const BIOMASS_CAPITAL = { low: 4.5, typical: 4.75, high: 5 } // ₹ crore per MW: Projects Monitor, about 2013
  const SUPPORT = 0.4 // ₹ crore per MW, MNRE, at most ₹5 crore
  const BIOCHAR = { low: 5, typical: 9, high: 13 } // ₹ per kg, Business Standard 2015
  const METHANE = { low: 1.9, typical: 5, high: 8.3 } // US$ per t CO2e, EcoEngineers 2025

  it.each([100, 2000])("municipal waste, %i t a day with a ₹225 tipping fee: capital, power, fee, credits, and no central support", (amount) => {
    const { power, made, mw, inputs } = site("municipal-waste", amount, 225)
    close(made.capital, { low: mw * MSW_CAPITAL.low * CRORE, typical: mw * MSW_CAPITAL.typical * CRORE, high: mw * MSW_CAPITAL.high * CRORE })
    const mwh = power.mWhPerYear
    close(made.power, { low: mwh.low * MSW_TARIFF.low * 1000, typical: mwh.typical * MSW_TARIFF.typical * 1000, high: mwh.high * MSW_TARIFF.high * 1000 })
    // ₹225 × the tonnes a year: amount × 334 operating days (the default)
    expect(inputs.days).toBe(334)
    close(made.fee, { low: 225 * amount * 334, typical: 225 * amount * 334, high: 225 * amount * 334 })
    const avoided = power.methane.period
    close(made.credit, { low: avoided.low * METHANE.low, typical: avoided.typical * METHANE.typical, high: avoided.high * METHANE.high }, 3)
    // the National Bioenergy Programme excludes power from municipal waste
    expect(made.support).toBeUndefined()
    expect(made.biochar).toBeUndefined()
  })

  it("municipal waste at 2,000 t a day costs what Delhi's 2,000 t plants cost: ₹250 to 600 crore (Tehkhand ₹465 crore, Narela-Bawana ₹650 crore)", () => {
    const { made } = site("municipal-waste", 2000)
    expect(made.capital!.typical / CRORE).toBeGreaterThan(250)
    expect(made.capital!.typical / CRORE).toBeLessThan(650)
  })

  it.each([
    [20, false],
    [520, true],
  ])("rice husk, %i t a day: capital, MNRE support (capped: %s), biochar; no biomass tariff is sourced", (amount, capped) => {
    const { results, made, mw } = site("rice-husk", amount)
    close(made.capital, { low: mw * BIOMASS_CAPITAL.low * CRORE, typical: mw * BIOMASS_CAPITAL.typical * CRORE, high: mw * BIOMASS_CAPITAL.high * CRORE })
    const support = Math.min(mw * SUPPORT, 5) * CRORE
    close(made.support, { low: support, typical: support, high: support })
    expect(made.supportCapped).toBe(capped)
    const biochar = pick(results, "biochar").tonnesPerYear
    close(made.biochar, { low: biochar.low * BIOCHAR.low * 1000, typical: biochar.typical * BIOCHAR.typical * 1000, high: biochar.high * BIOCHAR.high * 1000 })
    expect([made.power, made.fee, made.credit]).toEqual([undefined, undefined, undefined])
  })

  it.each([10, 300])("wood chips, %i t a day: capital and support only (charcoal has no sourced price)", (amount) => {
    const { made, mw } = site("wood-chips", amount)
    close(made.capital, { low: mw * BIOMASS_CAPITAL.low * CRORE, typical: mw * BIOMASS_CAPITAL.typical * CRORE, high: mw * BIOMASS_CAPITAL.high * CRORE })
    const support = Math.min(mw * SUPPORT, 5) * CRORE
    close(made.support, { low: support, typical: support, high: support })
    expect(Object.keys(made).sort()).toEqual(["capital", "support", "supportCapped"])
  })
})

describe("what each stream's scheme gives and excludes", () => {
  const notes = (stream: string) => model.streams.find((candidate) => candidate.id === stream)!.economicsNotes ?? []
  const note = (id: string) => content.economics.notes.find((candidate) => candidate.id === id)!

  it("municipal waste and RDF: no central support, the programme's exclusion quoted with its source, and the city's way (SBM-Urban 2.0)", () => {
    for (const stream of ["municipal-waste", "rdf"]) {
      expect(site(stream, 500).made.support).toBeUndefined()
      expect(notes(stream)).toEqual(expect.arrayContaining(["msw-no-support", "sbm-urban", "must-buy"]))
    }
    expect(note("msw-no-support").text).toContain("excluding MSW to Power projects")
    expect(note("msw-no-support").source?.year).toBe(2022)
    expect(note("must-buy").text).toContain("Tariff Policy 2016")
  })

  it("hospital waste: no cost, tariff or support at any size, and the page says why", () => {
    for (const amount of [1, 50]) expect(Object.keys(site("hospital-waste", amount).made)).toEqual([])
    expect(notes("hospital-waste")).toEqual(["hospital-none"])
  })

  it("garden waste a city collects: no support (municipal waste burnt is excluded), but its tipping fee counts", () => {
    const { made } = site("garden-waste", 50, 100)
    expect(made.support).toBeUndefined()
    expect(made.fee?.typical).toBe(100 * 50 * 334)
    expect(notes("garden-waste")).toContain("garden-support")
  })

  it("every stream and the shared list name notes that exist, and the scheme's period and successor are said for all", () => {
    const ids = new Set(content.economics.notes.map((each) => each.id))
    for (const stream of model.streams) for (const id of stream.economicsNotes ?? []) expect([stream.id, ids.has(id)]).toEqual([stream.id, true])
    expect(model.shared.economicsNotes).toEqual(["scheme-period", "carbon-market", "no-payback"])
    expect(note("scheme-period").text).toMatch(/31 March 2026/)
  })
})

describe("money, as India writes it in English and Hindi alike", () => {
  const en = content.economics.money
  const hi = hindi.economics.money
  it("writes crore, lakh and rupees with Indian grouping, two significant figures", () => {
    expect(rupees(22.17e7, en)).toBe("₹22 crore")
    expect(rupees(4.56e5, en)).toBe("₹4.6 lakh")
    expect(rupees(3456, en)).toBe("₹3,500")
    expect(rupees(1.416e12, en)).toBe("₹1,40,000 crore")
    expect(rupees(22.17e7, hi)).toBe("₹22 करोड़")
    expect(rupees(4.56e5, hi)).toBe("₹4.6 लाख")
  })
  it("writes a range's unit once when both ends share it, else each end with its own", () => {
    expect(rupeeRange({ low: 13e7, high: 28e7 }, en)).toBe("₹13 to 28 crore")
    expect(rupeeRange({ low: 45e5, high: 1.2e7 }, en)).toBe("₹45 lakh to ₹1.2 crore")
    expect(rupeeRange({ low: 5e7, high: 5e7 }, en)).toBe("₹5 crore")
    expect(rupeeRange({ low: 13e7, high: 28e7 }, hi)).toBe("₹13 से 28 करोड़")
    expect(dollarRange({ low: 39001, high: 101444 }, en)).toBe("US$39,000 to 1,00,000")
  })
})

describe("the step travels with the estimate", () => {
  it("the tipping fee goes in the address and comes back the same, and 0 is a fee of nothing", () => {
    const { inputs } = readInputs(model, { stream: "municipal-waste", amount: "300", fee: "450" }, 20)
    expect(inputs.fee).toBe(450)
    const query = toQuery(inputs, model)
    expect(query).toContain("fee=450")
    const back = readInputs(model, Object.fromEntries(new URLSearchParams(query)), 20)
    expect(back).toEqual({ inputs, errors: {} })
    expect(toQuery(readInputs(model, { stream: "municipal-waste", amount: "300" }, 20).inputs, model)).not.toContain("fee")
    expect(site("municipal-waste", 300, 0).made.fee).toBeUndefined()
  })

  it("refuses a fee that is not a number from 0 to the most, and takes none for a stream no city pays for", () => {
    for (const fee of ["-1", "abc", String(MAX_FEE + 1)])
      expect(readInputs(model, { stream: "municipal-waste", amount: "300", fee }, 20).errors).toEqual({ fee: true })
    const husk = readInputs(model, { stream: "rice-husk", amount: "20", fee: "450" }, 20)
    expect([husk.errors, "fee" in husk.inputs]).toEqual([{}, false])
  })

  it("the quote carries the step's rows, in crore or lakh as each is written, and the forms' server makes the same", () => {
    const { inputs } = readInputs(model, { stream: "municipal-waste", amount: "1000", fee: "225" }, 20)
    const quote = quoteEstimate(model, content, inputs)
    const rows = quote.results.filter((row) => row.label.startsWith(`${content.economics.heading}: `))
    expect(rows.map((row) => [row.label.slice(content.economics.heading.length + 2), row.unit])).toEqual([
      [content.economics.capital, "₹ crore"],
      [content.economics.power, "₹ crore"],
      [content.economics.fee, "₹ crore"],
      [content.economics.credit, "US$"],
    ])
    // ₹225 × 1,000 t × 334 days = ₹7,51,50,000 = ₹7.5 crore
    expect(rows[2]).toMatchObject({ low: 7.5, typical: 7.5, high: 7.5 })
    expect(quote.link).toContain("fee=225")
    expect(readEstimate(JSON.stringify(quote))).toEqual({ ok: true, estimate: quote })
    const small = economicsRows(content.economics, { fee: { low: 4.5e5, typical: 4.5e5, high: 4.5e5 } })
    expect(small).toEqual([expect.objectContaining({ unit: "₹ lakh", range: { low: 4.5, typical: 4.5, high: 4.5 } })])
  })

  it("the server refuses a forged cost or earning, and a fee in the address the figures were not made with", () => {
    const { inputs } = readInputs(model, { stream: "municipal-waste", amount: "1000", fee: "225" }, 20)
    const quote = quoteEstimate(model, content, inputs)
    const index = quote.results.findIndex((row) => row.label === `${content.economics.heading}: ${content.economics.power}`)
    const forged: Estimate = { ...quote, results: quote.results.map((row, at) => (at === index ? { ...row, high: row.high * 10 } : row)) }
    expect(readEstimate(JSON.stringify(forged))).toEqual({
      ok: false,
      reason: `results[${index}].high is not what the estimator makes of the inputs with the site's factors`,
    })
    const otherFee: Estimate = { ...quote, link: quote.link.replace("fee=225", "fee=2250") }
    expect(readEstimate(JSON.stringify(otherFee))).toMatchObject({ ok: false })
    const badFee: Estimate = { ...quote, link: quote.link.replace("fee=225", "fee=-5") }
    expect(readEstimate(JSON.stringify(badFee))).toEqual({ ok: false, reason: "fee is out of the estimator's range" })
  })
})

describe("docs/estimator.md", () => {
  it("lists every factor and note of the second step with its source, year and how sure it is, as the content has them", () => {
    const docs = fs.readFileSync(path.join(__dirname, "../../docs/estimator.md"), "utf8")
    const section = /<!-- economics -->\n([\s\S]*?)\n<!-- \/economics -->/.exec(docs)?.[1]
    // when this fails: npx tsx scripts/estimator/economics-table.ts prints the tables to paste between the markers
    expect(section).toBe(economicsTables())
    for (const id of [
      "msw-capital-cost",
      "msw-tariff",
      "biomass-capital-cost",
      "mnre-agro-power-support",
      "mnre-support-cap",
      "biochar-price-india",
      "landfill-methane-credit-price",
      "tipping-fee-nagpur",
    ])
      expect(section).toContain(`| \`${id}\` |`)
  })
})
