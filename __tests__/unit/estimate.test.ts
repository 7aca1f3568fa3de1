/**
 * The estimator's arithmetic (src/lib/estimate.ts) against sums worked by
 * hand, with factors written out in __tests__/fixtures/estimate-model.ts
 * (not the content's, which editors change), then its properties on the
 * site's own factors and on random ones. Numbers as typed and written are
 * in estimate-numbers.test.ts.
 */
import fs from "fs"
import path from "path"
import {
  averageDecayed,
  defaultDays,
  efficiencyAt,
  estimate,
  factorById,
  factorsUsed,
  gridFactor,
  heatingValueAt,
  MAX_GRID,
  numberReader,
  readInputs,
  supportFuelNeed,
  toQuery,
  type ElectricityResult,
  type EstimateModel,
  type Factor,
  type Inputs,
  type Range,
  type SolutionResult,
  type Stream,
} from "../../src/lib/estimate"
import { CHOICES, factor, MODEL, pick, withFactors } from "../fixtures/estimate-model"
import { mulberry32 } from "../support/random"

const HUSK = { stream: "husk", amount: 20, per: "day", moisture: 10, days: 330, ...CHOICES } as const
const stream = (id: string): Stream => MODEL.streams.find((candidate) => candidate.id === id)!

describe("the estimator's arithmetic, worked by hand", () => {
  it("electricity from 20 t/day of husk at 10 % moisture, 330 days, between the village gasifier and the ORC plant", () => {
    const electricity = pick(estimate(MODEL, HUSK), "electricity")
    // heating value as delivered: 15 × (1 − 0.10) − 2.44 × 0.10 = 13.5 − 0.244 = 13.256 MJ/kg (low 13 × 0.9 − 0.244 = 11.456, high 14.156)
    expect(electricity.heatingValue).toEqual({ low: expect.closeTo(11.456, 9), typical: expect.closeTo(13.256, 9), high: expect.closeTo(14.156, 9) })
    // the fuel: 20,000 kg × 13.256 MJ/kg = 265,120 MJ a day ÷ 86,400 s = 3.0685 MW (low 2.6519, high 3.2769)
    expect(electricity.fuelMW).toEqual({ low: expect.closeTo(2.65185, 4), typical: expect.closeTo(3.06852, 4), high: expect.closeTo(3.27685, 4) })
    // between the village gasifier (0.19 MW) and the ORC plant (20 MW), on the logarithm of the typical fuel input:
    // ln(3.06852 ÷ 0.19) ÷ ln(20 ÷ 0.19) = 2.78193 ÷ 4.65646 = 0.59743 of the way
    expect(electricity.plant.from.map((point) => point.fuelMW)).toEqual([0.19, 20])
    expect(electricity.plant.beyond).toBeUndefined()
    // the generator's efficiency: the gasifier's 0.08 / 0.10 / 0.12 (no own use taken out), the ORC plant's 0.10 / 0.15 / 0.20
    // plus its own use 0.025, 0.125 / 0.175 / 0.225; typical 0.10 + (0.175 − 0.10) × 0.59743 = 0.144807,
    // low 0.08 + 0.045 × 0.59743 = 0.106884, high 0.12 + 0.105 × 0.59743 = 0.182730
    expect(electricity.efficiency).toEqual({ low: expect.closeTo(0.106884, 5), typical: expect.closeTo(0.144807, 5), high: expect.closeTo(0.18273, 5) })
    // gross while running: 3,068.52 kW of fuel × 0.144807 = 444.34 kW; own use 10 % of it, 44.43 kW; net 399.91 kW
    expect(electricity.grossKW.typical).toBeCloseTo(444.344, 2)
    expect(electricity.ownUseKW.typical).toBeCloseTo(44.434, 2)
    expect(electricity.kW.typical).toBeCloseTo(399.91, 2)
    // a day: 399.91 kW × 24 h = 9,597.8 kWh (low 2,651.85 × 0.106884 × 0.9 × 24 = 6,122.3; high 3,276.85 × 0.18273 × 0.9 × 24 = 12,933.7)
    expect(electricity.kWhPerDay).toEqual({ low: expect.closeTo(6122.34, 1), typical: expect.closeTo(9597.84, 1), high: expect.closeTo(12933.66, 1) })
    // a year: 9.59784 MWh × 330 days = 3,167.29 MWh; 330 of 365 days is 90.4 % of the year
    expect(electricity.mWhPerYear.typical).toBeCloseTo(3167.287, 2)
    expect(electricity.availability).toBeCloseTo(330 / 365, 9)
    // no landfill, no fossil carbon, no ash source: only the grid, 3,167.29 MWh × 0.7 t/MWh = 2,217.10 t CO2e
    expect(electricity.gridCredit.typical).toBeCloseTo(2217.1, 1)
    expect(electricity.fossil).toEqual({ low: 0, typical: 0, high: 0 })
    expect(electricity.bottomAsh).toEqual({ low: 0, typical: 0, high: 0 })
    expect(electricity.co2e.typical).toBeCloseTo(2217.1, 1)
    // 13.256 MJ/kg burns without support fuel (above 7, never below 6), and 20 t a day is one plant
    expect([electricity.support, electricity.heatOnly, electricity.several]).toEqual([undefined, false, false])
  })

  it("biochar from the same husk", () => {
    const biochar = pick(estimate(MODEL, HUSK), "biochar")
    // dry tonnes: 20 × (1 − 0.10) = 18; × 0.35 = 6.3 t a day (low 18 × 0.3 = 5.4, high 18 × 0.4 = 7.2); a year 6.3 × 330 = 2,079 t
    expect(biochar.tonnesPerDay).toEqual({ low: expect.closeTo(5.4, 6), typical: expect.closeTo(6.3, 6), high: expect.closeTo(7.2, 6) })
    expect(biochar.tonnesPerYear.typical).toBeCloseTo(2079, 6)
    expect(biochar.co2e).toEqual({ low: 0, typical: 0, high: 0 })
  })

  it("landfill methane avoided by 3,300 t a year of municipal waste, given per year, as it decays", () => {
    const results = estimate(MODEL, { stream: "msw", amount: 3300, per: "year", moisture: 50, days: 330, ...CHOICES })
    const electricity = pick(results, "electricity")
    // 3,300 t a year is 10 t on each of 330 days; heating value at its own 50 %: 10 MJ/kg; fuel 10,000 × 10 ÷ 86,400 = 1.1574 MW,
    // below the one class's 35 MW: its efficiency as it is, 0.15 (no own use to add back); net 1,157.4 × 0.15 × 0.9 = 156.25 kW
    expect(electricity.plant.beyond).toBe("below")
    expect(electricity.kW.typical).toBeCloseTo(156.25, 6)
    // a day 3,750 kWh, a year × 330 = 1,237.5 MWh; grid 1,237.5 × 0.7 = 866.25 t
    expect(electricity.mWhPerYear.typical).toBeCloseTo(1237.5, 6)
    expect(electricity.gridCredit.typical).toBeCloseTo(866.25, 6)
    // a year's waste over its life, per tonne: DOC 0.2 × DOCf 0.5 × MCF 1 × F 0.5 × 16/12 × (1 − OX 0.1) × 27 = 1.62 t CO2e;
    // the high end takes OX at 0: 1.8 t. 3,300 t: 5,346 t (high 5,940)
    expect(electricity.methane.lifetime).toEqual({ low: expect.closeTo(5346, 6), typical: expect.closeTo(5346, 6), high: expect.closeTo(5940, 6) })
    // year 1 at k = 0.065: 1 − e^(−0.065) = 0.062933 of it, 336.44 t
    expect(electricity.methane.firstYear.typical).toBeCloseTo(336.437, 2)
    // the headline, the first 10 years' average: 1 − e^(−0.065)(1 − e^(−0.65)) ÷ (10 (1 − e^(−0.065))) = 0.288325, 1,541.38 t;
    // low k = 0.05: 0.232571 × 5,346 = 1,243.32 t; high k = 0.08 with OX 0: 0.338828 × 5,940 = 2,012.64 t
    expect(electricity.landfill).toEqual({ low: expect.closeTo(1243.324, 2), typical: expect.closeTo(1541.384, 2), high: expect.closeTo(2012.636, 2) })
    expect(electricity.landfill).toEqual(electricity.methane.period)
    // fossil CO2: 3,300 t × 0.3 t/t = 990 t emitted; ash 3,300 × 0.25 = 825 t, of it fly ash 3,300 × 0.03 = 99 t
    expect(electricity.fossil.typical).toBeCloseTo(990, 6)
    expect(electricity.bottomAsh.typical).toBeCloseTo(825, 6)
    expect(electricity.flyAsh.typical).toBeCloseTo(99, 6)
    // net: 866.25 + 1,541.38 − 990 = 1,417.63 t
    expect(electricity.co2e.typical).toBeCloseTo(1417.634, 2)
    // high: 10 t × 12 GJ/t = 1.3889 MW × 0.2 × 0.9 = 250 kW, 6,000 kWh a day, 1,980 MWh a year × 0.8 = 1,584 t; landfill 2,012.64 t;
    // the least fossil CO2, 3,300 × 0.2 = 660 t
    expect(electricity.co2e.high).toBeCloseTo(1584 + 2012.636 - 660, 2)
    // low: 10 t × 8 GJ/t = 0.9259 MW × 0.1 × 0.9 = 83.33 kW, 2,000 kWh a day, 660 MWh × 0.5 = 330 t; landfill 1,243.32 t;
    // the most fossil CO2, 3,300 × 0.4 = 1,320 t
    expect(electricity.co2e.low).toBeCloseTo(330 + 1243.324 - 1320, 2)
  })

  it("a heating value given at one moisture, read at another", () => {
    // 10 MJ/kg at 50 %: dry (10 + 2.44 × 0.5) ÷ 0.5 = 22.44; at 40 %: 22.44 × 0.6 − 2.44 × 0.4 = 13.464 − 0.976 = 12.488
    expect(heatingValueAt(10, 0.5, 0.4, 2.44)).toBeCloseTo(12.488, 9)
    expect(heatingValueAt(10, 0.5, 0.5, 2.44)).toBeCloseTo(10, 9)
    // so wet that the water takes more heat than the waste gives: no negative energy
    expect(heatingValueAt(10, 0, 0.95, 2.44)).toBe(0)
  })

  it("charcoal only for shells, with the moisture the figures already hold", () => {
    const results = estimate(MODEL, { stream: "shells", amount: 10, per: "day", moisture: 0, days: 330, ...CHOICES })
    expect(results.map((result) => result.solution)).toEqual(["charcoal"])
    // 10 × 0.3 = 3 t a day
    expect(pick(results, "charcoal").tonnesPerDay.typical).toBeCloseTo(3, 9)
  })
})

describe("greenhouse gas in its parts", () => {
  const withFactor = (id: string, low: number, typical: number, high: number): EstimateModel => withFactors(MODEL, factor(id, low, typical, high))
  const msw = (model: EstimateModel, moisture = 50, choices: Partial<Pick<Inputs, "site" | "climate" | "collected" | "heat">> = {}) =>
    pick(estimate(model, { stream: "msw", amount: 3300, per: "year", moisture, days: 330, ...CHOICES, ...choices }), "electricity")
  /** The first 10 years' average share of a year's whole-life methane, at the decay rate k */
  const tenYears = (k: number) => 1 - (Math.exp(-k) * (1 - Math.exp(-10 * k))) / (10 * (1 - Math.exp(-k)))

  it("scales the landfill methane with the kind of site the visitor chose: its MCF, and its OX", () => {
    // a shallow dump: MCF 0.4 and no cover to oxidise any: 0.2 × 0.5 × 0.4 × 0.5 × 16/12 × 27 = 0.72 t a tonne, at every level;
    // 3,300 t × 0.72 × 0.288325 = 685.06 t a year over the first 10 years
    const shallow = msw(MODEL, 50, { site: "shallow" })
    expect(shallow.methane.lifetime).toEqual({ low: expect.closeTo(2376, 6), typical: expect.closeTo(2376, 6), high: expect.closeTo(2376, 6) })
    expect(shallow.landfill.typical).toBeCloseTo(685.059, 2)
    // against the managed landfill's 1.62 (MCF 1, OX 0.1): 0.4 ÷ 0.9 of it
    expect(shallow.methane.lifetime.typical / msw(MODEL).methane.lifetime.typical).toBeCloseTo(0.4 / 0.9, 9)
    // the site changes nothing else
    expect(shallow.gridCredit).toEqual(msw(MODEL).gridCredit)
  })

  it("brings more of the methane into the first years in a wetter climate, the whole life unchanged", () => {
    const dry = msw(MODEL)
    const wet = msw(MODEL, 50, { climate: "wet" })
    expect(wet.methane.lifetime).toEqual(dry.methane.lifetime)
    // k = 0.17: 0.558934 of 5,346 t as the 10-year average, 2,988.06 t; year 1 1 − e^(−0.17) = 0.156335, 835.77 t
    expect(wet.landfill.typical).toBeCloseTo(2988.062, 2)
    expect(wet.methane.firstYear.typical).toBeCloseTo(5346 * 0.156335, 1)
    expect(wet.landfill.typical).toBeCloseTo(5346 * tenYears(0.17), 6)
    expect(averageDecayed(0.065, 10)).toBeCloseTo(tenYears(0.065), 12)
  })

  it("leaves out the gas a site already collects", () => {
    // half the gas collected: half the methane avoided
    expect(msw(MODEL, 50, { collected: 50 }).landfill.typical).toBeCloseTo(msw(MODEL).landfill.typical / 2, 6)
    expect(msw(MODEL, 50, { collected: 100 }).methane.lifetime).toEqual({ low: 0, typical: 0, high: 0 })
  })

  it("subtracts fossil CO2: burning enough plastic makes the net negative, and the net is the parts' sum", () => {
    const result = msw(withFactor("fossil", 3, 3, 3))
    expect(result.co2e.typical).toBeCloseTo(result.gridCredit.typical + result.landfill.typical - result.fossil.typical, 6)
    expect(result.co2e.typical).toBeLessThan(0)
  })

  it("credits nothing, and counts nothing emitted, for waste too wet to burn", () => {
    // 95 % moisture: the water takes more heat than the waste gives
    const result = msw(MODEL, 95)
    expect(result.support).toBe("none")
    expect(result.kWhPerDay).toEqual({ low: 0, typical: 0, high: 0 })
    for (const part of [result.gridCredit, result.landfill, result.fossil, result.co2e, result.bottomAsh]) expect(part).toEqual({ low: 0, typical: 0, high: 0 })
  })

  it("makes nothing at or below the heating value a plant could not burn (3.35 MJ/kg), level by level", () => {
    // the visitor's own 3.35 MJ/kg: at the limit, nothing; 3.4: electricity and every part
    const at = msw(MODEL, 50, { heat: 3.35 })
    expect(at.support).toBe("none")
    for (const part of [at.kWhPerDay, at.gridCredit, at.landfill, at.fossil, at.co2e]) expect(part).toEqual({ low: 0, typical: 0, high: 0 })
    const above = msw(MODEL, 50, { heat: 3.4 })
    expect(above.kWhPerDay.low).toBeGreaterThan(0)
    expect(above.fossil.low).toBeCloseTo(3300 * 0.2, 6)
    // a range across the limit (3 / 5 / 6 MJ/kg): its low end makes and avoids nothing, its typical does
    const across = msw(withFactor("msw-heat", 3, 5, 6))
    expect([across.kWhPerDay.low, across.gridCredit.low, across.landfill.low, across.fossil.low, across.bottomAsh.low]).toEqual([0, 0, 0, 0, 0])
    expect(across.kWhPerDay.typical).toBeGreaterThan(0)
    expect(across.landfill.typical).toBeCloseTo(msw(MODEL).landfill.typical, 6)
    // the net's low end is the lower of its low case (nothing: 0) and its typical case
    const typicalCase = across.gridCredit.typical + across.landfill.typical - across.fossil.typical
    expect(across.co2e.low).toBeCloseTo(Math.min(0, typicalCase), 6)
  })

  it("says when the waste needs support fuel, and which plant classes the efficiency is drawn from, beyond either end", () => {
    expect(supportFuelNeed(MODEL, { low: 8, typical: 9, high: 10 })).toBeUndefined()
    expect(supportFuelNeed(MODEL, { low: 5, typical: 7.5, high: 10 })).toBe("season")
    expect(supportFuelNeed(MODEL, { low: 4, typical: 6.5, high: 10 })).toBe("short")
    expect(supportFuelNeed(MODEL, { low: 3, typical: 3.35, high: 10 })).toBe("none")
    const husk = stream("husk")
    const fit = (mw: number) => {
      const { from, beyond } = efficiencyAt(MODEL, husk, mw)
      return [from.map((point) => point.fuelMW), beyond]
    }
    expect(fit(0.1)).toEqual([[0.19], "below"])
    expect(fit(0.19)).toEqual([[0.19], undefined])
    expect(fit(3)).toEqual([[0.19, 20], undefined])
    expect(fit(20)).toEqual([[20], undefined])
    expect(fit(25)).toEqual([[20], "above"])
    // at a class's own size its own range (the ORC plant's 0.15 plus its 0.025 own use), beyond it the same
    expect(efficiencyAt(MODEL, husk, 20).efficiency.typical).toBeCloseTo(0.175, 12)
    expect(efficiencyAt(MODEL, husk, 2000).efficiency.typical).toBeCloseTo(0.175, 12)
    expect(efficiencyAt(MODEL, husk, 0.01).efficiency).toEqual({ low: 0.08, typical: 0.1, high: 0.12 })
    // municipal waste's one class, 35 MW: 10 t a day at 10 MJ/kg is 1.157 MW, below it
    expect(msw(MODEL).plant).toMatchObject({ beyond: "below", efficiency: { low: 0.1, typical: 0.15, high: 0.2 } })
  })
})

describe("the visitor's own grid", () => {
  it("credits the grid at the visitor's factor exactly, and at the model's range without one", () => {
    const india = pick(estimate(MODEL, HUSK), "electricity")
    const own = pick(estimate(MODEL, { ...HUSK, grid: 0.3 }), "electricity")
    // the same electricity; 3,167.29 MWh × 0.3 t/MWh = 950.19 t CO2 at every level's own MWh
    expect(own.mWhPerYear).toEqual(india.mWhPerYear)
    expect(own.gridCredit.typical).toBeCloseTo(950.186, 2)
    expect(own.gridCredit.low).toBeCloseTo(india.mWhPerYear.low * 0.3, 6)
    expect(india.gridCredit.low).toBeCloseTo(india.mWhPerYear.low * 0.5, 6)
    expect(gridFactor(MODEL, {})).toEqual({ low: 0.5, typical: 0.7, high: 0.8 })
    expect(gridFactor(MODEL, { grid: 0 })).toEqual({ low: 0, typical: 0, high: 0 })
    // a grid with no emissions: nothing credited, the net is only the landfill and fossil parts
    expect(pick(estimate(MODEL, { ...HUSK, grid: 0 }), "electricity").co2e).toEqual({ low: 0, typical: 0, high: 0 })
  })

  it("is read from the field and the address, carried only when given, and refused out of 0 to the maximum", () => {
    expect(readInputs(MODEL, { amount: "2", grid: "" }, 5).inputs).not.toHaveProperty("grid")
    expect(readInputs(MODEL, { amount: "2", grid: null }, 5).inputs).not.toHaveProperty("grid")
    expect(readInputs(MODEL, { amount: "2", grid: "0.45" }, 5)).toMatchObject({ inputs: { grid: 0.45 }, errors: {} })
    expect(readInputs(MODEL, { amount: "2", grid: "0,45" }, 5, numberReader("de")).inputs.grid).toBe(0.45)
    for (const bad of ["-0.1", String(MAX_GRID + 0.01), "abc", "1,2"])
      expect([bad, readInputs(MODEL, { amount: "2", grid: bad }, 5).errors]).toEqual([bad, { grid: true }])
    const inputs = readInputs(MODEL, { stream: "husk", amount: "20", grid: "0.45" }, 5).inputs
    expect(toQuery(inputs, MODEL)).toBe("stream=husk&amount=20&per=day&moisture=10&days=330&grid=0.45")
    expect(readInputs(MODEL, Object.fromEntries(new URLSearchParams(toQuery(inputs, MODEL))), 5).inputs).toEqual(inputs)
    expect(toQuery(readInputs(MODEL, { stream: "husk", amount: "20" }, 5).inputs, MODEL)).not.toContain("grid")
  })
})

describe("the factors an estimate rests on (printed under it)", () => {
  const ids = (inputs: { stream: string; grid?: number; heat?: number; site?: string; climate?: string }) =>
    factorsUsed(MODEL, { site: "landfill", climate: "dry", ...inputs }).map((factor) => factor.id)

  it("are the stream's own and the shared ones its solutions use, in the table's order", () => {
    expect(ids({ stream: "shells" })).toEqual(["charcoal", "days"])
    // the ORC class's own use ("parasitic"), which the arithmetic adds back, is cited with it
    expect(ids({ stream: "husk" })).toEqual([
      "husk-heat",
      "husk-moisture",
      "village",
      "village-input",
      "steam",
      "orc-input",
      "parasitic",
      "own-use",
      "biochar",
      "latent",
      "days",
      "grid",
      "support",
      "no-burn",
      "largest",
      // the second step's: the plant's cost, the scheme's rate and cap, biochar's price
      "capex-bio",
      "cfa",
      "cfa-cap",
      "biochar-price",
    ])
    // municipal waste goes to a landfill: its methane's factors too, of the chosen site and climate, and its ash
    expect(ids({ stream: "msw" })).toEqual(
      expect.arrayContaining([
        "doc",
        "docf",
        "mcf",
        "ox",
        "k-dry",
        "f",
        "gwp",
        "collected",
        "fossil",
        "plant",
        "ash",
        "fly-ash",
        "capex-msw",
        "tariff",
        "methane-credit",
        "fee-example",
      ]),
    )
    const shallowWet = ids({ stream: "msw", site: "shallow", climate: "wet" })
    expect(shallowWet).toEqual(expect.arrayContaining(["mcf-shallow", "ox-none", "k-wet"]))
    for (const other of ["mcf", "ox", "k-dry"]) expect([other, shallowWet.includes(other)]).toEqual([other, false])
  })

  it("leave out the default grid when the visitor gave their own, and the default heating value when they measured theirs", () => {
    expect(ids({ stream: "husk", grid: 0.3 })).not.toContain("grid")
    expect(ids({ stream: "msw", heat: 9 })).not.toContain("msw-heat")
    expect(ids({ stream: "msw" })).toContain("msw-heat")
    expect(ids({ stream: "nope" })).toEqual([])
  })
})

describe("the plant's size", () => {
  const at = (amount: number, per: "day" | "year" = "day") => {
    const { plant, several } = pick(estimate(MODEL, { ...HUSK, amount, per }), "electricity")
    return [plant.beyond, several]
  }

  it("says a plant is below the smallest class we cite, above the largest, and several plants above the largest built", () => {
    // 20 t/day of husk burns 3.07 MW (worked above): between the classes
    expect(at(20)).toEqual([undefined, false])
    // 1 t/day: 1,000 × 13.256 ÷ 86,400 = 0.153 MW, under the gasifier's 0.19; 1.5 t/day: 0.230 MW, over it
    expect(at(1)).toEqual(["below", false])
    expect(at(0.001)).toEqual(["below", false])
    expect(at(1.5)).toEqual([undefined, false])
    // the ORC plant's 20 MW is 20 × 86,400 ÷ 13,256 = 130.36 t a day
    expect(at(130)).toEqual([undefined, false])
    expect(at(131)).toEqual(["above", false])
    // the largest plant built burns 5,000 t a day
    expect(at(5000)).toEqual(["above", false])
    expect(at(5001)).toEqual(["above", true])
    expect(at(9999999)).toEqual(["above", true])
    // given a year: 5,001 × 330 t a year is 5,001 t on an operating day
    expect(at(5001 * 330, "year")).toEqual(["above", true])
  })

  it("waste that makes no power at all (too wet to burn) is said not to burn, and makes no figure of a plant", () => {
    const result = pick(estimate(MODEL, { ...HUSK, moisture: 95 }), "electricity")
    // the card says only that it does not burn (support "none"), not the plant's size
    expect(result.support).toBe("none")
    for (const part of [result.grossKW, result.ownUseKW, result.kW, result.kWhPerDay]) expect(part).toEqual({ low: 0, typical: 0, high: 0 })
  })
})

describe("the inputs", () => {
  it("fill in the stream's moisture, the default days and the default choices, and round-trip through the address", () => {
    const { inputs, errors } = readInputs(MODEL, { stream: "husk", amount: "20", per: "day" }, 5)
    expect(errors).toEqual({})
    expect(inputs).toEqual({ stream: "husk", amount: 20, per: "day", moisture: 10, days: 330, heatUnit: "mj", site: "landfill", climate: "dry", collected: 0 })
    expect(toQuery(inputs, MODEL)).toBe("stream=husk&amount=20&per=day&moisture=10&days=330")
    const query = Object.fromEntries(new URLSearchParams(toQuery(inputs, MODEL)))
    expect(readInputs(MODEL, query, 5).inputs).toEqual(inputs)
    expect(defaultDays(MODEL)).toBe(330)
    // the choices the visitor changed are carried, and read back
    const chosen = readInputs(MODEL, { stream: "msw", amount: "20", site: "shallow", climate: "wet", collected: "30", heat: "900", heatUnit: "kcal" }, 5)
    expect(chosen.errors).toEqual({})
    const back = readInputs(MODEL, Object.fromEntries(new URLSearchParams(toQuery(chosen.inputs, MODEL))), 5).inputs
    expect(back).toEqual(chosen.inputs)
    expect(back).toMatchObject({ site: "shallow", climate: "wet", collected: 30, heat: 900, heatUnit: "kcal" })
  })

  it("name each bad value, and keep the stream's own moisture where it has none", () => {
    expect(readInputs(MODEL, { amount: "-3" }, 5).errors).toEqual({ amount: true })
    expect(readInputs(MODEL, { amount: "" }, 5).errors).toEqual({ amount: true })
    expect(readInputs(MODEL, { amount: "abc" }, 5).errors).toEqual({ amount: true })
    expect(readInputs(MODEL, { amount: "2", moisture: "96" }, 5).errors).toEqual({ moisture: true })
    expect(readInputs(MODEL, { amount: "2", days: "1.5" }, 5).errors).toEqual({ days: true })
    expect(readInputs(MODEL, { amount: "2", days: "367" }, 5).errors).toEqual({ days: true })
    for (const collected of ["-1", "101", "abc"])
      expect([collected, readInputs(MODEL, { stream: "msw", amount: "2", collected }, 5)]).toMatchObject([
        collected,
        { errors: { collected: true }, inputs: { collected: 0 } },
      ])
    expect(readInputs(MODEL, { stream: "nope" }, 5).inputs.stream).toBe("husk")
    // an unknown kind of site or climate (a hand-made address) is the default one
    expect(readInputs(MODEL, { stream: "msw", site: "moon", climate: "mars" }, 5).inputs).toMatchObject({ site: "landfill", climate: "dry" })
    expect(readInputs(MODEL, { stream: "shells", amount: "2", moisture: "40" }, 5).inputs.moisture).toBe(0)
    expect(readInputs(MODEL, {}, 5).inputs.amount).toBe(5)
  })
})

/** Every range of a result that is an output (grows with the tonnes), by name; the heating value (per kilogram) and the efficiency (of a plant's size) are not */
const outputsOf = (result: SolutionResult): [string, Range][] => {
  const isRange = (value: unknown): value is Range => typeof value === "object" && value !== null && "typical" in value && typeof value.typical === "number"
  return Object.entries(result).flatMap(([name, value]): [string, Range][] => {
    if (name === "heatingValue" || name === "efficiency" || name === "netEfficiency" || name === "plant") return []
    if (name === "methane") return Object.entries(value as Record<string, Range>).map(([part, range]) => [`methane.${part}`, range])
    return isRange(value) ? [[name, value]] : []
  })
}

describe("on the site's own factors (content/estimate/estimate.en.json)", () => {
  const model = JSON.parse(fs.readFileSync(path.resolve("content/estimate/estimate.en.json"), "utf8")) as EstimateModel
  const base = (stream: string) => readInputs(model, { stream, amount: "20" }, 20).inputs

  it.each(model.streams.map((stream) => stream.id))("%s: zero in gives zero out, and every figure is a finite number, low ≤ typical ≤ high", (stream) => {
    for (const result of estimate(model, { ...base(stream), amount: 0 })) {
      const outputs = outputsOf(result)
      expect(outputs.length).toBeGreaterThan(0)
      for (const [name, range] of outputs) expect([name, range]).toEqual([name, { low: 0, typical: 0, high: 0 }])
    }
    for (const result of estimate(model, base(stream))) {
      const ranges = [
        ...outputsOf(result),
        ...(result.solution === "electricity"
          ? ([
              ["heatingValue", result.heatingValue],
              ["efficiency", result.efficiency],
            ] as const)
          : []),
      ]
      for (const [name, value] of ranges)
        expect([name, Number.isFinite(value.low) && Number.isFinite(value.high) && value.low <= value.typical && value.typical <= value.high]).toEqual([
          name,
          true,
        ])
    }
  })

  it.each(model.streams.map((stream) => stream.id))("%s: outputs grow with the tonnes (a figure that is zero, such as no landfill, stays zero)", (stream) => {
    const small = estimate(model, base(stream))
    const large = estimate(model, { ...base(stream), amount: 40 })
    small.forEach((result, index) => {
      const grown = Object.fromEntries(outputsOf(large[index]!))
      for (const [name, value] of outputsOf(result)) {
        // a net figure may be below zero: it grows away from zero
        if (value.typical === 0) expect([name, grown[name]!.typical]).toEqual([name, 0])
        else expect([name, Math.abs(grown[name]!.typical) > Math.abs(value.typical)]).toEqual([name, true])
      }
    })
  })

  it("wetter waste gives less electricity", () => {
    const streams = model.streams.filter((candidate) => candidate.plants?.length && candidate.moisture)
    expect(streams.length).toBeGreaterThan(0)
    for (const stream of streams) {
      const at = (moisture: number) => pick(estimate(model, { ...base(stream.id), moisture }), "electricity").kWhPerDay.typical
      expect([stream.id, at(10) > at(30) && at(30) > at(60)]).toEqual([stream.id, true])
    }
  })
})

describe("properties, on random models and inputs (seeded: a failure shows again with the same case)", () => {
  const CASES = 400
  const random = mulberry32(37)
  const between = (low: number, high: number) => low + (high - low) * random()
  /** A factor with a random range inside [low, high] */
  const randomFactor = (id: string, low: number, high: number): Factor => {
    const [a, b, c] = [between(low, high), between(low, high), between(low, high)].sort((x, y) => x - y)
    return factor(id, a!, b!, c!)
  }
  /** The factors drawn at random, and the bounds each is drawn in */
  const RANDOM_BOUNDS: Record<string, [number, number]> = {
    "msw-heat": [2, 16],
    steam: [0.05, 0.3],
    plant: [0.01, 500],
    "own-use": [0, 0.2],
    mcf: [0.4, 1],
    ox: [0, 0.1],
    "k-dry": [0.02, 0.4],
    "k-wet": [0.02, 0.4],
    fossil: [0, 1],
    grid: [0, 1.2],
    ash: [0, 0.3],
  }
  const randomModel = (): EstimateModel => withFactors(MODEL, ...Object.entries(RANDOM_BOUNDS).map(([id, [low, high]]) => randomFactor(id, low, high)))
  const randomInputs = () => ({
    stream: "msw",
    amount: between(0.001, 1e4),
    per: "day" as const,
    moisture: between(0, 95),
    days: Math.round(between(1, 365)),
    heatUnit: "mj" as const,
    site: random() < 0.5 ? "landfill" : "shallow",
    climate: random() < 0.5 ? "dry" : "wet",
    collected: random() < 0.3 ? 0 : between(0, 100),
  })
  const cases = Array.from({ length: CASES }, () => ({ model: randomModel(), inputs: randomInputs() }))
  const levels = ["low", "typical", "high"] as const
  const NO_BURN = 3.35
  const electricityOf = (model: EstimateModel, inputs: ReturnType<typeof randomInputs>): ElectricityResult => pick(estimate(model, inputs), "electricity")

  it("every part and the net are finite and ordered low ≤ typical ≤ high; the net is the parts' sum, the low end counting the most fossil CO2 where every level burns", () => {
    let everyLevelBurns = 0
    for (const { model, inputs } of cases) {
      const result = electricityOf(model, inputs)
      for (const [name, part] of outputsOf(result)) {
        expect([name, Number.isFinite(part.low) && Number.isFinite(part.high)]).toEqual([name, true])
        expect([name, part.low <= part.typical && part.typical <= part.high]).toEqual([name, true])
      }
      expect(result.co2e.typical).toBeCloseTo(result.gridCredit.typical + result.landfill.typical - result.fossil.typical, 6)
      if (result.heatingValue.low <= NO_BURN) continue
      everyLevelBurns += 1
      expect(result.co2e.low).toBeCloseTo(result.gridCredit.low + result.landfill.low - result.fossil.high, 6)
      expect(result.co2e.high).toBeCloseTo(result.gridCredit.high + result.landfill.high - result.fossil.low, 6)
    }
    expect(everyLevelBurns).toBeGreaterThan(50)
  })

  it("fossil CO2 is the tonnes burnt times the factor: never below zero, and none at a level that does not burn", () => {
    for (const { model, inputs } of cases) {
      const result = electricityOf(model, inputs)
      const fossil = factorById(model, "fossil")
      for (const level of levels) {
        const burns = result.heatingValue[level] > NO_BURN
        expect(result.fossil[level]).toBeCloseTo(burns ? inputs.amount * inputs.days * fossil[level] : 0, 6)
      }
    }
  })

  it("no output, no credit: a level that makes no electricity credits no grid and avoids no landfill", () => {
    let seen = 0
    for (const { model, inputs } of cases) {
      const result = electricityOf(model, inputs)
      for (const level of levels) {
        if (result.kWhPerDay[level] > 0) continue
        seen += 1
        expect([level, result.gridCredit[level], result.landfill[level], result.bottomAsh[level]]).toEqual([level, 0, 0, 0])
      }
      if (result.kWhPerDay.typical === 0) expect(result.co2e.typical).toBe(0)
    }
    // the random moistures and heating values reach waste that does not burn often enough to test it
    expect(seen).toBeGreaterThan(10)
  })

  it("the landfill methane is proportional to the site's MCF and to the gas not collected", () => {
    let checked = 0
    for (const { model, inputs } of cases.slice(0, 100)) {
      const at = (mcf: number, collected: number) =>
        electricityOf(withFactors(model, factor("mcf", mcf, mcf, mcf)), { ...inputs, site: "landfill", collected }).methane
      const full = at(1, 0)
      if (full.period.typical === 0) continue
      checked += 1
      for (const part of ["period", "firstYear", "lifetime"] as const) {
        expect(at(0.4, 0)[part].typical / full[part].typical).toBeCloseTo(0.4, 9)
        expect(at(0.8, 50)[part].typical / full[part].typical).toBeCloseTo(0.4, 9)
      }
    }
    expect(checked).toBeGreaterThan(20)
  })

  it("plant size: below exactly under the smallest class's fuel, above exactly over the largest's, several plants exactly over the largest plant's tonnes", () => {
    for (let i = 0; i < CASES; i++) {
      // one to four classes of random size (listed in any order) and efficiency
      const classes = Array.from({ length: 1 + Math.floor(random() * 4) }, (_, index) => ({
        mw: 10 ** between(-2, 3),
        efficiency: randomFactor(`eff-${index}`, 0.05, 0.35),
      }))
      const stream: Stream = {
        id: "random",
        name: "Random",
        group: "Test",
        heatingValue: "msw-heat",
        plants: classes.map((plant, index) => ({ name: `class ${index}`, efficiency: plant.efficiency.id, fuelInput: `in-${index}` })),
      }
      const model = {
        ...MODEL,
        factors: [...MODEL.factors, ...classes.flatMap((plant, index) => [plant.efficiency, factor(`in-${index}`, plant.mw, plant.mw, plant.mw)])],
      }
      const sizes = classes.map((plant) => plant.mw)
      const [smallest, largest] = [Math.min(...sizes), Math.max(...sizes)]
      const fuel = random() < 0.1 ? sizes[Math.floor(random() * sizes.length)]! : 10 ** between(-3, 4)
      const fit = efficiencyAt(model, stream, fuel)
      const expected = fuel < smallest ? "below" : fuel > largest ? "above" : undefined
      expect([sizes, fuel, fit.beyond]).toEqual([sizes, fuel, expected])
      // the efficiency lies between the classes it is drawn from, level by level
      for (const level of levels) {
        const ends = fit.from.map((point) => point.efficiency[level])
        expect(fit.efficiency[level]).toBeGreaterThanOrEqual(Math.min(...ends) - 1e-12)
        expect(fit.efficiency[level]).toBeLessThanOrEqual(Math.max(...ends) + 1e-12)
      }
      // MODEL: the largest plant built burns 5,000 t a day
      const tonnes = 10 ** between(-3, 7)
      const { several } = electricityOf(MODEL, { ...cases[i]!.inputs, amount: tonnes })
      expect([tonnes, several]).toEqual([tonnes, tonnes > 5000])
    }
  })
})
