/**
 * The estimator's model, point by point, against figures worked by hand:
 * the visitor's own heating value (MJ/kg and kcal/kg) and waste that does
 * not burn, efficiency that follows the plant's size both ways, gross, own
 * use and net, hospital waste below the size that makes electricity,
 * landfill methane as it decays (IPCC first-order decay), RDF, ash, and the
 * address and the server's check carrying the new inputs.
 */
import content from "../../content/estimate/estimate.en.json"
import {
  averageDecayed,
  decayedBy,
  efficiencyAt,
  estimate,
  factorById,
  readInputs,
  streamById,
  toQuery,
  type ElectricityResult,
  type EstimateModel,
  type Inputs,
} from "../../src/lib/estimate"
import { quoteEstimate, type QuoteWords } from "../../src/lib/estimate-quote"
import { readEstimate } from "../../src/forms/estimate-figures"
import { stringifyEstimate } from "../../src/lib/forms/estimate-payload"

const model = content as unknown as EstimateModel
const words = content as unknown as QuoteWords

const read = (raw: Record<string, string>): Inputs => {
  const { inputs, errors } = readInputs(model, { per: "day", ...raw }, 1)
  expect(errors).toEqual({})
  return inputs
}
const electricity = (raw: Record<string, string>): ElectricityResult => {
  const result = estimate(model, read(raw)).find((candidate) => candidate.solution === "electricity")
  if (!result || result.solution !== "electricity") throw new Error("no electricity")
  return result
}

describe("the visitor's own heating value", () => {
  it("is taken exactly, in MJ/kg or in kcal/kg (× 4.1868 kJ), in place of the stream's range and whatever the moisture", () => {
    const mj = electricity({ stream: "municipal-waste", amount: "1000", heat: "10.5" })
    expect(mj.heatingValue).toEqual({ low: 10.5, typical: 10.5, high: 10.5 })
    const kcal = electricity({ stream: "municipal-waste", amount: "1000", heat: "2500", heatUnit: "kcal" })
    expect(kcal.heatingValue.typical).toBeCloseTo(10.467, 3)
    // fuel input by hand: 1,000 t × 10.5 GJ/t ÷ 86,400 s = 121.53 MW
    expect(mj.fuelMW.typical).toBeCloseTo(121.53, 2)
    const wood = electricity({ stream: "wood-chips", amount: "100", heat: "12", moisture: "50" })
    expect(wood.heatingValue.typical).toBe(12)
  })

  it("refuses nonsense with a field error and keeps the default: zero, negative, above 50 MJ/kg (11,942 kcal/kg)", () => {
    for (const [heat, heatUnit] of [
      ["0", "mj"],
      ["-3", "mj"],
      ["50.5", "mj"],
      ["12000", "kcal"],
      ["abc", "mj"],
    ])
      expect(readInputs(model, { stream: "municipal-waste", amount: "10", heat, heatUnit }, 1).errors).toEqual({ heat: true })
    expect(readInputs(model, { stream: "municipal-waste", amount: "10", heat: "11942", heatUnit: "kcal" }, 1).errors).toEqual({})
    // a stream that does not burn takes no heating value: nothing to refuse, nothing carried
    expect(readInputs(model, { stream: "coconut-shells", amount: "10", heat: "abc" }, 1).inputs.heat).toBeUndefined()
  })

  it("at or below the heating value Timarpur could not burn (800 kcal/kg) makes no electricity, avoids nothing and emits nothing", () => {
    const wet = electricity({ stream: "municipal-waste", amount: "300", heat: "775", heatUnit: "kcal" })
    expect(wet.support).toBe("none")
    expect(wet.kW).toEqual({ low: 0, typical: 0, high: 0 })
    expect(wet.co2e).toEqual({ low: 0, typical: 0, high: 0 })
    expect(wet.fossil).toEqual({ low: 0, typical: 0, high: 0 })
    // just above it, it burns (with drying and sorting: the World Bank's average is not met)
    const drier = electricity({ stream: "municipal-waste", amount: "300", heat: "3.4" })
    expect(drier.support).toBe("short")
    expect(drier.kW.typical).toBeGreaterThan(0)
  })

  it("the Indian default burns at its typical and high but not at its low (Delhi's 1987-90 waste): the low end is 0", () => {
    const msw = electricity({ stream: "municipal-waste", amount: "2000" })
    expect(msw.heatingValue).toEqual({ low: 3.1, typical: 3.8, high: 6.1 })
    expect(msw.kW.low).toBe(0)
    expect(msw.kW.typical).toBeGreaterThan(0)
  })
})

describe("efficiency that follows the plant's size", () => {
  const msw = streamById(model, "municipal-waste")!
  const rice = streamById(model, "rice-husk")!
  it("takes a class's own figure at its size, plus the electricity the catalogue's plant used itself", () => {
    const at = efficiencyAt(model, msw, 80)
    expect(at.from.map((point) => point.fuelMW)).toEqual([80])
    expect(at.efficiency.typical).toBeCloseTo(0.221 + 0.023, 6)
    expect(at.beyond).toBeUndefined()
  })
  it("draws between two classes on the logarithm of the fuel input: halfway in log is halfway in efficiency", () => {
    // between the small ORC plant (20 MW, 0.139) and the medium steam plant (80 MW, 0.282): 40 MW is halfway in log
    const at = efficiencyAt(model, rice, 40)
    expect(at.from.map((point) => point.fuelMW)).toEqual([20, 80])
    expect(at.efficiency.typical).toBeCloseTo((0.139 + 0.282) / 2 + 0.025, 6)
  })
  it("says when the plant is below the smallest class or above the largest, and uses that class as it is", () => {
    expect(efficiencyAt(model, msw, 5)).toMatchObject({ beyond: "below", from: [{ fuelMW: 35 }] })
    expect(efficiencyAt(model, msw, 500)).toMatchObject({ beyond: "above", from: [{ fuelMW: 220 }] })
    expect(efficiencyAt(model, rice, 0.1)).toMatchObject({ beyond: "below", from: [{ fuelMW: 0.19 }] })
  })
  it("a 20 MW rice-husk plant is no longer drawn from the 2.9 MW ORC unit: 520 t a day makes about A.T. Biopower's 20 MW net", () => {
    const husk = electricity({ stream: "rice-husk", amount: "520" })
    expect(husk.plant.from.map((point) => point.fuelMW)).toEqual([80, 600])
    expect(husk.kW.typical / 1000).toBeGreaterThan(18)
    expect(husk.kW.typical / 1000).toBeLessThan(25)
  })
})

describe("gross, own use and net", () => {
  it("gross is fuel × the generator's efficiency; own use is Okhla's 17.2 % of it; net the rest (by hand)", () => {
    const msw = electricity({ stream: "municipal-waste", amount: "2000" })
    // 2,000 t × 3.8 GJ/t ÷ 86,400 s = 87.96 MW of fuel, between the medium (80 MW) and large (220 MW) classes
    const fuel = (2000 * 3.8 * 1000) / 86400
    expect(msw.fuelMW.typical).toBeCloseTo(fuel, 6)
    const share = Math.log(fuel / 80) / Math.log(220 / 80)
    const generator = 0.221 + (0.224 - 0.221) * share + 0.023
    expect(msw.grossKW.typical).toBeCloseTo(fuel * generator * 1000, 3)
    expect(msw.ownUseKW.typical).toBeCloseTo(msw.grossKW.typical * 0.172, 3)
    expect(msw.kW.typical).toBeCloseTo(msw.grossKW.typical * (1 - 0.172), 3)
    // a year: net × 24 h × 334 days
    expect(msw.mWhPerYear.typical).toBeCloseTo((msw.kW.typical * 24 * 334) / 1000, 3)
    expect(msw.availability).toBeCloseTo(334 / 365, 9)
    // the card's "net electrical efficiency" is net output ÷ fuel, not the generator's
    expect(msw.netEfficiency.typical).toBeCloseTo(msw.kW.typical / (fuel * 1000), 9)
    const row = quoteEstimate(model, words, read({ stream: "municipal-waste", amount: "2000" })).results.find((candidate) =>
      candidate.label.endsWith("Net electrical efficiency"),
    )!
    expect(row.typical).toBe(Number((msw.netEfficiency.typical * 100).toPrecision(2)))
  })
})

describe("hospital waste", () => {
  it("below the size of the incinerators that make electricity, it makes heat only: no electricity, but its fossil CO2 and ash", () => {
    const small = electricity({ stream: "hospital-waste", amount: "1" })
    expect(small.heatOnly).toBe(true)
    expect(small.kW).toEqual({ low: 0, typical: 0, high: 0 })
    expect(small.gridCredit.typical).toBe(0)
    expect(small.fossil.typical).toBeCloseTo(334 * 0.88, 6)
    expect(small.bottomAsh.typical).toBeCloseTo(334 * 0.054, 6)
    expect(small.co2e.typical).toBeLessThan(0)
  })
  it("above it (a plant burning more than 3.2 MW of fuel) it makes electricity", () => {
    const limit = factorById(model, "hcw-heat-only-below").typical
    const tonnes = (limit * 86400) / (19.1 * 1000)
    expect(electricity({ stream: "hospital-waste", amount: String(Math.ceil(tonnes * 1.1)) }).heatOnly).toBe(false)
    expect(electricity({ stream: "hospital-waste", amount: String(Math.floor(tonnes * 0.9)) }).heatOnly).toBe(true)
  })
})

describe("landfill methane as it decays (first-order decay, worked by hand in docs/estimator.md)", () => {
  // 100 t a day × 334 days to a site of unknown kind: 33,400 × 0.15 × 0.5 × 0.6 × 0.5 × 16/12 × 27 = 27,054 t CO2e over a year's waste's life
  it("dry tropics (k 0.065): year 1 is 1,703, the 10-year average 7,800, the whole life 27,054 t CO2e", () => {
    const msw = electricity({ stream: "municipal-waste", amount: "100" })
    expect(msw.methane.lifetime.typical).toBeCloseTo(27054, 6)
    expect(msw.methane.firstYear.typical).toBeCloseTo(1702.58, 1)
    expect(msw.methane.period.typical).toBeCloseTo(7800.34, 1)
    expect(msw.landfill).toEqual(msw.methane.period)
  })
  it("wet tropics (k 0.17): year 1 is 15.6 % (4,229), the 10-year average 55.9 % (15,121)", () => {
    const msw = electricity({ stream: "municipal-waste", amount: "100", climate: "tropical-wet" })
    expect(msw.methane.firstYear.typical).toBeCloseTo(4229.49, 1)
    expect(msw.methane.period.typical).toBeCloseTo(15121.4, 1)
  })
  it("decay shares: 1 − e^(−k n), and their mean over n years", () => {
    expect(decayedBy(0.17, 1)).toBeCloseTo(0.156335, 6)
    expect(averageDecayed(0.17, 10)).toBeCloseTo(0.558934, 6)
    // the mean equals the sum of the years' shares, counted one by one
    const counted = Array.from({ length: 10 }, (_, year) => decayedBy(0.065, year + 1)).reduce((a, b) => a + b) / 10
    expect(averageDecayed(0.065, 10)).toBeCloseTo(counted, 12)
  })
  it("the kind of site and the gas collected are the visitor's: a managed landfill (MCF 1, OX 0.1) with half its gas collected", () => {
    const managed = electricity({ stream: "municipal-waste", amount: "100", site: "landfill", collected: "50" })
    expect(managed.methane.lifetime.typical).toBeCloseTo(33400 * 0.15 * 0.5 * 1.0 * 0.5 * (16 / 12) * 0.5 * 0.9 * 27, 6)
    // OX follows the site: an open dump has none
    const dump = electricity({ stream: "municipal-waste", amount: "100", site: "dump-deep" })
    expect(dump.methane.lifetime.typical).toBeCloseTo(33400 * 0.15 * 0.5 * 0.8 * 0.5 * (16 / 12) * 27, 6)
  })
  it("refuses a share collected outside 0-100 %", () => {
    expect(readInputs(model, { stream: "municipal-waste", amount: "10", collected: "101" }, 1).errors).toEqual({ collected: true })
  })
})

describe("RDF and ash", () => {
  it("RDF burns as its own stream, with its heating value and three to four times mixed waste's fossil CO2, and no landfill credit", () => {
    const rdf = electricity({ stream: "rdf", amount: "100" })
    expect(rdf.heatingValue.typical).toBe(10.9)
    expect(rdf.fossil.typical).toBeCloseTo(33400 * 0.99, 6)
    expect(rdf.landfill.typical).toBe(0)
    expect(rdf.bottomAsh.typical).toBeCloseTo(33400 * 0.228, 6)
  })
  it("municipal waste's ash: 23 % of what is burnt, 3 % of it fly ash", () => {
    const msw = electricity({ stream: "municipal-waste", amount: "100" })
    expect(msw.bottomAsh.typical).toBeCloseTo(33400 * 0.23, 6)
    expect(msw.flyAsh.typical).toBeCloseTo(33400 * 0.03, 6)
    // the wettest waste, which does not burn, leaves no ash
    expect(msw.bottomAsh.low).toBe(0)
  })
})

describe("the new inputs travel in the address and the server checks them", () => {
  it("the address carries only what the visitor changed, and reads back to the same inputs", () => {
    const defaults = read({ stream: "municipal-waste", amount: "100" })
    expect(toQuery(defaults, model)).toBe("stream=municipal-waste&amount=100&per=day&moisture=0&days=334")
    const own = read({ stream: "municipal-waste", amount: "100", heat: "1800", heatUnit: "kcal", site: "dump-deep", climate: "tropical-wet", collected: "20" })
    const query = toQuery(own, model)
    expect(query).toBe("stream=municipal-waste&amount=100&per=day&moisture=0&days=334&heat=1800&heatUnit=kcal&site=dump-deep&climate=tropical-wet&collected=20")
    expect(read(Object.fromEntries(new URLSearchParams(query)))).toEqual(own)
  })
  it("the server remakes a quote with a heating value and landfill choices, and refuses one whose figures were made with others", () => {
    const inputs = read({ stream: "municipal-waste", amount: "100", heat: "1800", heatUnit: "kcal", site: "dump-deep", climate: "tropical-wet" })
    const quote = quoteEstimate(model, words, inputs)
    expect(readEstimate(stringifyEstimate(quote))).toMatchObject({ ok: true })
    // the same figures under a link that says another heating value: refused
    const forged = { ...quote, link: quote.link.replace("heat=1800", "heat=2500") }
    expect(readEstimate(stringifyEstimate(forged))).toMatchObject({ ok: false })
    // an unknown site in the link is the default one, whose figures differ: refused
    const unknown = { ...quote, link: quote.link.replace("site=dump-deep", "site=moon") }
    expect(readEstimate(stringifyEstimate(unknown))).toMatchObject({ ok: false })
  })
})
