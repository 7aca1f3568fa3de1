/**
 * The estimator's arithmetic (/estimate): what a waste stream would make
 * with each solution, as ranges, from the published factors in
 * content/estimate/estimate.en.json. Pure functions, shared by the page, its
 * table of outputs per tonne, the forms' server (which makes every figure
 * again) and the tests; the page's "How we estimate" section says the same
 * formulas in words. The model's seams are files of their own in
 * src/lib/estimate/: the heating value, electricity, landfill methane, the
 * inputs and the numbers; this file puts them together.
 *
 * A range is worked out three times: with every factor at its low value,
 * at its typical value and at its high value, each factor taken in the
 * direction that lowers (or raises) the answer. The visitor's own inputs
 * (amount, moisture, days, a measured heating value, their grid's factor,
 * the landfill and climate the waste would go to) are exact.
 *
 * Greenhouse gas comes in parts: the grid electricity displaced, the
 * landfill methane avoided and the fossil CO2 the burning emits; the net is
 * the first two less the third, each part taken in the direction that
 * lowers (or raises) the net. No output, no grid credit; waste that does
 * not burn is not taken, so it avoids and emits nothing.
 */
import { burnsOnItsOwn, heatingValueOf, supportFuelNeed } from "./estimate/heating-value"
import { efficiencyAt, fuelInputMW, outputWhileRunning, plantPoints, type PlantFit } from "./estimate/electricity"
import { readInputs } from "./estimate/inputs"
import { landfillMethane, type LandfillMethane } from "./estimate/landfill"
import { economicsOf, type Economics, type FirstStep } from "./estimate/economics"
import {
  climateById,
  factorById,
  OPPOSITE,
  range,
  siteById,
  solutionsFor,
  streamById,
  ZERO,
  type EstimateModel,
  type Factor,
  type Inputs,
  type Level,
  type Range,
  type Stream,
} from "./estimate/model"

export * from "./estimate/model"
export * from "./estimate/numbers"
export * from "./estimate/inputs"
export { heatingValueAt, heatingValueOf, supportFuelNeed, burnsOnItsOwn, toMegajoules, fromMegajoules } from "./estimate/heating-value"
export { efficiencyAt, plantPoints, fuelInputMW, outputWhileRunning, type PlantFit, type PlantPoint } from "./estimate/electricity"
export { averageDecayed, decayedBy, landfillMethane, type LandfillMethane } from "./estimate/landfill"
export { CRORE, MAX_FEE, rupeeScale, type Economics, type FirstStep } from "./estimate/economics"

export interface ElectricityResult {
  solution: "electricity"
  /** Heating value as delivered, MJ/kg */
  heatingValue: Range
  /** Fuel the plant burns while it runs, MW (the heating value of a running day's waste) */
  fuelMW: Range
  /** The generator's efficiency of plants of that size (fraction of the fuel's heat), and the plant classes it is drawn from */
  efficiency: Range
  /** Net electrical efficiency: the generator's less the plant's own use */
  netEfficiency: Range
  plant: PlantFit
  /** Gross output while running, kW: the nameplate figure plants publish */
  grossKW: Range
  /** The plant's own use while running, kW */
  ownUseKW: Range
  /** Net output while running, kW */
  kW: Range
  /** Net kWh on an operating day */
  kWhPerDay: Range
  /** Net MWh a year */
  mWhPerYear: Range
  /** Share of the year the plant runs (operating days ÷ 365) */
  availability: number
  /** t CO2 a year of grid electricity displaced */
  gridCredit: Range
  /** t CO2e of landfill methane avoided: the period's yearly average, year 1 and the whole life of a year's waste */
  methane: LandfillMethane
  /** The headline: t CO2e a year avoided, the period's average */
  landfill: Range
  /** t CO2 a year of fossil carbon burnt */
  fossil: Range
  /** t CO2e a year avoided, net: grid credit plus landfill methane less fossil CO2 (negative when burning emits more) */
  co2e: Range
  /** Bottom ash and fly ash (with flue-gas residue), t a year; zero where no source is given */
  bottomAsh: Range
  flyAsh: Range
  /** Whether it burns without support fuel: "none" not at all (no electricity), "short" or "season" with help */
  support: "none" | "short" | "season" | undefined
  /** Too small a plant to make electricity from this waste: heat or steam only */
  heatOnly: boolean
  /** More waste a day than the largest plants were built to burn: the figures are several plants' */
  several: boolean
}

export interface CharResult {
  solution: "charcoal" | "biochar"
  /** t on an operating day */
  tonnesPerDay: Range
  tonnesPerYear: Range
  /** t CO2e a year: landfill methane avoided, the period's average (0 for a stream that would not go to a landfill) */
  co2e: Range
  methane: LandfillMethane
}

export type SolutionResult = ElectricityResult | CharResult

/** Tonnes a year and tonnes on an operating day, from the amount as given */
export function tonnage(inputs: Pick<Inputs, "amount" | "per" | "days">): { perDay: number; perYear: number } {
  return inputs.per === "day"
    ? { perDay: inputs.amount, perYear: inputs.amount * inputs.days }
    : { perDay: inputs.amount / inputs.days, perYear: inputs.amount }
}

/** The grid emission factor the inputs use: the visitor's own, exactly, or the model's range (India by default) */
export function gridFactor(model: EstimateModel, inputs: Pick<Inputs, "grid">): Range {
  if (inputs.grid !== undefined) return range(() => inputs.grid!)
  const { low, typical, high } = factorById(model, model.shared.gridEmission)
  return { low, typical, high }
}

const share = (model: EstimateModel, id: string | null | undefined, tonnes: number): Range => {
  if (!id) return ZERO
  const factor = factorById(model, id)
  return range((level) => tonnes * factor[level])
}

/**
 * The net's range from its three cases: the low end counts the most fossil
 * CO2, the high end the least, and none where the waste would not burn. The
 * wettest waste that does not burn avoids and emits nothing (0), which may be
 * better than the typical case when burning emits more than it avoids: the
 * range is then the lowest and highest of the three.
 */
const netOf = (cases: Range): Range => ({ low: Math.min(cases.low, cases.typical), typical: cases.typical, high: Math.max(cases.high, cases.typical) })

function electricity(model: EstimateModel, stream: Stream, inputs: Inputs, methane: LandfillMethane): ElectricityResult {
  const { perDay, perYear } = tonnage(inputs)
  const heatingValue = heatingValueOf(model, stream, inputs)
  const fuelMW = range((level) => fuelInputMW(perDay, heatingValue[level]))
  // the plant is built for its typical fuel: its class, and so its efficiency's range, follow that
  const plant = efficiencyAt(model, stream, fuelMW.typical)
  const heatOnly = Boolean(stream.heatOnlyBelow) && fuelMW.typical < factorById(model, stream.heatOnlyBelow!).typical
  const support = supportFuelNeed(model, heatingValue)
  // waste that does not burn on its own makes nothing and stays where it would have gone: no credit, no emission, no ash;
  // at each end of the range on its own (Delhi's wettest waste may not burn where its typical does)
  const burns = (level: Level) => burnsOnItsOwn(model, heatingValue[level])
  const ownUse = stream.ownUse ? factorById(model, stream.ownUse).typical : 0
  const made = outputWhileRunning(fuelMW, plant.efficiency, ownUse)
  const when = (value: Range, makes: (level: Level) => boolean): Range => range((level) => (makes(level) ? value[level] : 0))
  const makes = (level: Level) => burns(level) && !heatOnly
  const running = { grossKW: when(made.grossKW, makes), ownUseKW: when(made.ownUseKW, makes), netKW: when(made.netKW, makes) }
  const kWhPerDay = range((level) => running.netKW[level] * 24)
  const mWhPerYear = range((level) => (kWhPerDay[level] / 1000) * inputs.days)
  const grid = gridFactor(model, inputs)
  const gridCredit = range((level) => mWhPerYear[level] * grid[level])
  const fossilFactor = stream.fossilCarbon ? factorById(model, stream.fossilCarbon) : undefined
  const fossilAt = (level: Level) => (fossilFactor ? perYear * fossilFactor[level] : 0)
  const fossil = range((level) => (burns(level) ? fossilAt(level) : 0))
  const avoided = { period: when(methane.period, burns), firstYear: when(methane.firstYear, burns), lifetime: when(methane.lifetime, burns) }
  return {
    solution: "electricity",
    heatingValue,
    fuelMW,
    efficiency: plant.efficiency,
    netEfficiency: range((level) => plant.efficiency[level] * (1 - ownUse)),
    plant,
    ...running,
    kW: running.netKW,
    kWhPerDay,
    mWhPerYear,
    availability: inputs.days / 365,
    gridCredit,
    methane: avoided,
    landfill: avoided.period,
    fossil,
    co2e: netOf(range((level) => gridCredit[level] + avoided.period[level] - (burns(level) ? fossilAt(OPPOSITE[level]) : 0))),
    bottomAsh: when(share(model, stream.bottomAsh, perYear), burns),
    flyAsh: when(share(model, stream.flyAsh, perYear), burns),
    support,
    heatOnly,
    several: perDay > factorById(model, model.shared.largestPlant).typical,
  }
}

/** Every suitable solution's results for the inputs; throws on an unknown stream */
export function estimate(model: EstimateModel, inputs: Inputs): SolutionResult[] {
  const stream = streamById(model, inputs.stream)
  if (!stream) throw new Error(`No stream has the id "${inputs.stream}".`)
  const { perDay, perYear } = tonnage(inputs)
  const methane = landfillMethane(model, stream, inputs, perYear)
  const dryPerDay = perDay * (1 - inputs.moisture / 100)
  return solutionsFor(stream).map((solution): SolutionResult => {
    if (solution === "electricity") return electricity(model, stream, inputs, methane)
    const yieldFactor = factorById(model, (solution === "charcoal" ? stream.charcoalYield : stream.biocharYield)!)
    const tonnesPerDay = range((level) => dryPerDay * yieldFactor[level])
    return { solution, tonnesPerDay, tonnesPerYear: range((level) => tonnesPerDay[level] * inputs.days), co2e: methane.period, methane }
  })
}

/**
 * The factors an estimate of these inputs rests on, in the model's order:
 * the stream's own and the shared ones its solutions use (the grid's only
 * when the visitor gave no factor of their own, the heating value's only
 * when they gave none of theirs), and the second step's (cost, tariff,
 * support, prices, the fee's example). What a printed estimate cites, since
 * a sheet of paper has no link to the table.
 */
export function factorsUsed(model: EstimateModel, inputs: Pick<Inputs, "stream" | "grid" | "heat" | "site" | "climate">): Factor[] {
  const stream = streamById(model, inputs.stream)
  if (!stream) return []
  const { shared } = model
  const electricity = solutionsFor(stream).includes("electricity")
  const ids = new Set<string | null | undefined>([
    inputs.heat === undefined ? stream.heatingValue : undefined,
    stream.moisture,
    stream.charcoalYield,
    stream.biocharYield,
    stream.landfillCarbon,
    stream.fossilCarbon,
    shared.operatingDays,
  ])
  if (electricity) {
    for (const plant of stream.plants ?? []) [plant.efficiency, plant.fuelInput, plant.parasitic].forEach((id) => ids.add(id))
    ;[stream.ownUse, stream.heatOnlyBelow, stream.bottomAsh, stream.flyAsh, shared.latentHeat, shared.supportFuel, shared.noBurn, shared.largestPlant].forEach(
      (id) => ids.add(id),
    )
    if (inputs.grid === undefined) ids.add(shared.gridEmission)
    // the second step's: what such plants cost, their tariff, the scheme's rate and cap
    ;[stream.capitalCost, stream.tariff, stream.supportRate, stream.supportCap].forEach((id) => ids.add(id))
  }
  if (stream.biocharYield) ids.add(shared.biocharPrice)
  if (stream.landfillCarbon) ids.add(shared.methaneCredit)
  if (stream.tippingFee) ids.add(shared.tippingFee)
  if (stream.landfillCarbon) {
    // an unknown kind of site or climate is the default one, as the arithmetic takes it
    const site = siteById(model, inputs.site) ?? siteById(model, shared.defaultSite)
    const climate = climateById(model, inputs.climate) ?? climateById(model, shared.defaultClimate)
    ;[
      shared.decomposable,
      site?.methaneCorrection,
      site?.oxidation,
      climate?.decayRate,
      shared.methaneFraction,
      shared.methaneWarming,
      shared.gasCollected,
    ].forEach((id) => ids.add(id))
  }
  return model.factors.filter((factor) => ids.has(factor.id))
}

/** What one tonne of a stream makes, typical: kWh of net electricity, kg of charcoal and biochar, kg CO2e of landfill methane (the period's average); undefined where it does not suit */
export interface PerTonne {
  kWh?: number
  charcoal?: number
  biochar?: number
  methane?: number
}

/**
 * One tonne of the stream at its typical moisture and every factor typical.
 * Electricity in a plant of the stream's smallest class (fed the tonnes a
 * day that class burns): a tonne on its own is no plant, and would take the
 * efficiency of none.
 */
export function outputsPerTonne(model: EstimateModel, stream: Stream): PerTonne {
  // the inputs a visitor starts with, for one tonne a day
  const { inputs } = readInputs(model, { stream: stream.id }, 1)
  const made: PerTonne = {}
  for (const result of estimate(model, inputs)) if (result.solution !== "electricity") made[result.solution] = result.tonnesPerDay.typical * 1000
  if (stream.landfillCarbon) made.methane = landfillMethane(model, stream, inputs, 1).period.typical * 1000
  const smallest = plantPoints(model, stream)[0]
  if (!smallest || !solutionsFor(stream).includes("electricity")) return made
  // the tonnes a day the smallest class burns: its fuel input over a tonne's
  const heat = heatingValueOf(model, stream, inputs).typical
  const amount = heat > 0 ? smallest.fuelMW / fuelInputMW(1, heat) : 0
  const running = amount > 0 ? estimate(model, { ...inputs, amount }).find((result) => result.solution === "electricity") : undefined
  made.kWh = running?.solution === "electricity" ? running.kWhPerDay.typical / amount : 0
  return made
}

/**
 * What the second step multiplies, from the first step's results:
 * electricity's gross kW and net MWh, the biochar made, the landfill methane
 * avoided. Each solution is an alternative that takes the waste: the methane
 * is the one that avoids the most (electricity avoids none where the waste
 * will not burn).
 */
export function firstStep(stream: Stream, results: readonly SolutionResult[]): FirstStep {
  const power = results.find((result): result is ElectricityResult => result.solution === "electricity")
  const biochar = results.find((result): result is CharResult => result.solution === "biochar")
  const methane = stream.landfillCarbon
    ? results.map((result) => result.methane.period).reduce<Range | undefined>((most, each) => (most && most.typical >= each.typical ? most : each), undefined)
    : undefined
  return { grossKW: power?.grossKW, mWhPerYear: power?.mWhPerYear, biochar: biochar?.tonnesPerYear, methane }
}

/** The second step (src/lib/estimate/economics.ts) for these inputs and the first step's results */
export function economics(model: EstimateModel, inputs: Inputs, results: readonly SolutionResult[]): Economics {
  const stream = streamById(model, inputs.stream)
  if (!stream) throw new Error(`No stream has the id "${inputs.stream}".`)
  return economicsOf(model, stream, inputs, tonnage(inputs).perYear, firstStep(stream, results))
}
